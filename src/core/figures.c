/*
 * figures.c -- the bases of the work figures and their words, in one table (nq/figures.h).
 *
 * The words are kept English here, as method.c keeps the methods' titles: nqueens-cli's figures
 * stay English in every language, and the window translates them where it shows them.
 */
#include "nq/figures.h"

#include "check.h"
#include "nq/i18n.h"

static const struct {
    const char *key, *placed, *failed;
} bases[NQ_BASIS_COUNT] = {
    [NQ_BASIS_ROW_SEARCH] = {"rows",
                             /* TRANSLATORS: a figure's label: the queens a search method placed, row
                              * by row, every one counted (the textbook search tree). Lowercase:
                              * the window capitalises it. */
                             N_("queens placed"),
                             /* TRANSLATORS: a figure's label: the rows the search reached with every
                              * square attacked, where it had to take a queen back. Lowercase. */
                             N_("dead ends")},
    [NQ_BASIS_INDEX_FILL] = {"index",
                             /* TRANSLATORS: a figure's label: the queens the fast fill of every
                              * solution placed; it counts the last five rows of the board from
                              * tables instead of placing queens there. Lowercase. */
                             N_("queens placed above the last five rows"),
                             /* TRANSLATORS: a figure's label: the dead ends of that fill, in the rows
                              * above the last five only. Lowercase. */
                             N_("dead ends above the last five rows")},
    [NQ_BASIS_CLASSES] = {"classes",
                          /* TRANSLATORS: a figure's label: the queens the fast count placed. It
                           * searches less by symmetry (turns and mirror images): one board of each
                           * class, or the board turned so that the pinned queen is nearest the top.
                           * "(symmetry shortcut)" says these are not the plain search's figures.
                           * Lowercase. */
                          N_("queens placed (symmetry shortcut)"),
                          /* TRANSLATORS: a figure's label: the dead ends of that same fast count
                           * (see "queens placed (symmetry shortcut)"). Lowercase. */
                          N_("dead ends (symmetry shortcut)")},
    [NQ_BASIS_HALVES] = {"halves",
                         /* TRANSLATORS: a figure's label: the count of large boards places no
                          * queens row by row; it builds partial boards (quarters, then halves of the
                          * board) and joins them. This is how many it built. Lowercase. */
                         N_("partial boards built"),
                         /* TRANSLATORS: a figure's label: the pairs of partial boards (quarters,
                          * halves) that count tried to join and that did not fit together: its dead
                          * ends. Lowercase. */
                         N_("pairs of partial boards that did not fit")},
};

uint64_t nq_failures(uint64_t dead_ends, uint64_t wipe_outs)
{
    return dead_ends + wipe_outs;
}

const char *nq_basis_key(nq_basis b)
{
    NQ_CHECK(b >= 0 && b < NQ_BASIS_COUNT);
    return bases[b].key;
}

const char *nq_basis_placed_words(nq_basis b)
{
    NQ_CHECK(b >= 0 && b < NQ_BASIS_COUNT);
    return bases[b].placed;
}

const char *nq_basis_failed_words(nq_basis b)
{
    NQ_CHECK(b >= 0 && b < NQ_BASIS_COUNT);
    return bases[b].failed;
}
