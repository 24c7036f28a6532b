/*
 * nqueens-mpi -- nqueens-cli's count across machines, with MPI:
 *     mpirun -np K nqueens-mpi count N [--first COL,ROW] [--journal FILE] [--threads T]
 *                                      [--unique] [--quiet]
 *
 * The count is the engine's split (nq/count.h): independent parts, the same on every rank. Rank 0
 * coordinates; every other rank counts. A counting rank prepares the split (builds the quarter
 * tables), says hello (its version, the split it sees, the set-up's figures), then asks rank 0 for
 * parts and counts them on its threads; rank 0 hands them out in order, a few at a time, as each
 * rank asks, so fast and slow hosts both stay busy to the end. Every message a counting rank sends
 * carries the figures of the parts it finished since its last one, and asks for enough parts to
 * keep a few waiting for each of its threads; rank 0 answers each with parts, or with none and "no
 * more". Rank 0 writes each part to the journal as its figures arrive, and prints what
 * nqueens-cli count prints. With K = 1 rank 0 counts alone, as nqueens-cli count does.
 *
 * A rank that dies takes the job down (MPI's default); the journal keeps every part whose
 * figures reached rank 0, and the same command goes on from it. Only rank 0 writes to the
 * terminal. Only the main thread of each rank calls MPI (MPI_THREAD_FUNNELED): the counting
 * threads take parts from a queue it fills and leave their figures in a list it sends. Every
 * host runs the same build: messages are the host's own integers.
 */
#include <mpi.h>

#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "journal.h"
#include "nq/alloc.h"
#include "nq/board.h"
#include "nq/clock.h"
#include "nq/count.h"
#include "nq/i18n.h"
#include "progress.h"
#include "resume.h"
#include "say.h"

#ifndef NQ_VERSION
#define NQ_VERSION "unknown"
#endif

enum { EXIT_USAGE = SAY_EXIT_USAGE, MAX_THREADS = 256 };
enum { TAG_HELLO = 1, TAG_RESULTS = 2, TAG_WORK = 3 };

/* Parts a counting rank keeps queued for each of its threads: asked for again when fewer are
 * left, so that a thread finds one waiting while the request goes to rank 0 and back. */
enum { AHEAD = 2 };

/* The figures of one part in a message: the part, its nq_count_figures, then a check of the count
 * they belong to and of those five words (reply_check), which rank 0 verifies before it adds or
 * journals them: figures changed on the way, or sent for another count, are never added. */
enum { RESULT_WORDS = 6 };

/* A counting rank's message: final (1: its last, no answer), parts wanted, results, then
 * RESULT_WORDS words a result. Rank 0's answer: no more (1: none left to hand out), count, then
 * the parts. */
enum { RESULTS_HEAD = 3, WORK_HEAD = 2 };

static const char usage_text[] =
    N_("Usage:\n"
       "  mpirun -np K nqueens-mpi count N [--first COL,ROW] [--journal FILE] [--threads T]\n"
       "                                   [--unique] [--quiet]\n"
       "  nqueens-mpi --help | --version\n"
       "\n"
       "Counts the solutions of the N x N board (N from 1 to 64) across the hosts MPI\n"
       "runs it on, and prints what 'nqueens-cli count' prints: solutions:, unique: (with\n"
       "--unique), two figures of its search's work, each labelled with what it counts,\n"
       "and time:. Rank 0 hands out the count's parts as the other ranks ask for them\n"
       "and writes the journal; every other rank counts on T threads (default: one per\n"
       "core it may run on). Start one rank per host and one more for rank 0, which\n"
       "waits on the first host and takes almost no time, and give mpirun --bind-to\n"
       "none: otherwise it binds each rank to one core, which all of the rank's threads\n"
       "then share. With K = 1 the one rank counts alone.\n"
       "\n"
       "  --first COL,ROW   Count only the solutions with a queen at column COL, row ROW.\n"
       "  --journal FILE    Keep each part's figures in FILE as it is counted; the same\n"
       "                    command after a crash counts only what FILE lacks (see\n"
       "                    'nqueens-cli --help'). Only rank 0 opens it.\n"
       "  --threads T       Threads each counting rank counts on, 1 to 256.\n"
       "  --unique          Also count the solutions unique under rotation and reflection.\n"
       "  --quiet           No progress line, and no word about the journal's parts.\n"
       "  --lang CODE       en, th, fa, zh_TW or he: the language of the messages.\n"
       "\n"
       "A rank that dies takes the job down; run the same command with the same journal\n"
       "to finish the work. Exit status: 0 on success; 1 when the journal cannot be\n"
       "written; 2 on bad input (a refused journal included).\n");

