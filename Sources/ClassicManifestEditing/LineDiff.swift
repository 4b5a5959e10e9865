/// A unified diff of two texts, line by line, to show an edit before it is made. Lines end at
/// `\n`, `\r\n` or `\r`; the diff shows them without their line breaks.
///
/// ```swift
/// LineDiff.unified(old: "a\nb\nc\n", new: "a\nc\n", name: "Package.swift")
/// // --- Package.swift
/// // +++ Package.swift (switched)
/// // @@ -1,3 +1,2 @@
/// //  a
/// // -b
/// //  c
/// ```
public enum LineDiff {
  /// The diff of `old` and `new` with `context` lines around each change; empty when they are
  /// the same.
  public static func unified(old: String, new: String, name: String, context: Int = 2) -> String {
    let a = lines(old)
    let b = lines(new)
    let steps = steps(a, b)
    let changed = steps.indices.filter {
      if case .same = steps[$0] { return false }
      return true
    }
    guard !changed.isEmpty else { return "" }
    // Group changes whose context overlaps into hunks.
    var hunks: [ClosedRange<Int>] = []
    for index in changed {
      let range = max(0, index - context)...min(steps.count - 1, index + context)
      if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
        hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        hunks.append(range)
      }
    }
    // Where each step is, in lines of the old and new text, before it is taken.
    var positions: [(old: Int, new: Int)] = []
    var position = (old: 0, new: 0)
    for step in steps {
      positions.append(position)
      switch step {
      case .same: position = (position.old + 1, position.new + 1)
      case .removed: position.old += 1
      case .added: position.new += 1
      }
    }
    var output = "--- \(name)\n+++ \(name) (switched)\n"
    for hunk in hunks {
      var oldCount = 0
      var newCount = 0
      var body = ""
      for index in hunk {
        switch steps[index] {
        case .same(let i, _):
          oldCount += 1
          newCount += 1
          body += " \(a[i])\n"
        case .removed(let i):
          oldCount += 1
          body += "-\(a[i])\n"
        case .added(let j):
          newCount += 1
          body += "+\(b[j])\n"
        }
      }
      // A side with no lines in the hunk is numbered by the line before it, as diff does.
      let start = positions[hunk.lowerBound]
      let oldStart = oldCount == 0 ? start.old : start.old + 1
      let newStart = newCount == 0 ? start.new : start.new + 1
      output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
      output += body
    }
    return output
  }

  /// For each line of `new` (1-based, in order), the line of `old` it is: the same line, the
  /// line it replaces (a changed line), or the line before which it was added.
  public static func oldLines(old: String, new: String) -> [Int] {
    var result: [Int] = []
    var oldLine = 1
    var replaced: [Int] = []
    for step in steps(lines(old), lines(new)) {
      switch step {
      case .same:
        result.append(oldLine)
        oldLine += 1
        replaced = []
      case .removed:
        replaced.append(oldLine)
        oldLine += 1
      case .added:
        result.append(replaced.isEmpty ? oldLine : replaced.removeFirst())
      }
    }
    return result
  }

  private enum Step { case same(Int, Int), removed(Int), added(Int) }

  /// The steps from `a` to `b`: a longest common subsequence, by dynamic programming (manifests
  /// are short).
  private static func steps(_ a: [Substring], _ b: [Substring]) -> [Step] {
    var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i][j] =
          a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var steps: [Step] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        steps.append(.same(i, j))
        i += 1
        j += 1
      } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
        // Removals first, as diff prints them.
        steps.append(.removed(i))
        i += 1
      } else {
        steps.append(.added(j))
        j += 1
      }
    }
    return steps
  }

  /// The lines of `text`, without their line breaks (`\n`, `\r\n`, `\r`: by Unicode scalars,
  /// as `\r\n` is one `Character`).
  private static func lines(_ text: String) -> [Substring] {
    let scalars = text.unicodeScalars
    var result: [Substring] = []
    var lineStart = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      guard scalar == "\n" || scalar == "\r" else {
        index = scalars.index(after: index)
        continue
      }
      result.append(Substring(scalars[lineStart..<index]))
      index = scalars.index(after: index)
      if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" {
        index = scalars.index(after: index)
      }
      lineStart = index
    }
    if lineStart < scalars.endIndex { result.append(Substring(scalars[lineStart...])) }
    return result
  }
}
