// swift-tools-version: 6.0
// Runs `swift package switch-from-classic` end to end, on a copy of Fixture/ in a temporary
// directory: an application whose manifest lists this library and the classic satellite packages
// (stand-ins with their names), which SwiftPM refuses; the plugin prints, then writes, the edit;
// the application then builds and runs against this library.
import PackageDescription

let package = Package(
  name: "SwitchFromClassic",
  targets: [
    .testTarget(name: "SwitchFromClassicTests")
  ]
)
