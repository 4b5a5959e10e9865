import Foundation
import Testing

/// Conversations recorded between swiftc 6.3.1 and the plugin (`Recorded/*.json`: the source the
/// compiler was type-checking, each message it sent, and the plugin's replies), replayed against
/// the built executable.
@Suite struct RecordedConversationTests {
  struct Conversation {
    var source: String
    var requests: [Any]
    var replies: [Any]
  }

  private func load(_ name: String) throws -> Conversation {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Recorded/\(name).json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    return Conversation(
      source: try #require(object["source"] as? String),
      requests: try #require(object["requests"] as? [Any]),
      replies: try #require(object["replies"] as? [Any]))
  }

  /// Replays a conversation; returns the replies, as JSON objects.
  private func replay(_ conversation: Conversation) throws -> [NSDictionary] {
    let messages = try conversation.requests.map { try JSONSerialization.data(withJSONObject: $0) }
    let result = try PluginExecutable.run(input: PluginExecutable.framed(messages))
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stderr.isEmpty)
    return try PluginExecutable.unframed(result.stdout).map {
      try #require(try JSONSerialization.jsonObject(with: $0) as? NSDictionary)
    }
  }

  @Test("A client and an entry: every reply as recorded")
  func numberClient() throws {
    let conversation = try load("NumberClient")
    let replies = try replay(conversation)
    #expect(replies.count == conversation.requests.count)
    for (index, (reply, recorded)) in zip(replies, conversation.replies).enumerated() {
      #expect(reply == (recorded as? NSDictionary), "reply \(index)")
    }
    // Among them: the memberwise initializer, the method with the closure's label, the accessors.
    let sources = replies.compactMap {
      ($0["expandMacroResult"] as? NSDictionary)?["expandedSource"] as? String
    }
    #expect(sources.contains { $0.hasPrefix("init(\n  fact: @Sendable @escaping (_ number: Int)") })
    #expect(sources.contains { $0.hasPrefix("func fact(number p0: Int) async throws -> String {") })
    #expect(sources.contains { $0.contains("get {\n      _isPrime\n    }") })
    #expect(sources.contains { $0.contains("private nonisolated enum __Key_numberClient") })
  }

  @Test("A missing default: the error, at the property, with its fix-it, as recorded")
  func missingDefault() throws {
    let conversation = try load("Counter")
    let replies = try replay(conversation)
    for (index, (reply, recorded)) in zip(replies, conversation.replies).enumerated() {
      #expect(reply == (recorded as? NSDictionary), "reply \(index)")
    }
    let diagnostics = replies.compactMap {
      ($0["expandMacroResult"] as? NSDictionary)?["diagnostics"] as? [NSDictionary]
    }.joined()
    let diagnostic = try #require(diagnostics.first)
    let offset = try #require((diagnostic["position"] as? NSDictionary)?["offset"] as? Int)
    // The offset is that of `count` in the recorded source.
    let source = Array(conversation.source.utf8)
    #expect(String(decoding: source[offset..<offset + 5], as: UTF8.self) == "count")
    #expect(
      (diagnostic["message"] as? String)?.hasPrefix(
        "Default value required for non-throwing closure 'count'") == true)
  }

  @Test(
    "'#if' around a member's attributes: the member sent from the '#if', an error from both roles")
  func conditionalAttributes() throws {
    let conversation = try load("ConditionalAttributes")
    let replies = try replay(conversation)
    #expect(replies.count == conversation.requests.count)
    for (index, (reply, recorded)) in zip(replies, conversation.replies).enumerated() {
      #expect(reply == (recorded as? NSDictionary), "reply \(index)")
    }
    // swiftc sends the member with the '#if' that holds its attributes (SE-0367).
    let memberAttribute = try #require(
      conversation.requests.compactMap {
        (($0 as? NSDictionary)?["expandAttachedMacro"] as? NSDictionary)
      }.first { $0["macroRole"] as? String == "memberAttribute" })
    let member = try #require(
      (memberAttribute["declSyntax"] as? NSDictionary)?["source"] as? String)
    #expect(member.hasPrefix("\n  #if hasAttribute(preconcurrency)\n  @preconcurrency\n  #endif"))
    // Both expansions fail with the error at the '#if'.
    let results = replies.compactMap { $0["expandMacroResult"] as? NSDictionary }
    #expect(results.count == 2)
    let source = Array(conversation.source.utf8)
    for result in results {
      #expect(result["expandedSource"] == nil)
      let diagnostic = try #require((result["diagnostics"] as? [NSDictionary])?.first)
      let offset = try #require((diagnostic["position"] as? NSDictionary)?["offset"] as? Int)
      #expect(String(decoding: source[offset..<offset + 3], as: UTF8.self) == "#if")
      #expect(
        (diagnostic["message"] as? String)?.hasPrefix(
          "'@DependencyClient' cannot read '#if' around the attributes of 'fetch'") == true)
    }
  }
}
