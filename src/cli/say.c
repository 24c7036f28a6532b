/*
 * say.c -- one line on stderr for the command-line programs (say.h).
 */
#include "say.h"

#include <stdio.h>

#include "nq/board.h"

static const char *program = "nqueens-cli";

void say_program(const char *name)
{
    program = name;
}

void say_v(const char *fmt, va_list ap)
{
    char message[1024];
    int length = vsnprintf(message, sizeof message, fmt, ap);
    fprintf(stderr, "%s: ", program);
    nq_write_escaped(stderr, message);
    if (length >= (int)sizeof message)
        fputs("...", stderr);
    fputc('\n', stderr);
}

void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(fmt, ap);
    va_end(ap);
}
