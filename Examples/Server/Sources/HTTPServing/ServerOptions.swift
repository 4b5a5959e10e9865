/// A server executable's command line: `[--port N]` (8080 by default; 0 lets the system choose a
/// port, which the server logs).
public struct ServerOptions: Sendable {
  public var port: Int

  public init(arguments: [String] = CommandLine.arguments) {
    let value = arguments.firstIndex(of: "--port").flatMap {
      arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil
    }
    port = value ?? 8080
  }
}
