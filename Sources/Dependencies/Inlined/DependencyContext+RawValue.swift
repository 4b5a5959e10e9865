extension DependencyContext {
  /// The context's number in the C live-value cache.
  @inlinable
  var _rawValue: UInt32 {
    switch self {
    case .live: 0
    case .preview: 1
    case .test: 2
    }
  }
}
