/*
 * settings.c -- the settings file: read whole by textfile.h (a regular file only, bounded, never
 * waiting on a FIFO), then parsed line by line with args.h's parsers; written to a fresh file that is
 * renamed into place (mkstemp, rename), so that a half-written file is harmless.
 *
 * The messages about the file are marked for translation, one whole sentence per case, and their
 * buffers leave room for three bytes a character; the file's own keys and values never change.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "settings.h"

#include <SDL.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "layout.h"
#include "nq/i18n.h"
#include "textfile.h"

/* Long enough for any line this program writes; a longer line is damage. */
enum { LINE_MAX_BYTES = 128 };

/* Room for why the file cannot be read: strerror's words or ours, translated. */
enum { REASON_BYTES = 384 };

app_settings app_settings_defaults(void)
{
    return (app_settings){8, EX_WATCH, NQ_METHOD_BACKTRACK, 5, 1200, 800, -1, EX_THEME_DARK, 0, false};
}

/* One "key value" line; false if the key is unknown or the value does not parse. */
static bool apply_line(const char *line, app_settings *s)
{
    char key[LINE_MAX_BYTES];
    const char *space = strchr(line, ' ');
    if (!space)
        return false;
    size_t key_len = (size_t)(space - line);
    memcpy(key, line, key_len);
    key[key_len] = '\0';
    const char *value = space + 1;
    if (!strcmp(key, "n"))
        return app_n_parse(value, &s->n);
    if (!strcmp(key, "mode"))
        return app_mode_parse(value, &s->mode);
    if (!strcmp(key, "speed"))
        return app_speed_parse(value, &s->speed);
    if (!strcmp(key, "method"))
        return nq_method_parse(value, &s->method);
    if (!strcmp(key, "width"))
        return app_width_parse(value, &s->width);
    if (!strcmp(key, "height"))
        return app_height_parse(value, &s->height);
    if (!strcmp(key, "theme"))
        return ex_theme_parse(value, &s->theme);
    if (!strcmp(key, "scale"))
        return app_scale_parse(value, &s->scale);
    if (!strcmp(key, "lang") && nq_lang_find(value) >= 0) {
        s->lang = nq_lang_find(value);
        return true;
    }
    return false;
}

/* Applies each line of text[0..length) to *s; returns the 1-based number of the first line
 * skipped (0 if none) and copies that line into first_bad. */
static int apply_text(const char *text, size_t length, app_settings *s, char *first_bad)
{
    int bad_line = 0, number = 0;
    size_t start = 0;
    while (start < length) {
        const char *end = memchr(text + start, '\n', length - start);
        size_t line_len = end ? (size_t)(end - (text + start)) : length - start;
        number++;
        char line[LINE_MAX_BYTES];
        bool ok = line_len < sizeof line;
        if (ok) {
            memcpy(line, text + start, line_len);
            line[line_len] = '\0';
            ok = line_len == 0 || (!memchr(line, '\0', line_len) && apply_line(line, s));
        }
        if (!ok && !bad_line) {
            bad_line = number;
            size_t shown = line_len < LINE_MAX_BYTES - 1 ? line_len : LINE_MAX_BYTES - 1;
            memcpy(first_bad, text + start, shown);
            first_bad[shown] = '\0';
        }
        start += line_len + 1;
    }
    return bad_line;
}

bool app_settings_read(const char *path, app_settings *s, char *why, size_t why_size)
{
    char reason[REASON_BYTES], too_large[REASON_BYTES];
    /* TRANSLATORS: why the settings file cannot be read, after "cannot read the settings from FILE:". */
    snprintf(too_large, sizeof too_large,
             ngettext("larger than %zu byte", "larger than %zu bytes", (unsigned long)APP_SETTINGS_MAX_BYTES),
             (size_t)APP_SETTINGS_MAX_BYTES);
    char *text = malloc(APP_SETTINGS_MAX_BYTES + 1);
    long length = -1;
    if (text)
        length = ex_file_read(path, text, APP_SETTINGS_MAX_BYTES, too_large, reason, sizeof reason);
    else
        /* TRANSLATORS: why the settings file cannot be read, after "cannot read the settings from FILE:". */
        snprintf(reason, sizeof reason, "%s", _("out of memory"));
    if (length < 0 && text && errno == ENOENT) {
        free(text);
        s->first_start = true;
        return true;
    }
    if (length < 0) {
        free(text);
        /* TRANSLATORS: the first %s is the settings file's path, the second why it cannot be read (the
         * system's words, or one of ours). */
        snprintf(why, why_size, _("cannot read the settings from %s: %s; using the defaults"), path, reason);
        return false;
    }
    char first_bad[LINE_MAX_BYTES];
    int bad_line = apply_text(text, (size_t)length, s, first_bad);
    free(text);
    if (bad_line) {
        /* TRANSLATORS: %d is a line number of the settings file, the first %s the file's path, the
         * second that line as it is written. */
        snprintf(why, why_size, _("skipped line %d of the settings in %s ('%s'): not a known key with a good value"),
                 bad_line, path, first_bad);
        return false;
    }
    return true;
}