typedef struct options {
    int n;
    bool has_first;
    nq_square first;
    int threads; /* --threads, else the cores this process may run on */
    const char *journal;
    bool unique, quiet;
} options;

static int rank;

/* The cores this process may run on. mpirun binds each rank to one core unless told otherwise
 * (--bind-to none), and a rank's threads then share it: by default a rank counts on as many
 * threads as it has cores. */
static int cores_here(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return nq_count_default_threads();
    int cores = CPU_COUNT(&set);
    return cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : cores;
}

/* The value of the option at argv[*i] ("--name value" or "--name=value"), or NULL when it has
 * none (said). Moves *i past it. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    const char *equals = strchr(argv[*i], '=');
    if (equals)
        return equals + 1;
    if (*i + 1 < argc)
        return argv[++*i];
    say_usage_error(_("%s needs a value; see nqueens-mpi --help"), name);
    return NULL;
}

/* Parses the command line (after --lang is taken out). Returns 0 to count, -1 when --help or
 * --version was answered, or the exit status of bad input. */
static int parse(int argc, char **argv, options *o)
{
    *o = (options){0};
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "--version")) {
            if (rank == 0)
                fputs(!strcmp(argv[i], "--help") ? _(usage_text) : "nqueens-mpi " NQ_VERSION "\n", stdout);
            return -1;
        }
    if (argc < 2 || strcmp(argv[1], "count") != 0)
        return say_usage_error(argc < 2 ? _("missing command: count; see nqueens-mpi --help")
                                        : _("unknown command '%s': nqueens-mpi only counts; see nqueens-mpi --help"),
                               argc < 2 ? "" : argv[1]);
    const char *n_text = NULL, *first_text = NULL, *threads_text = NULL;
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i];
        size_t length = strcspn(arg, "=");
        const char **slot = NULL;
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
            if (n_text)
                return say_usage_error(_("unexpected argument '%s' for '%s'; see nqueens-mpi --help"), arg, "count");
            n_text = arg;
            continue;
        }
        if (length == 8 && !strncmp(arg, "--unique", length)) {
            if (arg[length])
                return say_usage_error(_("%s takes no value (got '%s')"), "--unique", arg);
            o->unique = true;
            continue;
        }
        if (length == 7 && !strncmp(arg, "--quiet", length)) {
            if (arg[length])
                return say_usage_error(_("%s takes no value (got '%s')"), "--quiet", arg);
            o->quiet = true;
            continue;
        }
        const char *name = NULL;
        if (length == 7 && !strncmp(arg, "--first", length))
            slot = &first_text, name = "--first";
        else if (length == 9 && !strncmp(arg, "--threads", length))
            slot = &threads_text, name = "--threads";
        else if (length == 9 && !strncmp(arg, "--journal", length))
            slot = &o->journal, name = "--journal";
        else
            return say_usage_error(_("unknown option '%.*s'; see nqueens-mpi --help"), (int)length, arg);
        const char *value = option_value(argc, argv, &i, name);
        if (!value)
            return EXIT_USAGE;
        if (*slot)
            return say_usage_error(_("%s is given twice"), name);
        *slot = value;
    }
    uint64_t value;
    if (!n_text)
        return say_usage_error(_("'%s' needs N, the board size, a whole number from 1 to %d"), "count", NQ_MAX_N);
    if (!nq_parse_number(n_text, NQ_MIN_N, NQ_MAX_N, &value))
        return say_usage_error(_("%s must be a whole number from 1 to %d (got '%s')"), "N", NQ_MAX_N, n_text);
    o->n = (int)value;
    if (first_text) {
        char err[160];
        if (!nq_square_parse(first_text, o->n, &o->first, err, sizeof err))
            return say_usage_error(_("--first: %s"), err);
        o->has_first = true;
    }
    if (o->unique && o->has_first)
        return say_usage_error(_("--unique counts solutions up to rotation and reflection, which a pinned queen "
                                 "breaks: drop --first or --unique"));
    if (threads_text) {
        if (!nq_parse_number(threads_text, 1, MAX_THREADS, &value))
            return say_usage_error(_("--threads must be a whole number from 1 to 256 (got '%s')"), threads_text);
        o->threads = (int)value;
    } else {
        o->threads = cores_here();
    }
    if (o->journal && !o->journal[0])
        return say_usage_error(_("--journal needs the name of a file (got an empty one)"));
    return 0;
}

