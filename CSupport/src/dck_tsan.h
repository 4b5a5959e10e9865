/*
 * dck_tsan.h — what the core tells ThreadSanitizer, in one place (private).
 *
 * ThreadSanitizer sees the memory accesses of instrumented code and the synchronisation it
 * intercepts (pthread, C11 atomics, malloc and free). It does not see Concurrency Kit (inline
 * assembly and libck.so) nor the Swift runtime (an object's reference counts are atomics in
 * uninstrumented code). Where the core's correctness rests on an ordering made there, it either
 * tells TSan about it or does not take that path in a TSan build:
 *
 *   - dck_atomic.h maps every atomic operation to C11 <stdatomic.h> (DCK_TSAN);
 *   - dck_cache.c and dck_epoch.h annotate the orderings ck_hs and ck_epoch make
 *     (DCK_TSAN_RELEASE before publishing, DCK_TSAN_ACQUIRE where a reader first uses what it found);
 *   - dck_spare_scopes.c keeps no spare scope object: whether an object may be used again is decided
 *     by the Swift runtime's reference count (an acquire load TSan cannot see, paired with other
 *     threads' releases it cannot see either), so a TSan build frees every scope object instead, which
 *     TSan follows through malloc and free.
 *
 * DCK_TSAN is 1 when the translation unit is compiled with ThreadSanitizer (clang's
 * __has_feature(thread_sanitizer), GCC's __SANITIZE_THREAD__; `swift build --sanitize=thread` compiles
 * the C targets with it), 0 otherwise. The annotations compile to nothing without it.
 */
#ifndef DCK_TSAN_H
#define DCK_TSAN_H

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define DCK_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) && !defined(DCK_TSAN)
#define DCK_TSAN 1
#endif
#if !defined(DCK_TSAN)
#define DCK_TSAN 0
#endif

#if DCK_TSAN
/* ThreadSanitizer's annotation entry points (the runtime defines them; no header declares them). */
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
#define DCK_TSAN_ACQUIRE(addr) __tsan_acquire((void *)(addr))
#define DCK_TSAN_RELEASE(addr) __tsan_release((void *)(addr))
#else
#define DCK_TSAN_ACQUIRE(addr) ((void)0)
#define DCK_TSAN_RELEASE(addr) ((void)0)
#endif

#endif /* DCK_TSAN_H */
