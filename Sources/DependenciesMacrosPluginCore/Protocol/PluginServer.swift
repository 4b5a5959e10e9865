#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The plugin's main loop: reads the compiler's messages, answers each, and ends when the compiler
/// closes the input.
///
/// Whatever is wrong with the conversation (a truncated message, JSON that does not parse, a
/// message the protocol does not have) ends it with one line on standard error and a non-zero exit
/// status, as swift-syntax's plugins do; the compiler reports the plugin's failure. A macro that
/// cannot expand a declaration is not such a failure: it answers with an error diagnostic.
package enum PluginServer {
  /// Runs the conversation over `input` and `output`; returns the exit status (0 when the input
  /// ended between messages).
  package static func run(
    input: inout some ByteInput, output: inout some ByteOutput,
    reportError: (String) -> Void
  ) -> Int32 {
    var handler = PluginMessageHandler()
    var count = 0
    while true {
      do throws(ProtocolError) {
        guard let message = try MessageFraming.readMessage(from: &input) else { return 0 }
        count += 1
        let json: JSON
        do {
          json = try JSONParser.parse(message)
        } catch {
          throw ProtocolError("message \(count) is not valid JSON: \(error)")
        }
        let reply: JSON
        do {
          reply = try handler.reply(to: json)
        } catch {
          throw ProtocolError("message \(count) is not a plugin message: \(error)")
        }
        try MessageFraming.writeMessage(reply.serialized, to: &output)
      } catch {
        reportError("DependenciesMacrosPlugin: \(error)")
        return 1
      }
    }
  }

  /// Runs the conversation over the process's standard input and output, then exits.
  ///
  /// As swift-syntax's plugins do, it keeps the original descriptors for the messages and sends
  /// anything else written to standard output to standard error, so that no stray output can
  /// corrupt a message.
  package static func runOnStandardStreams() -> Never {
    let inputDescriptor = dup(STDIN_FILENO)
    let outputDescriptor = dup(STDOUT_FILENO)
    guard inputDescriptor >= 0, outputDescriptor >= 0,
      dup2(STDERR_FILENO, STDOUT_FILENO) >= 0
    else {
      writeError("DependenciesMacrosPlugin: cannot set up standard input and output")
      exit(1)
    }
    var input = FileDescriptorInput(inputDescriptor)
    var output = FileDescriptorOutput(outputDescriptor)
    // On a stack sized for the readers (see ReaderStack), whatever the build.
    exit(ReaderStack.run { run(input: &input, output: &output, reportError: writeError) })
  }

  private static func writeError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, line.count) }
  }
}
