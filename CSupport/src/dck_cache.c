/*
 * dck_cache.c — the live-value cache: default values keyed by (key identifier, context), read without
 * locks, computed exactly once per entry.
 *
 * ------------------------------------------------------------------------------------------ Layout --
 *
 * A cache is a Concurrency Kit `ck_hs` hash set in CK_HS_MODE_SPMC | CK_HS_MODE_OBJECT (one writer,
 * any number of concurrent readers) whose objects are pointers to entries:
 *
 *     entry = { key, context, value, owner, next_to_release }
 *
 * hashed and compared on (key, context). An entry is allocated for a (key, context) the first time
 * that pair is claimed or put (and again after a reset), each on its own cache line, and is never freed
 * while the cache lives; dck_cache_replace_computed allocates one more to hold the value it replaced.
 * Until the cache is retired or reset no entry is removed from the table: between those, the table
 * only grows.
 * No constraint is placed on the key or context values. (Packing `key | context` into one direct
 * ck_hs/ck_ht key would need aligned keys and small contexts, and the pending state and its owner
 * would still need a home; with entries, claiming, publishing and vacating an entry are plain stores
 * into it, never table mutations, so readers only ever race with inserts, and with the swap of the
 * slot array by a retirement or a reset.) An entry is in one of
 * three states:
 *
 *     published   value != NULL                  (owner == NULL)
 *     pending     value == NULL, owner != NULL    a thread is running `compute` for it
 *     vacant      value == NULL, owner == NULL    a computation returned NULL; the next caller claims it
 *
 * A published value is final, with one exception: dck_cache_replace_computed replaces a value that a
 * computation published (never one that was put) by a put value, once per entry (`put` is set then).
 * The replaced value is not released: it moves to an unlisted entry of its own (below), so that
 * every borrowed pointer to it stays valid until dck_cache_destroy.
 *
 * `count` is the number of published entries in the table. The writer state (mutex, condition
 * variable, count, retirement) lives on a different cache line from the `ck_hs_t` header that every
 * reader loads.
 *
 * -------------------------------------------------------------------------------- Unlisted entries --
 *
 * An entry is *unlisted* (`unlisted` set, under cache->lock) when it is taken out of the table (by a
 * retirement or a reset), or allocated to hold a value that dck_cache_replace_computed replaced. No
 * reader can find an unlisted entry; `count` leaves it out; it sits on the `retired_entries` list
 * (through `next_to_release`) until dck_cache_destroy releases its value. A computation that was
 * running when its entry was unlisted publishes into it as before: its caller gets the value, no
 * later reader does.
 *
 * dck_cache_reset unlists every entry of the table, as a retirement does (below), without retiring
 * the cache: later reads miss, and compute and cache values again. It also clears the context set
 * with dck_cache_set_context, which can then be set again. A thread that was waiting for a pending
 * entry that the reset unlisted looks the key up again when it wakes, finds nothing, and computes a
 * value of its own.
 *
 * -------------------------------------------------------------------------------------- Retirement --
 *
 * dck_cache_retire makes a cache serve nothing, for good, without freeing anything (readers may still
 * hold borrowed values): under cache->lock it sets `retired`, unlists every entry of the table (moves
 * it onto the `retired_entries` list), replaces the table's slot array by an empty one (ck_hs_reset:
 * the old array is retired through the epoch allocator, as a growth retires it), and gives the cache
 * a new id, so that no per-thread memo slot matches it any more. From then on:
 *   - dck_cache_get finds nothing (P6 below says why a reader ordered after the retirement cannot
 *     refill its memo with an old value);
 *   - dck_cache_get_or_compute returns RETIRED without computing when it finds no value, and a thread
 *     that was waiting for a pending entry returns RETIRED when it wakes;
 *   - dck_cache_put returns RETIRED;
 *   - a computation already running publishes into its entry as before (its caller gets COMPUTED and
 *     the value), but the entry is unlisted, so no reader finds it, and `count` is left alone;
 *   - the table stays empty: nothing inserts into a retired cache.
 * dck_cache_destroy releases the retired entries' values with the others.
 *
 * ------------------------------------------------------------------------------------------- Locks --
 *
 *   cache->lock          the single writer of the table, and the state of that cache's entries. Held
 *                        for table look-ups and inserts on the miss path, never while `compute` or a
 *                        release callback runs. Retain callbacks (dck_cache_put) do run under it.
 *   cache->settled       condition variable (with cache->lock): broadcast whenever a pending entry of
 *                        the cache settles (published or vacant).
 *   wait_graph_lock      process-wide; guards the wait-for graph, i.e. every entry's `owner` and every
 *                        thread's `waiting_on`. Always taken inside a cache lock (order: cache->lock,
 *                        then wait_graph_lock), never held while blocking. It is process-wide because
 *                        a computation for one cache may wait on an entry of another cache.
 *   writer record lock   (dck_epoch.c) guards the shared writer epoch record; taken inside
 *                        cache->lock by the table allocator and by dck_epoch_reclaim.
 *
 * `owner` is written with both cache->lock and wait_graph_lock held, so either lock suffices to read
 * it; `waiting_on` is written (by its own thread only) with wait_graph_lock held.
 *
 * ------------------------------------------------------------------------ Pending / wait protocol --
 *
 * dck_cache_get_or_compute first tries the lock-free dck_cache_get. On a miss it takes cache->lock and
 * looks again:
 *   - published: return FOUND.
 *   - absent: allocate an entry, pending and owned by this thread, insert it; go compute.
 *   - vacant: claim it (owner = this thread); go compute.
 *   - pending, owned by this thread: the computation needs itself: return CYCLE.
 *   - pending, owned by another thread: follow the wait-for chain
 *         entry -> owner -> owner's waiting_on -> its owner -> ...
 *     under wait_graph_lock. If it reaches this thread, waiting would deadlock: return CYCLE.
 *     Otherwise record waiting_on = entry, wait on cache->settled (releasing cache->lock), clear
 *     waiting_on, and look again from the top.
 * Compute runs with no lock held. Then, under cache->lock: a non-NULL result is published (COMPUTED),
 * a NULL result leaves the entry vacant (NOT_COMPUTED; a waiter will claim it and compute); the owner
 * is cleared and cache->settled broadcast.
 *
 * Why the chain check is complete and terminates: the wait-for graph (thread -> entry it waits on ->
 * thread that owns the entry) only gains edges in two ways. (1) A thread claims an entry: it is not
 * waiting at that moment (it has no outgoing edge), so no cycle can pass through it. (2) A thread starts
 * waiting: it checks, under the same lock that guards every edge, that the chain from the entry does not
 * come back to itself. So the graph stays acyclic, every chain ends (at an unowned entry or a thread
 * that is not waiting), and every would-be cycle is refused by the thread that would close it. An edge
 * from a waiter to an entry that settled and was claimed again is not stale: the waiter will wait for
 * the new owner when it wakes. A thread waits on one entry at a time (waiting blocks it), but may own
 * several (re-entrant computations).
 *
 * ------------------------------------------------------------------------------------------ Epochs --
 *
 * Readers run ck_hs_get inside an epoch read section (dck_epoch.h) on the thread's own record.
 * When an insert makes the table grow, ck_hs publishes the new slot array and frees the old one through
 * dck_epoch_allocator with defer == true, which queues it on the shared writer record; the writer calls
 * dck_epoch_reclaim after every insert (and destroy does too) to free what has passed a grace period.
 * Entries themselves need no epoch protection: they live until the cache is destroyed, and destroy's
 * caller guarantees that no reader remains. dck_cache_retire replaces the slot array the same way
 * (ck_hs_reset retires the old one with defer == true) and calls dck_epoch_reclaim too.
 *
 * ----------------------------------------------------------------------------- Memory ordering --
 *
 * Publish/read pairs:
 *   P1  entry into the table. The writer initialises the entry, issues a release (store) fence
 *       (publish_fence), then ck_hs_put stores the entry pointer into a slot (ck_pr_store_ptr). A reader
 *       loads the slot inside ck_hs_get (ck_pr_load_ptr) and reads the entry's fields through that
 *       pointer (address dependency, which ck_hs itself relies on), so it sees the initialised key,
 *       context and (for dck_cache_put) value.
 *   P2  value into a pending or vacant entry. The writer stores entry->value with
 *       dck_ptr_store_release after the value was produced (by compute, or retained for put); the
 *       reader loads it with dck_ptr_load_acquire, so it sees the value object's initialisation.
 *   P3  a grown slot array. ck_hs_grow fills the new array, fences, and stores hs->map; readers load
 *       hs->map in ck_hs_get. The old array is freed only after an epoch grace period (P4).
 *   P4  ck_epoch: a reader's section (begin: store active, full fence, load the global epoch; end:
 *       release fence, store active) is ordered against the writer's poll, which frees a retired array
 *       only when no section that could have loaded it is still active.
 *   P5  the miss path: every state change of an entry (claim, publish, vacate) and every wait happens
 *       under cache->lock, so waiters see the published value (and everything compute did) when they
 *       wake; count is modified only under cache->lock and read with a relaxed atomic load.
 *       `retired` and `retired_entries` are read and written only under cache->lock.
 *   P6  the id and retirement. dck_cache_get loads cache->id once, relaxed (a plain load: the memo
 *       check is the hottest read of the library), compares it with the memo slot, and on a miss
 *       stores that same loaded id into the slot it fills from the table. dck_cache_retire stores the
 *       empty slot array (in ck_hs_reset) and then the new id with dck_u64_store_release. Between
 *       its id load and its table look-up, a reader runs dck_epoch_read_begin, whose store-to-load
 *       serialisation is a full fence (ck_epoch_begin: `xchg` on x86-64, `dmb ish` elsewhere; read
 *       sections never nest here, so the fence is always taken). So a reader that loaded the new id
 *       sees the empty array and fills no slot, and a slot filled from the old array carries the
 *       old id, which no later check matches. A reader that loaded the old id before the retirement
 *       may still return an old value from its memo or the old array: that read is concurrent with
 *       the retirement, not after it. (TSan sees neither ck_hs nor the fence; the entries it does see
 *       are annotated as in P1, and the id is a C11 atomic there.) dck_cache_reset does the same.
 *   P7  a replaced value. dck_cache_replace_computed stores the new value into the entry with
 *       dck_ptr_store_release (P2) and then a new id with dck_u64_store_release, as P6: a reader that
 *       loaded the new id goes past its memo to the entry and sees the new value; one that loaded the
 *       old id may return the old value (still alive, see "Unlisted entries"), concurrently with the
 *       replacement, and fills no slot that a later check matches.
 *
 * ThreadSanitizer: ck_pr, ck_hs and ck_epoch are inline assembly or code in libck.so, which TSan does
 * not see. In TSan builds, P1 is annotated with __tsan_release(entry) before ck_hs_put and
 * __tsan_acquire(entry) in the comparison callback (the first access a reader makes to an entry it
 * found) and after finding a value; P2 is an ordinary C11 atomic in TSan builds (dck_atomic.h) and is
 * annotated on the entry as well; P4 is annotated in dck_epoch.h. The miss path uses pthread
 * locks, which TSan understands.
 *
 * --------------------------------------------------------------------------------------- Progress --
 *
 *   dck_cache_get             lock-free as dck.h promises, and in fact wait-free: ck_epoch_begin/end
 *                             are a few stores and a fence, and ck_hs_get's probe is bounded and only
 *                             retries when the writer moves or deletes a slot, which this cache never
 *                             does. Takes no lock, writes no shared cache line (only the thread's own
 *                             block and epoch record), and allocates only on the thread's first read
 *                             (the block, dck_thread.h, and the record).
 *   dck_cache_count           wait-free.
 *   dck_cache_context         wait-free (one acquire load).
 *   dck_cache_get_in_set_context
 *                             as dck_cache_get, plus one acquire load (the context).
 *   dck_cache_set_context     lock-free (one compare-and-swap, release; never retried).
 *   dck_cache_get_or_compute  lock-free when the value is cached; blocking otherwise.
 *   dck_cache_put             blocking (cache->lock).
 *   dck_cache_replace_computed
 *                             blocking (cache->lock; allocates the entry of the replaced value).
 *   dck_cache_retire, dck_cache_reset
 *                             blocking (cache->lock; allocates the empty slot array).
 *   dck_cache_create          blocking (allocation; first call initialises the epoch).
 *   dck_cache_destroy         blocking only in that it runs release callbacks.
 *
 * --------------------------------------------------------------------------------------- Ownership --
 *
 * The cache owns one reference to every published value: adopted from compute (+1) or retained by
 * dck_cache_put or dck_cache_replace_computed, in the table or on the retired list. Callers get
 * borrowed pointers, valid until dck_cache_destroy, which releases every value after the table, the
 * entries and the cache itself are freed, with no lock held. Retiring or resetting a cache, or
 * replacing a value, releases nothing.
 *
 * Invariants (with cache->lock held, or at any time for the "ever" ones):
 *   - every entry, in the table or on the retired list, is in exactly one of the three states above;
 *     a published entry never changes again, except once by dck_cache_replace_computed when `put` is
 *     false, which sets it (ever);
 *   - an entry is unlisted iff it is on the retired list; a listed entry's pointer is in the table
 *     from its allocation until it is unlisted (by a retirement or a reset), then on the retired list
 *     until dck_cache_destroy (ever); once retired, the table is empty (ever);
 *   - count == number of published entries in the table; count plus the published entries on the
 *     retired list == references the cache holds;
 *   - owner != NULL  =>  that thread is inside this entry's `compute` call;
 *   - waiting_on != NULL  =>  that thread is blocked on (or about to block on, or just woken from)
 *     the settled condition of that entry's cache;
 *   - the wait-for graph is acyclic.
 *
 * Misuse that is not diagnosed: destroying a cache that another thread still uses, or from inside a
 * compute callback of the same cache; a compute callback that does not return (longjmp, exceptions).
 * Allocation failure on the miss path aborts (the API has no error status for it).
 */
