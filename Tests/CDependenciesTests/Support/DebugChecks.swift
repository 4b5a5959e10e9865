import CDependencies
import Testing

/// Whether this build of the C core has its debug checks: the trie invariant checker
/// (`dck_trie_check_invariants`), the dump, and the live counters (`dck_debug_live_*`,
/// `dck_debug_fold_races`). They exist in debug builds (`DCK_DEBUG`) and are compiled away in
/// release builds, where the checker answers `DCK_TRIE_CHECK_UNAVAILABLE` and the counters -1.
let debugChecksAvailable =
  dck_trie_check_invariants(dck_trie_empty()) != DCK_TRIE_CHECK_UNAVAILABLE

extension Trait where Self == ConditionTrait {
  /// Runs a test only where the C core's debug checks exist (debug builds), so that a release run
  /// reports it skipped, with the reason, rather than passed without checking anything.
  static var needsDebugChecks: Self {
    .enabled(
      if: debugChecksAvailable,
      "the C core's invariant checker and live counters exist in debug builds only")
  }
}
