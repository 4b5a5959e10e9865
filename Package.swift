// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

// Concurrency Kit (`libck`) is the only thing this package needs beyond the toolchain.
//
// On Linux (Debian/Ubuntu `libck-dev`) its headers and library live on the default search paths, so the
// system-library target needs no pkg-config lookup. That matters: Debian's `ck.pc` carries
// `Cflags: -D__x86_64__`, a flag SwiftPM prohibits and warns about on every build. On macOS, Homebrew's
// `concurrencykit` installs under its own prefix, so there we ask pkg-config for the paths.
#if os(Linux)
  let concurrencyKitPkgConfig: String? = nil
#else
  let concurrencyKitPkgConfig: String? = "ck"
#endif

// Platforms: only those where Concurrency Kit can be installed. Linux (apt's `libck-dev`) needs no
// entry here. Of Apple's platforms only macOS has a provider (Homebrew's `concurrencykit`); nothing
// ships libck for iOS, tvOS or watchOS, so they are not declared. (`platforms` only sets minimum
// versions, it cannot forbid a platform.) macOS 13 is the first with the `Clock` protocol.
let package = Package(
  name: "swift-dependencies",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "Dependencies", targets: ["Dependencies"]),
    // The classic package graph's satellite libraries, with their classic module names. Dependencies
    // re-exports all three, so `import Dependencies` alone gives everything.
    .library(name: "IssueReporting", targets: ["IssueReporting"]),
    .library(name: "ConcurrencyExtras", targets: ["ConcurrencyExtras"]),
    .library(name: "Clocks", targets: ["Clocks"]),
    .library(name: "DependenciesMacros", targets: ["DependenciesMacros"]),
    .library(name: "DependenciesTestSupport", targets: ["DependenciesTestSupport"]),
    .library(name: "Dependencies Test Support", targets: ["Dependencies_Test_Support"]),
    // The rest of the classic graph's products, so that a manifest written for it resolves with
    // only its package URLs changed: the module XCTestDynamicOverlay (IssueReporting's classic
    // name, plus XCTFail and the other deprecated names; Dependencies re-exports it), and the
    // test-support products IssueReportingTestSupport, ConcurrencyExtrasTestSupport and
    // DependenciesTestObserver. (Classic declares IssueReportingTestSupport and, on Linux,
    // DependenciesTestObserver as dynamic libraries, for its Dependencies and IssueReporting to
    // find at run time with dlopen; this package's modules look nothing up that way, and a dynamic
    // library would carry a second copy of Dependencies into a test that also links it statically.
    // What the classic IssueReporting looks up is in ClassicIssueReportingTestSupport, below.)
    .library(name: "XCTestDynamicOverlay", targets: ["XCTestDynamicOverlay"]),
    .library(name: "IssueReportingTestSupport", targets: ["IssueReportingTestSupport"]),
    .library(name: "ConcurrencyExtrasTestSupport", targets: ["ConcurrencyExtrasTestSupport"]),
    .library(name: "DependenciesTestObserver", targets: ["DependenciesTestObserver"]),
    // For graphs that still hold the classic IssueReporting (xctest-dynamic-overlay, which
    // swift-custom-dump and swift-sharing bring): the functions it looks up with dlsym to reach
    // Swift Testing, under the names it looks up. Dynamic, as classic's IssueReportingTestSupport
    // is, because a test binary exports none of its own symbols to dlsym; and named apart from it,
    // since two dynamic products named IssueReportingTestSupport in one graph would be built to
    // the same file. It carries its own copy of IssueReporting, which it records through.
    .library(
      name: "ClassicIssueReportingTestSupport", type: .dynamic,
      targets: ["ClassicIssueReportingTestSupport"]),
    // `swift package switch-from-classic`: the manifest edit for projects that list the classic
    // satellite packages (see the plugin, and MigratingFromClassic).
    .plugin(name: "SwitchFromClassic", targets: ["SwitchFromClassic"]),
  ],
  // The classic package's traits, with its names and defaults (all on), so that a manifest that
  // names them resolves. Each one gates what it gates in the classic package:
  //   Clocks                the Clocks module and `\.clock`, `\.continuousClock`, `\.suspendingClock`
  //   Foundation            `\.calendar`, `\.date`, `\.locale`, `\.preferredLocales`,
  //                         `\.notificationCenter`, `\.timeZone`, `\.uuid`
  //   FoundationNetworking  `\.urlSession`
  //   CombineSchedulers     nothing: `\.mainQueue` and `\.mainRunLoop` need Combine (or
  //                         OpenCombine), which this package does not depend on
  // The default is one trait, ClassicDefaultTraits, that stands for all four: the code gates each
  // on `#if Clocks || ClassicDefaultTraits` (and so on). SwiftPM passes each enabled trait to the
  // compiler as a define, in the order of a Set that changes with each process's hash seed: four
  // defaults would make each `swift build` or `swift test` write the modules' commands in another
  // order, and so recompile everything the one before built. One define has one order. A manifest
  // that names traits (`traits: ["Clocks"]`, or none with `traits: []`) gets exactly those, as
  // with classic (two or more named bring the changing order back, for that graph only).
  traits: [
    .trait(name: "Clocks", description: "The Clocks module and the clock dependencies."),
    .trait(
      name: "CombineSchedulers",
      description: "Accepted for the classic package's manifests; enables nothing here."),
    .trait(
      name: "Foundation",
      description: "The Foundation-backed dependencies: date, uuid, calendar, locale, …"),
    .trait(name: "FoundationNetworking", description: "The urlSession dependency."),
    .trait(
      name: "ClassicDefaultTraits",
      description: """
        The classic package's default traits, as one: what Clocks, CombineSchedulers, Foundation \
        and FoundationNetworking enable.
        """),
    .default(enabledTraits: ["ClassicDefaultTraits"]),
  ],
  targets: [
    .systemLibrary(
      name: "CConcurrencyKit",
      pkgConfig: concurrencyKitPkgConfig,
      providers: [.apt(["libck-dev"]), .brew(["concurrencykit"])]
    ),
    .target(
      name: "CDependencies",
      dependencies: ["CConcurrencyKit"],
      path: "CSupport",
      cSettings: [
        // Live node/value counters and the invariant checker exist in debug builds only.
        .define("DCK_DEBUG", .when(configuration: .debug))
      ],
      // The module map's `link "ck"` only autolinks for Swift code that imports CConcurrencyKit, and
      // nothing does: the C sources include <ck_*.h> directly. The cache calls into libck (ck_hs,
      // ck_epoch), so link it explicitly. dck_image_pin.c calls dladdr1 and dlopen, which glibc
      // before 2.34 keeps in libdl (since then libdl is an empty stub).
      linkerSettings: [.linkedLibrary("ck"), .linkedLibrary("dl", .when(platforms: [.linux]))]
    ),
    // Reporting issues: in a test, to the running test (found at run time, without linking a test
    // framework); otherwise to standard error or custom reporters.
    .target(name: "IssueReporting"),
    // Concurrency helpers: LockIsolated, ActorIsolated, UncheckedSendable, megaYield, streams.
    .target(name: "ConcurrencyExtras"),
    // Controllable clocks for tests: TestClock, ImmediateClock, UnimplementedClock, AnyClock.
    .target(name: "Clocks", dependencies: ["IssueReporting", "ConcurrencyExtras"]),
    // XCTestDynamicOverlay: the classic name of IssueReporting (which it re-exports), with the
    // classic module's deprecated names: XCTFail, _XCTIsTesting, XCTUnimplemented, and the
    // `unimplemented` forms without a placeholder.
    .target(name: "XCTestDynamicOverlay", dependencies: ["IssueReporting"]),
    .target(
      name: "Dependencies",
      dependencies: [
        "CDependencies", "IssueReporting", "ConcurrencyExtras", "XCTestDynamicOverlay",
        .target(name: "Clocks", condition: .when(traits: ["Clocks", "ClassicDefaultTraits"])),
      ],
      // The note on what the folder of inlined code promises to client binaries.
      exclude: ["Inlined/README.md"]
    ),
    // The classic macros (`@DependencyClient`, `@DependencyEndpoint`, `@DependencyEntry`):
    // declarations in DependenciesMacros, expanded by DependenciesMacrosPlugin, an executable the
    // compiler runs and talks to over its plugin message protocol. It depends on nothing outside
    // this package (no swift-syntax): DependenciesMacrosPluginCore reads the declarations and
    // writes the expansions, and is unit-tested without the compiler.
    .target(
      name: "DependenciesMacros",
      dependencies: [
        "Dependencies", "IssueReporting", "XCTestDynamicOverlay", "DependenciesMacrosPlugin",
      ]
    ),
    .macro(
      name: "DependenciesMacrosPlugin",
      dependencies: ["DependenciesMacrosPluginCore"]
    ),
    .target(name: "DependenciesMacrosPluginCore", dependencies: ["SwiftSourceLexing"]),
    // The one Swift lexer of this package, with its keywords: the macros' declaration reader
    // and switch-from-classic's manifest edit both read Swift with it.
    .target(name: "SwiftSourceLexing"),
    .target(
      name: "DependenciesTestSupportLoader"
    ),
    .target(
      name: "DependenciesTestSupport",
      dependencies: ["Dependencies", "DependenciesTestSupportLoader"]
    ),
    .target(
      name: "Dependencies_Test_Support",
      dependencies: ["DependenciesTestSupport"]
    ),
    // Linking it gives what classic's gives on Linux: a fresh cache of default values for each
    // XCTest test method (through DependenciesTestSupport, which it links), and
    // `registerTestObserver(_:)`.
    .target(
      name: "DependenciesTestObserver",
      dependencies: ["DependenciesTestSupport", "IssueReporting"]
    ),
    // Nothing to link here: issues reach the running test without it (IssueReporting finds the
    // test framework at run time). The module exists so that manifests that list it resolve.
    .target(name: "IssueReportingTestSupport"),
    .target(name: "ClassicIssueReportingTestSupport", dependencies: ["IssueReporting"]),
    // The `.taskLocal($value, …)` test trait of the classic swift-concurrency-extras.
    .target(name: "ConcurrencyExtrasTestSupport"),
    // switch-from-classic: a command plugin, the tool it runs, and the edit (a library, so that
    // its tests can call it). It drops the classic satellite packages from a manifest and takes
    // their products from this package.
    .target(name: "ClassicManifestEditing", dependencies: ["SwiftSourceLexing"]),
    .executableTarget(name: "SwitchFromClassicTool", dependencies: ["ClassicManifestEditing"]),
    .plugin(
      name: "SwitchFromClassic",
      capability: .command(
        intent: .custom(
          verb: "switch-from-classic",
          description: """
            Prints (with --apply, writes) the edit of Package.swift that drops the classic \
            satellite packages and takes their products from swift-dependencies
            """)
      ),
      dependencies: ["SwitchFromClassicTool"]
    ),
    .testTarget(name: "ClassicManifestEditingTests", dependencies: ["ClassicManifestEditing"]),
    .testTarget(name: "SwiftSourceLexingTests", dependencies: ["SwiftSourceLexing"]),
    .testTarget(
      name: "CDependenciesTests",
      dependencies: ["CDependencies", "JoinedThread"]
    ),
    .testTarget(
      name: "DependenciesTests",
      // CDependencies: the soak and bad-input tests read the core's live counters.
      dependencies: [
        "Dependencies", "CDependencies", "IssueCollecting", "RetainCounting", "ChildTestRun",
        "JoinedThread",
      ]
    ),
    // Counts the Swift retains of a read, for the read-path test (test binary only, not a product):
    // it interposes swift_retain, see its source.
    .target(name: "RetainCounting", path: "Tests/Support/RetainCounting"),
    // The issue collector the test targets below share (not a product).
    .target(
      name: "IssueCollecting", dependencies: ["IssueReporting"],
      path: "Tests/Support/IssueCollecting"
    ),
    // Runs some of a test binary's own Swift Testing or XCTest tests as a run of their own in a
    // child process (not a product), for behaviour only a whole run shows.
    .target(name: "ChildTestRun", path: "Tests/Support/ChildTestRun"),
    // Runs a closure on a thread of its own and waits for the thread's exit (not a product).
    .target(name: "JoinedThread", path: "Tests/Support/JoinedThread"),
    .testTarget(
      name: "IssueReportingTests",
      dependencies: ["IssueReporting", "IssueCollecting", "ChildTestRun"]
    ),
    .testTarget(
      name: "XCTestDynamicOverlayTests", dependencies: ["XCTestDynamicOverlay", "IssueCollecting"]),
    .testTarget(name: "ConcurrencyExtrasTests", dependencies: ["ConcurrencyExtras"]),
    // The hooks called as the classic IssueReporting calls them: compiled as it is compiled.
    .testTarget(
      name: "ClassicIssueReportingTestSupportTests",
      dependencies: ["ClassicIssueReportingTestSupport"],
      swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
    ),
    .testTarget(name: "ClocksTests", dependencies: ["Clocks", "IssueCollecting"]),
    // The macros' reader, expansions and protocol handling, on source text and messages, without
    // the compiler.
    .testTarget(
      name: "DependenciesMacrosPluginCoreTests",
      dependencies: ["DependenciesMacrosPluginCore"]
    ),
    // The built plugin executable driven through its protocol: conversations recorded from the
    // compiler, and malformed ones. It depends on DependenciesMacros so that the executable is
    // built; the tests find it beside the test bundle (see PluginExecutable.swift).
    .testTarget(
      name: "DependenciesMacrosPluginTests",
      dependencies: ["DependenciesMacros"],
      exclude: ["Recorded"]
    ),
    // The macros expanded by the compiler, in code written as the classic documentation writes
    // it: clients and entries that must compile and behave.
    .testTarget(
      name: "DependenciesMacrosTests",
      dependencies: ["Dependencies", "DependenciesMacros", "DependenciesTestSupport"]
    ),
    .testTarget(
      name: "DependenciesTestSupportTests",
      dependencies: ["DependenciesTestSupport", "Dependencies_Test_Support", "ChildTestRun"]
    ),
    .target(
      name: "AllocationCounter",
      path: "Benchmarks/AllocationCounter"
    ),
    .target(
      name: "CallgrindSamples",
      path: "Benchmarks/CallgrindSamples"
    ),
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["Dependencies", "CDependencies", "AllocationCounter", "CallgrindSamples"],
      path: "Benchmarks/Suite"
    ),

    // Examples: `swift run DiceGame`, `swift run InvoiceNumbers`, `swift run RequestHandling`,
    // `swift run GracefulShutdown` (`make examples` runs all four). Each feature is a library, so
    // that ExamplesTests can test it; the executable is a thin `main.swift`.
    .target(
      name: "DiceGameCore",
      dependencies: ["Dependencies"],
      path: "Examples/DiceGame/DiceGameCore"
    ),
    .executableTarget(
      name: "DiceGame",
      dependencies: ["DiceGameCore"],
      path: "Examples/DiceGame/DiceGame"
    ),
    .target(
      name: "InvoiceNumbersCore",
      dependencies: ["Dependencies"],
      path: "Examples/InvoiceNumbers/InvoiceNumbersCore"
    ),
    .executableTarget(
      name: "InvoiceNumbers",
      dependencies: ["InvoiceNumbersCore"],
      path: "Examples/InvoiceNumbers/InvoiceNumbers"
    ),
    .target(
      name: "RequestHandlingCore",
      dependencies: ["Dependencies"],
      path: "Examples/RequestHandling/RequestHandlingCore"
    ),
    .executableTarget(
      name: "RequestHandling",
      dependencies: ["RequestHandlingCore"],
      path: "Examples/RequestHandling/RequestHandling"
    ),
    .target(
      name: "GracefulShutdownCore",
      dependencies: ["Dependencies"],
      path: "Examples/GracefulShutdown/GracefulShutdownCore"
    ),
    .executableTarget(
      name: "GracefulShutdown",
      dependencies: ["GracefulShutdownCore"],
      path: "Examples/GracefulShutdown/GracefulShutdown"
    ),
    .testTarget(
      name: "ExamplesTests",
      dependencies: [
        "DiceGameCore", "InvoiceNumbersCore", "RequestHandlingCore", "GracefulShutdownCore",
        // Built so that GracefulShutdownTests can start it as a child process and signal it.
        "GracefulShutdown", "DependenciesTestSupport",
      ]
    ),
  ],
  cLanguageStandard: .c11
)