#define _POSIX_C_SOURCE 200809L

#include "dck.h"

#include <ck_hs.h>
#include <ck_pr.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dck_atomic.h"
#include "dck_debug.h"
#include "dck_epoch.h"
#include "dck_thread.h"
#include "dck_values.h"

#if DCK_USE_C11_ATOMICS
#include <stdatomic.h>
#endif

/* ------------------------------------------------------------------------------------------------ */
/* Types                                                                                            */
/* ------------------------------------------------------------------------------------------------ */

#define DCK_CACHE_LINE 64

/* What the table hashes and compares; the prefix of every entry, and the probe of every look-up. */
typedef struct cache_id {
  uintptr_t key;
  uint32_t context;
} cache_id_t;

/* A thread's node in the wait-for graph is its per-thread block (dck_thread.h), whose `waiting_on`
   is guarded by wait_graph_lock. Referenced by other threads only while the thread owns a pending
   entry or waits, both of which end before the thread can exit and its block be freed. */
typedef dck_thread_t cache_thread_t;

typedef struct cache_entry {
  _Alignas(DCK_CACHE_LINE) cache_id_t id; /* immutable after publication (P1) */
  dck_atomic_ptr_t value;                 /* NULL until published; then changes at most once (P2, P7) */
  cache_thread_t *owner;                  /* non-NULL while pending; see "Locks" */
  struct cache_entry *next_to_release;    /* the retired list, then dck_cache_destroy's list */
  bool put;                               /* the value was put, not computed (under cache->lock) */
  bool unlisted;                          /* see "Unlisted entries" (under cache->lock) */
} cache_entry_t;

