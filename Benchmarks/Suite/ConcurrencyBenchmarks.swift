import Dependencies
import Foundation

/// A long-lived object whose `@Dependency` every thread reads, as a server's shared services are.
// @unchecked Sendable: the property wrappers are only read after initialisation.
private final class OursService: @unchecked Sendable {
  @Dependency(BenchClient.self) var client
}

private final class ClassicService: @unchecked Sendable {
  @Classic.Dependency(\.benchClient) var client
}

/// Cached default values read through `@Dependency` from several threads at once, and from the
/// child tasks of a task group: total reads per second, ours beside the classic baseline (whose
/// default-value cache takes a lock on every read).
///
/// Two ways to read: each thread through its own local `@Dependency`, and every thread through the
/// same property of one shared object (so whatever a read retains, all threads retain together).
func runConcurrencyBenchmarks(_ settings: BenchmarkSettings, _ report: Report) {
  let group = "Concurrent @Dependency reads (cached default, live context)"
  let oursService = withDependencies {
    $0.context = .live
  } operation: {
    OursService()
  }
  let classicService = Classic.withDependencies {
    $0.context = .live
  } operation: {
    ClassicService()
  }
  for threads in [1, 2, 4, 8] {
    let ours = measureThreads(settings, threads: threads) { _, iterations, start in
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(BenchClient.self) var client
        var sum = client.fetch(0)  // computes or finds the default; warms the thread's memo
        start()
        for i in 0..<iterations { sum &+= client.fetch(i) }
        blackHole(sum)
      }
    }
    let classic = measureThreads(settings, threads: threads) { _, iterations, start in
      Classic.withDependencies {
        $0.context = .live
      } operation: {
        @Classic.Dependency(\.benchClient) var client
        var sum = client.fetch(0)
        start()
        for i in 0..<iterations { sum &+= client.fetch(i) }
        blackHole(sum)
      }
    }
    report.add(
      throughputRow(
        group, "\(threads) thread\(threads == 1 ? "" : "s")", parameter: threads,
        unit: "reads/s", ours, classic))

    let oursShared = measureThreads(settings, threads: threads) { _, iterations, start in
      withDependencies {
        $0.context = .live
      } operation: {
        var sum = oursService.client.fetch(0)
        start()
        for i in 0..<iterations { sum &+= oursService.client.fetch(i) }
        blackHole(sum)
      }
    }
    let classicShared = measureThreads(settings, threads: threads) { _, iterations, start in
      Classic.withDependencies {
        $0.context = .live
      } operation: {
        var sum = classicService.client.fetch(0)
        start()
        for i in 0..<iterations { sum &+= classicService.client.fetch(i) }
        blackHole(sum)
      }
    }
    report.add(
      throughputRow(
        group, "\(threads) thread\(threads == 1 ? "" : "s"), one shared model",
        parameter: threads, unit: "reads/s", oursShared, classicShared))
  }

  // A task group of more child tasks than the cooperative pool has threads (one per core).
  let cores = ProcessInfo.processInfo.activeProcessorCount
  let tasks = 4 * cores
  let chunk = 1_000
  let ours = measureAsync(settings, operationsPerRound: tasks * chunk) { rounds in
    await withDependencies {
      $0.context = .live
    } operation: {
      await withTaskGroup(of: Int.self) { group in
        for _ in 0..<tasks {
          group.addTask {
            @Dependency(BenchClient.self) var client
            var sum = 0
            for i in 0..<rounds * chunk { sum &+= client.fetch(i) }
            return sum
          }
        }
        blackHole(await group.reduce(0, &+))
      }
    }
  }
  let classic = measureAsync(settings, operationsPerRound: tasks * chunk) { rounds in
    await Classic.withDependencies {
      $0.context = .live
    } operation: {
      await withTaskGroup(of: Int.self) { group in
        for _ in 0..<tasks {
          group.addTask {
            @Classic.Dependency(\.benchClient) var client
            var sum = 0
            for i in 0..<rounds * chunk { sum &+= client.fetch(i) }
            return sum
          }
        }
        blackHole(await group.reduce(0, &+))
      }
    }
  }
  report.add(
    throughputRow(
      group, "task group, \(tasks) tasks on \(cores) pool threads", parameter: cores,
      unit: "reads/s", ours, classic))
}
