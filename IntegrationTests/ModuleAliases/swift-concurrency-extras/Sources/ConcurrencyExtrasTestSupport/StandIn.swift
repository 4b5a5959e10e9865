/// Names the module this is: the stand-in for the classic satellite, not this library's `ConcurrencyExtrasTestSupport`.
public let standInModule = "stand-in ConcurrencyExtrasTestSupport"
