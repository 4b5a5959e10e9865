extension Dependency: CustomReflectable {
  /// What reflection shows of the property: where it was declared, and what it captured where it
  /// was created (the keys its scope overrode, and the context when it had been set). Never the
  /// objects the library keeps behind it: those are the library's to free or use again once
  /// nothing of the library holds them, and a reference formed to one through reflection would
  /// outlive them. The property's value is not read (a read may compute a default, or report an
  /// issue in a test).
  ///
  /// ```swift
  /// let model = withDependencies { $0.uuid = .incrementing } operation: { FeatureModel() }
  /// dump(model)
  /// // ▿ FeatureModel
  /// //   ▿ _uuid: Dependency<UUIDGenerator>
  /// //     - fileID: "App/FeatureModel.swift"
  /// //     - line: 4
  /// //     - column: 4
  /// //     ▿ capturedOverrides: 1 element
  /// //       - "UUIDGeneratorKey"
  /// ```
  public var customMirror: Mirror {
    var children: [(label: String?, value: Any)] = [
      ("fileID", "\(fileID)"), ("line", line), ("column", column),
    ]
    if let captured = _capturedOverrides {
      children.append(("capturedOverrides", captured.overriddenKeyNames))
    }
    if let capturedContext {
      children.append(("capturedContext", capturedContext))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
