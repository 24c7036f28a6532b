/*
 * main.c -- N-Queens Explorer boots here: the command line, merged over the saved settings, goes
 * to the app, with the moment or the lesson to open if one was named (read and checked before the
 * window opens); what the app hands back is saved for the next run. The language is chosen here
 * too, before anything is said. Nothing else.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app.h"
#include "args.h"
#include "nq/i18n.h"
#include "settings.h"

/* The lesson named by --lesson: a file, or else a bundled lesson's name in the language in use;
 * read and checked whole before any window opens, a bad one being "FILE:LINE: what is wrong" on
 * stderr and exit status 2, and a name that is neither saying so, with the bundled ones' folder and
 * names. */
static int read_lesson(const char *named, ex_lesson **out)
{
    char path[2048], dir[1024], message[3000];
    struct stat st;
    bool missing = stat(named, &st) != 0 && errno == ENOENT && !strchr(named, '/');
    if (missing && ex_lessons_dir(dir, sizeof dir) && ex_lesson_find(dir, named, path, sizeof path)) {
        named = path;
        missing = false;
    }
    ex_lesson *lesson = malloc(sizeof *lesson);
    if (!lesson)
        return 1;
    if (missing)
        ex_lesson_not_found(named, message, sizeof message);
    if (missing || !ex_lesson_read(named, lesson, message, sizeof message)) {
        nq_write_escaped(stderr, message);
        fputc('\n', stderr);
        free(lesson);
        return APP_EXIT_USAGE;
    }
    *out = lesson;
    return 0;
}

int main(int argc, char **argv)
{
    /* Messages about the command line come in the environment's language. */
    nq_lang_use(nq_lang_from_environment(), NULL);
    app_args args;
    int status = app_args_parse(argc, argv, &args);
    if (status)
        return status;
    if (args.help) {
        fputs(_(app_usage), stdout);
        return app_finish_output(0);
    }
    app_settings settings = app_settings_defaults();
    app_settings_load(&settings);
    if (args.has_n)
        settings.n = args.n;
    if (args.has_mode)
        settings.mode = args.mode;
    if (args.has_method)
        settings.method = args.method;
    if (args.has_speed)
        settings.speed = args.speed;
    if (args.has_size) {
        settings.width = args.width;
        settings.height = args.height;
    }
    if (args.has_theme)
        settings.theme = args.theme;
    if (args.has_scale)
        settings.scale = args.scale;
    /* The language: --lang (kept for the next start), else the one the person chose last, else
     * the environment's (not kept: the environment says it again next time). */
    if (args.has_lang)
        settings.lang = args.lang;
    if (settings.lang >= 0)
        nq_lang_use(settings.lang, NULL);
    status = app_args_check_first(&args, settings.n);
    if (status)
        return status;
    if (args.moment && ex_lesson_sniff(args.moment)) { /* FILE alone: a lesson, by its first line */
        args.lesson = args.moment;
        args.moment = NULL;
    }
    /* A moment is read and checked whole before any window opens: a bad one is "FILE:LINE: what is
     * wrong" and exit status 2, as a bad command line. So is a lesson. */
    ex_moment moment;
    if (args.moment) {
        char message[1024];
        if (!ex_moment_read(args.moment, &moment, message, sizeof message)) {
            nq_write_escaped(stderr, message);
            fputc('\n', stderr);
            return APP_EXIT_USAGE;
        }
        settings.n = moment.n;
        settings.mode = (ex_mode)moment.mode;
        settings.method = moment.method;
        settings.speed = moment.speed;
    }
    ex_lesson *lesson = NULL;
    if (args.lesson) {
        status = read_lesson(args.lesson, &lesson);
        if (status)
            return status;
    }
    status = app_run(&args, &settings, args.moment ? &moment : NULL, lesson);
    if (status == 0 && args.bench_seconds == 0)
        app_settings_save(&settings);
    if (args.bench_seconds > 0) /* its figures are its output */
        status = app_finish_output(status);
    return status;
}
