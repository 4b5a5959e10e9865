import Dependencies
import Feature
import Testing

// No trait, no base class: each test (and each argument of a parameterized test) has its own cached
// default values and its own prepareDependencies values, as in the classic library.

@Test(arguments: 0..<16)
func preparedValuesArePerTestCase(_ argument: Int) async {
  prepareDependencies { $0.greeting = "greeting \(argument)" }
  await Task.yield()
  @Dependency(\.greeting) var greeting
  #expect(greeting == "greeting \(argument)")
  let fromChild = await Task {
    @Dependency(\.greeting) var greeting
    return greeting
  }.value
  #expect(fromChild == "greeting \(argument)")
}

@Test(arguments: 0..<16)
func statefulValueStartsFromZeroInEveryTestCase(_ argument: Int) async {
  @Dependency(\.counter) var counter
  #expect(counter.next() == 1)
  await Task.yield()
  #expect(counter.next() == 2)
}

@Test func statefulValueStartsFromZeroA() {
  @Dependency(\.counter) var counter
  #expect(counter.next() == 1)
}

@Test func statefulValueStartsFromZeroB() {
  @Dependency(\.counter) var counter
  #expect(counter.next() == 1)
}
