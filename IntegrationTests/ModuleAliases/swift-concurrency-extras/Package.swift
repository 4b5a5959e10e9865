// swift-tools-version: 6.0
// Stands in for the classic satellite package swift-concurrency-extras in a package graph, as
// another dependency of a user's package brings it in: modules with its modules' names, each of
// which this library also has. The directory's name is the package's identity, as the last
// component of the classic URL is.
import PackageDescription

let package = Package(
  name: "swift-concurrency-extras",
  products: [
    .library(name: "ConcurrencyExtras", targets: ["ConcurrencyExtras"]),
    .library(name: "ConcurrencyExtrasTestSupport", targets: ["ConcurrencyExtrasTestSupport"]),
  ],
  targets: [
    .target(name: "ConcurrencyExtras"),
    .target(name: "ConcurrencyExtrasTestSupport"),
  ]
)
