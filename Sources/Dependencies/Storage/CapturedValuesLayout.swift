import CDependencies
@_spi(Reflection) import Swift

/// Where the instances of a class keep the values their `@Dependency` properties captured: for
/// each such property, the offset in the object of its captured scope and of its captured
/// context. Found once per class with the runtime's field reflection (`_forEachField`), then read
/// in place by every `withDependencies(from:)` of an instance, instead of reflecting the instance
/// with a `Mirror` and casting each of its properties, which cost about 20,000 instructions a call.
///
/// ```swift
/// final class FeatureModel {
///   @Dependency(\.apiClient) var apiClient   // its capture is read at a fixed offset
///   var count = 0
/// }
/// withDependencies(from: model) { ChildModel() }
/// ```
///
/// The properties come in the order `Mirror` reports them: the class's own in declaration order,
/// then its superclass's, and so on. A class that reflects itself (`CustomReflectable`) decides in
/// its `customMirror` what its properties are: it gets no offsets, and `withDependencies(from:)`
/// asks its `Mirror` each time, as before; so does a class whose fields the runtime cannot
/// describe.
final class _CapturedValuesLayout: Sendable {
  /// One `@Dependency` property: where its `capturedScope` and `capturedContext` are, in bytes
  /// from the start of the object.
  struct Property: Sendable {
    let scope: Int
    let context: Int
  }

  /// The `@Dependency` properties, in `Mirror`'s order; empty when `usesMirror`.
  let properties: [Property]
  /// Whether the class's captures are found with a `Mirror` of each instance.
  let usesMirror: Bool
  /// Whether an instance carries the values it was created with (a `@Dependency` property, of its
  /// class or a superclass), which `withDependencies(from:)` reads instead of any record.
  let carriesValues: Bool

  private init(properties: [Property], usesMirror: Bool, carriesValues: Bool) {
    self.properties = properties
    self.usesMirror = usesMirror
    self.carriesValues = carriesValues
  }

  /// The layout of `object`'s class: looked up without a lock, made on the class's first
  /// request.
  static func of(_ object: AnyObject) -> _CapturedValuesLayout {
    let id = UInt(bitPattern: ObjectIdentifier(type(of: object)))
    if let pointer = dck_cache_get(classes, id, 0) {
      return Unmanaged<_CapturedValuesLayout>.fromOpaque(pointer).takeUnretainedValue()
    }
    var compute: () -> UnsafeMutableRawPointer? = {
      Unmanaged.passRetained(make(for: object)).toOpaque()
    }
    var layout: UnsafeMutableRawPointer?
    let status = withUnsafeMutablePointer(to: &compute) { compute in
      dck_cache_get_or_compute(
        classes, id, 0,
        { _, _, info in
          info!.assumingMemoryBound(to: (() -> UnsafeMutableRawPointer?).self).pointee()
        },
        compute, &layout)
    }
    precondition(
      status == DCK_CACHE_FOUND || status == DCK_CACHE_COMPUTED,
      "swift-dependencies: internal error: class layout table status \(status.rawValue)")
    return Unmanaged<_CapturedValuesLayout>.fromOpaque(layout!).takeUnretainedValue()
  }

  /// The layouts, by class: never destroyed (a class is never unloaded while its instances may be
  /// asked about). `nonisolated(unsafe)`: an immutable handle to a C cache, which is safe for
  /// concurrent use.
  nonisolated(unsafe) private static let classes: OpaquePointer = {
    _ = _registerValueCallbacks
    return dck_cache_create()!
  }()

  /// Finds the layout of `object`'s class.
  private static func make(for object: AnyObject) -> _CapturedValuesLayout {
    func byMirror() -> _CapturedValuesLayout {
      let carries = sequence(first: Mirror(reflecting: object), next: \.superclassMirror)
        .contains { $0.children.contains { $0.value is any _HasInitialValues } }
      return _CapturedValuesLayout(properties: [], usesMirror: true, carriesValues: carries)
    }
    if object is any CustomReflectable { return byMirror() }
    // The class and its superclasses, from the class up; the runtime lists a class's fields after
    // those of its superclass, so a class's own are those past its superclass's count.
    let classes = Array(sequence(first: type(of: object) as AnyClass) { _getSuperclass($0) })
    var properties: [Property] = []
    for (index, cls): (Int, AnyClass) in classes.enumerated() {
      let inherited = index + 1 < classes.count ? fieldCount(of: classes[index + 1]) : 0
      guard let inherited else { return byMirror() }
      var field = 0
      let described = _forEachField(of: cls, options: classFields) { _, offset, type, _ in
        defer { field += 1 }
        if field >= inherited, let dependency = type as? any _HasInitialValues.Type {
          properties.append(
            Property(
              scope: offset + dependency._capturedScopeOffset,
              context: offset + dependency._capturedContextOffset))
        }
        return true
      }
      guard described else { return byMirror() }
    }
    return _CapturedValuesLayout(
      properties: properties, usesMirror: false, carriesValues: !properties.isEmpty)
  }

  /// The option that lets `_forEachField` list a class's fields: the standard library's
  /// `_EachFieldOptions.classType`, whose raw value is 1. That is a `static var` (never written),
  /// which strict concurrency checking does not let this module read. With another value the
  /// runtime would describe no class and every layout would use a `Mirror`: the instruction-count
  /// gate's `withDependencies(from:)` row would grow about sevenfold.
  private static let classFields = _EachFieldOptions(rawValue: 1 << 0)

  /// How many fields the runtime lists for `cls` (its superclasses' included), or nil when it
  /// cannot describe them.
  private static func fieldCount(of cls: AnyClass) -> Int? {
    var count = 0
    let described = _forEachField(of: cls, options: classFields) { _, _, _, _ in
      count += 1
      return true
    }
    return described ? count : nil
  }
}
