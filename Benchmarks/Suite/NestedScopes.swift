import Dependencies

// Nests of scopes where each scope overrides a key of its own, as layered middleware and test
// helpers that wrap each other make them: the scope at level i (0 the outermost) sets
// `Filler<D0, D0, Di / 10, Di % 10>` to i, in code that names each key (specialised, as users'
// code is), on both sides.

/// The deepest nest these build.
let deepestDistinctNest = 16

/// `depth` (at most `deepestDistinctNest`) nested scopes of ours, each overriding a key of its
/// own, then `body`; `level` is the depth already entered.
func nestedDistinctOurs(level: Int = 0, of depth: Int, _ body: () -> Int) -> Int {
  if level == depth { return body() }
  switch level {
  case 0:
    return withDependencies {
      $0[Filler<D0, D0, D0, D0>.self] = 0
    } operation: {
      nestedDistinctOurs(level: 1, of: depth, body)
    }
  case 1:
    return withDependencies {
      $0[Filler<D0, D0, D0, D1>.self] = 1
    } operation: {
      nestedDistinctOurs(level: 2, of: depth, body)
    }
  case 2:
    return withDependencies {
      $0[Filler<D0, D0, D0, D2>.self] = 2
    } operation: {
      nestedDistinctOurs(level: 3, of: depth, body)
    }
  case 3:
    return withDependencies {
      $0[Filler<D0, D0, D0, D3>.self] = 3
    } operation: {
      nestedDistinctOurs(level: 4, of: depth, body)
    }
  case 4:
    return withDependencies {
      $0[Filler<D0, D0, D0, D4>.self] = 4
    } operation: {
      nestedDistinctOurs(level: 5, of: depth, body)
    }
  case 5:
    return withDependencies {
      $0[Filler<D0, D0, D0, D5>.self] = 5
    } operation: {
      nestedDistinctOurs(level: 6, of: depth, body)
    }
  case 6:
    return withDependencies {
      $0[Filler<D0, D0, D0, D6>.self] = 6
    } operation: {
      nestedDistinctOurs(level: 7, of: depth, body)
    }
  case 7:
    return withDependencies {
      $0[Filler<D0, D0, D0, D7>.self] = 7
    } operation: {
      nestedDistinctOurs(level: 8, of: depth, body)
    }
  case 8:
    return withDependencies {
      $0[Filler<D0, D0, D0, D8>.self] = 8
    } operation: {
      nestedDistinctOurs(level: 9, of: depth, body)
    }
  case 9:
    return withDependencies {
      $0[Filler<D0, D0, D0, D9>.self] = 9
    } operation: {
      nestedDistinctOurs(level: 10, of: depth, body)
    }
  case 10:
    return withDependencies {
      $0[Filler<D0, D0, D1, D0>.self] = 10
    } operation: {
      nestedDistinctOurs(level: 11, of: depth, body)
    }
  case 11:
    return withDependencies {
      $0[Filler<D0, D0, D1, D1>.self] = 11
    } operation: {
      nestedDistinctOurs(level: 12, of: depth, body)
    }
  case 12:
    return withDependencies {
      $0[Filler<D0, D0, D1, D2>.self] = 12
    } operation: {
      nestedDistinctOurs(level: 13, of: depth, body)
    }
  case 13:
    return withDependencies {
      $0[Filler<D0, D0, D1, D3>.self] = 13
    } operation: {
      nestedDistinctOurs(level: 14, of: depth, body)
    }
  case 14:
    return withDependencies {
      $0[Filler<D0, D0, D1, D4>.self] = 14
    } operation: {
      nestedDistinctOurs(level: 15, of: depth, body)
    }
  case 15:
    return withDependencies {
      $0[Filler<D0, D0, D1, D5>.self] = 15
    } operation: {
      nestedDistinctOurs(level: 16, of: depth, body)
    }
  default:
    preconditionFailure("at most \(deepestDistinctNest) nested scopes")
  }
}

/// `nestedDistinctOurs` with the classic model.
func nestedDistinctClassic(level: Int = 0, of depth: Int, _ body: () -> Int) -> Int {
  if level == depth { return body() }
  switch level {
  case 0:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D0, D0>.self] = 0
    } operation: {
      nestedDistinctClassic(level: 1, of: depth, body)
    }
  case 1:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D0, D1>.self] = 1
    } operation: {
      nestedDistinctClassic(level: 2, of: depth, body)
    }
  case 2:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D0, D2>.self] = 2
    } operation: {
      nestedDistinctClassic(level: 3, of: depth, body)
    }
  case 3:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D0, D3>.self] = 3
    } operation: {
      nestedDistinctClassic(level: 4, of: depth, body)
    }
  case 4:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D0, D4>.self] = 4
    } operation: {
      nestedDistinctClassic(level: 5, of: depth, body)
    }
  case 5:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D0, D5>.self] = 5
    } operation: {
      nestedDistinctClassic(level: 6, of: depth, body)
    }
  case 6:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D0, D6>.self] = 6
    } operation: {
      nestedDistinctClassic(level: 7, of: depth, body)
    }
  case 7:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D0, D7>.self] = 7
    } operation: {
      nestedDistinctClassic(level: 8, of: depth, body)
    }
  case 8:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D0, D8>.self] = 8
    } operation: {
      nestedDistinctClassic(level: 9, of: depth, body)
    }
  case 9:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D0, D9>.self] = 9
    } operation: {
      nestedDistinctClassic(level: 10, of: depth, body)
    }
  case 10:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D1, D0>.self] = 10
    } operation: {
      nestedDistinctClassic(level: 11, of: depth, body)
    }
  case 11:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D1, D1>.self] = 11
    } operation: {
      nestedDistinctClassic(level: 12, of: depth, body)
    }
  case 12:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D1, D2>.self] = 12
    } operation: {
      nestedDistinctClassic(level: 13, of: depth, body)
    }
  case 13:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D1, D3>.self] = 13
    } operation: {
      nestedDistinctClassic(level: 14, of: depth, body)
    }
  case 14:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D1, D4>.self] = 14
    } operation: {
      nestedDistinctClassic(level: 15, of: depth, body)
    }
  case 15:
    return Classic.withDependencies {
      $0[Filler<D0, D0, D1, D5>.self] = 15
    } operation: {
      nestedDistinctClassic(level: 16, of: depth, body)
    }
  default:
    preconditionFailure("at most \(deepestDistinctNest) nested scopes")
  }
}
