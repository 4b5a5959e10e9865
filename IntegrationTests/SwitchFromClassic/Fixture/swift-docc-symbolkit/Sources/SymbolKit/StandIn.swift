/// The stand-in's `SymbolKit`.
public let standInSymbolKit = true