/* ---- a counting rank ---- */

/* A counting rank's hello: the same build and the same split as rank 0's, and the set-up's
 * figures, which rank 0 adds once. */
typedef struct hello {
    char version[32];
    char count[64]; /* the count it was asked for, as a command: "count 16 --first 1,1 --unique" */
    char method[16];
    uint64_t parts;
    nq_count_figures setup;
    int32_t threads, cores; /* it counts on `threads` threads, and may run on `cores` cores */
} hello;

/* The count o asks for, as the command a person types (threads, journal and quiet aside: those may
 * differ between hosts). */
static void count_command(const options *o, char *out, size_t size)
{
    int length = snprintf(out, size, "count %d", o->n);
    if (o->has_first && length > 0 && (size_t)length < size)
        length += snprintf(out + length, size - (size_t)length, " --first %d,%d", o->first.column + 1,
                           o->first.row + 1);
    if (o->unique && length > 0 && (size_t)length < size)
        snprintf(out + length, size - (size_t)length, " --unique");
}

/* What the main thread and the counting threads share, under lock. */
typedef struct shelf {
    const char *count;  /* the count's command (count_command): what each result's check binds */
    bool corrupt;       /* NQ_FAULTS: this rank corrupts its figures after checking them (tests only) */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    uint64_t *queue;   /* parts to count, from head to tail */
    size_t head, tail; /* the queue holds at most every part once: sized to the split */
    bool no_more;      /* rank 0 has none left to hand out */
    uint64_t *results; /* RESULT_WORDS words a finished part, not yet sent */
    size_t result_words, result_room;
    bool finished; /* the counting run has returned */
} shelf;

/* The check of a result's first five words for the count named `count`: 64-bit FNV-1a over the
 * count's command, then the words (every host runs the same build: the host's own integers). */
static uint64_t reply_check(const char *count, const uint64_t *result)
{
    uint64_t hash = 14695981039346656037u;
    for (const char *c = count; *c; c++)
        hash = (hash ^ (unsigned char)*c) * 1099511628211u;
    const unsigned char *bytes = (const unsigned char *)result;
    for (size_t i = 0; i < 5 * sizeof *result; i++)
        hash = (hash ^ bytes[i]) * 1099511628211u;
    return hash;
}

/* The engine's source on a counting rank: waits for the next part in the queue. */
static bool shelf_next(void *context, uint64_t *part)
{
    shelf *s = context;
    pthread_mutex_lock(&s->lock);
    while (s->head == s->tail && !s->no_more)
        pthread_cond_wait(&s->changed, &s->lock);
    bool got = s->head < s->tail;
    if (got)
        *part = s->queue[s->head++];
    pthread_mutex_unlock(&s->lock);
    return got;
}

static void shelf_done(void *context, uint64_t part, const nq_count_figures *f)
{
    shelf *s = context;
    pthread_mutex_lock(&s->lock);
    if (s->result_words + RESULT_WORDS > s->result_room) {
        s->result_room = s->result_room ? 2 * s->result_room : 64 * RESULT_WORDS;
        s->results = nq_alloc_check(realloc(s->results, sizeof *s->results * s->result_room));
    }
    uint64_t *r = s->results + s->result_words;
    r[0] = part;
    r[1] = f->solutions;
    r[2] = f->unique;
    r[3] = f->nodes;
    r[4] = f->dead_ends;
    r[5] = reply_check(s->count, r);
    if (s->corrupt) /* a fault for the tests: figures changed after their check */
        r[1]++;
    s->result_words += RESULT_WORDS;
    pthread_mutex_unlock(&s->lock);
}

