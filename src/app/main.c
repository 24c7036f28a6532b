/*
 * main.c -- N-Queens Explorer boots here: the command line, merged over the saved settings, goes
 * to the app; what the app hands back is saved for the next run. The language is chosen here
 * too, before anything is said. Nothing else.
 */
#include <stdio.h>

#include "app.h"
#include "args.h"
#include "nq/i18n.h"
#include "settings.h"

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
    status = app_run(&args, &settings);
    if (status == 0 && args.bench_seconds == 0)
        app_settings_save(&settings);
    if (args.bench_seconds > 0) /* its figures are its output */
        status = app_finish_output(status);
    return status;
}
