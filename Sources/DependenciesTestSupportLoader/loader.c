/*
 * loader.c — runs DependenciesTestSupport's set-up when the test binary is loaded.
 *
 * Classic users expect every XCTest test method to start with fresh cached dependency values with no
 * base class. That needs code to run before the first test: an XCTest observer to register. SwiftPM
 * links the object files of a package's targets straight into the test binary, also when this
 * package is a dependency rather than the root package, so a constructor here runs at load time
 * wherever DependenciesTestSupport is linked (no dynamic library to find and load, which SwiftPM does
 * not build for a dependency on Linux).
 *
 * What that means for a binary that links DependenciesTestSupport:
 *   - Before main, this constructor runs Swift, Foundation and XCTest code: it registers an
 *     observer with XCTestObservationCenter.shared (DependenciesTestSupport/TestSupportLoading.swift).
 *     The Swift runtime initialises itself lazily on first use, so that is safe before main; but it
 *     happens in every binary that links the module, which should only ever be a test binary.
 *   - A link that takes the module from a static archive (.a) without --whole-archive or
 *     -force_load drops this object file, since nothing references it, and with it the constructor.
 *     The core notices at the first read in an XCTest run (Dependencies/TestIsolation/TestCaches.swift)
 *     and runs the set-up then, with a warning: isolation works from the next test method on. When the
 *     Swift entry point itself is missing too, the core's warning about a test target that does not
 *     link DependenciesTestSupport applies.
 */
#include "dependencies_test_support_loader.h"

extern void swift_dependencies_test_support_did_load(void);

__attribute__((constructor)) static void dependencies_test_support_load(void) {
  swift_dependencies_test_support_did_load();
}
