/// Names the module this is: the stand-in for the classic satellite, not this library's `ConcurrencyExtras`.
public let standInModule = "stand-in ConcurrencyExtras"
