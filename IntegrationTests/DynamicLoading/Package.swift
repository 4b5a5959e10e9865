// swift-tools-version: 6.0
// A plug-in: a `.dynamic` library product that uses Dependencies, for scripts/check-dlopen.py to
// load with dlopen from a host program that does not link it (Host/host.c). A shared object that
// contains the C core must load that way: its initial-exec thread-local storage must fit the small
// surplus of the static TLS block that glibc keeps for dlopen (see CSupport/src/dck_thread.h).
import PackageDescription

let package = Package(
  name: "DynamicLoading",
  products: [
    .library(name: "DependencyPlugin", type: .dynamic, targets: ["DependencyPlugin"])
  ],
  dependencies: [
    .package(name: "swift-dependencies", path: "../..")
  ],
  targets: [
    .target(
      name: "DependencyPlugin",
      dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]
    )
  ]
)