struct dck_cache {
  /* Read by every reader; written only when the table grows. */
  _Alignas(DCK_CACHE_LINE) ck_hs_t table;
  /* Writer state, on its own line(s) so that taking the lock never disturbs readers. */
  _Alignas(DCK_CACHE_LINE) pthread_mutex_t lock;
  pthread_cond_t settled;
  dck_atomic_i64_t count; /* published entries in the table; written under lock, read relaxed */
  bool retired;                     /* under lock; see "Retirement" */
  cache_entry_t *retired_entries;   /* the unlisted entries; under lock; through next_to_release */
  /* Never reused by another cache (nor by this one after a retirement) in this process: names this
     cache in the per-thread memo. Set before the cache is shared, then only by dck_cache_retire,
     dck_cache_reset (P6) and dck_cache_replace_computed (P7). */
  dck_atomic_u64_t id;
  /* The context set by dck_cache_set_context, or DCK_CACHE_NO_CONTEXT. Set at most once (CAS, release)
     until dck_cache_reset clears it (under lock, release CAS); read by every default read that has no
     context of its own (acquire). */
  dck_atomic_u32_t context;
};

/* ---------------------------------------------------------------------------- Per-thread memo --
 *
 * In front of the table sits a small direct-mapped memo per thread: the last values this thread read,
 * keyed by (cache id, key, context). A hit costs a few loads and no epoch section, which matters
 * because a cached default is the hottest read of the library. The memo is the `memo` array of the
 * thread's block (dck_thread.h), reached through the core's one thread-local pointer; a thread that
 * has no block yet takes the table path, which allocates it. It is sound because
 *   - a published value stays valid until its cache is destroyed, and is final but for a
 *     replacement, which gives the cache a new id (P7);
 *   - cache ids are never reused (a 64-bit counter), so an entry left behind by a destroyed cache can
 *     never match a live one, and its dangling value pointer is never returned; a retired cache takes
 *     a new id, so the slots filled before the retirement never match it again (P6);
 *   - the memo is filled only after this thread read the value through the table (P2), so the
 *     acquire that made the value visible to this thread already happened;
 *   - the memo is freed with its thread (dck_thread.h), and no cache points into it.
 * It is thread-local: filling it writes no shared cache line, so readers still scale across cores.
 */
