import Dependencies
import Foundation

/// One model created at the root whose `@Dependency` property (a cached default) every thread, or
/// every child task of a task group, reads at once: total reads per second and the time per read
/// overall (the classic library's default-value cache takes a lock on every read). The threads and
/// tasks run outside any scope, in the live context.
func runConcurrencyBenchmarks(_ settings: BenchmarkSettings, _ report: Report) {
  let group = "Concurrent reads of one shared model (cached default, model created at the root)"
  let model = Model()
  _ = (model.client, model.clientByType)

  for byType in [false, true] {
    let suffix = byType ? ", @Dependency(Key.self)" : ""
    // The rates of one and of two threads (tasks), for the scaling rows.
    var threadRates: [Int: Throughput] = [:]
    var taskRates: [Int: Throughput] = [:]
    for threads in [1, 2, 4, 8] {
      let rate = measureThreads(settings, threads: threads) { _, iterations, start in
        var sum = 0
        start()
        if byType {
          for i in 0..<iterations { sum &+= model.clientByType.fetch(i) }
        } else {
          for i in 0..<iterations { sum &+= model.client.fetch(i) }
        }
        blackHole(sum)
      }
      threadRates[threads] = rate
      report.add(
        throughputRow(
          group, "\(threads) thread\(threads == 1 ? "" : "s")\(suffix)", parameter: threads,
          unit: "reads/s", rate))
    }
    report.add(scalingRow(group, "scaling 2 / 1 threads\(suffix)", threadRates))

    // Child tasks of a task group in a detached task (so outside any scope). With more tasks than
    // the cooperative pool has threads (one per core), the tasks take turns.
    let chunk = 1_000
    for tasks in [1, 2, 4, 8] {
      let rate = measureAsync(settings, operationsPerRound: tasks * chunk) { rounds in
        await withTaskGroup(of: Int.self) { taskGroup in
          for _ in 0..<tasks {
            taskGroup.addTask {
              var sum = 0
              if byType {
                for i in 0..<rounds * chunk { sum &+= model.clientByType.fetch(i) }
              } else {
                for i in 0..<rounds * chunk { sum &+= model.client.fetch(i) }
              }
              return sum
            }
          }
          blackHole(await taskGroup.reduce(0, &+))
        }
      }
      taskRates[tasks] = rate
      report.add(
        throughputRow(
          group, "task group of \(tasks) task\(tasks == 1 ? "" : "s")\(suffix)", parameter: tasks,
          unit: "reads/s", rate))
    }
    report.add(scalingRow(group, "scaling task group 2 / 1 tasks\(suffix)", taskRates))
  }
}
