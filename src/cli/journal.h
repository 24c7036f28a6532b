/*
 * journal.h -- the journal of a long count: a text file that keeps the figures of every part
 * (nq/count.h's split) as soon as it is counted, so that a count stopped by Ctrl+C, a kill or a
 * power cut goes on where it stopped. nqueens-cli count --journal and nqueens-mpi write it.
 *
 * The file is a header that names the count (the program's version, N, the pinned queen, the
 * split's method and number of parts), then one line per part counted, in the order they were
 * done, each ending in a check of the header's text and its own:
 *     nqueens-journal 2
 *     program 0.1.0
 *     n 18
 *     first none                  (or: first 3,1 -- column, row, from 1)
 *     method halves
 *     parts 6142
 *     part 17 1180428 0 8231 57309 5f0e4b2c   (part, solutions, unique, nodes, dead ends, check)
 * Each line is appended and flushed as its part ends, and the file is synced to disk about once
 * a second. A journal is never written to unless it is empty or its header names this very count:
 * a file that is not a journal, or a journal of another count or version, is refused with a
 * message that says which. A last line without its newline (the write was cut) is dropped and its
 * part counted again; any other damaged line is an error that names it. One process at a time
 * may hold a journal (an advisory lock), and a journal deleted or changed by something else while
 * a count runs stops it.
 *
 * Every function runs on the thread that opened the journal, or under the engine's source lock.
 */
#ifndef NQ_CLI_JOURNAL_H
#define NQ_CLI_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "nq/board.h"
#include "nq/count.h"

/* What a journal is of. */
typedef struct journal_count {
    int n;
    bool has_first;
    nq_square first;    /* 0-based */
    const char *method; /* nq_count_split_method() */
    uint64_t parts;     /* nq_count_split_parts() */
    nq_basis basis;     /* nq_count_split_basis(): what the parts' figures count (not written) */
} journal_count;

typedef struct journal {
    FILE *file;
    const char *path; /* as given (not copied) */
    journal_count of;
    unsigned char *done;  /* [of.parts]: 1 for each part on file */
    uint64_t done_count;  /* parts on file */
    nq_count_figures sum; /* their figures added up, with the count's basis */
    bool torn;            /* a cut-off last line was dropped when it was opened */
    double synced;        /* when the file was last synced to disk */
    off_t size;           /* the file's length as this process wrote it: another change is noticed */
} journal;

/* What went wrong, as the exit status the programs give it. */
typedef enum journal_status {
    JOURNAL_OK = 0,
    JOURNAL_FAILED = 1, /* the file cannot be written any more (a full disk): the work stops */
    JOURNAL_BAD = 2,    /* the file is not a journal of this count, is damaged, or cannot be opened */
} journal_status;

/* Opens the journal at path for the count `of`: creates it with its header if it does not exist
 * or is empty, else reads and checks every line and takes the parts on it. On anything but
 * JOURNAL_OK, *j holds nothing to close and `message` (size bytes) says what is wrong in one line,
 * in the user's language: JOURNAL_FAILED when the header cannot be written (a full disk; a file
 * made for it is removed again), JOURNAL_BAD for the rest. */
journal_status journal_open(journal *j, const char *path, const journal_count *of, char *message, size_t size);

/* Whether the part is on file. */
bool journal_has(const journal *j, uint64_t part);

/* Appends a counted part (not on file yet) and flushes it; adds it to done and sum. On
 * JOURNAL_FAILED, `message` says why. */
journal_status journal_add(journal *j, uint64_t part, const nq_count_figures *figures, char *message, size_t size);

/* Syncs the file to disk and closes it. */
void journal_close(journal *j);

#endif
