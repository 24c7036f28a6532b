/*
 * method.c -- the methods' names, in one table: the key that scripts and files spell, and the
 * title a person reads, marked for translation but kept English here, so that nqueens-cli's
 * figures stay English; the window translates a title where it shows it.
 */
#include "nq/method.h"

#include <string.h>

#include "check.h"
#include "nq/i18n.h"

static const struct {
    const char *key, *title;
} methods[NQ_METHOD_COUNT] = {
    /* TRANSLATORS: the name of a search method, on a button and in lists: keep it short. */
    [NQ_METHOD_BACKTRACK] = {"backtrack", N_("Backtracking")},
    /* TRANSLATORS: the name of a search method (it crosses off the squares each queen attacks). */
    [NQ_METHOD_FORWARD] = {"forward", N_("Forward checking")},
    /* TRANSLATORS: the name of a search method (it fills the row with the fewest free squares first). */
    [NQ_METHOD_FIRSTFAIL] = {"firstfail", N_("First fail")},
    /* TRANSLATORS: the name of a search method (it moves queens to lower their conflicts). */
    [NQ_METHOD_MINCONFLICTS] = {"minconflicts", N_("Min-conflicts")},
};

const char *nq_method_key(nq_method method)
{
    NQ_CHECK(method >= 0 && method < NQ_METHOD_COUNT);
    return methods[method].key;
}

const char *nq_method_title(nq_method method)
{
    NQ_CHECK(method >= 0 && method < NQ_METHOD_COUNT);
    return methods[method].title;
}

bool nq_method_parse(const char *text, nq_method *method)
{
    for (int m = 0; m < NQ_METHOD_COUNT; m++) {
        if (!strcmp(text, methods[m].key)) {
            *method = (nq_method)m;
            return true;
        }
    }
    return false;
}

bool nq_method_complete(nq_method method)
{
    return method != NQ_METHOD_MINCONFLICTS;
}

nq_plan nq_plan_make(int n, const nq_square *first, nq_method method)
{
    nq_plan plan = {n, first != NULL, first ? *first : (nq_square){0, 0}, method, 1, 0};
    return plan;
}
