// swift-tools-version: 6.0
// Runs `swift package switch-from-classic` end to end, on a copy of Fixture/ in a temporary
// directory: an application whose manifest lists this library and the classic satellite packages
// (stand-ins with their names), which SwiftPM refuses; the plugin prints, then writes, the edit;
// the application then builds and runs against this library. HardManifestTests: manifests the
// tool once wrote broken (a one-line list, a satellite in a variable, a URL in another case, a
// `#if`-guarded append, Windows line endings), each edit checked with dump-package inside the
// plugin; a `Package@swift-5.9.swift` left alone; an expression it cannot edit refused at its line.
import PackageDescription

let package = Package(
  name: "SwitchFromClassic",
  targets: [
    .testTarget(name: "SwitchFromClassicTests")
  ]
)