typedef struct counting {
    nq_count_split *split;
    shelf *shelf;
    int threads;
} counting;

/* The counting thread: one run of the split over the parts the queue gives. */
static void *count_parts(void *context)
{
    counting *c = context;
    nq_count_source source = {shelf_next, shelf_done, c->shelf};
    nq_run run = {.threads = c->threads};
    nq_count_figures sum;
    nq_count_split_run(c->split, &source, &run, &sum);
    pthread_mutex_lock(&c->shelf->lock);
    c->shelf->finished = true;
    pthread_mutex_unlock(&c->shelf->lock);
    return NULL;
}

/* A short nap of the main thread between looks at MPI and the shelf: the counting threads keep
 * the cores. */
static void nap(void)
{
    struct timespec t = {0, 200000};
    nanosleep(&t, NULL);
}

/* A counting rank's answer to Ctrl+C or to mpirun ending the job: its parts in hand are lost (rank
 * 0 keeps what reached it), so it ends at once, with the status of an interrupted count. */
static void on_stop_counting(int number)
{
    (void)number;
    _exit(PROGRESS_INTERRUPTED);
}

static int run_counting_rank(const options *o, nq_count_split *split)
{
    signal(SIGINT, on_stop_counting);
    signal(SIGTERM, on_stop_counting);
    nq_count_figures setup;
    nq_count_split_prepare(split, &(nq_run){.threads = o->threads}, &setup);
    int threads = o->threads;
    hello h = {.parts = nq_count_split_parts(split), .setup = setup, .threads = threads, .cores = cores_here()};
    snprintf(h.version, sizeof h.version, "%s", NQ_VERSION);
    count_command(o, h.count, sizeof h.count);
    snprintf(h.method, sizeof h.method, "%s", nq_count_split_method(split));
    MPI_Send(&h, (int)sizeof h, MPI_BYTE, 0, TAG_HELLO, MPI_COMM_WORLD);

    shelf s = {.queue = nq_alloc_check(malloc(sizeof(uint64_t) * (h.parts ? h.parts : 1))), .count = h.count};
#ifdef NQ_FAULTS
    /* NQ_FAULT_CORRUPT_REPLY=R: rank R sends figures that fail their check (test builds only). */
    const char *fault = getenv("NQ_FAULT_CORRUPT_REPLY");
    s.corrupt = fault && atoi(fault) == rank;
#endif
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.changed, NULL);
    counting c = {split, &s, threads};
    pthread_t counter;
    if (pthread_create(&counter, NULL, count_parts, &c) != 0) {
        say(_("cannot start a thread"));
        MPI_Abort(MPI_COMM_WORLD, EXIT_FAILURE);
    }
    size_t reply_words = WORK_HEAD + 2 * AHEAD * (size_t)threads;
    uint64_t *reply = nq_alloc_check(malloc(sizeof *reply * reply_words));
    uint64_t *message = NULL;
    size_t message_room = 0;
    MPI_Request pending = MPI_REQUEST_NULL;
    bool no_more = false;
    for (;;) {
        bool busy = false;
        if (pending != MPI_REQUEST_NULL) {
            int arrived = 0;
            MPI_Test(&pending, &arrived, MPI_STATUS_IGNORE);
            if (!arrived) {
                nap();
                continue;
            }
            pthread_mutex_lock(&s.lock);
            for (uint64_t i = 0; i < reply[1]; i++)
                s.queue[s.tail++] = reply[WORK_HEAD + i];
            no_more = s.no_more = reply[0] != 0;
            pthread_cond_broadcast(&s.changed);
            pthread_mutex_unlock(&s.lock);
            busy = true;
        }
        pthread_mutex_lock(&s.lock);
        size_t queued = s.tail - s.head, words = s.result_words;
        bool finished = s.finished;
        uint64_t want = !no_more && queued < AHEAD * (size_t)threads ? 2 * AHEAD * (uint64_t)threads - queued : 0;
        if (RESULTS_HEAD + words > message_room) {
            message_room = RESULTS_HEAD + words;
            message = nq_alloc_check(realloc(message, sizeof *message * message_room));
        }
        if (words)
            memcpy(message + RESULTS_HEAD, s.results, sizeof *message * words);
        s.result_words = 0;
        pthread_mutex_unlock(&s.lock);
        if (finished && no_more && !words) {
            uint64_t last[RESULTS_HEAD] = {1, 0, 0};
            MPI_Send(last, RESULTS_HEAD, MPI_UINT64_T, 0, TAG_RESULTS, MPI_COMM_WORLD);
            break;
        }
        if (words || want) {
            message[0] = 0;
            message[1] = want;
            message[2] = words / RESULT_WORDS;
            MPI_Send(message, (int)(RESULTS_HEAD + words), MPI_UINT64_T, 0, TAG_RESULTS, MPI_COMM_WORLD);
            MPI_Irecv(reply, (int)reply_words, MPI_UINT64_T, 0, TAG_WORK, MPI_COMM_WORLD, &pending);
            busy = true;
        }
        if (!busy)
            nap();
    }
    pthread_join(counter, NULL);
    pthread_cond_destroy(&s.changed);
    pthread_mutex_destroy(&s.lock);
    free(reply);
    free(message);
    free(s.queue);
    free(s.results);
    return 0;
}

