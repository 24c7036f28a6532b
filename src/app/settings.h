/*
 * settings.h -- N, mode, speed and window size, kept between runs in a small text file under
 * SDL's preference path (on Linux $XDG_DATA_HOME/nqueens/N-Queens Explorer/settings.txt).
 * A missing or damaged file gives the defaults; nothing here ever stops the program.
 */
#ifndef APP_SETTINGS_H
#define APP_SETTINGS_H

#include "explorer.h"

typedef struct app_settings {
    int n;
    ex_mode mode;
    double speed;
    int width, height;
} app_settings;

app_settings app_settings_defaults(void);

/* Reads the saved settings over *s (only the values that are there and valid). */
void app_settings_load(app_settings *s);

/* Saves *s; false if the file cannot be written. */
bool app_settings_save(const app_settings *s);

#endif
