// swift-tools-version: 6.0
// Stands in for the classic combine-schedulers, whose products this library does not provide:
// its package name and module name.
import PackageDescription

let package = Package(
  name: "combine-schedulers",
  products: [.library(name: "CombineSchedulers", targets: ["CombineSchedulers"])],
  targets: [.target(name: "CombineSchedulers")]
)
