/*
 * halfplan.h -- what counting by halves (halves.c) and the fill of prefixes by halves
 * (lexhalves.c) share: the subproblems of a board (a configuration for each placement of an odd
 * board's middle queens, one split of the rows between the half boards a task) cut into parts,
 * and the keys of half boards. Private to src/core; halves.c says why the board is cut so.
 */
#ifndef NQ_HALFPLAN_H
#define NQ_HALFPLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "halves.h"
#include "nq/board.h"
#include "quarters.h"

/* The subsets of a set of a quarter's columns, by size: those with k columns are
 * masks[start[k]] up to masks[start[k + 1]]. */
enum { QUARTER_MAX = NQ_HALVES_MAX_N / 2 };
typedef struct half_subsets {
    unsigned start[QUARTER_MAX + 2];
    unsigned masks[1 << QUARTER_MAX];
} half_subsets;

typedef struct half_config {
    unsigned rows;  /* the rows the quarters fill (all but the middle queens' rows) */
    unsigned left;  /* the left quarters' free columns (quarter coordinates) */
    unsigned right; /* the right quarters' */
    /* The diagonals the middle queens close, in each quarter's own entries: left top, left bottom,
     * right top, right bottom. */
    uint64_t closed[4];
    uint64_t shared[2];          /* of closed[2..3], what the queens its group shares close (all, ungrouped) */
    uint64_t crossing;           /* the key bits (nq_half_key()) of its queen that its group does not share */
    bool grouped;                /* its right half boards are its group's */
    size_t group_end;            /* its group's configurations from it on end here */
    uint64_t weight;             /* boards this one stands for under the symmetries of the square */
    bool split_symmetric;        /* splits are taken one per class of mirror and upside-down images */
    size_t first_task, end_task; /* its splits in the plan's task list (a group's are its first's) */
    size_t end_part;             /* its parts end here: they follow the previous configuration's */
    half_subsets *column_sets;   /* [0]: of left, [1]: of right */
    int middle_column;           /* odd n: the middle row's queen's column; even n: -1 */
    int middle_row;              /* odd n: the middle column's queen's row; even n: -1 */
} half_config;

typedef struct half_task {
    uint32_t config;
    uint32_t rows_left; /* R: the rows whose queen stands in the left half */
    uint32_t weight;    /* splits of R's class */
} half_task;

typedef struct half_task_list {
    half_task *items;
    size_t size, capacity;
} half_task_list;

typedef struct half_plan {
    int n, q, s; /* size, quarter size, offset of the bottom and right quarters */
    half_config *configs;
    size_t config_count;
    half_task_list tasks;
    uint32_t *part_first; /* part i: tasks part_first[i] to part_first[i + 1] - 1 */
    size_t part_count;
} half_plan;

/* The configurations and tasks of the n x n board with a queen on *pin (NULL: all solutions):
 * for odd n every pair of middle queens (one of each 8 images without a pin), with the pin if
 * there is one; without a pin, splits are taken one per class of mirror and upside-down images
 * (even n, and odd n's centre). Freed with nq_half_plan_free(). Any thread.
 *
 * Grouped (odd n): the configurations whose middle row's queen stands in the left half and whose
 * middle column's queen stands on the same row are a group, whose tasks are the first one's. Their
 * right half boards are the same but for that middle row's queen, so a task builds them once,
 * closed only to the queens the group shares (`shared`), and matches them against the left half
 * boards of every configuration of the group, each with its middle row's queen's diagonals in its
 * key (`crossing`): a right half board on one of them meets it there. Ungrouped, each
 * configuration is a group of its own and its tasks are its own. */
half_plan nq_half_plan_of(int n, const nq_square *pin, bool grouped);
void nq_half_plan_free(half_plan *p);

/* The cells (rows << q | columns, quarters.h) of quarter k (0 left top, 1 left bottom, 2 right
 * top, 3 right bottom) that take a row or a column a fixed queen of c holds, as a mask: a cell
 * is one of them when it has a bit of the mask. No task reads them. */
size_t nq_half_shut_cells(const half_plan *p, const half_config *c, int k);

/* What a round of a group of `group` configurations from *first filters: the left top and bottom
 * quarters of each configuration in turn, then the right top and bottom ones once,
 * nq_half_filterings(group) in all (so a configuration g's left quarters are filterings 2g and
 * 2g + 1, the right ones 2 * group and 2 * group + 1). Filtering i keeps the entries of quarter k
 * (0 left top, 1 left bottom, 2 right top, 3 right bottom) that `closed` leaves open, outside the
 * cells nq_half_shut_cells() gives for c, with `crossing` in each key: the left quarters are closed
 * to all of their configuration's queens, its own queen's crossing bits in the top one's; the
 * right ones to what the group shares. */
typedef struct half_filtering {
    int k;
    const half_config *c;
    uint64_t closed, crossing;
} half_filtering;
half_filtering nq_half_filtering(const half_config *first, int group, int i);

static inline int nq_half_filterings(int group)
{
    return 2 * group + 2;
}

/* Whether the round of c's group filters its quarters: c has middle queens. */
static inline bool nq_half_filtered(const half_config *c)
{
    return c->closed[0] || c->closed[1] || c->closed[2] || c->closed[3];
}

/* The rows of the n x n board upside down. */
unsigned nq_half_reverse_rows(int n, unsigned rows);

/* How a quarter entry becomes its part of a half board's key. The key holds the half board's
 * diagonals that cross the middle, 2q - 1 of each direction: in the half board's rows, the d1
 * ones from bit d1_shift and the d2 ones from bit d2_shift (left half: s and 0; right half: 0 and
 * s), where the bottom quarter's diagonals stand s higher than in its own entry. So an entry's
 * diagonals of each direction move up or down by the difference, in 64 bits: the half board's
 * masks are never packed whole (for n >= 23 they would not fit 64 bits). A top and a bottom
 * entry meet on a diagonal only where the two quarters' diagonals overlap, which is among the
 * crossing ones: two entries fit exactly when their keys have no bit in common, and the key of
 * the half board they make is the OR of theirs. */
typedef struct half_key_shape {
    int width;                /* 2q - 1 */
    int up[2][2], down[2][2]; /* [top, bottom][d1, d2]: the moves of an entry's diagonals */
} half_key_shape;

/* The shape of the keys of the left (left: true) or right half, of q x q quarters with the bottom
 * and right ones s squares from the top and left edges. */
half_key_shape nq_half_shape(int q, int s, bool left);

/* The key of a top (quarter 0) or bottom (1) quarter entry in shape k: inline, as the pairing
 * of quarter entries calls it for every entry. */
static inline uint64_t nq_half_key(const half_key_shape *k, int quarter, uint64_t entry)
{
    uint64_t low = (UINT64_C(1) << k->width) - 1, d1 = entry & D1_BITS, d2 = entry >> D2_SHIFT;
    return ((d1 << k->up[quarter][0] >> k->down[quarter][0]) & low) |
           ((d2 << k->up[quarter][1] >> k->down[quarter][1]) & low) << k->width;
}

#endif