typedef dck_memo_slot_t memo_slot_t;

static dck_atomic_i64_t next_cache_id; /* ids handed out so far */

static pthread_mutex_t wait_graph_lock = PTHREAD_MUTEX_INITIALIZER;

/* ------------------------------------------------------------------------------------------------ */
/* Helpers                                                                                          */
/* ------------------------------------------------------------------------------------------------ */

static void fail(const char *what) {
  fprintf(stderr, "swift-dependencies: %s\n", what);
  abort();
}

/* Release fence ordering an entry's initialisation (and every earlier load and store) before ck_hs_put
   stores its pointer (P1). ck_hs issues no such fence itself. A full release fence on every
   architecture, as C11's memory_order_release fence that the TSan build uses (a store-store fence
   would be weaker on arm64). The only fence of the cache besides dck_atomic.h's. */
static inline void publish_fence(void) {
#if DCK_USE_C11_ATOMICS
  atomic_thread_fence(memory_order_release);
#else
  ck_pr_fence_release();
#endif
}

/* A 64-bit finaliser mix (multiply/xor-shift) of the key and the context. */
static inline unsigned long hash_id(uintptr_t key, uint32_t context) {
  uint64_t x = (uint64_t)key ^ ((uint64_t)context * UINT64_C(0x9e3779b97f4a7c15));
  x ^= x >> 32;
  x *= UINT64_C(0xd6e8feb86659fd93);
  x ^= x >> 32;
  x *= UINT64_C(0xd6e8feb86659fd93);
  x ^= x >> 32;
  return (unsigned long)x;
}

