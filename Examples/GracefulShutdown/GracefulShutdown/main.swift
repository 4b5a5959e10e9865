// `swift run GracefulShutdown`: a server that stops gracefully on SIGTERM or SIGINT. It opens its
// resources (database, session store, audit log, metrics), takes requests, and on the signal
// refuses new requests, waits for those in flight, then shuts every resource down, dependents
// first, with `shutdownDependencies`.
//
// Without arguments it plays a short scene: three requests that take half a second, and a SIGTERM
// sent to itself while they run. With `--stdin`, requests come from standard input, one command per
// line (`request <id> <user>`, `complete <id>`), and the process runs until it is signalled: its
// test drives it that way. With `--mermaid`, it also logs the dependencies it built after its warm-up
// as a Mermaid flowchart. When it exits, `--graph-json PATH`, `--graph-text PATH` and
// `--graph-mermaid PATH` write that graph to PATH as JSON, as its text tree and as Mermaid:
// `make graph-picture` writes all three into docs/dependency-graph/, which the DocC article
// "Seeing your dependencies" shows, and draws its picture from the JSON.
import Dependencies
import Foundation
import GracefulShutdownCore

let signals = SignalStream()
let status: Int32

if CommandLine.arguments.contains("--stdin") {
  let (lines, continuation) = AsyncStream<String>.makeStream()
  let reader = Thread {
    while let line = readLine() { continuation.yield(line) }
    continuation.finish()
  }
  reader.start()
  status = await GracefulServer().run(commands: lines, signals: signals)
} else {
  let (commands, continuation) = AsyncStream<String>.makeStream()
  for (id, user) in [("1", "ada"), ("2", "grace"), ("3", "alan")] {
    continuation.yield("request \(id) \(user)")
  }
  Task {
    try await Task.sleep(for: .milliseconds(200))
    kill(getpid(), SIGTERM)  // as `kill <pid>` or an orchestrator would
    try await Task.sleep(for: .milliseconds(50))
    continuation.yield("request 4 barbara")  // arrives while the server drains: refused
  }
  let server = GracefulServer(
    completeAfter: .milliseconds(500), logsMermaid: CommandLine.arguments.contains("--mermaid"))
  status = await server.run(commands: commands, signals: signals)
}

/// Writes `contents` to the path that follows `flag` among the arguments, when there is one.
func write(_ flag: String, _ contents: () throws -> Data) throws {
  guard let index = CommandLine.arguments.firstIndex(of: flag),
    CommandLine.arguments.indices.contains(index + 1)
  else { return }
  try contents().write(to: URL(fileURLWithPath: CommandLine.arguments[index + 1]))
}

// The graph the warm-up built (the requests built nothing more), shut down since.
let graph = DependencyValues.graph
try write("--graph-json") {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  return try encoder.encode(graph)
}
try write("--graph-text") { Data("\(graph.textTree)\n".utf8) }
try write("--graph-mermaid") { Data("\(graph.mermaid)\n".utf8) }
exit(status)