/* Writes the lines of *s to f; returns 0 or the errno of the first failure, close included. */
static int write_lines(FILE *f, const app_settings *s)
{
    fprintf(f, "n %d\nmode %s\nmethod %s\n", s->n, app_mode_name(s->mode), nq_method_key(s->method));
    if (s->speed == EX_SPEED_MAX)
        fprintf(f, "speed max\n");
    else
        fprintf(f, "speed %.0f\n", s->speed);
    fprintf(f, "width %d\nheight %d\n", s->width, s->height);
    if (s->lang >= 0)
        fprintf(f, "lang %s\n", nq_lang_code(s->lang));
    fprintf(f, "theme %s\n", ex_theme_key(s->theme));
    if (s->scale > 0)
        fprintf(f, "scale %g\n", s->scale);
    int error = fflush(f) != 0 || ferror(f) ? (errno ? errno : EIO) : 0;
    if (fclose(f) != 0 && !error)
        error = errno;
    return error;
}

bool app_settings_write(const char *path, const app_settings *s, char *why, size_t why_size)
{
    static const char suffix[] = ".XXXXXX";
    size_t path_len = strlen(path);
    char *temp = malloc(path_len + sizeof suffix);
    if (!temp) {
        /* TRANSLATORS: %s is the settings file's path. */
        snprintf(why, why_size, _("cannot save the settings to %s: out of memory"), path);
        return false;
    }
    memcpy(temp, path, path_len);
    memcpy(temp + path_len, suffix, sizeof suffix);
    int error = 0;
    int fd = mkstemp(temp);
    if (fd < 0) {
        error = errno;
    } else {
        FILE *f = fdopen(fd, "w");
        if (!f) {
            error = errno;
            close(fd);
        } else {
            errno = 0;
            error = write_lines(f, s);
        }
        if (!error && rename(temp, path) != 0)
            error = errno;
        if (error)
            unlink(temp);
    }
    free(temp);
    if (error)
        /* TRANSLATORS: the first %s is the settings file's path, the second the system's reason. */
        snprintf(why, why_size, _("cannot save the settings to %s: %s"), path, strerror(error));
    return !error;
}

/* Why the settings file has no path: SDL gives no folder, or the folder's name is too long. */
typedef enum { PATH_FOUND, PATH_NO_FOLDER, PATH_TOO_LONG } path_found;

/* The settings file in the preference folder (which SDL creates); else which way it failed, with
 * SDL's reason or the folder in detail. */
static path_found settings_path(char *path, size_t size, char *detail, size_t detail_size)
{
    char *dir = SDL_GetPrefPath(APP_PREF_ORG, APP_PREF_APP);
    if (!dir) {
        snprintf(detail, detail_size, "%s", SDL_GetError());
        return PATH_NO_FOLDER;
    }
    int length = snprintf(path, size, "%s%s", dir, APP_SETTINGS_FILE);
    bool fits = length >= 0 && (size_t)length < size;
    if (!fits)
        snprintf(detail, detail_size, "%s", dir);
    SDL_free(dir);
    return fits ? PATH_FOUND : PATH_TOO_LONG;
}

enum { PATH_BYTES = 4096, MESSAGE_BYTES = PATH_BYTES + 768 };

void app_settings_load(app_settings *s)
{
    char path[PATH_BYTES], why[MESSAGE_BYTES];
    switch (settings_path(path, sizeof path, why, sizeof why)) {
    case PATH_NO_FOLDER:
        /* TRANSLATORS: %s is the system's reason why there is no folder for the settings. */
        app_warn(_("cannot read the settings: no folder for them (%s); using the defaults"), why);
        break;
    case PATH_TOO_LONG:
        /* TRANSLATORS: %s is the folder the settings would be in. */
        app_warn(_("cannot read the settings: the name of their folder is too long (%s); using the defaults"), why);
        break;
    case PATH_FOUND:
        if (!app_settings_read(path, s, why, sizeof why))
            app_warn("%s", why);
        break;
    }
}

bool app_settings_save(const app_settings *s)
{
    char path[PATH_BYTES], why[MESSAGE_BYTES];
    switch (settings_path(path, sizeof path, why, sizeof why)) {
    case PATH_NO_FOLDER:
        /* TRANSLATORS: %s is the system's reason why there is no folder for the settings. */
        app_warn(_("cannot save the settings: no folder for them (%s)"), why);
        return false;
    case PATH_TOO_LONG:
        /* TRANSLATORS: %s is the folder the settings would be in. */
        app_warn(_("cannot save the settings: the name of their folder is too long (%s)"), why);
        return false;
    case PATH_FOUND: break;
    }
    if (!app_settings_write(path, s, why, sizeof why)) {
        app_warn("%s", why);
        return false;
    }
    return true;
}

/* One side: no larger than the display, then no smaller than the layout's minimum. */
static int fit_side(int side, int usable, int least)
{
    if (side > usable)
        side = usable;
    return side < least ? least : side;
}

bool app_settings_fit(app_settings *s, int usable_width, int usable_height, char *note, size_t note_size)
{
    if (usable_width <= 0 || usable_height <= 0)
        return false;
    int width = fit_side(s->width, usable_width, UI_MIN_WIDTH);
    int height = fit_side(s->height, usable_height, UI_MIN_HEIGHT);
    if (width == s->width && height == s->height)
        return false;
    /* TRANSLATORS: window sizes in points, width x height: the size used, then the size asked for.
     * A calm note on stderr, not an error: the program goes on. */
    snprintf(note, note_size, _("the window is %dx%d, as large as the screen has room for (%dx%d was asked for)"),
             width, height, s->width, s->height);
    s->width = width;
    s->height = height;
    return true;
}
