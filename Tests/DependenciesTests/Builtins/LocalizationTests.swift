import Dependencies
import Foundation
import IssueCollecting
import Testing

@Suite struct CalendarTests {
  @Test func liveIsTheAutoupdatingCurrentCalendar() {
    let (calendar, reporter) = collectingIssues {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.calendar) var calendar
        return calendar
      }
    }
    #expect(calendar == Calendar.autoupdatingCurrent)
    #expect(reporter.messages.isEmpty)
  }

  @Test func testDefaultReportsOncePerTestAtTheReadSite() {
    let (calendar, reporter) = collectingIssues {
      @Dependency(\.calendar) var calendar
      _ = calendar
      return calendar
    }
    #expect(calendar == Calendar.autoupdatingCurrent)
    #expect(reporter.messages.count == 1)
    #expect(reporter.messages.first?.contains(#"@Dependency(\.calendar) has no test"#) == true)
    #expect(reporter.sites.first?.fileID.hasSuffix("LocalizationTests.swift") == true)
  }

  @Test func overrideReportsNothing() {
    var gregorian = Calendar(identifier: .gregorian)
    gregorian.timeZone = TimeZone(identifier: "UTC")!
    let (calendar, reporter) = collectingIssues {
      withDependencies {
        $0.calendar = gregorian
      } operation: {
        @Dependency(\.calendar) var calendar
        return calendar
      }
    }
    #expect(calendar == gregorian)
    #expect(reporter.messages.isEmpty)
  }

  @Test func changingAPropertyInPlaceIsAnOverride() {
    let utc = TimeZone(identifier: "UTC")!
    let (timeZone, reporter) = collectingIssues {
      withDependencies {
        $0.calendar.timeZone = utc
      } operation: {
        @Dependency(\.calendar) var calendar
        return calendar.timeZone
      }
    }
    #expect(timeZone == utc)
    #expect(reporter.messages.isEmpty)
  }
}

extension CalendarTests {
  /// As in the classic library, the read an in-place override makes caches the default without
  /// reporting, so a later read of the default in the same test reports nothing either.
  @Test func aReadAfterAnInPlaceOverrideGetsTheDefaultSilently() {
    let (calendar, reporter) = collectingIssues {
      withDependencies {
        $0.calendar.timeZone = TimeZone(identifier: "UTC")!
      } operation: {
      }
      @Dependency(\.calendar) var calendar
      return calendar
    }
    #expect(calendar == Calendar.autoupdatingCurrent)
    #expect(reporter.messages.isEmpty)
  }
}

@Suite struct LocaleTests {
  @Test func liveIsTheAutoupdatingCurrentLocale() {
    let locale = isolated {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.locale) var locale
        return locale
      }
    }
    #expect(locale == Locale.autoupdatingCurrent)
  }

  @Test func testDefaultReports() {
    let (locale, reporter) = collectingIssues {
      @Dependency(\.locale) var locale
      return locale
    }
    #expect(locale == Locale.autoupdatingCurrent)
    #expect(reporter.messages.count == 1)
    #expect(reporter.messages.first?.contains(#"@Dependency(\.locale)"#) == true)
  }

  @Test func override() {
    let (identifier, reporter) = collectingIssues {
      withDependencies {
        $0.locale = Locale(identifier: "fr_FR")
      } operation: {
        @Dependency(\.locale) var locale
        return locale.identifier
      }
    }
    #expect(identifier == "fr_FR")
    #expect(reporter.messages.isEmpty)
  }
}

@Suite struct PreferredLocalesTests {
  @Test func liveFollowsThePreferredLanguages() {
    let locales = isolated {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.preferredLocales) var preferredLocales
        return preferredLocales
      }
    }
    #expect(locales == Locale.preferredLanguages.map { Locale(identifier: $0) })
  }

  @Test func testDefaultReports() {
    let (_, reporter) = collectingIssues {
      @Dependency(\.preferredLocales) var preferredLocales
      return preferredLocales
    }
    #expect(reporter.messages.count == 1)
    #expect(reporter.messages.first?.contains(#"@Dependency(\.preferredLocales)"#) == true)
  }

  @Test func override() {
    let (identifiers, reporter) = collectingIssues {
      withDependencies {
        $0.preferredLocales = [Locale(identifier: "de_DE"), Locale(identifier: "en_GB")]
      } operation: {
        @Dependency(\.preferredLocales) var preferredLocales
        return preferredLocales.map(\.identifier)
      }
    }
    #expect(identifiers == ["de_DE", "en_GB"])
    #expect(reporter.messages.isEmpty)
  }
}

@Suite struct TimeZoneTests {
  @Test func liveIsTheAutoupdatingCurrentTimeZone() {
    let timeZone = isolated {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.timeZone) var timeZone
        return timeZone
      }
    }
    #expect(timeZone == TimeZone.autoupdatingCurrent)
  }

  @Test func testDefaultReports() {
    let (timeZone, reporter) = collectingIssues {
      @Dependency(\.timeZone) var timeZone
      return timeZone
    }
    #expect(timeZone == TimeZone.autoupdatingCurrent)
    #expect(reporter.messages.count == 1)
    #expect(reporter.messages.first?.contains(#"@Dependency(\.timeZone)"#) == true)
  }

  @Test func override() {
    let paris = TimeZone(identifier: "Europe/Paris")!
    let (timeZone, reporter) = collectingIssues {
      withDependencies {
        $0.timeZone = paris
      } operation: {
        @Dependency(\.timeZone) var timeZone
        return timeZone
      }
    }
    #expect(timeZone == paris)
    #expect(reporter.messages.isEmpty)
  }
}

@Suite struct NotificationCenterTests {
  @Test func liveIsTheDefaultCenter() {
    let center = isolated {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.notificationCenter) var notificationCenter
        return notificationCenter
      }
    }
    #expect(center === NotificationCenter.default)
  }

  @Test func testDefaultIsAFreshCenterPerTest() {
    let (centers, reporter) = collectingIssues {
      @Dependency(\.notificationCenter) var notificationCenter
      return [notificationCenter, notificationCenter]
    }
    let other = isolated {
      @Dependency(\.notificationCenter) var notificationCenter
      return notificationCenter
    }
    #expect(centers[0] === centers[1])
    #expect(centers[0] !== NotificationCenter.default)
    #expect(centers[0] !== other)
    #expect(reporter.messages.isEmpty)
  }

  @Test func override() {
    let center = NotificationCenter()
    let received = LockIsolated(0)
    let observer = center.addObserver(
      forName: Notification.Name("ping"), object: nil, queue: nil
    ) { _ in received.withValue { $0 += 1 } }
    defer { center.removeObserver(observer) }
    isolated {
      withDependencies {
        $0.notificationCenter = center
      } operation: {
        @Dependency(\.notificationCenter) var notificationCenter
        notificationCenter.post(name: Notification.Name("ping"), object: nil)
      }
    }
    #expect(received.value == 1)
  }
}
