/*
 * textfile.h -- the small text files a person hands the program (settings, moments, lessons), read
 * one way: a regular file only (a folder, a FIFO or a device is refused, and opening never waits for
 * a FIFO's writer), at most a given size (checked while reading: the file may grow meanwhile), and
 * checked for UTF-8 by line. No SDL; any thread.
 */
#ifndef EX_TEXTFILE_H
#define EX_TEXTFILE_H

#include <stddef.h>

/*
 * Reads the regular file at path, at most max bytes, into buf (room for max + 1 bytes; not
 * NUL-terminated). Returns its length, or -1 with why: the system's words (errno keeps its error,
 * ENOENT for a missing file), "not a regular file", or too_large for a larger file (errno 0 for
 * both; with too_large NULL, as ex_file_head).
 */
long ex_file_read(const char *path, char *buf, size_t max, const char *too_large, char *why, size_t size);

/*
 * Reads the first bytes (at most max) of the regular file at path into buf, as ex_file_read does but
 * never refusing a larger file: its length, or -1 with why. For telling a file's kind by its start.
 */
long ex_file_head(const char *path, char *buf, size_t max, char *why, size_t size);

/* The bytes of the UTF-8 byte order mark (EF BB BF) at the start of text, as Notepad writes it: 3
 * or 0. The files' first lines are read after it. */
size_t ex_bom_length(const char *text, size_t length);

/* The 1-based line of the first byte of text that is not UTF-8 (or a NUL), or 0 if all of it is. */
int ex_utf8_bad_line(const char *text, size_t length);

/* How a moment's or a lesson's text begins to be read: 0 with *text and *length moved past a byte
 * order mark, or the line of the first byte that is not UTF-8 with why saying so (text unmoved). */
int ex_text_begin(const char **text, size_t *length, char *why, size_t why_size);

#endif