/* ---- rank 0 ---- */

/* Ends the job from rank 0 after saying why, with the exit status given. */
__attribute__((noreturn, format(printf, 2, 3))) static void abort_job(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(fmt, ap);
    va_end(ap);
    MPI_Abort(MPI_COMM_WORLD, status);
    exit(status);
}

/* Rank 0 of a job with counting ranks: hands out the parts, gathers their figures (into the
 * journal, when there is one) and prints the count. */
static int run_coordinator(const options *o, nq_count_split *split, journal *j, int ranks, double start)
{
    uint64_t parts = nq_count_split_parts(split);
    const char *method = nq_count_split_method(split);
    nq_count_figures setup = {0, 0, 0, 0, nq_count_split_basis(split)};
    bool bound_said = false;
    char ours[64];
    count_command(o, ours, sizeof ours);
    for (int i = 1; i < ranks; i++) {
        hello h;
        MPI_Status status;
        MPI_Recv(&h, (int)sizeof h, MPI_BYTE, MPI_ANY_SOURCE, TAG_HELLO, MPI_COMM_WORLD, &status);
        h.version[sizeof h.version - 1] = h.method[sizeof h.method - 1] = h.count[sizeof h.count - 1] = '\0';
        if (strcmp(h.version, NQ_VERSION) != 0)
            abort_job(EXIT_USAGE,
                      _("rank %d runs nqueens-mpi %s and rank 0 runs %s: run the same version on every host"),
                      status.MPI_SOURCE, h.version, NQ_VERSION);
        if (strcmp(h.count, ours) != 0)
            /* TRANSLATORS: the two %s are counts as typed ("count 16 --first 1,1"): stay as they are. */
            abort_job(EXIT_USAGE, _("rank %d was asked for '%s' and rank 0 for '%s': give every rank the same count"),
                      status.MPI_SOURCE, h.count, ours);
        if (strcmp(h.method, method) != 0 || h.parts != parts)
            abort_job(EXIT_USAGE,
                      _("rank %d splits the count into %" PRIu64 " parts by %s, rank 0 into %" PRIu64
                        " by %s: run the same build on every host"),
                      status.MPI_SOURCE, h.parts, h.method, parts, method);
        setup = h.setup;
        if (h.threads > h.cores && !o->quiet && !bound_said) {
            say(_("rank %d counts on %d threads but may run on %d cores only: start mpirun with --bind-to none"),
                status.MPI_SOURCE, (int)h.threads, (int)h.cores);
            bound_said = true;
        }
    }
    /* 0: to hand out; 1: handed out; 2: done (this run or the journal's). */
    unsigned char *state = nq_alloc_check(calloc(parts ? parts : 1, 1));
    uint64_t cursor = 0, done_before = 0;
    nq_count_figures sum = {0, 0, 0, 0, nq_count_split_basis(split)};
    for (uint64_t p = 0; j && p < parts; p++)
        if (journal_has(j, p)) {
            state[p] = 2;
            done_before++;
        }
    progress_line line;
    progress_start(&line, o->quiet, "count %d", o->n);
    line.resumed_parts = done_before;
    line.resumed_found = j ? j->sum.solutions : 0;
    nq_progress figures = {.parts = parts};
    uint64_t *message = NULL, *reply = NULL;
    size_t message_room = 0, reply_room = 0;
    int ranks_counting = ranks - 1;
    char error[1024];
    atomic_bool stop;
    atomic_init(&stop, false);
    progress_catch_termination(&stop);
    while (ranks_counting > 0) {
        if (atomic_load(&stop)) { /* Ctrl+C, or mpirun ending the job */
            progress_stopped(&line);
            if (j) {
                resume_say_kept(j);
                journal_close(j);
            }
            fflush(stdout);
            fflush(stderr);
            /* Without MPI_Abort: when mpirun itself was interrupted, it is already ending every
             * rank (and an abort on top of that can crash it); when the signal came to the ranks,
             * mpirun ends the others on seeing this exit status, and passes it on. */
            _exit(PROGRESS_INTERRUPTED);
        }
        int arrived = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULTS, MPI_COMM_WORLD, &arrived, &status);
        if (!arrived) {
            figures.seconds = nq_clock_seconds() - start;
            progress_update(&line, &figures);
            nap();
            continue;
        }
        int words;
        MPI_Get_count(&status, MPI_UINT64_T, &words);
        if ((size_t)words > message_room) {
            message_room = (size_t)words;
            message = nq_alloc_check(realloc(message, sizeof *message * message_room));
        }
        MPI_Recv(message, words, MPI_UINT64_T, status.MPI_SOURCE, TAG_RESULTS, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (words < RESULTS_HEAD || (uint64_t)words != RESULTS_HEAD + RESULT_WORDS * message[2])
            abort_job(EXIT_FAILURE, _("internal error: %s"), "a counting rank's message is malformed");
        for (uint64_t i = 0; i < message[2]; i++) {
            const uint64_t *r = message + RESULTS_HEAD + RESULT_WORDS * i;
            if (r[0] >= parts || state[r[0]] != 1)
                abort_job(EXIT_FAILURE, _("internal error: %s"), "a part came back that was not handed out");
            if (r[5] != reply_check(ours, r)) {
                progress_erase(&line);
                if (j)
                    resume_say_kept(j);
                abort_job(EXIT_FAILURE,
                          _("rank %d sent figures for part %" PRIu64 " that fail their check (changed on the way, or "
                            "of another count): the count stops, and none of them is added"),
                          status.MPI_SOURCE, r[0]);
            }
            state[r[0]] = 2;
            nq_count_figures f = {r[1], r[2], r[3], r[4], sum.basis};
            if (j && journal_add(j, r[0], &f, error, sizeof error) != JOURNAL_OK) {
                progress_erase(&line);
                say("%s", error);
                resume_say_kept(j);
                MPI_Abort(MPI_COMM_WORLD, EXIT_FAILURE);
            }
            nq_count_figures_add(&sum, &f);
            figures.parts_done++;
            figures.found += r[1];
        }
        if (message[0]) {
            ranks_counting--;
            continue;
        }
        uint64_t want = message[1];
        if (WORK_HEAD + want > reply_room) {
            reply_room = WORK_HEAD + want;
            reply = nq_alloc_check(realloc(reply, sizeof *reply * reply_room));
        }
        uint64_t given = 0;
        while (given < want && cursor < parts) {
            if (state[cursor] == 0) {
                state[cursor] = 1;
                reply[WORK_HEAD + given++] = cursor;
            }
            cursor++;
        }
        while (cursor < parts && state[cursor] != 0)
            cursor++;
        reply[0] = cursor >= parts;
        reply[1] = given;
        MPI_Send(reply, (int)(WORK_HEAD + given), MPI_UINT64_T, status.MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD);
    }
    progress_erase(&line);
    for (uint64_t p = 0; p < parts; p++)
        if (state[p] != 2)
            abort_job(EXIT_FAILURE, _("internal error: %s"), "a part was never counted");
    resume_print_total(split, &setup, j ? &j->sum : &sum, o->unique, nq_clock_seconds() - start);
    free(state);
    free(message);
    free(reply);
    return 0;
}

