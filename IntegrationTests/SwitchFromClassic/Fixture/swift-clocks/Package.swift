// swift-tools-version: 6.0
// Stands in for the classic swift-clocks: its package name and module name.
import PackageDescription

let package = Package(
  name: "swift-clocks",
  products: [.library(name: "Clocks", targets: ["Clocks"])],
  targets: [.target(name: "Clocks")]
)
