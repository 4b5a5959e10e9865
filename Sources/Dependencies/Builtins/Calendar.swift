// Part of the Foundation trait (on by default): see Package.swift.
#if Foundation || ClassicDefaultTraits
  public import Foundation

  extension DependencyValues {
    /// The calendar features compute dates with.
    ///
    /// Read it instead of `Calendar.current`, so that tests do not depend on the settings of the
    /// machine they run on:
    ///
    /// ```swift
    /// @Dependency(\.calendar) var calendar
    /// let startOfDay = calendar.startOfDay(for: now)
    /// ```
    ///
    /// In a test:
    ///
    /// ```swift
    /// withDependencies {
    ///   var calendar = Calendar(identifier: .gregorian)
    ///   calendar.timeZone = TimeZone(identifier: "UTC")!
    ///   $0.calendar = calendar
    /// } operation: { … }
    /// ```
    ///
    /// The live value is `Calendar.autoupdatingCurrent`. A test that reads it through `@Dependency`
    /// without overriding it reports an issue (once per test) and gets the live value.
    public var calendar: Calendar {
      get { self[CalendarKey.self] }
      set { self[CalendarKey.self] = newValue }
    }

    private enum CalendarKey: DependencyKey {
      static var liveValue: Calendar { .autoupdatingCurrent }
    }
  }
#endif