/* Rank 0 of a job of one rank: the count of nqueens-cli. */
static int count_alone(const options *o, double start)
{
    if (o->journal) {
        resume_request r = {o->n, o->has_first ? &o->first : NULL, o->unique, o->threads, o->journal, o->quiet};
        return resume_count(&r);
    }
    progress_watch w;
    progress_start(&w.line, o->quiet, "count %d", o->n);
    nq_count_options asked = {o->has_first ? &o->first : NULL, o->unique, progress_watch_begin(&w, o->threads)};
    nq_count_result r = nq_count(o->n, &asked);
    int status = progress_watch_end(&w, r.complete);
    if (!status) {
        nq_count_figures total = {r.solutions, r.unique, r.nodes, r.dead_ends, r.basis};
        resume_print(&total, o->unique, r.unique, nq_clock_seconds() - start);
    }
    return status;
}

/* Whether every rank can start, from each rank's own answer to its command line (0: count; -1:
 * it answered --help or --version; else the exit status of bad input): every rank learns the
 * same, before any waits for another, so a rank that cannot start ends the job, never hangs it.
 * 0 when all count; -1 when all answered (rank 0 wrote it); else the exit status every rank
 * gives. Rank 0 says why when its own command was good, and a rank whose command was bad while
 * rank 0's was good says its own message (parsed again, heard this time); when every rank has the
 * same bad command, rank 0's one message says it. */
