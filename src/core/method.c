/*
 * method.c -- the methods' names, in one table.
 */
#include "nq/method.h"

#include <string.h>

#include "check.h"

static const struct {
    const char *key, *title;
} methods[NQ_METHOD_COUNT] = {
    [NQ_METHOD_BACKTRACK] = {"backtrack", "Backtracking"},
    [NQ_METHOD_FORWARD] = {"forward", "Forward checking"},
    [NQ_METHOD_FIRSTFAIL] = {"firstfail", "First fail"},
    [NQ_METHOD_MINCONFLICTS] = {"minconflicts", "Min-conflicts"},
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
