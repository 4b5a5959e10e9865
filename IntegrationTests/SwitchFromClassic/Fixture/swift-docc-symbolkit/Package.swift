// swift-tools-version: 6.0
// Stands in for swift-docc-symbolkit, which swift-docc-plugin's tool uses.
import PackageDescription

let package = Package(
  name: "swift-docc-symbolkit",
  products: [.library(name: "SymbolKit", targets: ["SymbolKit"])],
  targets: [.target(name: "SymbolKit")]
)
