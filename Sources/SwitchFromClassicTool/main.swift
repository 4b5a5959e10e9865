// The tool behind `swift package switch-from-classic` (Plugins/SwitchFromClassic): prints, or with
// --apply writes, the edit that lets a manifest written for the classic library resolve with this
// package (ClassicManifestEditing.ManifestSwitch), then what other packages of the graph still
// bring in of the classic library and what is left to do about it (GraphReport.swift).
//
// Usage: SwitchFromClassicTool [--package-dir DIR] [--identity NAME] [--swift PATH] [--apply]
// (the package in the current directory unless --package-dir names one); --help prints the
// options and the exit statuses, and exits with 0. It can run without the
// plugin, from this package's checkout, and then exits with the status itself:
//
//     swift run --package-path .build/checkouts/swift-dependencies SwitchFromClassicTool --apply
//
// Exit status (ClassicManifestEditing.SwitchStatus, which the last line names): 0 written, and
// nothing is left; 1 refused, nothing written (each thing to change by hand is printed with its
// file:line); 2 bad arguments; 3 written (or nothing to write), with steps left that the output
// lists; 4 nothing to do; 5 without --apply, an edit to write (shown).
//
// Every edit is checked before it is shown or written (ClassicManifestEditing.ManifestCheck):
// with `swift package dump-package` (the `swift` of --swift, else of PATH) on a copy of the
// original and of the edited manifest in a temporary directory, or, where that cannot run, by
// reading the edited text again; the output says which. An edit that fails its check is not
// written.

import ClassicManifestEditing
import Foundation

/// Switches the manifests of the package `options` names, and reports on its graph.
func run(_ options: Options) -> SwitchStatus {
  let directory = options.packageDirectory.standardizedFileURL
  let found = manifests(in: directory)
  guard !found.isEmpty else {
    print("switch-from-classic: no Package.swift in \(directory.path)")
    return .refused
  }
  var refused = false
  var edits: [(ManifestFile, String)] = []
  var rootManifest: (text: String, name: String)?
  for manifest in found {
    let name = manifest.lastPathComponent
    let file: ManifestFile
    do {
      file = try ManifestFile(url: manifest)
    } catch {
      print("switch-from-classic: \(name): could not read it: \(error)")
      return .refused
    }
    let text = file.text
    let outcome = switchManifest(
      name: name, text: text, packageName: directory.lastPathComponent, options: options)
    switch outcome {
    case .unchanged: break
    case .stopped: refused = true
    case .edited(let edited): edits.append((file, edited))
    }
    if name == "Package.swift" {
      if case .edited(let edited) = outcome {
        rootManifest = (edited, options.apply ? name : "\(name) (switched)")
      } else {
        rootManifest = (text, name)
      }
    }
  }
  // What other packages bring in, for the manifest as the switch leaves it: after a refusal,
  // that manifest is not known yet.
  var stepsLeft = false
  if refused {
    print(
      """
      switch-from-classic: what other packages of the graph bring in of the classic library is \
      listed once the manifest can be switched
      """)
  } else if let rootManifest {
    stepsLeft = reportGraph(
      directory: directory, manifest: rootManifest.text, name: rootManifest.name,
      options: options)
  }
  if !refused, options.apply {
    for (file, text) in edits {
      do {
        try file.write(text)
        print("switch-from-classic: wrote \(file.destination.path)")
      } catch {
        print(
          "switch-from-classic: could not write \(file.destination.path): \(error)"
            + sandboxNote(directory))
        return .refused
      }
    }
  }
  let status = SwitchStatus(
    refused: refused, edited: !edits.isEmpty, applied: options.apply, stepsLeft: stepsLeft)
  if status == .notWritten, !sandboxNote(directory).isEmpty {
    print("switch-from-classic: with --apply\(sandboxNote(directory))")
  }
  return status
}

/// On macOS, SwiftPM runs plugins in a sandbox that lets them write only where it is told to.
func sandboxNote(_ directory: URL) -> String {
  #if os(macOS)
    " (and --allow-writing-to-directory \(directory.path) before the command name)"
  #else
    ""
  #endif
}

if CommandLine.arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
  print(Options.help)
  exit(0)
}
guard let options = Options(Array(CommandLine.arguments.dropFirst())) else {
  print(Options.usage)
  print("switch-from-classic: \(SwitchStatus.usage.summary)")
  exit(SwitchStatus.usage.rawValue)
}
let status = run(options)
print("switch-from-classic: \(status.summary)")
exit(status.rawValue)
