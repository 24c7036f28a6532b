/*
 * proc.h -- this process as the tests and the benchmarks see it, written once for both: sleeping,
 * CPU time, and the threads the kernel lists in /proc/self/task with each one's state and CPU
 * time. Tests use the thread list to check, without a clock, that threads end and that a
 * blocked thread sleeps; benchmarks use the CPU times for their figures. And programs run from
 * tests: a command's standard output, and a program run with its stderr on a pseudo-terminal,
 * for the tests of what a program shows a person at a terminal (link util for openpty). Linux
 * only, header-only.
 */
#ifndef NQ_TEST_PROC_H
#define NQ_TEST_PROC_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <pty.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* Sleeps the calling thread for about `seconds` (at least that long). */
static inline void proc_sleep_seconds(double seconds)
{
    struct timespec t = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    while (nanosleep(&t, &t) != 0 && errno == EINTR)
        continue; /* a signal interrupted it: sleep what is left */
}

/* CPU seconds the whole process has used so far, every thread, user and system time. */
static inline double proc_cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec * 1e-6 + (double)u.ru_stime.tv_sec +
           (double)u.ru_stime.tv_usec * 1e-6;
}

/* CPU seconds the calling thread has used so far. */
static inline double proc_thread_cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct proc_thread {
    int tid;
    char state;      /* as in /proc: 'R' running, 'S' asleep (e.g. blocked on a lock), ... */
    uint64_t cpu_ns; /* CPU time it has used, from its schedstat */
} proc_thread;

static inline void *proc_nothing(void *arg)
{
    return arg;
}

/* Sanitizer runtimes start a helper thread of their own at the first pthread_create. A test that
 * counts threads starts and joins one thread first (this is shaped as a cmocka group setup), so
 * that the helper is there before the first count. Returns 0, or -1 if no thread can start. */
static inline int proc_start_runtime_threads(void **state)
{
    (void)state;
    pthread_t thread;
    if (pthread_create(&thread, NULL, proc_nothing, NULL) != 0)
        return -1;
    return pthread_join(thread, NULL) == 0 ? 0 : -1;
}

/* Reads one thread's state and CPU time; false if it is gone or already exiting. The kernel keeps
 * a thread in /proc/self/task for a moment after pthread_join has returned, while it finishes
 * exiting; such a thread has PF_EXITING (0x4) in the flags, the 9th field of its stat. */
static inline bool proc_thread_read(int tid, proc_thread *out)
{
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    size_t got = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[got] = '\0';
    const char *after_name = strrchr(text, ')'); /* the name in parentheses may hold spaces */
    unsigned flags = 0;
    char state = '?';
    if (!after_name || sscanf(after_name + 1, " %c %*d %*d %*d %*d %*d %u", &state, &flags) != 2 || (flags & 0x4))
        return false;
    snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", tid);
    f = fopen(path, "r");
    if (!f)
        return false;
    unsigned long long ns = 0;
    bool ok = fscanf(f, "%llu", &ns) == 1;
    fclose(f);
    *out = (proc_thread){tid, state, ns};
    return ok;
}

/* The live threads of this process: fills up to max of them into out (which may be NULL when max
 * is 0) and returns how many there are. */
static inline size_t proc_threads(proc_thread *out, size_t max)
{
    DIR *dir = opendir("/proc/self/task");
    if (!dir) {
        perror("/proc/self/task");
        abort();
    }
    size_t count = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        proc_thread t;
        if (entry->d_name[0] == '.' || !proc_thread_read(atoi(entry->d_name), &t))
            continue;
        if (count < max)
            out[count] = t;
        count++;
    }
    closedir(dir);
    return count;
}

/* Runs command with /bin/sh and returns everything it writes on stdout, NUL-terminated (the caller
 * frees it), with its wait status in *status; NULL when it cannot be started. */
static inline char *proc_output(const char *command, int *status)
{
    FILE *pipe = popen(command, "r");
    if (!pipe)
        return NULL;
    size_t length = 0, capacity = 1 << 16;
    char *text = malloc(capacity);
    for (size_t got = 1; text && got > 0; length += got) {
        if (capacity - length < 2) {
            char *more = realloc(text, 2 * capacity);
            if (!more) {
                free(text);
                text = NULL;
                break;
            }
            text = more;
            capacity *= 2;
        }
        got = fread(text + length, 1, capacity - length - 1, pipe);
    }
    *status = pclose(pipe);
    if (text)
        text[length] = '\0';
    return text;
}

/* A program running with its stderr on a pseudo-terminal, and what it has written there. */
typedef struct proc_pty {
    pid_t pid;
    int terminal;  /* the pseudo-terminal's other side, where what the program writes is read */
    char *text;    /* everything read so far, NUL-terminated; the caller frees it */
    size_t length, capacity;
} proc_pty;

/* Starts the program argv[0] (a path) with argv, stdin from /dev/null and stderr on a new
 * pseudo-terminal `columns` wide that passes output through unchanged (no "\r" added before
 * "\n"); stdout goes to out_fd, or to the terminal too when out_fd is -1. Returns false when no
 * terminal or process can be had. */
static inline bool proc_pty_start(proc_pty *p, char *const argv[], int columns, int out_fd)
{
    int terminal, program_side;
    struct winsize size = {.ws_row = 24, .ws_col = (unsigned short)columns};
    if (openpty(&terminal, &program_side, NULL, NULL, &size) != 0)
        return false;
    struct termios mode;
    if (tcgetattr(program_side, &mode) == 0) {
        mode.c_oflag &= ~(tcflag_t)OPOST;
        tcsetattr(program_side, TCSANOW, &mode);
    }
    pid_t pid = fork();
    if (pid == 0) {
        int nothing = open("/dev/null", O_RDONLY);
        if (nothing < 0 || dup2(nothing, STDIN_FILENO) < 0 ||
            dup2(out_fd >= 0 ? out_fd : program_side, STDOUT_FILENO) < 0 || dup2(program_side, STDERR_FILENO) < 0)
            _exit(127);
        close(terminal);
        execv(argv[0], argv);
        _exit(127);
    }
    close(program_side);
    if (pid < 0) {
        close(terminal);
        return false;
    }
    *p = (proc_pty){pid, terminal, calloc(1, 1), 0, 1};
    return p->text != NULL;
}

/* Waits up to `seconds` for what the program writes on the terminal and adds it to p->text.
 * Returns false once the program has closed the terminal (it has ended). */
static inline bool proc_pty_read(proc_pty *p, double seconds)
{
    struct pollfd ready = {p->terminal, POLLIN, 0};
    if (poll(&ready, 1, (int)(seconds * 1000)) <= 0)
        return true; /* nothing yet (or a signal): the program may still write */
    char chunk[4096];
    ssize_t got = read(p->terminal, chunk, sizeof chunk);
    if (got <= 0)
        return false; /* EIO: no process holds the terminal any more */
    if (p->length + (size_t)got + 1 > p->capacity) {
        size_t capacity = 2 * (p->length + (size_t)got + 1);
        char *text = realloc(p->text, capacity);
        if (!text)
            abort();
        p->text = text;
        p->capacity = capacity;
    }
    memcpy(p->text + p->length, chunk, (size_t)got);
    p->length += (size_t)got;
    p->text[p->length] = '\0';
    return true;
}

/* Reads what the program writes until it has ended, then reaps it; returns its wait status. */
static inline int proc_pty_finish(proc_pty *p)
{
    while (proc_pty_read(p, 1))
        continue;
    int status = 0;
    while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR)
        continue;
    close(p->terminal);
    return status;
}

#endif
