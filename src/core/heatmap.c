/*
 * heatmap.c -- for every square, how many solutions (with the first queen, if any) put a queen
 * there: one pinned count per class of squares, published square by square as each finishes.
 *
 * A square's number is the count of count_pins.h with the square and the first queen both
 * pinned (the square alone without a first queen); nothing here searches. The symmetries of
 * the square that keep the first queen where it is (all 8 without one) take a square to another
 * with the same number, so the squares fall into classes (orbits) and one square of each class
 * is counted. The classes go in reading order of their first square, so the map fills row by
 * row from the top; the first queen's own square, whose number is the board's total, goes first.
 * Squares the first queen attacks (its row included) are 0 from the start.
 *
 * Publishing: only the filling thread writes. Each square is one atomic word, NOT_KNOWN until
 * its number is stored (release); `known` is counted up after the stores (release) and `total`
 * stored once every square is (release), so a reader that loads them with acquire sees every
 * square they speak of. A number once stored never changes, so a reader never sees a wrong one.
 *
 * Every solution has one queen in each row, so each row's numbers sum to the board's total. The
 * first row to be complete gives that total (to the progress reports while the rest fills), and
 * from then on the last class of a row, when no other square of the row is missing, is not
 * counted but takes what the rest of the row leaves: for N = 16 without a first queen that is 7
 * of the 36 classes. The tests check every number against a plain reference all the same.
 */
#include "nq/heatmap.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "bits.h"
#include "check.h"
#include "count_pins.h"
#include "nq/clock.h"
#include "nq/symmetry.h"

/* What a square holds until its number is known: no board has that many solutions. */
#define NOT_KNOWN UINT64_MAX

struct nq_heatmap {
    int n;
    bool has_first;
    nq_square first;
    bool filled;               /* nq_heatmap_fill() was called (the filling thread's own) */
    atomic_int known;          /* squares stored so far */
    _Atomic uint64_t max;      /* the largest number stored so far */
    _Atomic uint64_t total;    /* the board's solutions, once every square is known; else 0 */
    _Atomic uint64_t counts[]; /* n * n, row by row from the top; NOT_KNOWN until known */
};

static size_t square_index(const nq_heatmap *map, nq_square s)
{
    NQ_CHECK(s.column >= 0 && s.column < map->n && s.row >= 0 && s.row < map->n);
    return (size_t)s.row * (size_t)map->n + (size_t)s.column;
}

/* Stores a square's number. The filling thread only, once per square. */
static void publish(nq_heatmap *map, nq_square s, uint64_t count)
{
    /* Pairs with the acquire load in nq_heatmap_get(). */
    atomic_store_explicit(&map->counts[square_index(map, s)], count, memory_order_release);
    if (count > atomic_load_explicit(&map->max, memory_order_relaxed))
        atomic_store_explicit(&map->max, count, memory_order_relaxed);
    /* After the store above: pairs with the acquire load in nq_heatmap_known(). */
    atomic_fetch_add_explicit(&map->known, 1, memory_order_release);
}

nq_heatmap *nq_heatmap_create(int n, const nq_square *first)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    NQ_CHECK(!first || (first->column >= 0 && first->column < n && first->row >= 0 && first->row < n));
    size_t squares = (size_t)n * (size_t)n;
    nq_heatmap *map = NQ_CHECK_ALLOC(malloc(sizeof *map + squares * sizeof map->counts[0]));
    map->n = n;
    map->has_first = first != NULL;
    map->first = first ? *first : (nq_square){0, 0};
    map->filled = false;
    atomic_init(&map->known, 0);
    atomic_init(&map->max, 0);
    atomic_init(&map->total, 0);
    for (size_t i = 0; i < squares; i++)
        atomic_init(&map->counts[i], NOT_KNOWN);
    if (first) {
        for (int row = 0; row < n; row++) {
            for (int column = 0; column < n; column++) {
                nq_line line;
                if (nq_queen_line(n, first->column, first->row, column, row, &line))
                    publish(map, (nq_square){column, row}, 0);
            }
        }
    }
    return map;
}

