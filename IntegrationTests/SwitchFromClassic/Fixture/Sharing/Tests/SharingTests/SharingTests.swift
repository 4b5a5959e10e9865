import CombineSchedulers
import DependenciesTestSupport
import Sharing
import Testing

@Suite(.dependencies) struct SharingTests {
  @Test func aReferenceHoldsItsValue() {
    #expect(Reference("a").value == "a")
  }
}
