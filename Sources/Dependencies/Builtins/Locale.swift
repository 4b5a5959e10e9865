// Part of the Foundation trait (on by default): see Package.swift.
#if Foundation || ClassicDefaultTraits
  public import Foundation

  extension DependencyValues {
    /// The locale features format and parse with.
    ///
    /// Read it instead of `Locale.current`, so that tests do not depend on the settings of the
    /// machine they run on:
    ///
    /// ```swift
    /// @Dependency(\.locale) var locale
    /// let price = amount.formatted(.currency(code: "EUR").locale(locale))
    /// ```
    ///
    /// In a test:
    ///
    /// ```swift
    /// withDependencies {
    ///   $0.locale = Locale(identifier: "en_US")
    /// } operation: { … }
    /// ```
    ///
    /// The live value is `Locale.autoupdatingCurrent`. A test that reads it through `@Dependency`
    /// without overriding it reports an issue (once per test) and gets the live value.
    public var locale: Locale {
      get { self[LocaleKey.self] }
      set { self[LocaleKey.self] = newValue }
    }

    private enum LocaleKey: DependencyKey {
      static var liveValue: Locale { .autoupdatingCurrent }
    }
  }
#endif
