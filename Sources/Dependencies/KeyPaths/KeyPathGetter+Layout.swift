import CDependencies
import SwiftShims

// Finding a key path's getter and setter (see `_KeyPathGetter`): the key path object's layout, read
// once per key path, and checked once per process on key paths of known shapes.

extension _KeyPathGetter {
  /// The getter of `keyPath`, when it is one computed property without arguments and the layout
  /// check passed; nil otherwise. `keyPath` must outlive every use of the result.
  static func of<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> _KeyPathGetter? {
    guard layoutIsKnown else { return nil }
    return read(keyPath)
  }

  /// Reads the layout of `keyPath` (see the type's documentation).
  private static func read<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> _KeyPathGetter? {
    component(of: keyPath).map { _KeyPathGetter(getter: $0.getter, accessors: $0.accessors) }
  }

  /// The accessors of `keyPath`'s one computed component without arguments (see the type's
  /// documentation): its getter, its setter when it is settable, and its accessor area; nil for
  /// any other shape. For this type and `_KeyPathSetter`; `keyPath` must outlive every use.
  static func component<Root, Value>(of keyPath: KeyPath<Root, Value>) -> (
    getter: UnsafeRawPointer, setter: UnsafeRawPointer?, accessors: UnsafeRawPointer
  )? {
    #if _ptrauth(_arm64e)
      // The runtime signs the accessors in key path objects there; a plain call would fail its
      // authentication. Key paths are applied with `subscript(keyPath:)`.
      return nil
    #elseif _pointerBitWidth(_64)
      // A reference-writable key path has a reference prefix; a key path of a subclass type is not
      // one of these.
      let kind = ObjectIdentifier(type(of: keyPath))
      guard
        kind == ObjectIdentifier(KeyPath<Root, Value>.self)
          || kind == ObjectIdentifier(WritableKeyPath<Root, Value>.self)
      else { return nil }
      let word = MemoryLayout<Int>.size
      // The object: its header (metadata, reference counts), `_kvcKeyPathStringPtr`, then the
      // buffer: a 32-bit header, padded to a word, then the components.
      let object = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
      let buffer = object + 3 * word
      let header = buffer.load(as: UInt32.self)
      guard
        header & _SwiftKeyPathBufferHeader_ReservedMask == 0,
        header & _SwiftKeyPathBufferHeader_HasReferencePrefixFlag == 0
      else { return nil }
      let size = Int(header & _SwiftKeyPathBufferHeader_SizeMask)
      // One computed component without arguments: header (padded to a word), identifier, getter,
      // maybe a setter. Anything shorter or longer is another shape (`\.self` has no component).
      guard size == 3 * word || size == 4 * word else { return nil }
      let component = buffer + word
      let componentHeader = component.load(as: UInt32.self)
      let discriminator =
        (componentHeader & _SwiftKeyPathComponentHeader_DiscriminatorMask)
        >> _SwiftKeyPathComponentHeader_DiscriminatorShift
      guard
        discriminator == _SwiftKeyPathComponentHeader_ComputedTag,
        componentHeader & _SwiftKeyPathComponentHeader_ComputedHasArgumentsFlag == 0,
        componentHeader & _SwiftKeyPathComponentHeader_EndOfReferencePrefixFlag == 0,
        componentHeader
          & _SwiftKeyPathComponentHeader_ComputedInstantiatedFromExternalWithArgumentsFlag == 0
      else { return nil }
      let settable = componentHeader & _SwiftKeyPathComponentHeader_ComputedSettableFlag != 0
      // Header, padding to a word, identifier, getter, and the setter when settable: exactly one
      // component fills the buffer (a second one would follow with its type).
      guard size == word + 2 * word + (settable ? word : 0) else { return nil }
      let accessors = component + 2 * word
      guard let getter = accessors.load(as: UnsafeRawPointer?.self) else { return nil }
      let setter = settable ? (accessors + word).load(as: UnsafeRawPointer?.self) : nil
      guard !settable || setter != nil else { return nil }
      return (getter, setter, accessors)
    #else
      return nil
    #endif
  }

  /// Whether this process's key path objects have the layout `read` expects, checked once on key
  /// paths of `_LayoutCheck`.
  static let layoutIsKnown: Bool = {
    var probe = _LayoutCheck(base: 1)
    guard
      let computed = read(\_LayoutCheck.computed),
      let settable = read(\_LayoutCheck.settable),
      let object = read(\_LayoutCheck.object),
      withUnsafePointer(to: &probe, { computed.value(of: $0, as: Int.self) }) == 42,
      withUnsafePointer(to: &probe, { settable.value(of: $0, as: Int.self) }) == 2,
      withUnsafePointer(to: &probe, { object.value(of: $0, as: _LayoutCheck.Box.self) })
        === _LayoutCheck.box,
      read(\_LayoutCheck.base) == nil,
      read(\_LayoutCheck.computed.bitWidth) == nil,
      read(\_LayoutCheck.[1]) == nil,
      component(of: \_LayoutCheck.computed)?.setter == nil,
      let setter = component(of: \_LayoutCheck.settable)?.setter,
      let accessors = component(of: \_LayoutCheck.settable)?.accessors
    else { return false }
    // The setter, called as `_KeyPathSetter` calls it, sets what the property's setter sets.
    var value = 21
    withUnsafePointer(to: &value) { value in
      withUnsafeMutablePointer(to: &probe) { dck_keypath_setter_call(setter, accessors, value, $0) }
    }
    guard probe.base == 21 else { return false }
    probe.settable = 0  // uses the setter in source too, so that the key path above is writable
    return true
  }()
}

/// Key paths of known shapes for `_KeyPathGetter.layoutIsKnown`.
private struct _LayoutCheck {
  final class Box: Sendable {}
  static let box = Box()

  var base: Int
  var computed: Int { base &+ 41 }
  var settable: Int {
    get { base &* 2 }
    set { base = newValue }
  }
  var object: Box { Self.box }
  subscript(offset: Int) -> Int { base &+ offset }
}
