import PackagePlugin

/// The stand-in's command: does nothing.
@main struct DocC: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
