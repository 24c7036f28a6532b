/*
 * bench_timeline.c -- stepping back through a long watched run: record the first STEPS steps of
 * the search of N = 14 (793 million steps in all) as the app does, in a timeline and a search
 * tree, then seek to SEEKS random steps, to the next and previous solution or dead end from each,
 * and set a tree view there; print the recording rate, the median and worst of each, and the
 * memory of the timeline and of the tree.
 *
 *   bench_timeline [STEPS [SEEKS]]      default: 10000000 1000
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_stats.h"
#include "nq/board.h"
#include "nq/clock.h"
#include "nq/timeline.h"
#include "nq/tree.h"

enum { BOARD = 14, MAX_SEEKS = 100000 };

static uint64_t random_step(uint64_t length)
{
    return (((uint64_t)rand() << 31) ^ (uint64_t)rand()) % (length + 1);
}

int main(int argc, char **argv)
{
    uint64_t steps = argc > 1 ? strtoull(argv[1], NULL, 10) : 10000000;
    int seeks = argc > 2 ? atoi(argv[2]) : 1000;
    if (steps < 1 || seeks < 1 || seeks > MAX_SEEKS) {
        fprintf(stderr, "usage: bench_timeline [STEPS [SEEKS (1 to %d)]]\n", MAX_SEEKS);
        return 2;
    }
    static double seek[MAX_SEEKS], jump[MAX_SEEKS], view[MAX_SEEKS];
    nq_timeline *tl = nq_timeline_create(BOARD, NULL);
    nq_tree *tree = nq_tree_create(BOARD, NULL);
    nq_tree_view *tv = nq_tree_view_create();
    nq_trace t;
    nq_trace_init(&t, BOARD, NULL);
    nq_step step;
    double t0 = nq_clock_seconds();
    for (uint64_t k = 0; k < steps && nq_trace_next(&t, &step); k++)
        nq_timeline_record(tl, &step), nq_tree_record(tree, &step);
    double recording = nq_clock_seconds() - t0;
    uint64_t length = nq_timeline_length(tl);
    srand(13);
    uint64_t checksum = 0;
    for (int i = 0; i < seeks; i++) {
        uint64_t k = random_step(length), found = 0;
        nq_moment m;
        double s0 = nq_clock_seconds();
        nq_timeline_seek(tl, k, &m);
        double s1 = nq_clock_seconds();
        nq_timeline_find(tl, k, i % 2, NQ_LANDMARK_SOLUTION | NQ_LANDMARK_DEAD_END, &found);
        double s2 = nq_clock_seconds();
        nq_tree_view_at(tv, tree, tl, k);
        double s3 = nq_clock_seconds();
        seek[i] = s1 - s0;
        jump[i] = s2 - s1;
        view[i] = s3 - s2;
        checksum += m.trace.nodes + found;
    }
    bench_sort(seek, seeks);
    bench_sort(jump, seeks);
    bench_sort(view, seeks);
    printf("bench_timeline: N = %d, %llu steps recorded in %.2f s (%.0f M steps/s), %d random steps\n", BOARD,
           (unsigned long long)length, recording, (double)length / recording / 1e6, seeks);
    printf("seek: median %.3f ms, worst %.3f ms\n", seek[seeks / 2] * 1e3, seek[seeks - 1] * 1e3);
    printf("next or previous solution or dead end: median %.3f ms, worst %.3f ms\n", jump[seeks / 2] * 1e3,
           jump[seeks - 1] * 1e3);
    printf("tree view: median %.3f ms, worst %.3f ms\n", view[seeks / 2] * 1e3, view[seeks - 1] * 1e3);
    printf("memory: timeline %.2f MB (%zu bytes), tree %.2f MB (%zu records)\n", (double)nq_timeline_bytes(tl) / 1e6,
           nq_timeline_bytes(tl), (double)nq_tree_bytes(tree) / 1e6, nq_tree_records(tree));
    printf("(checksum %llu)\n", (unsigned long long)checksum);
    nq_tree_view_free(tv);
    nq_tree_free(tree);
    nq_timeline_free(tl);
    return 0;
}
