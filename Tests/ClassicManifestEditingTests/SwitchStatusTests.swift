import ClassicManifestEditing
import Testing

/// The tool's exit statuses tell a script what happened: nothing to do, written and complete,
/// written with steps left, refused with nothing written.
@Suite struct SwitchStatusTests {
  @Test func eachOutcomeHasItsOwnStatus() {
    #expect(
      SwitchStatus(refused: false, edited: false, applied: false, stepsLeft: false) == .nothingToDo)
    #expect(
      SwitchStatus(refused: false, edited: true, applied: true, stepsLeft: false) == .switched)
    #expect(
      SwitchStatus(refused: false, edited: true, applied: true, stepsLeft: true) == .stepsLeft)
    #expect(
      SwitchStatus(refused: false, edited: false, applied: true, stepsLeft: true) == .stepsLeft)
    #expect(
      SwitchStatus(refused: false, edited: true, applied: false, stepsLeft: true) == .notWritten)
    #expect(SwitchStatus(refused: true, edited: true, applied: true, stepsLeft: true) == .refused)
  }

  @Test func theStatusesAreDistinctAndDocumented() {
    #expect(SwitchStatus.switched.rawValue == 0)
    #expect(SwitchStatus.refused.rawValue == 1)
    #expect(SwitchStatus.usage.rawValue == 2)
    #expect(SwitchStatus.stepsLeft.rawValue == 3)
    #expect(SwitchStatus.nothingToDo.rawValue == 4)
    #expect(SwitchStatus.notWritten.rawValue == 5)
    #expect(Set(SwitchStatus.allCases.map(\.rawValue)).count == SwitchStatus.allCases.count)
    for status in SwitchStatus.allCases {
      #expect(status.summary.hasPrefix("exit status \(status.rawValue): "))
    }
  }
}
