/// A source of bytes: standard input, or a buffer in tests.
package protocol ByteInput {
  /// Reads up to `count` bytes; an empty result means the end of the input.
  mutating func read(upTo count: Int) throws(ProtocolError) -> [UInt8]
}

/// A sink for bytes: standard output, or a buffer in tests.
package protocol ByteOutput {
  mutating func write(_ bytes: [UInt8]) throws(ProtocolError)
}

/// What ends the conversation with the compiler abnormally.
package struct ProtocolError: Error, Equatable, CustomStringConvertible, Sendable {
  package var description: String

  package init(_ description: String) {
    self.description = description
  }
}