void nq_heatmap_check(int n, const uint64_t *counts, uint64_t total, bool *rows, bool *columns)
{
    *rows = *columns = true;
    for (int i = 0; i < n; i++) {
        uint64_t row = 0, column = 0;
        for (int j = 0; j < n; j++) {
            row += counts[(size_t)i * (size_t)n + (size_t)j];
            column += counts[(size_t)j * (size_t)n + (size_t)i];
        }
        *rows = *rows && row == total;
        *columns = *columns && column == total;
    }
}

void nq_heatmap_free(nq_heatmap *map)
{
    free(map);
}

bool nq_heatmap_get(const nq_heatmap *map, nq_square square, uint64_t *count)
{
    /* Pairs with the release store in publish(). */
    uint64_t c = atomic_load_explicit(&map->counts[square_index(map, square)], memory_order_acquire);
    if (c == NOT_KNOWN)
        return false;
    *count = c;
    return true;
}

int nq_heatmap_known(const nq_heatmap *map)
{
    /* Pairs with the release add in publish(): that many squares are readable. */
    return atomic_load_explicit(&map->known, memory_order_acquire);
}

uint64_t nq_heatmap_total(const nq_heatmap *map)
{
    /* Pairs with the release store at the end of nq_heatmap_fill(). */
    return atomic_load_explicit(&map->total, memory_order_acquire);
}

uint64_t nq_heatmap_max(const nq_heatmap *map)
{
    return atomic_load_explicit(&map->max, memory_order_relaxed);
}

/* ---- the fill ---- */

/* The filling thread's state: the figures its reports carry. */
typedef struct filling {
    nq_heatmap *map;
    const nq_run *run;
    double start, last_report, interval;
    uint64_t nodes, dead_ends;   /* of the classes counted so far */
    bool total_known;            /* a row is complete, so total holds the board's solutions */
    uint64_t total;
    int row_left[NQ_MAX_N];      /* squares of each row not known yet */
} filling;

/* Passes the figures to the run's progress function: the squares known, the total once a row
 * gives it, and the nodes and dead ends of the classes counted so far plus those of the count
 * under way (nodes, dead_ends). */
static void report(filling *f, uint64_t nodes, uint64_t dead_ends, bool complete)
{
    double now = nq_clock_seconds();
    nq_progress p = {
        .solutions = (uint64_t)nq_heatmap_known(f->map),
        .found = f->total_known ? f->total : 0,
        .nodes = f->nodes + nodes,
        .dead_ends = f->dead_ends + dead_ends,
        .basis = NQ_BASIS_CLASSES, /* nq_count_pinned()'s */
        .seconds = now - f->start,
        .complete = complete,
    };
    f->last_report = now;
    f->run->progress(f->run->context, &p);
}

/* The progress function of a class's count: its reports while it runs, as the map's. Its last
 * report (complete) is left out: the class's figures go into the map's next one. */
static void report_count(void *context, const nq_progress *progress)
{
    filling *f = context;
    if (!progress->complete)
        report(f, progress->nodes, progress->dead_ends, false);
}

/* The squares the symmetries that keep the first queen where it is (all 8 without one) take s
 * to, each once, into orbit; returns how many. */
static int orbit_of(const nq_heatmap *map, nq_square s, nq_square orbit[NQ_SYM_COUNT])
{
    int size = 0;
    for (nq_symmetry g = NQ_SYM_IDENTITY; g < NQ_SYM_COUNT; g++) {
        if (map->has_first) {
            nq_square moved = nq_symmetry_apply(g, map->n, map->first);
            if (moved.column != map->first.column || moved.row != map->first.row)
                continue;
        }
        nq_square image = nq_symmetry_apply(g, map->n, s);
        int i = 0;
        while (i < size && (orbit[i].column != image.column || orbit[i].row != image.row))
            i++;
        if (i == size)
            orbit[size++] = image;
    }
    return size;
}

/* Publishes count on every square of the class orbit[0..size-1]; the first row it completes
 * gives the board's total. */
