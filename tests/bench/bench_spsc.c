/*
 * bench_spsc.c -- items per second through a 1024-slot ring between two threads, for our ring,
 * Concurrency Kit's ck_ring (SPSC functions), and a ring guarded by a pthread mutex, in the same
 * run. Both sides spin on full/empty the same way for all three; single-item push and pop.
 * A fourth line shows our ring moving batches of up to 64 (how the worker drains it).
 * Prints the median of the repeats and the ratios.
 *
 *   bench_spsc [ITEMS [REPEATS]]     default: 100000000 5 (the mutex ring moves ITEMS / 10)
 */
#include <ck_ring.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_stats.h"
#include "nq/clock.h"
#include "nq/spsc.h"

enum { CAPACITY = 1024 };

SPSC_DEFINE(ours_ring, uint64_t, CAPACITY)

typedef struct mutex_ring {
    pthread_mutex_t lock;
    uint64_t head, tail;
    uint64_t slots[CAPACITY];
} mutex_ring;

static ours_ring ours;
static ck_ring_t ck;
static ck_ring_buffer_t ck_slots[CAPACITY];
static mutex_ring locked;

typedef enum kind { OURS, CK, MUTEX, OURS_BATCH, KINDS } kind;

enum { BATCH = 64 };

typedef struct bench_run {
    kind which;
    uint64_t items;
    uint64_t sum; /* what the consumer saw, so that nothing is optimised away */
} bench_run;

static bool push(kind which, uint64_t v)
{
    switch (which) {
    case OURS: return ours_ring_try_push(&ours, &v);
    case CK: return ck_ring_enqueue_spsc(&ck, ck_slots, (void *)(uintptr_t)(v + 1));
    case OURS_BATCH: break;
    case KINDS: break;
    case MUTEX: {
        pthread_mutex_lock(&locked.lock);
        bool ok = locked.tail - locked.head < CAPACITY;
        if (ok)
            locked.slots[locked.tail++ % CAPACITY] = v;
        pthread_mutex_unlock(&locked.lock);
        return ok;
    }
    }
    return false;
}

static bool pop(kind which, uint64_t *v)
{
    switch (which) {
    case OURS: return ours_ring_try_pop(&ours, v);
    case CK: {
        void *p;
        if (!ck_ring_dequeue_spsc(&ck, ck_slots, &p))
            return false;
        *v = (uint64_t)(uintptr_t)p - 1;
        return true;
    }
    case OURS_BATCH: break;
    case KINDS: break;
    case MUTEX: {
        pthread_mutex_lock(&locked.lock);
        bool ok = locked.head != locked.tail;
        if (ok)
            *v = locked.slots[locked.head++ % CAPACITY];
        pthread_mutex_unlock(&locked.lock);
        return ok;
    }
    }
    return false;
}

static void *producer(void *arg)
{
    bench_run *run = arg;
    if (run->which == OURS_BATCH) {
        uint64_t batch[BATCH];
        for (uint64_t i = 0; i < run->items;) {
            size_t want = run->items - i < BATCH ? (size_t)(run->items - i) : BATCH;
            for (size_t j = 0; j < want; j++)
                batch[j] = i + j;
            i += ours_ring_push_batch(&ours, batch, want);
        }
        return NULL;
    }
    for (uint64_t i = 0; i < run->items;)
        if (push(run->which, i))
            i++;
    return NULL;
}

/* Items per second for one run. */
static double measure(kind which, uint64_t items)
{
    ours_ring_init(&ours);
    ck_ring_init(&ck, CAPACITY);
    pthread_mutex_init(&locked.lock, NULL);
    locked.head = locked.tail = 0;
    bench_run run = {which, items, 0};
    pthread_t thread;
    double start = nq_clock_seconds();
    pthread_create(&thread, NULL, producer, &run);
    uint64_t v, batch[BATCH];
    for (uint64_t got = 0; got < items && which == OURS_BATCH;) {
        size_t n = ours_ring_pop_batch(&ours, batch, BATCH);
        for (size_t j = 0; j < n; j++)
            run.sum += batch[j];
        got += n;
    }
    for (uint64_t got = 0; got < items && which != OURS_BATCH;) {
        if (pop(which, &v)) {
            run.sum += v;
            got++;
        }
    }
    pthread_join(thread, NULL);
    double seconds = nq_clock_seconds() - start;
    pthread_mutex_destroy(&locked.lock);
    if (run.sum != items * (items - 1) / 2) {
        fprintf(stderr, "bench_spsc: items were lost or corrupted\n");
        exit(1);
    }
    return (double)items / seconds;
}

int main(int argc, char **argv)
{
    uint64_t items = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000000;
    int repeats = argc > 2 ? atoi(argv[2]) : 5;
    if (items < 1000 || repeats < 1 || repeats > 99) {
        fprintf(stderr, "usage: bench_spsc [ITEMS >= 1000 [REPEATS 1..99]]\n");
        return 2;
    }
    static const char *names[] = {"ours (nq/spsc.h)", "ck_ring spsc", "mutex ring", "ours, batches"};
    /* Round after round of all kinds, so that a noisy moment of the machine hits them alike. */
    double rates[KINDS][99], median[KINDS];
    for (int i = 0; i < repeats; i++)
        for (int k = 0; k < KINDS; k++)
            rates[k][i] = measure((kind)k, k == MUTEX ? items / 10 : items);
    for (int k = 0; k < KINDS; k++)
        median[k] = bench_median(rates[k], repeats);
    printf("%-18s %16s %10s\n", "ring (1024 slots)", "items/s (median)", "ours / it");
    for (int k = 0; k < KINDS; k++)
        printf("%-18s %16.0f %10.2f\n", names[k], median[k], median[OURS] / median[k]);
    return 0;
}
