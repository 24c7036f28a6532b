/*
 * settings.h -- N, mode, method, speed, window size, language, theme and scale, kept between runs
 * in a small text file of "key value" lines under SDL's preference path (on Linux
 * $XDG_DATA_HOME/nqueens/N-Queens Explorer/settings.txt).
 *
 * The file is outside the program's control, so it is read defensively: only a regular file of
 * at most APP_SETTINGS_MAX_BYTES is read at all (a FIFO, a device or a huge file is refused at
 * once), and only the values that parse with args.h's own parsers are taken. A missing file gives
 * the defaults silently; anything wrong with it gives the defaults for what it damages and one
 * warning line; nothing here ever stops the program. Saving writes a new file and renames it over
 * the old one, so a failed save leaves the previous settings whole.
 */
#ifndef APP_SETTINGS_H
#define APP_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

/* The two names of SDL_GetPrefPath() for this program; anything stored under the preference
 * path (the settings, a PNG that cannot go in the working folder) uses these. */
#define APP_PREF_ORG "nqueens"
#define APP_PREF_APP "N-Queens Explorer"

/* The file's name inside the preference folder, and the largest file that is read. */
#define APP_SETTINGS_FILE "settings.txt"
enum { APP_SETTINGS_MAX_BYTES = 64 * 1024 };

typedef struct app_settings {
    int n;
    ex_mode mode;
    nq_method method;
    double speed;
    int width, height;
    int lang; /* the language the person chose (--lang, L), of nq/i18n.h; -1: none */
    ex_theme theme;
    double scale; /* the scale the person gave (--scale), 1 to 4; 0: the desktop's */
    bool first_start; /* no settings file was there: the program's first start (never written) */
} app_settings;

app_settings app_settings_defaults(void);

/*
 * Reads the settings file at path over *s: each value that is there and valid replaces the one
 * in *s. A missing file is not an error (true, and only first_start is set in *s). Returns false
 * with one line in why (it names the file) when the file is not a regular file, is larger than
 * APP_SETTINGS_MAX_BYTES or cannot be read (*s is then untouched), or when a line was skipped (the
 * other lines still count). Never blocks on a FIFO. UI thread or any other; no SDL.
 */
bool app_settings_read(const char *path, app_settings *s, char *why, size_t why_size);

/*
 * Writes *s to path, through a new file in the same folder renamed over path (a symlink there is
 * replaced, not followed). Returns false with one line in why, "cannot save the settings to
 * PATH: reason", when it cannot; the file at path is then as it was. No SDL.
 */
bool app_settings_write(const char *path, const app_settings *s, char *why, size_t why_size);

/* app_settings_read() on the file in the preference folder; prints the warning, if any, with
 * app_warn() on stderr. */
void app_settings_load(app_settings *s);

/* app_settings_write() to the file in the preference folder. Returns false when the settings
 * could not be saved, after printing why with app_warn() on stderr: the caller prints nothing
 * more. */
bool app_settings_save(const app_settings *s);

/*
 * Fits the window size in *s to a display whose usable area is usable_width x usable_height
 * points (what SDL_GetDisplayUsableBounds gives): a side larger than the display is reduced to
 * it, then a side below the layout's minimum (UI_MIN_WIDTH x UI_MIN_HEIGHT) is raised to it,
 * even on a display smaller than that. A size that fits is left alone; so is everything when a
 * usable side is not positive (the display is unknown). Returns true if the size changed, with
 * one line in note saying from what to what, for the app to print on stderr: this is the
 * environment, not the person's input, so the program goes on with the fitted size, and that is
 * the size saved on quit. Pure: any thread, no SDL.
 */
bool app_settings_fit(app_settings *s, int usable_width, int usable_height, char *note, size_t note_size);

#endif
