/// The stand-in's `Clocks`, not this library's.
public let standInClocks = true
