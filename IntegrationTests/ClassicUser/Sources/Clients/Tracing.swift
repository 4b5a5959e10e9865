/// A task-local value that tests set with ConcurrencyExtrasTestSupport's `.taskLocal` trait.
public enum Tracing {
  @TaskLocal public static var requestID = "none"
}
