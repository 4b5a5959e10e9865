// `swift run GracefulShutdown`: a server that stops gracefully on SIGTERM or SIGINT. It opens its
// resources (database, session store, audit log, metrics), takes requests, and on the signal
// refuses new requests, waits for those in flight, then shuts every resource down, dependents
// first, with `shutdownDependencies`.
//
// Without arguments it plays a short scene: three requests that take half a second, and a SIGTERM
// sent to itself while they run. With `--stdin`, requests come from standard input, one command per
// line (`request <id> <user>`, `complete <id>`), and the process runs until it is signalled: its
// test drives it that way. With `--mermaid`, it also logs the dependencies it built after its warm-up
// as a Mermaid flowchart (the README's picture comes from such a run), and with `--graph-json PATH`
// it writes that graph's JSON to PATH when it exits (`make graph-picture` draws the DocC article's
// picture from it).
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
if let flag = CommandLine.arguments.firstIndex(of: "--graph-json"),
  CommandLine.arguments.indices.contains(flag + 1)
{
  // The graph the warm-up built (the requests built nothing more), shut down since.
  let json = try JSONEncoder().encode(DependencyValues.graph)
  try json.write(to: URL(fileURLWithPath: CommandLine.arguments[flag + 1]))
}
exit(status)
