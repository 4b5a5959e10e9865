// swift-tools-version: 6.1
// A classic user's application with this library's URL put in (here, the path of a link to this
// repository), and the classic satellite packages still listed. It turns classic's traits off
// (all four are on by default), so the build checks that Dependencies builds without them.
import PackageDescription

let package = Package(
  name: "App",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(path: "../swift-dependencies", traits: []),
    .package(path: "../xctest-dynamic-overlay"),  // issue reporting
    .package(path: "../swift-clocks"),
  ],
  targets: [
    .executableTarget(
      name: "App",
      dependencies: [
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "XCTestDynamicOverlay", package: "xctest-dynamic-overlay"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    )
  ]
)
