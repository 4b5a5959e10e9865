// IssueReportingTestSupport: a module for manifests written for the classic package graph, which
// list it in their test targets.
//
// The classic IssueReporting needs it linked into a test to reach the test frameworks: it looks up
// the functions this module declares there at run time. This package's IssueReporting finds the
// running test (Swift Testing or XCTest) by itself, so there is nothing to declare here: linking it
// changes nothing, and leaving it out loses nothing.
