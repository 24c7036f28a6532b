/*
 * nq/spsc.h -- a lock-free single-producer single-consumer ring on C11 atomics, header-only.
 *
 * SPSC_DEFINE(name, T, CAPACITY) defines the type `name` (a ring of CAPACITY items of type T)
 * and its functions name_init, name_try_push, name_try_pop, name_push_batch, name_pop_batch and
 * name_size. CAPACITY must be a power of two (checked at compile time).
 *
 * Concurrency contract:
 *   - exactly one producer thread calls try_push / push_batch;
 *   - exactly one consumer thread calls try_pop / pop_batch;
 *   - size may be called by either (it is a snapshot, exact only for the caller's own side);
 *   - init (the only reset) only while neither thread uses the ring.
 * Nothing blocks: a full ring refuses a push and an empty one a pop; waiting or backing off is
 * the caller's business.
 *
 * How it works: head (the next item to pop) and tail (the next slot to push) count up freely and
 * are masked only when they index a slot. tail - head is the number of items, computed modulo
 * SIZE_MAX + 1, which stays right across the wrap of size_t as it never exceeds CAPACITY; so all
 * CAPACITY slots are usable (no slot is sacrificed to tell full from empty). Each side writes
 * only its own index and keeps a private copy of the other side's, refreshed (one acquire load,
 * one cache miss) only when the copy says full or empty. The two indices, each with its side's
 * private copy, sit on separate cache lines so that the sides never write to a shared line.
 */
#ifndef NQ_SPSC_H
#define NQ_SPSC_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#define SPSC_CACHE_LINE 64

/* SPSC_DEFINE generates every function of the ring in the file that uses it, and a file calls
 * only the ones it needs (the producer's side, say): clang would report the others as unused
 * static functions. This marks the generated ones only; the user's own code is still checked. */
#if defined(__GNUC__)
#define SPSC_UNUSED __attribute__((unused))
#else
#define SPSC_UNUSED
#endif

