/*
 * gif.c -- the animated GIF encoder over giflib's streaming writer: a colour table a frame with
 * the caller's exact colours first, only the changed rectangle of each frame, the loop extension
 * (NETSCAPE2.0), and a temporary file renamed into place once synced. giflib writes through
 * put_bytes, which keeps the errno of the first failed write, so that a full disk is said as the
 * system says it rather than as "write failed".
 */
#include "gif.h"

#include <errno.h>
#include <gif_lib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nq/i18n.h"

/* A colour met in the frame being written: how often, and its entry in the frame's table. */
typedef struct colour_slot {
    uint32_t key; /* 0: empty; else the colour 0xRRGGBB with bit 24 set */
    uint32_t count;
    uint32_t favoured; /* ... of them in the favoured rectangle */
    int index;    /* in the table, or -1 before it is chosen */
} colour_slot;

enum { TABLE_COLOURS = 256, FIRST_SLOTS = 4096, USED_KEY = 1u << 24 };

struct gif_file {
    GifFileType *out;
    FILE *file;
    int width, height, delay;
    bool replace;
    int error;     /* the errno of the first failure, or 0 */
    int gif_error; /* ... or giflib's code of it, or 0 */
    uint32_t exact[TABLE_COLOURS];
    int exact_count;
    uint32_t *previous; /* the last frame (width x height, 0xRRGGBB) */
    bool has_previous;  /* ... once there is one */
    int fx0, fy0, fx1, fy1; /* the favoured rectangle, corners included (empty: fx1 < fx0) */
    colour_slot *slots; /* an open-addressing table of the frame's colours */
    size_t capacity, used;
    GifPixelType *line;
    char path[PATH_MAX], temporary[PATH_MAX + 16];
};

static bool failed(const gif_file *g)
{
    return g->error || g->gif_error;
}

static void fail(gif_file *g, int error)
{
    if (!failed(g))
        g->error = error ? error : EIO;
}

static void gif_fail(gif_file *g, int code)
{
    if (!failed(g)) {
        if (code == E_GIF_ERR_WRITE_FAILED)
            g->error = EIO; /* put_bytes keeps errno first, when it can */
        else
            g->gif_error = code ? code : E_GIF_ERR_WRITE_FAILED;
    }
}

/* giflib's output: into the temporary file, keeping the first write's errno. */
static int put_bytes(GifFileType *out, const GifByteType *bytes, int length)
{
    gif_file *g = out->UserData;
    errno = 0;
    if (fwrite(bytes, 1, (size_t)length, g->file) != (size_t)length) {
        fail(g, errno);
        return 0;
    }
    return length;
}

/* The slot of colour (0xRRGGBB), made if new; the table doubles when half full. */
static colour_slot *slot_of(gif_file *g, uint32_t colour)
{
    if (2 * (g->used + 1) > g->capacity) {
        colour_slot *old = g->slots;
        size_t old_capacity = g->capacity;
        g->capacity = old_capacity ? 2 * old_capacity : FIRST_SLOTS;
        g->slots = calloc(g->capacity, sizeof *g->slots);
        if (!g->slots) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        g->used = 0;
        for (size_t i = 0; i < old_capacity; i++)
            if (old[i].key) {
                colour_slot *s = slot_of(g, old[i].key & 0xFFFFFF);
                *s = old[i];
            }
        free(old);
    }
    uint32_t key = colour | USED_KEY;
    size_t i = (key * 2654435761u) & (g->capacity - 1);
    while (g->slots[i].key && g->slots[i].key != key)
        i = (i + 1) & (g->capacity - 1);
    if (!g->slots[i].key) {
        g->slots[i] = (colour_slot){key, 0, 0, -1};
        g->used++;
    }
    return &g->slots[i];
}

/* The favoured rectangle's colours first, then the others, each most frequent first. */
static int by_count(const void *a, const void *b)
{
    const colour_slot *x = *(colour_slot *const *)a, *y = *(colour_slot *const *)b;
    if (x->favoured != y->favoured)
        return x->favoured < y->favoured ? 1 : -1;
    return x->count < y->count ? 1 : x->count > y->count ? -1 : 0;
}

static uint32_t distance(uint32_t a, uint32_t b)
{
    int dr = (int)(a >> 16 & 0xFF) - (int)(b >> 16 & 0xFF), dg = (int)(a >> 8 & 0xFF) - (int)(b >> 8 & 0xFF);
    int db = (int)(a & 0xFF) - (int)(b & 0xFF);
    return (uint32_t)(2 * dr * dr + 4 * dg * dg + 3 * db * db);
}

/* The frame's colour table: the exact colours it has, then its others, most frequent first; each
 * slot gets its entry, a colour left out the nearest one's. Returns how many entries. */
