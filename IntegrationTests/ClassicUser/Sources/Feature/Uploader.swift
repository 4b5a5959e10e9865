// Written the way classic code names the satellite modules: it imports them by name. This target
// links only the Dependencies product, which brings them along, as in the classic package graph.
import Clocks
import ConcurrencyExtras
import Dependencies
import Foundation
import IssueReporting

/// A client whose test value is built with `IssueReporting.unimplemented`.
public struct UploadClient: Sendable {
  public var upload: @Sendable (_ name: String) async throws -> Int
  public init(upload: @escaping @Sendable (_ name: String) async throws -> Int) {
    self.upload = upload
  }
}

extension UploadClient: TestDependencyKey {
  public static let testValue = UploadClient(
    upload: IssueReporting.unimplemented("UploadClient.upload"))
}

extension DependencyValues {
  public var uploadClient: UploadClient {
    get { self[UploadClient.self] }
    set { self[UploadClient.self] = newValue }
  }
}

/// Uploads queued names on a timer, one per tick, and reports names it cannot upload.
public struct Uploader: Sendable {
  @Dependency(\.continuousClock) var clock
  @Dependency(\.uploadClient) var client

  /// The sizes uploaded so far, in order.
  public let uploaded = LockIsolated<[Int]>([])
  /// The names still to upload, keyed loosely (any hashable, sendable value).
  public let pending = LockIsolated<Set<AnyHashableSendable>>([])

  public init() {}

  /// Uploads `names`, one per second of `clock`, until all are done. An empty name is reported as
  /// an issue and skipped.
  public func upload(_ names: [String]) async throws {
    pending.withValue { $0 = Set(names.map(AnyHashableSendable.init)) }
    var remaining = names[...]
    for await _ in clock.timer(interval: .seconds(1)) {
      guard let name = remaining.popFirst() else { return }
      pending.withValue { _ = $0.remove(AnyHashableSendable(name)) }
      guard !name.isEmpty else {
        reportIssue("Uploader: an empty name was skipped")
        continue
      }
      let size = try await client.upload(name)
      uploaded.withValue { $0.append(size) }
    }
  }
}
