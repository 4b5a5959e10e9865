/// How a run of `switch-from-classic` ended: the exit status of its tool
/// (`SwitchFromClassicTool`), which its last line also names.
///
/// | Status | Case | Meaning |
/// |---|---|---|
/// | 0 | ``switched`` | written, and nothing is left: the graph resolves |
/// | 1 | ``refused`` | nothing written: the lines listed need changes by hand first |
/// | 2 | ``usage`` | the arguments were not understood |
/// | 3 | ``stepsLeft`` | written (or nothing to write), with steps left that the output lists |
/// | 4 | ``nothingToDo`` | no manifest lists a satellite, and nothing is left |
/// | 5 | ``notWritten`` | without `--apply`: an edit to write, shown (and any steps left) |
///
/// ```swift
/// SwitchStatus(refused: false, edited: true, applied: true, stepsLeft: true)  // .stepsLeft
/// ```
public enum SwitchStatus: Int32, Sendable, CaseIterable {
  case switched = 0
  case refused = 1
  case usage = 2
  case stepsLeft = 3
  case nothingToDo = 4
  case notWritten = 5

  /// The status of a run that `refused` (wrote nothing for what it cannot edit right), or found
  /// an edit (`edited`) and wrote it or not (`applied`), with `stepsLeft` for the user or none.
  public init(refused: Bool, edited: Bool, applied: Bool, stepsLeft: Bool) {
    self =
      if refused {
        .refused
      } else if edited && !applied {
        .notWritten
      } else if stepsLeft {
        .stepsLeft
      } else {
        edited ? .switched : .nothingToDo
      }
  }

  /// The run's last line, after `switch-from-classic: `.
  public var summary: String {
    let status = "exit status \(rawValue)"
    return switch self {
    case .switched:
      "\(status): written; nothing else is left, and `swift build` resolves the graph"
    case .refused:
      "\(status): refused, nothing written: change the lines named above by hand, then run it again"
    case .usage:
      "\(status): the arguments were not understood"
    case .stepsLeft:
      "\(status): the manifest needs no more edits from the tool; the steps listed above are left"
    case .nothingToDo:
      "\(status): nothing to do: no manifest lists a classic satellite, and nothing else is left"
    case .notWritten:
      "\(status): nothing written; run the same command with --apply to write the edit shown"
    }
  }
}
