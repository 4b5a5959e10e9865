/*
 * loader.c — runs DependenciesTestSupport's set-up when the test binary is loaded.
 *
 * Classic users expect every XCTest test method to start with fresh cached dependency values with no
 * base class, and every failure the library reports to fail the running test with no trait. Both
 * need code to run before the first test: an XCTest observer to register, an issue reporter to
 * install. SwiftPM links the object files of a package's targets straight into the test binary, also
 * when this package is a dependency rather than the root package, so a constructor here runs at load
 * time wherever DependenciesTestSupport is linked (no dynamic library to find and load, which SwiftPM
 * does not build for a dependency on Linux).
 *
 * The constructor calls into Swift (DependenciesTestSupport/TestSupportLoading.swift). The Swift
 * runtime initialises itself lazily on first use, so this is safe before main.
 */
#include "dependencies_test_support_loader.h"

extern void swift_dependencies_test_support_did_load(void);

__attribute__((constructor)) static void dependencies_test_support_load(void) {
  swift_dependencies_test_support_did_load();
}
