/*
 * quarters.c -- the quarter table (quarters.h), built by two walks of the same recursion: the
 * first counts the entries of each (rows, columns) key, the second writes them in place, so the
 * table is one array of offsets and one of entries, however many keys are empty.
 */
#include "quarters.h"

#include <stdlib.h>
#include <string.h>

#include "nq/alloc.h"


typedef struct quarter_walk {
    quarters *t;
    uint32_t *next;     /* NULL: counting pass; else where the next entry of each key goes */
    const nq_run *run;  /* NULL, or the run whose cancel flag stops the walk */
    bool stopped;
} quarter_walk;

/* Rows a walk goes down between looks at the cancel flag: every walk below them is a few
 * milliseconds at most. */
enum { QUARTER_POLL_ROW = 2 };

/* places: the rows of the queens placed so far, by column, as quarters.h says. */
static void quarter_place(quarter_walk *w, int row, unsigned rows, unsigned cols, uint64_t diagonals,
                          uint64_t places)
{
    int q = w->t->q;
    if (row == QUARTER_POLL_ROW && w->run && nq_run_cancelled(w->run))
        w->stopped = true;
    if (w->stopped)
        return;
    if (row == q) {
        unsigned key = rows << q | cols;
        if (w->next) {
            uint32_t at = w->next[key]++;
            w->t->entries[at] = diagonals;
            if (w->t->places)
                w->t->places[at] = places;
        } else
            w->t->start[key + 1]++;
        return;
    }
    quarter_place(w, row + 1, rows, cols, diagonals, places); /* no queen in this row */
    for (int c = 0; c < q; c++) {
        uint64_t d = UINT64_C(1) << (row + c) | UINT64_C(1) << (D2_SHIFT + row - c + q - 1);
        if (cols >> c & 1 || diagonals & d)
            continue;
        if (!w->next)
            w->t->nodes++;
        uint64_t placed = (places & ~(UINT64_C(15) << 4 * c)) | (uint64_t)row << 4 * c;
        quarter_place(w, row + 1, rows | 1u << row, cols | 1u << c, diagonals | d, placed);
    }
}

/* Every column empty: NQ_QUARTER_EMPTY in each of its 4-bit fields. */
#define NO_PLACES UINT64_MAX

quarters nq_quarters_build(int q, bool places, const nq_run *run, bool *stopped)
{
    size_t cells = (size_t)1 << 2 * q;
    quarters t = {.q = q, .start = nq_alloc_check(calloc(cells + 1, sizeof *t.start))};
    quarter_walk count = {&t, NULL, run, false};
    quarter_place(&count, 0, 0, 0, 0, NO_PLACES);
    for (size_t k = 0; k < cells; k++)
        t.start[k + 1] += t.start[k];
    size_t entries = t.start[cells] ? t.start[cells] : 1;
    t.entries = nq_alloc_check(malloc(sizeof *t.entries * entries));
    if (places)
        t.places = nq_alloc_check(malloc(sizeof *t.places * entries));
    uint32_t *next = nq_alloc_check(malloc(sizeof *next * cells));
    memcpy(next, t.start, sizeof *next * cells);
    quarter_walk fill = {&t, next, count.stopped ? NULL : run, count.stopped};
    quarter_place(&fill, 0, 0, 0, 0, NO_PLACES);
    free(next);
    *stopped = fill.stopped;
    return t;
}

void nq_quarters_free(quarters *t)
{
    free(t->start);
    free(t->entries);
    free(t->places);
    t->start = NULL;
    t->entries = NULL;
    t->places = NULL;
}
