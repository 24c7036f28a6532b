/*
 * nq/progdir.h -- the folder of the running program, where a build tree or an installation keeps
 * what the program reads beside it (translations, lessons, helper programs). Each caller knows
 * what it looks for there; this only finds the folder, one way for all of them.
 */
#ifndef NQ_PROGDIR_H
#define NQ_PROGDIR_H

#include <stdbool.h>
#include <stddef.h>

/* The folder of the running program, ending in '/', into buf (size bytes); false (buf empty) if
 * the system does not say (no /proc) or it does not fit, errno saying why. Any thread. */
bool nq_program_dir(char *buf, size_t size);

#endif