static int choose_table(gif_file *g, uint32_t *table)
{
    int count = 0;
    for (int i = 0; i < g->exact_count && count < TABLE_COLOURS; i++) {
        colour_slot *s = slot_of(g, g->exact[i]);
        if (s->count && s->index < 0) {
            s->index = count;
            table[count++] = g->exact[i];
        }
    }
    colour_slot **others = malloc(g->used * sizeof *others);
    if (!others) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    size_t n = 0;
    for (size_t i = 0; i < g->capacity; i++)
        if (g->slots[i].key && g->slots[i].count && g->slots[i].index < 0)
            others[n++] = &g->slots[i];
    qsort(others, n, sizeof *others, by_count);
    size_t i = 0;
    for (; i < n && count < TABLE_COLOURS; i++) {
        others[i]->index = count;
        table[count++] = others[i]->key & 0xFFFFFF;
    }
    for (; i < n; i++) {
        uint32_t colour = others[i]->key & 0xFFFFFF, best = UINT32_MAX;
        for (int e = 0; e < count; e++)
            if (distance(colour, table[e]) < best) {
                best = distance(colour, table[e]);
                others[i]->index = e;
            }
    }
    free(others);
    return count;
}

/* The rectangle where pixels differ from the previous frame (all of it for the first; one pixel
 * when nothing changed, as a frame must hold one). */
static void changed(const gif_file *g, const uint32_t *pixels, int pitch, int *x0, int *y0, int *x1, int *y1)
{
    *x0 = 0, *y0 = 0, *x1 = g->width - 1, *y1 = g->height - 1;
    if (!g->has_previous)
        return;
    int left = g->width, right = -1, top = g->height, bottom = -1;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            if ((pixels[(size_t)y * (size_t)pitch + (size_t)x] & 0xFFFFFF) !=
                g->previous[(size_t)y * (size_t)g->width + (size_t)x]) {
                left = x < left ? x : left;
                right = x > right ? x : right;
                top = y < top ? y : top;
                bottom = y;
            }
    if (right < 0)
        left = right = top = bottom = 0;
    *x0 = left, *y0 = top, *x1 = right, *y1 = bottom;
}

/* Symbolic links followed from path at most this many times (as the kernel's own limit). */
enum { MOST_LINKS = 40 };

/* What path names once its symbolic links are followed, into out (size bytes): the last link's
 * target, which need not exist yet, or path itself. 0, or ELOOP or ENAMETOOLONG. */
static int follow_links(const char *path, char *out, size_t size)
{
    if ((size_t)snprintf(out, size, "%s", path) >= size)
        return ENAMETOOLONG;
    for (int hop = 0; hop < MOST_LINKS; hop++) {
        struct stat st;
        char target[PATH_MAX];
        if (lstat(out, &st) != 0 || !S_ISLNK(st.st_mode))
            return 0;
        ssize_t len = readlink(out, target, sizeof target - 1);
        if (len < 0)
            return errno;
        target[len] = '\0';
        const char *slash = strrchr(out, '/');
        int folder = target[0] == '/' || !slash ? 0 : (int)(slash - out + 1);
        char joined[PATH_MAX];
        if ((size_t)snprintf(joined, sizeof joined, "%.*s%s", folder, out, target) >= sizeof joined ||
            strlen(joined) >= size)
            return ENAMETOOLONG;
        memcpy(out, joined, strlen(joined) + 1);
    }
    return ELOOP;
}

/* Why the GIF may not go to path (its links followed): true, with why, when something other than a
 * regular file is there (a folder, a device, a FIFO, a socket), which is never replaced. */
static bool not_a_file(const char *path, char *why, size_t why_size)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
        return false;
    if (S_ISDIR(st.st_mode))
        snprintf(why, why_size, "%s", strerror(EISDIR));
    else
        /* TRANSLATORS: why a GIF was not written over a name, after "Could not save FILE:". */
        snprintf(why, why_size, "%s", _("not a regular file (a device, a FIFO or a socket), which a GIF never "
                                        "replaces"));
    return true;
}

/* Why the temporary file could not be made in path's folder (error: mkstemp's errno): the system's
 * words, and where the folder exists but takes no new file (/proc), that it is the folder. */
static void say_no_temporary(const char *path, int error, char *why, size_t why_size)
{
    const char *slash = strrchr(path, '/');
    char folder[PATH_MAX];
    snprintf(folder, sizeof folder, "%.*s", slash ? (int)(slash - path + (slash == path)) : 1, slash ? path : ".");
    struct stat st;
    if (error == ENOENT && stat(folder, &st) == 0 && S_ISDIR(st.st_mode))
        /* TRANSLATORS: why a GIF could not be saved, after "Could not save FILE:": the first %s is a
         * folder, the second the system's reason. */
        snprintf(why, why_size, _("the folder %s takes no new file (%s): the GIF is written there first, then "
                                  "renamed to its name"),
                 folder, strerror(error));
    else
        snprintf(why, why_size, "%s", strerror(error));
}

