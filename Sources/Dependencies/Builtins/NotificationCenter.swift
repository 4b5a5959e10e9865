// Part of the Foundation trait (on by default): see Package.swift.
#if Foundation || ClassicDefaultTraits
  public import Foundation

  extension DependencyValues {
    /// The notification center features post to and observe.
    ///
    /// ```swift
    /// @Dependency(\.notificationCenter) var notificationCenter
    /// notificationCenter.post(name: .userDidLogIn, object: nil)
    /// ```
    ///
    /// The live value is `NotificationCenter.default`. In tests (and each test separately) the
    /// default is a new, empty `NotificationCenter`, so notifications posted by one test never reach
    /// another, nor observers of the process. Override it to share one with the test:
    ///
    /// ```swift
    /// let center = NotificationCenter()
    /// withDependencies {
    ///   $0.notificationCenter = center
    /// } operation: {
    ///   model.logInButtonTapped()
    /// }
    /// ```
    public var notificationCenter: NotificationCenter {
      get { self[NotificationCenterKey.self] }
      set { self[NotificationCenterKey.self] = newValue }
    }

    private enum NotificationCenterKey: DependencyKey {
      static var liveValue: NotificationCenter { .default }
      static var testValue: NotificationCenter { NotificationCenter() }
    }
  }
#endif
