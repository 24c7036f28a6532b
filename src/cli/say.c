/*
 * say.c -- one line on stderr for the command-line programs, in the language chosen (say.h).
 */
#include "say.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nq/board.h"
#include "nq/i18n.h"

static const char *program = "nqueens-cli";
static bool muted;

void say_program(const char *name)
{
    program = name;
}

void say_mute(bool mute)
{
    muted = mute;
}

void say_v(const char *fmt, va_list ap)
{
    if (muted)
        return;
    char message[1024];
    int length = vsnprintf(message, sizeof message, fmt, ap);
    /* The whole line is made first and written at once: stderr is unbuffered, and the ranks of
     * nqueens-mpi share one terminal, where lines written piece by piece would interleave. */
    char *line = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&line, &size);
    if (!out) {
        fprintf(stderr, "%s: %s\n", program, message);
        return;
    }
    fprintf(out, "%s: ", program);
    nq_write_escaped(out, message);
    if (length >= (int)sizeof message)
        fputs("...", out);
    fputc('\n', out);
    if (fclose(out) == 0)
        fputs(line, stderr);
    free(line);
}

void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(fmt, ap);
    va_end(ap);
}

int say_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(fmt, ap);
    va_end(ap);
    return SAY_EXIT_USAGE;
}

bool say_choose_language(int *argc, char **argv)
{
    int lang = nq_lang_from_environment(), kept = 1;
    const char *bad = NULL;
    for (int i = 1; i < *argc; i++) {
        bool joined = !strncmp(argv[i], "--lang=", 7);
        if (strcmp(argv[i], "--lang") && !joined) {
            argv[kept++] = argv[i];
            continue;
        }
        /* --lang CODE or --lang=CODE; a missing code is a bad one */
        const char *asked = joined ? argv[i] + 7 : i + 1 < *argc ? argv[++i] : "";
        if (nq_lang_find(asked) < 0 && !bad)
            bad = asked;
        else if (nq_lang_find(asked) >= 0)
            lang = nq_lang_find(asked);
    }
    *argc = kept;
    argv[kept] = NULL;
    nq_lang_use(lang, NULL);
    if (bad)
        say(_("--lang must be one of en, th, fa, zh_TW and he (got '%s')"), bad);
    return !bad;
}
