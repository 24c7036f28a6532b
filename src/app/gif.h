/*
 * gif.h -- an animated GIF written frame by frame, for the watch exported as a film (film.h). No
 * SDL: frames come as 32-bit pixels, so it is tested without a window.
 *
 * Each frame gets a colour table of its own (at most 256 colours): the colours the caller names as
 * exact (a theme's) keep their values, then come the colours of a favoured rectangle (the board),
 * then the frame's others, each by how often they occur; a colour that does not fit is drawn as the
 * nearest one in the table (the edges of antialiased text). Only the rectangle that changed since
 * the frame before is written. The GIF loops for ever.
 *
 * The file is written under a temporary name in the folder of the path, synced, and renamed to the
 * path only once complete: a failed save (full disk, a folder that cannot be written) leaves no
 * file behind and says why in the words of the operating system (strerror).
 *
 * Replacing, the path's symbolic links are followed: the GIF replaces the file the last one names
 * (or becomes it), and the links stay. Only a regular file is replaced: a folder, a device, a FIFO
 * or a socket at the path is refused, before anything is written and again before the rename.
 */
#ifndef APP_GIF_H
#define APP_GIF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct gif_file gif_file;

/* GIF's unit of time is a hundredth of a second; frames shorter than this are slowed down by most
 * viewers, so no frame is shorter. */
enum { GIF_LEAST_DELAY = 2 };

/*
 * Starts a GIF of width x height pixels whose frames each last delay hundredths of a second (at
 * least GIF_LEAST_DELAY), to become path: over a regular file there if replace (through its links),
 * else only where no file is (the save then fails with "File exists"). exact: the colours (0xRRGGBB)
 * kept exact in every frame, exact_count of them (at most 256). NULL, with why, if the temporary file
 * cannot be made or, replacing, what is at path is not a regular file.
 */
gif_file *gif_begin(const char *path, bool replace, int width, int height, int delay, const uint32_t *exact,
                    int exact_count, char *why, size_t why_size);

/* Favours the rectangle of w x h pixels from (x, y): in a frame of more than 256 colours, the
 * colours met there take their places in the table before the others (the board's, before the
 * antialiased edges of the text under it). None is favoured at first. */
void gif_favour(gif_file *gif, int x, int y, int w, int h);

/* Adds a frame: height rows of width pixels, each a 32-bit 0xAARRGGBB (SDL's ARGB8888; alpha is
 * ignored), pitch pixels from one row to the next. False once anything has failed (gif_end says
 * why). */
bool gif_frame(gif_file *gif, const uint32_t *pixels, int pitch);

/* Ends the GIF and frees gif: true once path holds all of it; false, with why and no file left,
 * if any step failed. */
bool gif_end(gif_file *gif, char *why, size_t why_size);

/* Gives the GIF up and frees gif: nothing is left, not even the temporary file. */
void gif_cancel(gif_file *gif);

#endif