static int agree_to_start(int mine, int ranks, int argc, char **argv)
{
    if (ranks == 1)
        return mine;
    int least, most, first = mine;
    MPI_Allreduce(&mine, &least, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &most, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Bcast(&first, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (least == most)
        return mine;
    if (rank != 0 && mine > 0 && first <= 0) {
        options again;
        say_mute(false);
        parse(argc, argv, &again);
        say_mute(true);
    }
    if (most > 0 && mine <= 0)
        say(_("another rank could not start with its command (its message says why): give every rank the same "
              "command"));
    else if (most == 0 && mine == 0)
        say(_("another rank was given --help or --version: give every rank the same command"));
    return most > 0 ? most : EXIT_USAGE;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    double start = nq_clock_seconds();
    int ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    /* Rank 0 speaks for the job; a rank whose own command line is wrong says so, named
     * (agree_to_start). */
    static char name[48];
    snprintf(name, sizeof name, rank ? "nqueens-mpi (rank %d)" : "nqueens-mpi", rank);
    say_program(name);
    say_mute(rank != 0);
    options o;
    int status = say_choose_language(&argc, argv) ? parse(argc, argv, &o) : EXIT_USAGE;
    status = agree_to_start(status, ranks, argc, argv);
    if (status == 0 && provided < MPI_THREAD_FUNNELED && ranks > 1) {
        if (rank == 0)
            say(_("this MPI library cannot run a rank's threads beside MPI (MPI_THREAD_FUNNELED)"));
        status = EXIT_FAILURE;
    }
    if (status) {
        if (status < 0 && rank == 0 && fflush(stdout) == EOF) { /* --help or --version, not written */
            say(_("cannot write the output: %s"), strerror(errno ? errno : EIO));
            status = EXIT_FAILURE;
        }
        MPI_Finalize();
        return status < 0 ? 0 : status;
    }
    nq_count_split *split = nq_count_split_new(o.n, o.has_first ? &o.first : NULL);
    if (ranks == 1) {
        status = count_alone(&o, start);
    } else {
        /* Rank 0 opens the journal before any rank starts: a refused journal ends every rank. */
        journal j = {0};
        if (rank == 0 && o.journal)
            status = resume_open(&j, o.journal, o.n, o.has_first ? &o.first : NULL, split, o.quiet);
        MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (!status)
            status = rank == 0 ? run_coordinator(&o, split, o.journal ? &j : NULL, ranks, start)
                               : run_counting_rank(&o, split);
        journal_close(&j);
    }
    nq_count_split_free(split);
    if (rank == 0 && fflush(stdout) == EOF) {
        say(_("cannot write the output: %s"), "stdout");
        status = EXIT_FAILURE;
    }
    MPI_Finalize();
    return status;
}
