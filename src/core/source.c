/*
 * source.c -- the parts of a split's run (source.h): a lock around the caller's source, the
 * order checked, and the part that starts the next group parked.
 */
#include "source.h"

#include "check.h"

void nq_source_init(nq_source *s, const nq_count_source *from, uint64_t parts)
{
    *s = (nq_source){.from = from, .parts = parts};
    NQ_CHECK(pthread_mutex_init(&s->lock, NULL) == 0);
}

void nq_source_destroy(nq_source *s)
{
    pthread_mutex_destroy(&s->lock);
}

/* Draws a part from the caller's source, or the next of every part; false when none is left.
 * Under the lock. */
static bool draw(nq_source *s, uint64_t *part)
{
    if (s->exhausted)
        return false;
    bool got;
    if (s->from) {
        got = s->from->next(s->from->context, part);
    } else {
        got = s->cursor < s->parts;
        *part = s->cursor++;
    }
    if (!got) {
        s->exhausted = true;
        return false;
    }
    NQ_CHECK(*part < s->parts && (!s->has_last || *part > s->last));
    s->has_last = true;
    s->last = *part;
    return true;
}

bool nq_source_next(nq_source *s, uint64_t group_end, uint64_t *part)
{
    pthread_mutex_lock(&s->lock);
    bool got = s->parked || draw(s, part);
    if (got && s->parked)
        *part = s->parked_part;
    if (got && *part >= group_end) {
        s->parked = true;
        s->parked_part = *part;
        got = false;
    } else if (got) {
        s->parked = false;
    }
    pthread_mutex_unlock(&s->lock);
    return got;
}

bool nq_source_peek(nq_source *s, uint64_t *part)
{
    pthread_mutex_lock(&s->lock);
    if (!s->parked && draw(s, &s->parked_part))
        s->parked = true;
    *part = s->parked_part;
    bool got = s->parked;
    pthread_mutex_unlock(&s->lock);
    return got;
}

void nq_source_done(nq_source *s, uint64_t part, const nq_count_figures *figures)
{
    if (!s->from || !s->from->done)
        return;
    pthread_mutex_lock(&s->lock);
    s->from->done(s->from->context, part, figures);
    pthread_mutex_unlock(&s->lock);
}
