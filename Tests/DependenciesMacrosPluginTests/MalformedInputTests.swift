import Foundation
import Testing

/// Input that is not a conversation ends the plugin with a message on standard error and a
/// non-zero exit status, promptly: never a hang, never a crash without a message.
@Suite struct MalformedInputTests {
  private func header(_ length: UInt64) -> Data {
    withUnsafeBytes(of: length.littleEndian) { Data($0) }
  }

  @Test(
    "Broken conversations",
    arguments: [
      ("garbage", Data("hello, plugin".utf8), "exceeds the limit of 268435456 bytes"),
      (
        "a truncated header", Data([1, 0, 0]),
        "input ended inside a message header: got 3 of 8 bytes"
      ),
      ("a header larger than the limit", Data([0, 0, 0, 0, 0, 1, 0, 0]), "exceeds the limit"),
      (
        "JSON that does not parse", PluginExecutable.framed([Data("{\"getCapability\":".utf8)]),
        "message 1 is not valid JSON"
      ),
      (
        "a message the protocol does not have",
        PluginExecutable.framed([Data(#"{"shutdown":{}}"#.utf8)]),
        "message 1 is not a plugin message: unknown message 'shutdown'"
      ),
      (
        "an expansion without its syntax",
        PluginExecutable.framed([Data(#"{"expandAttachedMacro":{"macroRole":"peer"}}"#.utf8)]),
        "message 1 is not a plugin message: message 'expandAttachedMacro' has no 'macro'"
      ),
      (
        "a position that would overflow",
        PluginExecutable.framed([
          Data(
            ##"{"expandFreestandingMacro":{"macro":{"moduleName":"DependenciesMacrosPlugin","typeName":"DependencyEntryIsolationCheckMacro","name":"IsolationCheck"},"macroRole":"declaration","discriminator":"x","syntax":{"kind":"declaration","source":"#IsolationCheck(x)","location":{"fileID":"A/B.swift","fileName":"/B.swift","offset":9223372036854775807,"line":1,"column":1}}}}"##
              .utf8)
        ]),
        "has offset 9223372036854775807, outside 0...2147483647"
      ),
    ])
  func broken(_ name: String, input: Data, error: String) throws {
    let result = try PluginExecutable.run(input: input)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("DependenciesMacrosPlugin: "))
    #expect(result.stderr.contains(error), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test(
    "A body shorter than its header announces, with the input left open, is not waited on forever")
  func truncatedBody() throws {
    let result = try PluginExecutable.run(input: header(100) + Data("{}".utf8))
    #expect(result.status == 1)
    #expect(result.stderr.contains("input ended inside a message: got 2 of 100 bytes"))
  }

  @Test("No input, or the zero-length termination message: a clean exit")
  func cleanEnd() throws {
    for input in [Data(), header(0)] {
      let result = try PluginExecutable.run(input: input)
      #expect(result.status == 0)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.isEmpty)
    }
  }

  @Test("Replies before a broken message are sent; nothing after it")
  func partial() throws {
    let result = try PluginExecutable.run(
      input: PluginExecutable.framed([
        Data(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#.utf8), Data("[".utf8),
        Data(#"{"getCapability":{}}"#.utf8),
      ]))
    #expect(result.status == 1)
    let replies = try PluginExecutable.unframed(result.stdout)
    #expect(
      replies == [Data(#"{"getCapabilityResult":{"capability":{"protocolVersion":7}}}"#.utf8)])
    #expect(result.stderr.contains("message 2 is not valid JSON"))
  }
}
