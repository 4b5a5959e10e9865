// Part of the Foundation trait (on by default): see Package.swift.
#if Foundation || ClassicDefaultTraits
  public import Foundation

  extension DependencyValues {
    /// The time zone features present dates in.
    ///
    /// Read it instead of `TimeZone.current`, so that tests do not depend on the settings of the
    /// machine they run on:
    ///
    /// ```swift
    /// @Dependency(\.timeZone) var timeZone
    /// formatter.timeZone = timeZone
    /// ```
    ///
    /// In a test:
    ///
    /// ```swift
    /// withDependencies {
    ///   $0.timeZone = TimeZone(identifier: "Europe/Paris")!
    /// } operation: { … }
    /// ```
    ///
    /// The live value is `TimeZone.autoupdatingCurrent`. A test that reads it through `@Dependency`
    /// without overriding it reports an issue (once per test) and gets the live value.
    public var timeZone: TimeZone {
      get { self[TimeZoneKey.self] }
      set { self[TimeZoneKey.self] = newValue }
    }

    private enum TimeZoneKey: DependencyKey {
      static var liveValue: TimeZone { .autoupdatingCurrent }
    }
  }
#endif
