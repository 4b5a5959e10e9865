import DependenciesMacrosPluginCore
import Testing

/// Bytes handed out a few at a time, as a pipe may.
struct ChunkedInput: ByteInput {
  var bytes: [UInt8]
  var chunk = 3
  var position = 0

  mutating func read(upTo count: Int) throws(ProtocolError) -> [UInt8] {
    let end = min(bytes.count, position + min(count, chunk))
    defer { position = end }
    return Array(bytes[position..<end])
  }
}

struct CollectedOutput: ByteOutput {
  var bytes: [UInt8] = []

  mutating func write(_ bytes: [UInt8]) throws(ProtocolError) {
    self.bytes += bytes
  }
}

func frame(_ json: String) -> [UInt8] {
  frame(bytes: Array(json.utf8))
}

func frame(bytes: [UInt8], length: UInt64? = nil) -> [UInt8] {
  let count = length ?? UInt64(bytes.count)
  return (0..<8).map { UInt8(truncatingIfNeeded: count >> (8 * UInt64($0))) } + bytes
}

/// The messages in a stream of framed messages.
func unframe(_ bytes: [UInt8]) -> [String] {
  var messages: [String] = []
  var position = 0
  while position + 8 <= bytes.count {
    let length = (0..<8).reduce(0) { $0 | Int(bytes[position + $1]) << (8 * $1) }
    messages.append(
      String(decoding: bytes[(position + 8)..<(position + 8 + length)], as: UTF8.self))
    position += 8 + length
  }
  return messages
}

@Suite struct PluginServerTests {
  private func run(_ input: [UInt8]) -> (status: Int32, replies: [String], errors: [String]) {
    var stream = ChunkedInput(bytes: input)
    var output = CollectedOutput()
    var errors: [String] = []
    let status = PluginServer.run(input: &stream, output: &output) { errors.append($0) }
    return (status, unframe(output.bytes), errors)
  }

  @Test("A conversation: each message answered, and a clean exit at the end of the input")
  func conversation() {
    let result = run(
      frame(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#)
        + frame(#"{"getCapability":{}}"#))
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(
      result.replies
        == Array(
          repeating: #"{"getCapabilityResult":{"capability":{"protocolVersion":7}}}"#, count: 2))
  }

  @Test("A zero length ends the conversation")
  func termination() {
    let result = run(frame(bytes: []) + frame(#"{"getCapability":{}}"#))
    #expect(result.status == 0)
    #expect(result.replies.isEmpty)
  }

  @Test(
    "A broken conversation ends with a message on standard error and exit status 1",
    arguments: [
      (
        [UInt8](frame(#"{"getCapability":{}}"#).prefix(3)),
        "DependenciesMacrosPlugin: input ended inside a message header: got 3 of 8 bytes"
      ),
      (
        frame(bytes: Array("{}".utf8), length: 100),
        "DependenciesMacrosPlugin: input ended inside a message: got 2 of 100 bytes"
      ),
      (
        frame(bytes: [], length: 1 << 40),
        "DependenciesMacrosPlugin: message length 1099511627776 exceeds the limit of 268435456 bytes (corrupt header?)"
      ),
      (
        frame("{\"getCapability\":"),
        "DependenciesMacrosPlugin: message 1 is not valid JSON: unexpected end of JSON at byte 17"
      ),
      (
        frame(#"{"getCapability":{}}"#) + frame(#"{"hello":{}}"#),
        "DependenciesMacrosPlugin: message 2 is not a plugin message: unknown message 'hello'"
      ),
    ])
  func broken(input: [UInt8], error: String) {
    let result = run(input)
    #expect(result.status == 1)
    #expect(result.errors == [error])
  }
}
