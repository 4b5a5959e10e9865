import DependenciesMacrosPluginCore

// The compiler starts this executable and exchanges plugin messages with it over standard input
// and output until it closes them (see PluginServer).
PluginServer.runOnStandardStreams()