gif_file *gif_begin(const char *path, bool replace, int width, int height, int delay, const uint32_t *exact,
                    int exact_count, char *why, size_t why_size)
{
    gif_file *g = calloc(1, sizeof *g);
    if (!g || width < 1 || height < 1 || width > 65535 || height > 65535) {
        snprintf(why, why_size, "%s", strerror(g ? EINVAL : ENOMEM));
        free(g);
        return NULL;
    }
    int error = replace ? follow_links(path, g->path, sizeof g->path)
                        : (size_t)snprintf(g->path, sizeof g->path, "%s", path) < sizeof g->path ? 0 : ENAMETOOLONG;
    const char *slash = strrchr(g->path, '/');
    int folder = slash ? (int)(slash - g->path + 1) : 0;
    int len = snprintf(g->temporary, sizeof g->temporary, "%.*s.%s.XXXXXX", folder, g->path, g->path + folder);
    if (!error && (len < 0 || (size_t)len >= sizeof g->temporary))
        error = ENAMETOOLONG;
    if (error || (replace && not_a_file(g->path, why, why_size))) {
        if (error)
            snprintf(why, why_size, "%s", strerror(error));
        free(g);
        return NULL;
    }
    int fd = mkstemp(g->temporary);
    if (fd < 0 || fchmod(fd, 0644) != 0 || !(g->file = fdopen(fd, "wb"))) {
        say_no_temporary(g->path, errno, why, why_size);
        if (fd >= 0) {
            close(fd);
            unlink(g->temporary);
        }
        free(g);
        return NULL;
    }
    g->width = width, g->height = height, g->replace = replace;
    g->fx0 = 0, g->fx1 = -1, g->fy0 = 0, g->fy1 = -1;
    g->delay = delay < GIF_LEAST_DELAY ? GIF_LEAST_DELAY : delay;
    g->exact_count = exact_count < TABLE_COLOURS ? exact_count : TABLE_COLOURS;
    if (g->exact_count > 0)
        memcpy(g->exact, exact, (size_t)g->exact_count * sizeof *exact);
    g->line = malloc((size_t)width * sizeof *g->line);
    g->previous = malloc((size_t)width * (size_t)height * sizeof *g->previous);
    int code = 0;
    g->out = EGifOpen(g, put_bytes, &code);
    if (!g->out || !g->line || !g->previous) {
        gif_fail(g, code);
        return g;
    }
    EGifSetGifVersion(g->out, true);
    static const GifByteType loop[3] = {1, 0, 0}; /* sub-block 1: loop 0 times more, i.e. for ever */
    if (EGifPutScreenDesc(g->out, width, height, 8, 0, NULL) == GIF_ERROR ||
        EGifPutExtensionLeader(g->out, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(g->out, 11, "NETSCAPE2.0") == GIF_ERROR ||
        EGifPutExtensionBlock(g->out, 3, loop) == GIF_ERROR || EGifPutExtensionTrailer(g->out) == GIF_ERROR)
        gif_fail(g, g->out->Error);
    return g;
}

/* Counts the colours of row from x0 to x1 (nothing when x1 < x0), a run of one colour at a time:
 * most of a frame is flat. */
static void count_runs(gif_file *g, const uint32_t *row, int x0, int x1, bool favoured)
{
    for (int x = x0; x <= x1;) {
        int end = x + 1;
        while (end <= x1 && ((row[end] ^ row[x]) & 0xFFFFFF) == 0)
            end++;
        colour_slot *s = slot_of(g, row[x] & 0xFFFFFF);
        s->count += (uint32_t)(end - x);
        s->favoured += favoured ? (uint32_t)(end - x) : 0;
        x = end;
    }
}

/* Writes the rectangle (x0, y0)-(x1, y1) of pixels with its colour table. */
static void write_frame(gif_file *g, const uint32_t *pixels, int pitch, int x0, int y0, int x1, int y1)
{
    g->used = 0;
    if (g->slots)
        memset(g->slots, 0, g->capacity * sizeof *g->slots);
    for (int y = y0; y <= y1; y++) {
        const uint32_t *row = pixels + (size_t)y * (size_t)pitch;
        if (y < g->fy0 || y > g->fy1) {
            count_runs(g, row, x0, x1, false);
            continue;
        }
        int left = g->fx0 > x0 ? g->fx0 : x0, right = g->fx1 < x1 ? g->fx1 : x1;
        count_runs(g, row, x0, (left < x1 + 1 ? left : x1 + 1) - 1, false);
        count_runs(g, row, left, right, true);
        count_runs(g, row, (right + 1 > x0 ? right + 1 : x0), x1, false);
    }
    uint32_t table[TABLE_COLOURS];
    int count = choose_table(g, table);
    int bits = GifBitSize(count < 2 ? 2 : count);
    GifColorType colours[TABLE_COLOURS] = {{0, 0, 0}};
    for (int i = 0; i < count; i++)
        colours[i] = (GifColorType){(GifByteType)(table[i] >> 16), (GifByteType)(table[i] >> 8), (GifByteType)table[i]};
    ColorMapObject *map = GifMakeMapObject(1 << bits, colours);
    GraphicsControlBlock control = {DISPOSE_DO_NOT, false, g->delay, NO_TRANSPARENT_COLOR};
    GifByteType extension[4];
    size_t extension_size = EGifGCBToExtension(&control, extension);
    if (!map || EGifPutExtension(g->out, GRAPHICS_EXT_FUNC_CODE, (int)extension_size, extension) == GIF_ERROR ||
        EGifPutImageDesc(g->out, x0, y0, x1 - x0 + 1, y1 - y0 + 1, false, map) == GIF_ERROR) {
        gif_fail(g, map ? g->out->Error : E_GIF_ERR_NOT_ENOUGH_MEM);
        GifFreeMapObject(map);
        return;
    }
    GifFreeMapObject(map);
    for (int y = y0; y <= y1; y++) {
        const uint32_t *row = pixels + (size_t)y * (size_t)pitch;
        uint32_t last = row[x0] & 0xFFFFFF;
        GifPixelType index = (GifPixelType)slot_of(g, last)->index;
        for (int x = x0; x <= x1; x++) {
            if ((row[x] & 0xFFFFFF) != last) {
                last = row[x] & 0xFFFFFF;
                index = (GifPixelType)slot_of(g, last)->index;
            }
            g->line[x - x0] = index;
        }
        if (EGifPutLine(g->out, g->line, x1 - x0 + 1) == GIF_ERROR) {
            gif_fail(g, g->out->Error);
            return;
        }
    }
}

bool gif_frame(gif_file *g, const uint32_t *pixels, int pitch)
{
    if (failed(g))
        return false;
    int x0, y0, x1, y1;
    changed(g, pixels, pitch, &x0, &y0, &x1, &y1);
    write_frame(g, pixels, pitch, x0, y0, x1, y1);
    for (int y = y0; y <= y1; y++) {
        uint32_t *kept = g->previous + (size_t)y * (size_t)g->width;
        const uint32_t *row = pixels + (size_t)y * (size_t)pitch;
        for (int x = x0; x <= x1; x++)
            kept[x] = row[x] & 0xFFFFFF;
    }
    g->has_previous = true;
    return !failed(g);
}

/* Puts the complete temporary file at the path: over a regular file there, or only where nothing
 * is (a hard link, which refuses a name taken; a rename where the file system has no links). */
static int put_in_place(gif_file *g, char *why, size_t why_size)
{
    if (g->replace && not_a_file(g->path, why, why_size))
        return -1; /* something else took the name while the frames were written */
    if (g->replace)
        return rename(g->temporary, g->path) == 0 ? 0 : errno;
    if (link(g->temporary, g->path) == 0)
        return unlink(g->temporary), 0;
    int error = errno;
    if (error != EPERM && error != ENOTSUP)
        return error;
    if (access(g->path, F_OK) == 0)
        return EEXIST;
    return rename(g->temporary, g->path) == 0 ? 0 : errno;
}

void gif_favour(gif_file *g, int x, int y, int w, int h)
{
    g->fx0 = x, g->fy0 = y, g->fx1 = x + w - 1, g->fy1 = y + h - 1;
}

void gif_cancel(gif_file *g)
{
    char why[8];
    fail(g, ECANCELED);
    gif_end(g, why, sizeof why);
}

bool gif_end(gif_file *g, char *why, size_t why_size)
{
    if (g->out) {
        int code = 0;
        if (EGifCloseFile(g->out, &code) == GIF_ERROR)
            gif_fail(g, code);
    }
    errno = 0;
    if (!failed(g) && (fflush(g->file) != 0 || ferror(g->file) || fsync(fileno(g->file)) != 0))
        fail(g, errno);
    if (fclose(g->file) != 0)
        fail(g, errno);
    int refused = 0; /* put_in_place's -1: it said why */
    if (!failed(g)) {
        int error = put_in_place(g, why, why_size);
        if (error > 0)
            fail(g, error);
        refused = error < 0;
    }
    bool ok = !failed(g) && !refused;
    if (!ok) {
        unlink(g->temporary);
        if (!refused)
            snprintf(why, why_size, "%s", g->error ? strerror(g->error) : GifErrorString(g->gif_error));
    }
    free(g->previous);
    free(g->slots);
    free(g->line);
    free(g);
    return ok;
}
