/*
 * source.h -- where the counting threads of a split's run take their parts: a caller's
 * nq_count_source, or every part in order. Private to src/core.
 *
 * One lock serialises every call into the caller's source (nq/count.h promises that), so the
 * counting threads may share one. Parts come in increasing order; a halves split counts them
 * group by group (the parts of one placement of its middle queens share tables built for it), so
 * a thread that draws the first part of the next group parks it and ends the round: the
 * split's run then builds that group's tables and starts the next round with the parked part.
 */
#ifndef NQ_SOURCE_H
#define NQ_SOURCE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "nq/count.h"

typedef struct nq_source {
    const nq_count_source *from; /* NULL: every part, 0 to parts - 1 */
    uint64_t parts;              /* the split's parts */
    uint64_t cursor;             /* every part: the next one */
    bool has_last;
    uint64_t last; /* the last part drawn, to check the order */
    bool parked;
    uint64_t parked_part; /* the first part of the next group, drawn and not yet counted */
    bool exhausted;       /* the source has no more parts */
    pthread_mutex_t lock;
} nq_source;

/* Starts a source of the parts `from` gives (NULL: every part of `parts`). */
void nq_source_init(nq_source *s, const nq_count_source *from, uint64_t parts);

void nq_source_destroy(nq_source *s);

/* The next part below group_end, into *part; false when the next part is at or after group_end
 * (it is parked for the next round) or there are none left. Any counting thread. */
bool nq_source_next(nq_source *s, uint64_t group_end, uint64_t *part);

/* The first part of the next round (drawn and parked if none is), into *part; false when there
 * are none left. Between rounds, on the thread that runs them. */
bool nq_source_peek(nq_source *s, uint64_t *part);

/* Tells the caller's source that a part is done, with its figures. Any counting thread. */
void nq_source_done(nq_source *s, uint64_t part, const nq_count_figures *figures);

#endif
