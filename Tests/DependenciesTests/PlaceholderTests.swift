import Dependencies
import Testing

@Test func placeholder() {}