/* ck_hs callbacks. The seed is unused: hashes are computed by hash_id on the look-up side too. */
static unsigned long table_hash(const void *object, unsigned long seed) {
  (void)seed;
  const cache_id_t *id = object;
  return hash_id(id->key, id->context);
}

/* `stored` is an entry found in the table; `probe` is the look-up's id (ck_hs calls compare(slot
   object, key)). Runs on reader threads: this is a reader's first access to a found entry (P1). */
static bool table_compare(const void *stored, const void *probe) {
  DCK_TSAN_ACQUIRE(stored);
  const cache_id_t *a = stored;
  const cache_id_t *b = probe;
  return a->key == b->key && a->context == b->context;
}

/* Look-up by the writer (cache->lock held). No epoch section needed: only this writer retires the
   current slot array, and it is not doing so now. */
static cache_entry_t *table_find_locked(dck_cache_t *cache, const cache_id_t *id, unsigned long hash) {
  return ck_hs_get(&cache->table, hash, id);
}

/* Allocates an entry in the given state and inserts it (cache->lock held). */
static cache_entry_t *table_insert_locked(dck_cache_t *cache, const cache_id_t *id,
                                          unsigned long hash, void *value,
                                          cache_thread_t *owner) {
  cache_entry_t *entry = aligned_alloc(DCK_CACHE_LINE, sizeof(cache_entry_t));
  if (entry == NULL) {
    fail("out of memory allocating a cache entry");
  }
  entry->id.key = id->key;
  entry->id.context = id->context;
  dck_ptr_store_release(&entry->value, value);
  entry->next_to_release = NULL;
  entry->put = value != NULL;
  entry->unlisted = false;
  pthread_mutex_lock(&wait_graph_lock);
  entry->owner = owner;
  pthread_mutex_unlock(&wait_graph_lock);

  publish_fence();           /* P1: the initialisation above before the slot store in ck_hs_put */
  DCK_TSAN_RELEASE(entry);   /* P1 for TSan, paired with table_compare / dck_cache_get */
  if (!ck_hs_put(&cache->table, hash, entry)) {
    fail("out of memory growing a cache table");
  }
  /* A growth retired the old slot array; free whatever older retirements have passed a grace period. */
  dck_epoch_reclaim();
  return entry;
}

/* Publishes `value` (whose reference the cache now holds) into a pending or vacant entry. An
   unlisted entry is one no reader can find, and `count` leaves it out. */
static void entry_publish_locked(dck_cache_t *cache, cache_entry_t *entry, void *value) {
  DCK_TSAN_RELEASE(entry);
  dck_ptr_store_release(&entry->value, value); /* P2 */
  if (!entry->unlisted) {
    dck_counter_add(&cache->count, 1);
  }
}

/* Puts `entry`, just taken out of the table or never in it, on the retired list (cache->lock held). */
static void entry_unlist_locked(dck_cache_t *cache, cache_entry_t *entry) {
  entry->unlisted = true;
  entry->next_to_release = cache->retired_entries;
  cache->retired_entries = entry;
}

/* A new cache id: unique, never 0. Relaxed: the id is published with the cache pointer itself (by
   the caller's own release/acquire, e.g. a task-local binding), or by dck_cache_retire's release. */
static uint64_t new_cache_id(void) {
  return (uint64_t)dck_counter_fetch_add(&next_cache_id, 1) + 1;
}

/* Unlists every entry of the table, empties it and gives the cache a new id (cache->lock held): the
   shared step of dck_cache_retire and dck_cache_reset. */
static void table_unlist_all_locked(dck_cache_t *cache) {
  ck_hs_iterator_t iterator = CK_HS_ITERATOR_INITIALIZER;
  void *object;
  while (ck_hs_next(&cache->table, &iterator, &object)) {
    entry_unlist_locked(cache, object);
  }
  /* An empty slot array replaces the table's; the old one is retired through the epoch allocator,
     since readers may still be probing it. */
  if (!ck_hs_reset(&cache->table)) {
    fail("out of memory emptying a cache");
  }
  dck_counter_add(&cache->count, -dck_counter_load(&cache->count)); /* none in the table now */
  dck_u64_store_release(&cache->id, new_cache_id()); /* after the empty array (P6) */
  dck_epoch_reclaim();
}

