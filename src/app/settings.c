/* settings.c -- "key value" lines; unknown keys and bad values are skipped. */
#include "settings.h"

#include <SDL.h>
#include <stdio.h>
#include <string.h>

#include "layout.h"

static FILE *open_settings(const char *mode)
{
    char *dir = SDL_GetPrefPath("nqueens", "N-Queens Explorer");
    if (!dir)
        return NULL;
    char path[4096];
    snprintf(path, sizeof path, "%ssettings.txt", dir);
    SDL_free(dir);
    return fopen(path, mode);
}

app_settings app_settings_defaults(void)
{
    return (app_settings){8, EX_WATCH, 5, 1200, 800};
}

void app_settings_load(app_settings *s)
{
    FILE *f = open_settings("r");
    if (!f)
        return;
    char key[32], value[64];
    while (fscanf(f, "%31s %63s", key, value) == 2) {
        uint64_t v;
        if (!strcmp(key, "n") && nq_parse_number(value, NQ_MIN_N, NQ_MAX_N, &v))
            s->n = (int)v;
        else if (!strcmp(key, "mode") && (!strcmp(value, "watch") || !strcmp(value, "solve")))
            s->mode = !strcmp(value, "watch") ? EX_WATCH : EX_SOLVE;
        else if (!strcmp(key, "speed") && !strcmp(value, "max"))
            s->speed = EX_SPEED_MAX;
        else if (!strcmp(key, "speed") && nq_parse_number(value, 1, 1000000, &v))
            s->speed = (double)v;
        else if (!strcmp(key, "width") && nq_parse_number(value, UI_MIN_WIDTH, 16384, &v))
            s->width = (int)v;
        else if (!strcmp(key, "height") && nq_parse_number(value, UI_MIN_HEIGHT, 16384, &v))
            s->height = (int)v;
    }
    fclose(f);
}

bool app_settings_save(const app_settings *s)
{
    FILE *f = open_settings("w");
    if (!f)
        return false;
    fprintf(f, "n %d\nmode %s\n", s->n, s->mode == EX_WATCH ? "watch" : "solve");
    if (s->speed == EX_SPEED_MAX)
        fprintf(f, "speed max\n");
    else
        fprintf(f, "speed %.0f\n", s->speed);
    fprintf(f, "width %d\nheight %d\n", s->width, s->height);
    return fclose(f) == 0;
}
