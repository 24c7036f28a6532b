/*
 * test_spsc.c -- the lock-free ring: its single-thread semantics (exactly CAPACITY items fit,
 * FIFO order, batches, the wrap of the free-running indices past SIZE_MAX) and a two-thread
 * stress test in which every sequence number must arrive exactly once, in order.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "nq/spsc.h"

SPSC_DEFINE(ring8, uint64_t, 8)
SPSC_DEFINE(ring4, uint64_t, 4)
SPSC_DEFINE(ring1k, uint64_t, 1024)

/* 10^7 items, a second or two; the sanitizers run many times slower, so they check fewer. The
 * queue's speed is bench_spsc's business. */
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define STRESS_ITEMS UINT64_C(1000000)
#else
#define STRESS_ITEMS UINT64_C(10000000)
#endif

static void test_fills_to_capacity_in_order(void **state)
{
    (void)state;
    static ring8 q;
    ring8_init(&q);
    uint64_t v;
    assert_false(ring8_try_pop(&q, &v));
    for (uint64_t i = 0; i < 8; i++)
        assert_true(ring8_try_push(&q, &i));
    uint64_t extra = 99;
    assert_false(ring8_try_push(&q, &extra)); /* all 8 slots used, no more */
    assert_int_equal(ring8_size(&q), 8);
    for (uint64_t i = 0; i < 8; i++) {
        assert_true(ring8_try_pop(&q, &v));
        assert_int_equal(v, i);
    }
    assert_false(ring8_try_pop(&q, &v));
    assert_int_equal(ring8_size(&q), 0);
}

static void test_batches(void **state)
{
    (void)state;
    static ring8 q;
    ring8_init(&q);
    uint64_t in[12], out[12];
    for (uint64_t i = 0; i < 12; i++)
        in[i] = 100 + i;
    assert_int_equal(ring8_push_batch(&q, in, 5), 5);
    assert_int_equal(ring8_push_batch(&q, in + 5, 7), 3); /* only 3 fit */
    assert_int_equal(ring8_pop_batch(&q, out, 2), 2);
    assert_int_equal(out[0], 100);
    assert_int_equal(out[1], 101);
    assert_int_equal(ring8_push_batch(&q, in + 8, 4), 2);
    assert_int_equal(ring8_pop_batch(&q, out, 12), 8);
    static const uint64_t expected[] = {102, 103, 104, 105, 106, 107, 108, 109};
    assert_memory_equal(out, expected, sizeof expected);
    assert_int_equal(ring8_pop_batch(&q, out, 12), 0);
    assert_int_equal(ring8_push_batch(&q, in, 0), 0);
}

/* Start the indices just below SIZE_MAX: counts and order survive their wrap to 0. */
static void test_index_wrap(void **state)
{
    (void)state;
    static ring4 q;
    ring4_init(&q);
    size_t start = SIZE_MAX - 2;
    atomic_store(&q.head, start);
    atomic_store(&q.tail, start);
    q.head_seen = q.tail_seen = start;
    uint64_t next_in = 0, next_out = 0, v;
    for (int round = 0; round < 10; round++) {
        while (ring4_try_push(&q, &next_in))
            next_in++;
        assert_int_equal(next_in - next_out, 4);
        assert_int_equal(ring4_size(&q), 4);
        for (int i = 0; i < 3; i++) {
            assert_true(ring4_try_pop(&q, &v));
            assert_int_equal(v, next_out);
            next_out++;
        }
    }
    assert_in_range(atomic_load(&q.tail), 0, start - 1); /* it did wrap */
}

typedef struct stress {
    ring1k *big;
    ring4 *tiny;
    uint64_t items;
} stress;

/* Producer: sequence numbers, alternating single pushes and batches of up to 7. */
static void *produce(void *arg)
{
    stress *s = arg;
    uint64_t next = 0;
    while (next < s->items) {
        if (next % 3) {
            if (s->big ? ring1k_try_push(s->big, &next) : ring4_try_push(s->tiny, &next))
                next++;
            continue;
        }
        uint64_t batch[7];
        size_t want = (size_t)(next % 7) + 1;
        if (want > s->items - next)
            want = (size_t)(s->items - next);
        for (size_t i = 0; i < want; i++)
            batch[i] = next + i;
        next += s->big ? ring1k_push_batch(s->big, batch, want) : ring4_push_batch(s->tiny, batch, want);
    }
    return NULL;
}

static void run_stress(ring1k *big, ring4 *tiny, uint64_t items)
{
    stress s = {big, tiny, items};
    pthread_t producer;
    assert_int_equal(pthread_create(&producer, NULL, produce, &s), 0);
    uint64_t expected = 0, out[16];
    while (expected < items) {
        size_t got;
        if (expected % 5) {
            got = big ? ring1k_pop_batch(big, out, 16) : ring4_pop_batch(tiny, out, 16);
        } else {
            got = (big ? ring1k_try_pop(big, out) : ring4_try_pop(tiny, out)) ? 1 : 0;
        }
        for (size_t i = 0; i < got; i++) {
            if (out[i] != expected)
                fail_msg("item %llu arrived where %llu was due", (unsigned long long)out[i],
                         (unsigned long long)expected);
            expected++;
        }
    }
    assert_int_equal(pthread_join(producer, NULL), 0);
    assert_int_equal(big ? ring1k_size(big) : ring4_size(tiny), 0);
}

static void test_two_threads_every_item_once_in_order(void **state)
{
    (void)state;
    static ring1k big;
    ring1k_init(&big);
    run_stress(&big, NULL, STRESS_ITEMS);
    /* A ring of 4 is full or empty almost all the time: the edges get the traffic. */
    static ring4 tiny;
    ring4_init(&tiny);
    run_stress(NULL, &tiny, STRESS_ITEMS / 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fills_to_capacity_in_order),
        cmocka_unit_test(test_batches),
        cmocka_unit_test(test_index_wrap),
        cmocka_unit_test(test_two_threads_every_item_once_in_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