static void entry_set_owner_locked(cache_entry_t *entry, cache_thread_t *owner) {
  pthread_mutex_lock(&wait_graph_lock);
  entry->owner = owner;
  pthread_mutex_unlock(&wait_graph_lock);
}

/* Follows entry -> owner -> waiting_on -> ... (wait_graph_lock held). True when it reaches `self`. */
static bool wait_chain_reaches(const cache_entry_t *entry, const cache_thread_t *self) {
  while (entry != NULL) {
    const cache_thread_t *owner = entry->owner;
    if (owner == NULL) {
      return false; /* settled: whoever waits on it will be woken */
    }
    if (owner == self) {
      return true;
    }
    entry = owner->waiting_on; /* NULL when the owner is running, not waiting */
  }
  return false;
}

/*
 * Waits (cache->lock held; released while blocked, held again on return) until `entry`, pending and
 * owned by another thread, settles. Returns false without waiting when waiting would close a cycle.
 */
static bool wait_for_entry_locked(dck_cache_t *cache, cache_entry_t *entry, cache_thread_t *self) {
  pthread_mutex_lock(&wait_graph_lock);
  if (wait_chain_reaches(entry, self)) {
    pthread_mutex_unlock(&wait_graph_lock);
    return false;
  }
  self->waiting_on = entry;
  pthread_mutex_unlock(&wait_graph_lock);

  /* One wake-up (possibly spurious) per call: the caller looks again and may come back. */
  pthread_cond_wait(&cache->settled, &cache->lock);

  pthread_mutex_lock(&wait_graph_lock);
  self->waiting_on = NULL;
  pthread_mutex_unlock(&wait_graph_lock);
  return true;
}

/* ------------------------------------------------------------------------------------------------ */
/* API                                                                                              */
/* ------------------------------------------------------------------------------------------------ */

dck_cache_t *dck_cache_create(void) {
  dck_epoch_init_once();
  dck_cache_t *cache = aligned_alloc(DCK_CACHE_LINE, sizeof(dck_cache_t));
  if (cache == NULL) {
    return NULL;
  }
  memset(cache, 0, sizeof(*cache)); /* count = 0; the cache is not shared yet */
  dck_rc_init(&cache->context, DCK_CACHE_NO_CONTEXT);
  if (!ck_hs_init(&cache->table, CK_HS_MODE_SPMC | CK_HS_MODE_OBJECT, table_hash, table_compare,
                  &dck_epoch_allocator, 32, 0)) {
    free(cache);
    return NULL;
  }
  pthread_mutex_init(&cache->lock, NULL);
  pthread_cond_init(&cache->settled, NULL);
  dck_u64_init(&cache->id, new_cache_id());
  DCK_DEBUG_COUNT(dck_debug_counter_caches, 1);
  return cache;
}

void dck_cache_destroy(dck_cache_t *cache) {
  if (cache == NULL) {
    return;
  }
  /* Unlink every entry (the retired ones are linked already) into a private list, then free the
     table and the cache... */
  cache_entry_t *to_release = cache->retired_entries;
#ifdef DCK_DEBUG
  for (cache_entry_t *entry = to_release; entry != NULL; entry = entry->next_to_release) {
    if (entry->owner != NULL) {
      fail("dck_cache_destroy: a value of this cache is still being computed");
    }
  }
#endif
  ck_hs_iterator_t iterator = CK_HS_ITERATOR_INITIALIZER;
  void *object;
  while (ck_hs_next(&cache->table, &iterator, &object)) {
    cache_entry_t *entry = object;
#ifdef DCK_DEBUG
    if (entry->owner != NULL) {
      fail("dck_cache_destroy: a value of this cache is still being computed");
    }
#endif
    entry->next_to_release = to_release;
    to_release = entry;
  }
  ck_hs_destroy(&cache->table); /* no reader remains: the current slot array is freed at once */
  pthread_cond_destroy(&cache->settled);
  pthread_mutex_destroy(&cache->lock);
  free(cache);
  DCK_DEBUG_COUNT(dck_debug_counter_caches, -1);
  dck_epoch_reclaim(); /* slot arrays this cache retired earlier */

  /* ... and only then run release callbacks (arbitrary code), holding nothing. */
  while (to_release != NULL) {
    cache_entry_t *entry = to_release;
    to_release = entry->next_to_release;
    void *value = dck_ptr_load_relaxed(&entry->value);
    free(entry);
    if (value != NULL) {
      dck_value_release(value, DCK_VALUE_OWNER_CACHE);
    }
  }
}

