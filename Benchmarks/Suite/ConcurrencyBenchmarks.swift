import Dependencies
import Foundation

/// One model created at the root whose `@Dependency` property (a cached default) every thread, or
/// every child task of a task group, reads at once: total reads per second and the time per read
/// overall, ours beside the classic baseline (whose default-value cache takes a lock on every
/// read). The threads and tasks run outside any scope, in the live context.
func runConcurrencyBenchmarks(_ settings: BenchmarkSettings, _ report: Report) {
  let group = "Concurrent reads of one shared model (cached default, model created at the root)"
  let ours = OursModel()
  let classic = ClassicModel()
  _ = (ours.client, ours.clientByType, classic.client, classic.clientByType)

  for byType in [false, true] {
    let suffix = byType ? ", @Dependency(Key.self)" : ""
    // The rates of one and of two threads (tasks), for the scaling rows.
    var threadRates: [Int: (ours: Throughput, baseline: Throughput)] = [:]
    var taskRates: [Int: (ours: Throughput, baseline: Throughput)] = [:]
    for threads in [1, 2, 4, 8] {
      let oursRate = measureThreads(settings, threads: threads) { _, iterations, start in
        var sum = 0
        start()
        if byType {
          for i in 0..<iterations { sum &+= ours.clientByType.fetch(i) }
        } else {
          for i in 0..<iterations { sum &+= ours.client.fetch(i) }
        }
        blackHole(sum)
      }
      let classicRate = measureThreads(settings, threads: threads) { _, iterations, start in
        var sum = 0
        start()
        if byType {
          for i in 0..<iterations { sum &+= classic.clientByType.fetch(i) }
        } else {
          for i in 0..<iterations { sum &+= classic.client.fetch(i) }
        }
        blackHole(sum)
      }
      threadRates[threads] = (oursRate, classicRate)
      report.add(
        throughputRow(
          group, "\(threads) thread\(threads == 1 ? "" : "s")\(suffix)", parameter: threads,
          unit: "reads/s", oursRate, classicRate))
    }
    report.add(scalingRow(group, "scaling 2 / 1 threads\(suffix)", threadRates))

    // Child tasks of a task group in a detached task (so outside any scope). With more tasks than
    // the cooperative pool has threads (one per core), the tasks take turns.
    let chunk = 1_000
    for tasks in [1, 2, 4, 8] {
      let oursRate = measureAsync(settings, operationsPerRound: tasks * chunk) { rounds in
        await withTaskGroup(of: Int.self) { taskGroup in
          for _ in 0..<tasks {
            taskGroup.addTask {
              var sum = 0
              if byType {
                for i in 0..<rounds * chunk { sum &+= ours.clientByType.fetch(i) }
              } else {
                for i in 0..<rounds * chunk { sum &+= ours.client.fetch(i) }
              }
              return sum
            }
          }
          blackHole(await taskGroup.reduce(0, &+))
        }
      }
      let classicRate = measureAsync(settings, operationsPerRound: tasks * chunk) { rounds in
        await withTaskGroup(of: Int.self) { taskGroup in
          for _ in 0..<tasks {
            taskGroup.addTask {
              var sum = 0
              if byType {
                for i in 0..<rounds * chunk { sum &+= classic.clientByType.fetch(i) }
              } else {
                for i in 0..<rounds * chunk { sum &+= classic.client.fetch(i) }
              }
              return sum
            }
          }
          blackHole(await taskGroup.reduce(0, &+))
        }
      }
      taskRates[tasks] = (oursRate, classicRate)
      report.add(
        throughputRow(
          group, "task group of \(tasks) task\(tasks == 1 ? "" : "s")\(suffix)", parameter: tasks,
          unit: "reads/s", oursRate, classicRate))
    }
    report.add(scalingRow(group, "scaling task group 2 / 1 tasks\(suffix)", taskRates))
  }
}

/// How many times the rate of one thread (task) two of them reach: the medians' ratio, ours and the
/// baseline's.
func scalingRow(
  _ group: String, _ name: String, _ rates: [Int: (ours: Throughput, baseline: Throughput)]
) -> ResultRow {
  let (one, two) = (rates[1]!, rates[2]!)
  return ResultRow(
    group: group, name: name, parameter: 2, unit: "x", ours: two.ours.median / one.ours.median,
    baseline: two.baseline.median / one.baseline.median)
}
