/*
 * resume.h -- a count that keeps a journal (journal.h) and goes on from it, on this machine's
 * threads: nqueens-cli count --journal, and nqueens-mpi on one process. The parts the journal
 * lacks are counted, each written to it as it ends; the totals are the set-up's and every part's
 * on file, so they are the same however many runs it took. Also what every count prints, and
 * what it says about its journal, for nqueens-mpi's coordinator too.
 *
 * Main thread, but for the source's calls, which the engine makes under its lock.
 */
#ifndef NQ_CLI_RESUME_H
#define NQ_CLI_RESUME_H

#include <stdbool.h>
#include <stdint.h>

#include "journal.h"
#include "nq/board.h"
#include "nq/count.h"

typedef struct resume_request {
    int n;
    const nq_square *first; /* NULL: none */
    bool unique;            /* print the unique count too (first must be NULL) */
    int threads;            /* 0: one per core */
    const char *journal;    /* the journal's path */
    bool quiet;             /* no progress line, no word about the journal's parts */
} resume_request;

/* Runs the count of r with its journal, prints its figures on stdout (resume_print()) when it
 * is complete, and returns the exit status: 0; 1 when the journal cannot be written (the work
 * stops); 2 when the journal is refused; PROGRESS_INTERRUPTED after Ctrl+C. Every message goes
 * to stderr through say(). */
int resume_count(const resume_request *r);

/* Opens the journal of split's count (see journal_open()) and, unless quiet, says on stderr how
 * many of its parts it holds already, when it holds any. On failure says why and returns the
 * exit status (JOURNAL_BAD); *j is then closed. */
int resume_open(journal *j, const char *path, int n, const nq_square *first, const nq_count_split *split, bool quiet);

/* Says on stderr, after a run that stopped, how many parts the journal keeps and that the same
 * command goes on from there. */
void resume_say_kept(const journal *j);

/* Prints the figures of split's complete count (resume_print()): the set-up's and those of every
 * part, `parts`, added up, with the unique count from them when asked. */
void resume_print_total(const nq_count_split *split, const nq_count_figures *setup, const nq_count_figures *parts,
                        bool unique, double seconds);

/* Prints a count's figures on stdout as nqueens-cli count does: solutions:, unique: (when
 * asked), the nodes and the dead ends, each under the words of total's basis (nq/figures.h:
 * "queens placed (symmetry shortcut): 505"), and time: (seconds). */
void resume_print(const nq_count_figures *total, bool unique, uint64_t unique_count, double seconds);

#endif
