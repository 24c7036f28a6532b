/*
 * say.h -- how the command-line programs (nqueens-cli, nqueens-mpi) tell the user something on
 * stderr: one line, "<program>: <message>", whatever the message holds.
 *
 * Messages often echo what the user typed (an option's value, a file's name), which may hold
 * control characters: they are escaped (nq_write_escaped()), so the message stays one line. A
 * message is cut at 1 KiB with "...". Main thread only.
 */
#ifndef NQ_CLI_SAY_H
#define NQ_CLI_SAY_H

#include <stdarg.h>
#include <stdbool.h>

/* Names the program the messages begin with (the default: "nqueens-cli"). */
void say_program(const char *name);

/* Makes every later message go unsaid (true) or said again (false): the ranks of nqueens-mpi
 * but rank 0 say nothing. */
void say_mute(bool mute);

/* Writes the message fmt and ap make as one line on stderr. */
__attribute__((format(printf, 1, 0))) void say_v(const char *fmt, va_list ap);

/* say_v() with the arguments given here. */
__attribute__((format(printf, 1, 2))) void say(const char *fmt, ...);

/* The exit status of bad input, in every command-line program. */
enum { SAY_EXIT_USAGE = 2 };

/* Says what is wrong with the input; returns SAY_EXIT_USAGE. */
__attribute__((format(printf, 1, 2))) int say_usage_error(const char *fmt, ...);

/* Takes every --lang CODE or --lang=CODE (anywhere on the line) out of argv and puts the language to use: the
 * last one given, else the environment's. Returns true, or says (in the language chosen) that a
 * code names none of ours, or that --lang has none, and returns false: bad input. */
bool say_choose_language(int *argc, char **argv);

#endif