/* The memo slot of (key, context) in `thread`'s memo: a few shifts and xors, cheaper than hash_id's
   multiplications, which only a memo miss needs. Keys are metatype or object addresses, aligned
   and clustered, so the low bits are dropped and higher ones folded in. */
static inline memo_slot_t *memo_slot(dck_thread_t *thread, uintptr_t key, uint32_t context) {
  const uintptr_t mixed = key ^ (key >> 9) ^ ((uintptr_t)context << 4);
  return &thread->memo[(mixed >> 4) & (DCK_MEMO_SLOTS - 1)];
}

/* dck_cache_get past a memo miss (or on a thread's first use of the core, which allocates its
   block): the epoch-protected table look-up, which fills the slot with the id the memo check loaded
   (P6). Kept out of line, so that the memo hit needs no saved registers. */
__attribute__((noinline)) static void *get_from_table(dck_cache_t *cache, uintptr_t key,
                                                      uint32_t context, uint64_t id) {
  dck_thread_t *thread = dck_thread_get();
  const unsigned long hash = hash_id(key, context);
  const cache_id_t probe = {key, context};
  ck_epoch_record_t *record = dck_epoch_read_begin(thread);
  const cache_entry_t *entry = ck_hs_get(&cache->table, hash, &probe);
  void *value = NULL;
  if (entry != NULL) {
    value = dck_ptr_load_acquire(&entry->value); /* P2; NULL while pending or vacant */
    if (value != NULL) {
      DCK_TSAN_ACQUIRE(entry);
    }
  }
  dck_epoch_read_end(record);
  if (value != NULL) {
    *memo_slot(thread, key, context) = (memo_slot_t){id, key, context, value};
  }
  return value;
}

void *dck_cache_get(dck_cache_t *cache, uintptr_t key, uint32_t context) {
  const uint64_t id = dck_u64_load_relaxed(&cache->id); /* loaded once: checked and filled (P6) */
  dck_thread_t *thread = dck_thread_existing();
  if (__builtin_expect(thread != NULL, 1)) {
    const memo_slot_t *slot = memo_slot(thread, key, context);
    if (slot->cache_id == id && slot->key == key && slot->context == context) {
      return slot->value;
    }
  }
  return get_from_table(cache, key, context, id);
}

dck_cache_status_t dck_cache_get_or_compute(dck_cache_t *cache, uintptr_t key, uint32_t context,
                                            dck_cache_compute_t compute, void *info,
                                            void **out_value) {
  void *value = dck_cache_get(cache, key, context);
  if (value != NULL) {
    *out_value = value;
    return DCK_CACHE_FOUND;
  }

  cache_thread_t *self = dck_thread_get();
  const cache_id_t id = {key, context};
  const unsigned long hash = hash_id(key, context);
  cache_entry_t *entry;

  pthread_mutex_lock(&cache->lock);
  for (;;) {
    if (cache->retired) {
      pthread_mutex_unlock(&cache->lock);
      *out_value = NULL;
      return DCK_CACHE_RETIRED;
    }
    entry = table_find_locked(cache, &id, hash);
    if (entry == NULL) {
      entry = table_insert_locked(cache, &id, hash, NULL, self);
      break;
    }
    value = dck_ptr_load_relaxed(&entry->value); /* the lock orders it (P5) */
    if (value != NULL) {
      pthread_mutex_unlock(&cache->lock);
      *out_value = value;
      return DCK_CACHE_FOUND;
    }
    if (entry->owner == NULL) { /* vacant */
      entry_set_owner_locked(entry, self);
      break;
    }
    if (entry->owner == self || !wait_for_entry_locked(cache, entry, self)) {
      pthread_mutex_unlock(&cache->lock);
      *out_value = NULL;
      return DCK_CACHE_CYCLE;
    }
  }
  pthread_mutex_unlock(&cache->lock);

  value = compute(key, context, info); /* no lock held; may re-enter */

  pthread_mutex_lock(&cache->lock);
  if (value != NULL) {
    dck_value_adopt(DCK_VALUE_OWNER_CACHE);
    entry_publish_locked(cache, entry, value);
  }
  entry_set_owner_locked(entry, NULL); /* published, or vacant for a waiter to claim */
  pthread_cond_broadcast(&cache->settled);
  pthread_mutex_unlock(&cache->lock);

  *out_value = value;
  return value != NULL ? DCK_CACHE_COMPUTED : DCK_CACHE_NOT_COMPUTED;
}

/* Puts `value` (borrowed) for `id` when no value is cached or being computed there (cache->lock
   held): dck_cache_put, and dck_cache_replace_computed when it has nothing to replace. When
   `replace_computed` is true, a published value that was computed (not put) is replaced (P7). */
