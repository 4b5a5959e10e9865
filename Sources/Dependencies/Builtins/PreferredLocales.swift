// Part of the Foundation trait (on by default): see Package.swift.
#if Foundation || ClassicDefaultTraits
  public import Foundation

  extension DependencyValues {
    /// The user's preferred locales, most preferred first.
    ///
    /// ```swift
    /// @Dependency(\.preferredLocales) var preferredLocales
    /// let language = preferredLocales.first?.language.languageCode
    /// ```
    ///
    /// In a test:
    ///
    /// ```swift
    /// withDependencies {
    ///   $0.preferredLocales = [Locale(identifier: "fr_FR"), Locale(identifier: "en_US")]
    /// } operation: { … }
    /// ```
    ///
    /// The live value reads `Locale.preferredLanguages` each time, so it follows changes to the
    /// user's settings. A test that reads it through `@Dependency` without overriding it reports an
    /// issue (once per test) and gets the live value.
    public var preferredLocales: [Locale] {
      get { self[PreferredLocalesKey.self].locales }
      set { self[PreferredLocalesKey.self] = PreferredLocales(fixed: newValue) }
    }

    private enum PreferredLocalesKey: DependencyKey {
      static var liveValue: PreferredLocales { PreferredLocales() }
    }
  }

  /// The preferred locales: either fixed by an override, or read from the system on each access.
  private struct PreferredLocales: Sendable {
    var fixed: [Locale]?

    var locales: [Locale] {
      fixed ?? Locale.preferredLanguages.map { Locale(identifier: $0) }
    }
  }
#endif
