/*
 * lexparts.h -- what each entry of the quarter table gives the half boards of the fill by halves
 * (lexhalves.c): its key, its part of the half board's edge reading and, for an odd board's
 * middle pairs, of its first or last rows' reading. They are worked out once a fill for every
 * entry in each of the four quarters, then, in each round of a group of configurations with
 * middle queens, kept only for the entries those queens leave open, as the count by halves
 * filters its quarters (halves.c). Private to src/core.
 */
#ifndef NQ_LEXPARTS_H
#define NQ_LEXPARTS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "halfplan.h"
#include "quarters.h"
#include "readings.h"

/* What the entries of one quarter give a half board, by entry: its key and its part of the half's
 * edge reading. Above the key's 4q - 2 matched bits, which the matching leaves out (match.h), from
 * nq_lexparts_carried_shift(q) up, the key carries one reading's part:
 *   - where the first and last rows are read, a top quarter's part of the first rows';
 *   - else, where it fits, the edge's (nq_lexparts_edge_in_key()): edge is then NULL;
 *   - else nothing.
 * Where the first and last rows are read, a bottom quarter's edge carries its part of the last
 * rows' reading above the edge's fields, from nq_lexparts_last_rows_shift(length) up.
 * A half board's key, the OR of its quarters', then holds that reading, and its edge the edge's
 * and the last rows', with no array of their own to write for every half board. */
typedef struct quarter_parts {
    uint64_t *key, *edge;
} quarter_parts;

/* Where a quarter entry's key carries a reading's part: past the key's 4q - 2 bits. */
static inline int nq_lexparts_carried_shift(int q)
{
    return 4 * q - 2;
}

/* Whether a reading `length` long fits above the keys of boards of n (q = n / 2). */
static inline bool nq_lexparts_carried_fits(int n, int length)
{
    return nq_lexparts_carried_shift(n / 2) + NQ_READING_FIELD_BITS * length <= 64;
}

/* Where the last rows' part of a reading `length` long stands in an edge (see quarter_parts):
 * past the edge's fields. */
static inline int nq_lexparts_last_rows_shift(int length)
{
    return NQ_READING_FIELD_BITS * length;
}

/* Whether the parts of readings `length` long fit, for boards of n: where the first and last rows
 * are read (`across`), the first rows' part above the key and the last rows' above the edge's. */
static inline bool nq_lexparts_fit(int n, int length, bool across)
{
    return !across || (nq_lexparts_carried_fits(n, length) && 2 * nq_lexparts_last_rows_shift(length) <= 64);
}

/* Whether the keys carry the edge's part (see quarter_parts): the first rows are not read and it
 * fits. */
static inline bool nq_lexparts_edge_in_key(int n, int length, bool across)
{
    return !across && nq_lexparts_carried_fits(n, length);
}

typedef struct lexparts {
    const half_plan *p;
    const quarters *t; /* the quarter table, with its places */
    int length;        /* of a reading */
    bool across;       /* the first and last rows are read */
    bool edge_in_key;  /* nq_lexparts_edge_in_key() */
    bool fast;         /* AVX-512 kernels */
    half_key_shape shapes[2]; /* left, right */
    /* The parts of each of t's entries in each quarter: left top, left bottom, right top, right
     * bottom. */
    quarter_parts whole[4];
    /* The round's quarters, as nq_half_filtering() lays them out (open[i], parts[i]): the whole
     * table and parts, or, for a group with middle queens, the entries they leave open, in
     * filtered and filtered_parts, whose room is kept from round to round (memory new to the
     * process costs a page fault a page). */
    const half_config *config; /* the round's first configuration */
    int group;                 /* the configurations in its group */
    const quarters **open;
    const quarter_parts **parts;
    quarters *filtered;
    quarter_parts *filtered_parts;
    size_t room; /* filtered's and filtered_parts' */
    atomic_int next_quarter;
    atomic_size_t next_entry;
} lexparts;

/* Works out the parts of every entry of t (built with its places) in each quarter of p's half
 * boards, for readings `length` long, with the first and last rows' if `across`, on `threads`
 * threads. x refers to p and t, which outlive it. The calling thread. */
void nq_lexparts_make(lexparts *x, const half_plan *p, const quarters *t, int length, bool across, int threads);

/* Makes x->open and x->parts the quarters of the round of the group of `group` configurations
 * from *c: filtered on `threads` threads where c has middle queens. The calling thread, between
 * rounds. */
void nq_lexparts_round(lexparts *x, const half_config *c, int group, int threads);

void nq_lexparts_free(lexparts *x);

#endif
