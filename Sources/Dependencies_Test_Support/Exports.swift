// The module behind the product "Dependencies Test Support": the same API as
// `DependenciesTestSupport`, under the name some projects import.
@_exported import DependenciesTestSupport