#define SPSC_DEFINE(name, T, CAPACITY)                                                              \
    _Static_assert((CAPACITY) >= 2 && ((CAPACITY) & ((CAPACITY)-1)) == 0,                           \
                   #name ": the capacity must be a power of two");                                  \
                                                                                                    \
    typedef struct name {                                                                           \
        _Alignas(SPSC_CACHE_LINE) atomic_size_t head; /* written by the consumer only */            \
        size_t tail_seen;                             /* the consumer's copy of tail */             \
        _Alignas(SPSC_CACHE_LINE) atomic_size_t tail; /* written by the producer only */            \
        size_t head_seen;                             /* the producer's copy of head */             \
        _Alignas(SPSC_CACHE_LINE) T slots[CAPACITY];                                                \
    } name;                                                                                         \
                                                                                                    \
    /* Empties the ring. Only while no thread uses it. */                                           \
    SPSC_UNUSED static inline void name##_init(name *q)                                             \
    {                                                                                               \
        atomic_init(&q->head, 0);                                                                   \
        atomic_init(&q->tail, 0);                                                                   \
        q->tail_seen = 0;                                                                           \
        q->head_seen = 0;                                                                           \
    }                                                                                               \
                                                                                                    \
    /* Producer only: room for how many more items (refreshing the view of head if needed). */      \
    SPSC_UNUSED static inline size_t name##_room(name *q, size_t tail, size_t wanted)               \
    {                                                                                               \
        size_t room = (CAPACITY) - (tail - q->head_seen);                                           \
        if (room < wanted) {                                                                        \
            /* A: acquire pairs with the consumer's release store of head (B): the consumer has     \
             * finished reading every slot before head, so they may be overwritten. */              \
            q->head_seen = atomic_load_explicit(&q->head, memory_order_acquire);                    \
            room = (CAPACITY) - (tail - q->head_seen);                                              \
        }                                                                                           \
        return room;                                                                                \
    }                                                                                               \
                                                                                                    \
    /* Consumer only: how many items are ready (refreshing the view of tail if needed). */          \
    SPSC_UNUSED static inline size_t name##_ready(name *q, size_t head, size_t wanted)              \
    {                                                                                               \
        size_t ready = q->tail_seen - head;                                                         \
        if (ready < wanted) {                                                                       \
            /* D: acquire pairs with the producer's release store of tail (C): every slot before    \
             * tail has been written. */                                                            \
            q->tail_seen = atomic_load_explicit(&q->tail, memory_order_acquire);                    \
            ready = q->tail_seen - head;                                                            \
        }                                                                                           \
        return ready;                                                                               \
    }                                                                                               \
                                                                                                    \
    /* Producer only: copies *item in. Returns false (and copies nothing) when the ring is full. */ \
    SPSC_UNUSED static inline bool name##_try_push(name *q, const T *item)                          \
    {                                                                                               \
        /* Relaxed: only this thread writes tail. */                                                \
        size_t tail = atomic_load_explicit(&q->tail, memory_order_relaxed);                         \
        if (name##_room(q, tail, 1) == 0)                                                           \
            return false;                                                                           \
        q->slots[tail & ((CAPACITY)-1)] = *item;                                                    \
        /* C: release publishes the slot; pairs with the consumer's acquire of tail (D). */         \
        atomic_store_explicit(&q->tail, tail + 1, memory_order_release);                            \
        return true;                                                                                \
    }                                                                                               \
                                                                                                    \
    /* Producer only: copies in as many of items[0..count-1] as fit, in order; returns how many. */ \
    SPSC_UNUSED static inline size_t name##_push_batch(name *q, const T *items, size_t count)       \
    {                                                                                               \
        size_t tail = atomic_load_explicit(&q->tail, memory_order_relaxed);                         \
        size_t room = name##_room(q, tail, count);                                                  \
        size_t n = count < room ? count : room;                                                     \
        for (size_t i = 0; i < n; i++)                                                              \
            q->slots[(tail + i) & ((CAPACITY)-1)] = items[i];                                       \
        if (n) /* C, for the whole batch at once */                                                 \
            atomic_store_explicit(&q->tail, tail + n, memory_order_release);                        \
        return n;                                                                                   \
    }                                                                                               \
                                                                                                    \
    /* Consumer only: moves the oldest item into *out. Returns false when the ring is empty. */     \
    SPSC_UNUSED static inline bool name##_try_pop(name *q, T *out)                                  \
    {                                                                                               \
        /* Relaxed: only this thread writes head. */                                                \
        size_t head = atomic_load_explicit(&q->head, memory_order_relaxed);                         \
        if (name##_ready(q, head, 1) == 0)                                                          \
            return false;                                                                           \
        *out = q->slots[head & ((CAPACITY)-1)];                                                     \
        /* B: release hands the slot back; pairs with the producer's acquire of head (A). */        \
        atomic_store_explicit(&q->head, head + 1, memory_order_release);                            \
        return true;                                                                                \
    }                                                                                               \
                                                                                                    \
    /* Consumer only: moves up to max of the oldest items into out[], in order; returns how many. */\
    SPSC_UNUSED static inline size_t name##_pop_batch(name *q, T *out, size_t max)                  \
    {                                                                                               \
        size_t head = atomic_load_explicit(&q->head, memory_order_relaxed);                         \
        size_t ready = name##_ready(q, head, max);                                                  \
        size_t n = max < ready ? max : ready;                                                       \
        for (size_t i = 0; i < n; i++)                                                              \
            out[i] = q->slots[(head + i) & ((CAPACITY)-1)];                                         \
        if (n) /* B, for the whole batch at once */                                                 \
            atomic_store_explicit(&q->head, head + n, memory_order_release);                        \
        return n;                                                                                   \
    }                                                                                               \
                                                                                                    \
    /* Either side: the number of items, as of some moment during the call. */                      \
    SPSC_UNUSED static inline size_t name##_size(name *q)                                           \
    {                                                                                               \
        size_t head = atomic_load_explicit(&q->head, memory_order_acquire);                         \
        size_t tail = atomic_load_explicit(&q->tail, memory_order_acquire);                         \
        return tail - head;                                                                         \
    }

#endif
