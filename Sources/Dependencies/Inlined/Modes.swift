/// How a ``DependencyValues`` is being used beyond reads and scopes, in one value that is copied
/// with it: whether its context was set, whether it is being set, and what it reports to while it
/// records.
///
/// Two kinds of values record what is done with them, each through an object of its own
/// (`recorder`):
///
/// - the values `prepareDependencies` sets record every key assigned through the subscript
///   (`isPreparing`, `_AssignedKeys`);
/// - the values a default is computed in record every override a read finds in them
///   (`recordsReads`), and send every read they do not answer to the computation
///   (`computation`, read on the miss path only).
///
/// The inlined read and scope entry test the flags (one byte each); the recorder is read only past
/// them, by the library.
///
/// Clients see it: the inlined read tests `contextIsSet` and `recordsReads`, the inlined update
/// `isUpdating`, the inlined subscript setter `isPreparing`.
@usableFromInline
struct _Modes: Sendable {
  /// What values report to (see the type's documentation).
  enum Recorder: Sendable {
    /// The keys `prepareDependencies` assigns (and, when it is called in the values of a default's
    /// computation, that computation).
    case assignedKeys(_AssignedKeys)
    /// The computation of a default, which these values are the values of.
    case computation(_DefaultComputation)
  }

  /// What the values report to, if they record; set with `isPreparing` or `recordsReads`.
  private(set) var recorder: Recorder?
  /// Whether the context was set explicitly (`$0.context = …`, `.test`, a model's captured
  /// context), rather than inherited from the detected one: a read then resolves defaults in it,
  /// whatever the reading property captured or `prepareDependencies` set.
  @usableFromInline var contextIsSet = false
  /// True while `withDependencies`' update closure runs: a read there (including the read a
  /// key-path assignment makes before it writes) is part of setting a value, so a strict key does
  /// not fail.
  @usableFromInline var isUpdating = false
  /// Whether the subscript's setter records each key it sets (`recorder` is `.assignedKeys`).
  @usableFromInline private(set) var isPreparing = false
  /// Whether a read that finds an override reports it (`recorder` is `.computation`).
  @usableFromInline private(set) var recordsReads = false

  init() {}

  /// Records every key assigned through these values in `keys` (`prepareDependencies`). Values
  /// a default is computed in stay its values (`keys.computation`).
  mutating func record(assignedKeys keys: _AssignedKeys) {
    recorder = .assignedKeys(keys)
    isPreparing = true
    recordsReads = keys.computation != nil
  }

  /// Makes these the values `computation` computes its default in.
  mutating func record(readsOf computation: _DefaultComputation) {
    recorder = .computation(computation)
    isPreparing = false
    recordsReads = true
  }

  /// Records nothing from now on, and sets nothing: the modes of the values a default's reads are
  /// made in (the reader's, with the computation's context).
  mutating func stopRecordingAndSetting() {
    recorder = nil
    isPreparing = false
    recordsReads = false
    isUpdating = false
  }

  /// The keys `prepareDependencies` assigns, while it sets these values.
  var assignedKeys: _AssignedKeys? {
    if case .assignedKeys(let keys) = recorder { keys } else { nil }
  }

  /// The computation these values are the values of, if any.
  var computation: _DefaultComputation? {
    switch recorder {
    case .computation(let computation): computation
    case .assignedKeys(let keys): keys.computation
    case nil: nil
    }
  }

  /// Whether these values are being set (an update closure, `prepareDependencies`): a read through
  /// them reports no missing value (see `_Setting`).
  var isSetting: Bool { isUpdating || isPreparing }
}