static void publish_class(filling *f, const nq_square *orbit, int size, uint64_t count)
{
    for (int i = 0; i < size; i++) {
        publish(f->map, orbit[i], count);
        if (--f->row_left[orbit[i].row] == 0 && !f->total_known) {
            f->total_known = true;
            f->total = 0;
            for (int column = 0; column < f->map->n; column++) {
                uint64_t c = 0;
                NQ_CHECK(nq_heatmap_get(f->map, (nq_square){column, orbit[i].row}, &c));
                f->total += c;
            }
        }
    }
}

/* The class's number by the row sum, when it is the last class of its row: every solution has
 * one queen in each row, so the row's numbers add up to the total, and the squares of the row
 * not known yet (in_row of them, all in this class) share what the others leave. False when the
 * total is not known yet or other squares of the row are missing too. */
static bool derive_from_row(const filling *f, int row, int in_row, uint64_t *count)
{
    if (!f->total_known || f->row_left[row] != in_row)
        return false;
    uint64_t rest = f->total;
    for (int column = 0; column < f->map->n; column++) {
        uint64_t c;
        if (nq_heatmap_get(f->map, (nq_square){column, row}, &c)) {
            NQ_CHECK(c <= rest);
            rest -= c;
        }
    }
    NQ_CHECK(rest % (uint64_t)in_row == 0);
    *count = rest / (uint64_t)in_row;
    return true;
}

/* Finds the number of the class of square s (by the row sum, or by counting it) and publishes
 * every square of the class; false if cancelled. */
static bool fill_class(filling *f, nq_square s)
{
    nq_heatmap *map = f->map;
    nq_square orbit[NQ_SYM_COUNT];
    int size = orbit_of(map, s, orbit), in_row = 0;
    for (int i = 0; i < size; i++)
        in_row += orbit[i].row == s.row;
    uint64_t count;
    if (!derive_from_row(f, s.row, in_row, &count)) {
        nq_square pins[2] = {s, map->first};
        int pin_count = map->has_first && (s.column != map->first.column || s.row != map->first.row) ? 2 : 1;
        nq_run run = {f->run->threads, f->run->cancel, f->run->progress ? report_count : NULL, f,
                      f->run->interval};
        nq_search_result r = nq_count_pinned(map->n, pins, pin_count, &run);
        f->nodes += r.nodes;
        f->dead_ends += r.dead_ends;
        if (!r.complete)
            return false;
        count = r.solutions;
    }
    publish_class(f, orbit, size, count);
    if (f->run->progress && nq_clock_seconds() - f->last_report >= f->interval)
        report(f, 0, 0, false);
    return true;
}

bool nq_heatmap_fill(nq_heatmap *map, const nq_run *run)
{
    NQ_CHECK(!map->filled);
    map->filled = true;
    int n = map->n;
    filling f = {.map = map, .run = run, .start = nq_clock_seconds()};
    f.last_report = f.start;
    f.interval = run->interval > 0 ? run->interval : 1.0 / 60;
    for (int row = 0; row < n; row++) {
        f.row_left[row] = 0;
        for (int column = 0; column < n; column++) {
            uint64_t c;
            if (!nq_heatmap_get(map, (nq_square){column, row}, &c))
                f.row_left[row]++;
        }
    }
    bool complete = !nq_run_cancelled(run) && (!map->has_first || fill_class(&f, map->first));
    for (int row = 0; row < n && complete; row++) {
        for (int column = 0; column < n && complete; column++) {
            uint64_t c;
            if (!nq_heatmap_get(map, (nq_square){column, row}, &c))
                complete = !nq_run_cancelled(run) && fill_class(&f, (nq_square){column, row});
        }
    }
    if (complete) {
        NQ_CHECK(f.total_known);
        /* After every square: pairs with the acquire load in nq_heatmap_total(). */
        atomic_store_explicit(&map->total, f.total, memory_order_release);
    }
    if (run->progress)
        report(&f, 0, 0, complete);
    return complete;
}