static dck_cache_status_t put_locked(dck_cache_t *cache, const cache_id_t *id, unsigned long hash,
                                     void *value, bool replace_computed) {
  if (cache->retired) {
    return DCK_CACHE_RETIRED;
  }
  cache_entry_t *entry = table_find_locked(cache, id, hash);
  if (entry == NULL) {
    dck_value_retain(value, DCK_VALUE_OWNER_CACHE);
    table_insert_locked(cache, id, hash, value, NULL);
    dck_counter_add(&cache->count, 1);
    return DCK_CACHE_INSERTED;
  }
  void *old = dck_ptr_load_relaxed(&entry->value); /* the lock orders it (P5) */
  if (old == NULL && entry->owner == NULL) {
    dck_value_retain(value, DCK_VALUE_OWNER_CACHE);
    /* Vacant: nobody waits on it (its waiters were woken when it became vacant, and re-check under
       the lock, where they will find this value). */
    entry->put = true;
    entry_publish_locked(cache, entry, value);
    return DCK_CACHE_INSERTED;
  }
  if (old == NULL || entry->put || !replace_computed) {
    return DCK_CACHE_EXISTS; /* pending (being computed), put, or not to be replaced */
  }
  /* The replaced value moves to an unlisted entry of its own, released by dck_cache_destroy: every
     borrowed pointer to it stays valid. */
  cache_entry_t *holder = aligned_alloc(DCK_CACHE_LINE, sizeof(cache_entry_t));
  if (holder == NULL) {
    fail("out of memory replacing a cached value");
  }
  holder->id = *id;
  dck_ptr_store_release(&holder->value, old); /* never read concurrently: unlisted from the start */
  holder->owner = NULL;
  holder->put = false;
  entry_unlist_locked(cache, holder);

  dck_value_retain(value, DCK_VALUE_OWNER_CACHE);
  entry->put = true;
  DCK_TSAN_RELEASE(entry);
  dck_ptr_store_release(&entry->value, value);       /* P2 */
  dck_u64_store_release(&cache->id, new_cache_id()); /* after the value: memo slots miss (P7) */
  return DCK_CACHE_REPLACED;
}

dck_cache_status_t dck_cache_put(dck_cache_t *cache, uintptr_t key, uint32_t context, void *value) {
  const cache_id_t id = {key, context};
  pthread_mutex_lock(&cache->lock);
  const dck_cache_status_t status = put_locked(cache, &id, hash_id(key, context), value, false);
  pthread_mutex_unlock(&cache->lock);
  return status;
}

dck_cache_status_t dck_cache_replace_computed(dck_cache_t *cache, uintptr_t key, uint32_t context,
                                              void *value) {
  const cache_id_t id = {key, context};
  pthread_mutex_lock(&cache->lock);
  const dck_cache_status_t status = put_locked(cache, &id, hash_id(key, context), value, true);
  pthread_mutex_unlock(&cache->lock);
  return status;
}

bool dck_cache_retire(dck_cache_t *cache) {
  pthread_mutex_lock(&cache->lock);
  if (cache->retired) {
    pthread_mutex_unlock(&cache->lock);
    return false;
  }
  cache->retired = true;
  table_unlist_all_locked(cache);
  pthread_mutex_unlock(&cache->lock);
  return true;
}

bool dck_cache_reset(dck_cache_t *cache) {
  pthread_mutex_lock(&cache->lock);
  if (cache->retired) {
    pthread_mutex_unlock(&cache->lock);
    return false;
  }
  table_unlist_all_locked(cache);
  /* Only a reset changes a context once set, and resets are serialised by cache->lock: one swap.
     Release: a reader that sees no context any more sees the table emptied before it. */
  const uint32_t context = dck_u32_load_acquire(&cache->context);
  if (context != DCK_CACHE_NO_CONTEXT) {
    dck_u32_cas_release(&cache->context, context, DCK_CACHE_NO_CONTEXT);
  }
  pthread_mutex_unlock(&cache->lock);
  return true;
}

size_t dck_cache_count(dck_cache_t *cache) {
  return (size_t)dck_counter_load(&cache->count);
}

bool dck_cache_set_context(dck_cache_t *cache, uint32_t context) {
  return dck_u32_cas_release(&cache->context, DCK_CACHE_NO_CONTEXT, context);
}

uint32_t dck_cache_context(dck_cache_t *cache) {
  return dck_u32_load_acquire(&cache->context);
}

void *dck_cache_get_in_set_context(dck_cache_t *cache, uintptr_t key, uint32_t context) {
  const uint32_t set = dck_u32_load_acquire(&cache->context);
  return dck_cache_get(cache, key, set == DCK_CACHE_NO_CONTEXT ? context : set);
}
