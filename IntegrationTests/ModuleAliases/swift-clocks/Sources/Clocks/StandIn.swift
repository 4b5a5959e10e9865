/// Names the module this is: the stand-in for the classic satellite, not this library's `Clocks`.
public let standInModule = "stand-in Clocks"
