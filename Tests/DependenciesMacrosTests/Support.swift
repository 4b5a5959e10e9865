import Testing

/// Whether `issue` is the report of an unimplemented endpoint, `Unimplemented: 'Client.name'`.
func isUnimplemented(_ issue: Issue, _ endpoint: String) -> Bool {
  issue.comments.contains { $0.rawValue == "Unimplemented: '\(endpoint)'" }
}
