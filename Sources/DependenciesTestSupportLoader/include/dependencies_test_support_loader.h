/*
 * dependencies_test_support_loader.h — runs DependenciesTestSupport's set-up when a test binary that
 * links it is loaded (see loader.c). Nothing to call: the header exists so the target has a module.
 */
#ifndef DEPENDENCIES_TEST_SUPPORT_LOADER_H
#define DEPENDENCIES_TEST_SUPPORT_LOADER_H
#endif
