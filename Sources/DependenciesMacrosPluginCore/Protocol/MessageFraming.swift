/// The plugin protocol's framing: each message is a little-endian 64-bit byte count, then that
/// many bytes of UTF-8 JSON.
package enum MessageFraming {
  /// Messages larger than this are refused rather than allocated (a declaration's source is a few
  /// kilobytes; a corrupt header could ask for exabytes).
  package static let maximumLength = 256 << 20

  /// The next message's bytes; nil when the input ends between messages or a zero length (the
  /// compiler's termination signal) arrives.
  package static func readMessage(from input: inout some ByteInput) throws(ProtocolError)
    -> [UInt8]?
  {
    let header = try readExactly(8, from: &input, what: "message header")
    guard let header else { return nil }
    var length: UInt64 = 0
    for (index, byte) in header.enumerated() {
      length |= UInt64(byte) << (8 * UInt64(index))
    }
    guard length > 0 else { return nil }
    guard length <= UInt64(maximumLength) else {
      throw ProtocolError(
        "message length \(length) exceeds the limit of \(maximumLength) bytes "
          + "(corrupt header?)")
    }
    guard let body = try readExactly(Int(length), from: &input, what: "message") else {
      throw ProtocolError("input ended after a message header announcing \(length) bytes")
    }
    return body
  }

  /// Exactly `count` bytes; nil if the input ends before the first; an error if it ends after.
  private static func readExactly(
    _ count: Int, from input: inout some ByteInput, what: String
  ) throws(ProtocolError) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(count, 1 << 20))
    while bytes.count < count {
      let chunk = try input.read(upTo: count - bytes.count)
      if chunk.isEmpty {
        guard bytes.isEmpty else {
          throw ProtocolError("input ended inside a \(what): got \(bytes.count) of \(count) bytes")
        }
        return nil
      }
      bytes += chunk
    }
    return bytes
  }

  /// Writes one message with its header.
  package static func writeMessage(
    _ body: [UInt8], to output: inout some ByteOutput
  ) throws(ProtocolError) {
    var header: [UInt8] = []
    for index in 0..<8 {
      header.append(UInt8(truncatingIfNeeded: UInt64(body.count) >> (8 * UInt64(index))))
    }
    try output.write(header + body)
  }
}
