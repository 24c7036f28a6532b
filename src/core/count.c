/*
 * count.c -- the counting front. Without a pinned queen, from NQ_COUNT_HALVES_FROM on: quarters
 * joined into halves and halves matched (halves.c), the unique count by Burnside's lemma from the
 * few boards a symmetry keeps (symmetry.c);
 * below that size, where the row-by-row search is faster: one board of each symmetry class
 * (search.c), which gives the unique count with the total. A pinned first queen from
 * NQ_COUNT_PINNED_HALVES_FROM on: halves too. Other pinned queens (the first queen,
 * or the heatmap's pairs through count_pins.h): the pins moved by a symmetry as near to the top
 * row as they go (the count is the same, and the rows above them, searched in full, are then
 * fewest), then counted directly by the same search.
 * That choice is made once, in nq_count_split_new(): a split is the chosen method's list of
 * parts, and nq_count() is a run of a split over every part, so a count in pieces (a journal,
 * nqueens-mpi) counts exactly what nq_count() counts.
 */
#include "nq/count.h"

#include <stdlib.h>

#include "check.h"
#include "count_pins.h"
#include "halves.h"
#include "nq/symmetry.h"
#include "search.h"
#include "team.h"

/* The first size counted by halves: below it the row-by-row search is faster (bench_count). With
 * a pinned queen, halves are faster from 16 on (an odd board's placements of its middle queens,
 * n times those without a pin, are counted by groups: 17 takes 0.05 to 0.4 s by halves, 0.3 to
 * 0.9 s by rows; 15 0.005 to 0.07 s by halves, 0.008 to 0.025 s by rows). */
enum { NQ_COUNT_HALVES_FROM = 14, NQ_COUNT_PINNED_HALVES_FROM = 16 };

/* Whether square a comes before b reading the board row by row from the top, left to right. */
static bool reads_before(nq_square a, nq_square b)
{
    return a.row < b.row || (a.row == b.row && a.column < b.column);
}

/* pins[0..count-1] under symmetry g, into out, in reading order (insertion sort: a few pins). */
static void image_sorted(nq_symmetry g, int n, const nq_square *pins, int count, nq_square *out)
{
    for (int i = 0; i < count; i++) {
        nq_square s = nq_symmetry_apply(g, n, pins[i]);
        int j = i;
        for (; j > 0 && reads_before(s, out[j - 1]); j--)
            out[j] = out[j - 1];
        out[j] = s;
    }
}

/* The image of the pins under the symmetry that brings them nearest the top row, into moved:
 * the one whose topmost pin stands highest, then the next pin, and so on; on the left half where
 * that is a tie (the mirror image counts the same). */
static void nearest_top(int n, const nq_square *pins, int count, nq_square *moved)
{
    image_sorted(NQ_SYM_IDENTITY, n, pins, count, moved);
    for (nq_symmetry g = NQ_SYM_IDENTITY + 1; g < NQ_SYM_COUNT; g++) {
        nq_square image[NQ_MAX_N];
        image_sorted(g, n, pins, count, image);
        int i = 0;
        while (i < count && image[i].row == moved[i].row && image[i].column == moved[i].column)
            i++;
        if (i < count && reads_before(image[i], moved[i]))
            for (int k = 0; k < count; k++)
                moved[k] = image[k];
    }
}

nq_search_result nq_count_pinned(int n, const nq_square *pins, int pin_count, const nq_run *run)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    NQ_CHECK(pin_count >= 1 && pin_count <= n);
    nq_square moved[NQ_MAX_N];
    nearest_top(n, pins, pin_count, moved);
    return nq_search_count(n, moved, pin_count, run);
}

bool nq_count_figures_add(nq_count_figures *sum, const nq_count_figures *add)
{
    nq_count_figures s = *sum;
    if (__builtin_add_overflow(s.solutions, add->solutions, &s.solutions) ||
        __builtin_add_overflow(s.unique, add->unique, &s.unique) ||
        __builtin_add_overflow(s.nodes, add->nodes, &s.nodes) ||
        __builtin_add_overflow(s.dead_ends, add->dead_ends, &s.dead_ends))
        return false;
    *sum = s;
    return true;
}

/* The count's split: by halves or by rows, never both. */
struct nq_count_split {
    int n;
    nq_halves_split *halves;
    nq_search_split *rows;
};

nq_count_split *nq_count_split_new(int n, const nq_square *first)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    NQ_CHECK(!first || (first->column >= 0 && first->column < n && first->row >= 0 && first->row < n));
    nq_count_split *split = NQ_CHECK_ALLOC(calloc(1, sizeof *split));
    split->n = n;
    bool halves = first ? n >= NQ_COUNT_PINNED_HALVES_FROM && n <= NQ_HALVES_MAX_N
                        : n >= NQ_COUNT_HALVES_FROM && n <= NQ_HALVES_MAX_N;
    if (halves) {
        split->halves = nq_halves_split_new(n, first);
    } else if (first) {
        nq_square moved;
        nearest_top(n, first, 1, &moved);
        split->rows = nq_search_split_new(n, &moved, 1);
    } else {
        split->rows = nq_search_split_new(n, NULL, 0);
    }
    return split;
}

void nq_count_split_free(nq_count_split *split)
{
    if (!split)
        return;
    nq_halves_split_free(split->halves);
    nq_search_split_free(split->rows);
    free(split);
}

uint64_t nq_count_split_parts(const nq_count_split *split)
{
    return split->halves ? nq_halves_split_parts(split->halves) : nq_search_split_parts(split->rows);
}

const char *nq_count_split_method(const nq_count_split *split)
{
    return split->halves ? "halves" : "rows";
}

nq_basis nq_count_split_basis(const nq_count_split *split)
{
    return split->halves ? NQ_BASIS_HALVES : NQ_BASIS_CLASSES;
}

bool nq_count_split_prepare(nq_count_split *split, const nq_run *run, nq_count_figures *setup)
{
    if (split->halves)
        return nq_halves_split_prepare(split->halves, run, setup);
    *setup = nq_search_split_setup(split->rows);
    return true;
}

bool nq_count_split_run(nq_count_split *split, const nq_count_source *source, const nq_run *run,
                        nq_count_figures *sum)
{
    return split->halves ? nq_halves_split_run(split->halves, source, run, sum)
                         : nq_search_split_run(split->rows, source, run, sum);
}

uint64_t nq_count_split_unique(const nq_count_split *split, const nq_count_figures *total)
{
    return split->halves ? nq_symmetry_unique(split->n, total->solutions) : total->unique;
}

nq_count_result nq_count(int n, const nq_count_options *options)
{
    NQ_CHECK(!(options->unique && options->first));
    nq_count_split *split = nq_count_split_new(n, options->first);
    nq_count_figures f;
    bool complete = nq_count_split_run(split, NULL, &options->run, &f);
    uint64_t unique = options->unique && complete ? nq_count_split_unique(split, &f) : 0;
    nq_count_split_free(split);
    return (nq_count_result){complete, f.solutions, unique, f.nodes, f.dead_ends, f.basis};
}

int nq_count_default_threads(void)
{
    return nq_team_default_threads();
}
