/// The stand-in's `CombineSchedulers`.
public let standInCombineSchedulers = true
