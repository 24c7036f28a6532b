/*
 * test_gif.c -- the GIF encoder (gif.h): synthetic frames written and read back with giflib's
 * reader, each frame composed over the ones before as a viewer does: the frame count, the size, the
 * delay, the loop extension, every pixel of a frame of few colours exact, and the exact colours
 * kept in a frame of more than 256; a path that cannot be written and a file larger than the
 * process may write (a full disk, as RLIMIT_FSIZE makes it) fail with the system's reason and
 * leave no file. Scratch files go to a private folder under $TMPDIR, removed at the end. Tests
 * may run as root, where permission bits stop nothing, so an unwritable place is a path under a
 * regular file.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <gif_lib.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gif.h"

enum { W = 40, H = 30 };

static char folder[256];

/* How many entries the scratch folder holds (besides . and ..). */
static int entries(void)
{
    DIR *d = opendir(folder);
    assert_non_null(d);
    int count = 0;
    for (struct dirent *e; (e = readdir(d));)
        count += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return count;
}

static int setup(void **state)
{
    (void)state;
    const char *tmp = getenv("TMPDIR");
    snprintf(folder, sizeof folder, "%s/test_gif.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    return mkdtemp(folder) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    DIR *d = opendir(folder);
    char path[512];
    for (struct dirent *e; d && (e = readdir(d));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", folder, e->d_name);
            remove(path);
        }
    if (d)
        closedir(d);
    return rmdir(folder);
}

/* Frame i of a little film: a black background (what fresh memory holds, so a first frame compared
 * with it would lose pixels), a square that moves right a pixel a frame, and a bar. */
static void film_frame(int i, uint32_t *pixels)
{
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint32_t c = 0xFF000000;
            if (x >= 5 + i && x < 15 + i && y >= 5 && y < 15)
                c = 0xFFE0C060;
            else if (y >= 25)
                c = x % 2 ? 0xFF40A040 : 0xFFC03030;
            pixels[y * W + x] = c;
        }
}

/* Reads path and composes its frames over one another: canvas[f] is frame f as shown. */
static GifFileType *read_back(const char *path, uint32_t canvas[][W * H], int most)
{
    int error = 0;
    GifFileType *gif = DGifOpenFileName(path, &error);
    assert_non_null(gif);
    assert_int_equal(DGifSlurp(gif), GIF_OK);
    uint32_t shown[W * H] = {0};
    for (int f = 0; f < gif->ImageCount && f < most; f++) {
        SavedImage *image = &gif->SavedImages[f];
        GifImageDesc *d = &image->ImageDesc;
        ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
        assert_non_null(map);
        for (int y = 0; y < d->Height; y++)
            for (int x = 0; x < d->Width; x++) {
                GifColorType c = map->Colors[image->RasterBits[y * d->Width + x]];
                shown[(d->Top + y) * W + d->Left + x] =
                    0xFF000000u | (uint32_t)c.Red << 16 | (uint32_t)c.Green << 8 | c.Blue;
            }
        memcpy(canvas[f], shown, sizeof shown);
    }
    return gif;
}

static void frames_read_back_exactly(void **state)
{
    (void)state;
    char path[512], why[256] = "";
    snprintf(path, sizeof path, "%s/film.gif", folder);
    static const uint32_t exact[] = {0x000000, 0xE0C060};
    gif_file *gif = gif_begin(path, false, W, H, 7, exact, 2, why, sizeof why);
    assert_non_null(gif);
    static uint32_t frames[5][W * H], canvas[5][W * H];
    for (int i = 0; i < 5; i++) {
        film_frame(i, frames[i]);
        assert_true(gif_frame(gif, frames[i], W));
    }
    assert_true(gif_end(gif, why, sizeof why));
    assert_int_equal(entries(), 1); /* the GIF alone: no temporary file left */
    GifFileType *back = read_back(path, canvas, 5);
    assert_int_equal(back->ImageCount, 5);
    assert_int_equal(back->SWidth, W);
    assert_int_equal(back->SHeight, H);
    for (int i = 0; i < 5; i++) {
        GraphicsControlBlock control;
        assert_int_equal(DGifSavedExtensionToGCB(back, i, &control), GIF_OK);
        assert_int_equal(control.DelayTime, 7);
        for (int p = 0; p < W * H; p++)
            if (canvas[i][p] != frames[i][p])
                fail_msg("frame %d pixel (%d, %d): 0x%08x read back, 0x%08x written", i, p % W, p / W,
                         (unsigned)canvas[i][p], (unsigned)frames[i][p]);
    }
    /* The first frame is all of the picture; the second writes only what moved: the square's columns. */
    assert_int_equal(back->SavedImages[0].ImageDesc.Width, W);
    assert_int_equal(back->SavedImages[0].ImageDesc.Height, H);
    assert_int_equal(back->SavedImages[1].ImageDesc.Width, 11);
    bool loops = false;
    for (int e = 0; e < back->SavedImages[0].ExtensionBlockCount; e++) {
        ExtensionBlock *b = &back->SavedImages[0].ExtensionBlocks[e];
        loops |= b->Function == APPLICATION_EXT_FUNC_CODE && b->ByteCount == 11 &&
                 memcmp(b->Bytes, "NETSCAPE2.0", 11) == 0;
    }
    assert_true(loops);
    int error = 0;
    DGifCloseFile(back, &error);
    remove(path);
}

/* A frame of 1,200 colours, most of them once (a gradient), one of them over a large area, and three
 * theme colours among them: the theme's come back exact, and so does the frequent one; a colour left
 * out of the table is drawn as one that is in it. */
static void exact_colours_survive_many(void **state)
{
    (void)state;
    char path[512], why[256] = "";
    snprintf(path, sizeof path, "%s/many.gif", folder);
    static uint32_t frame[W * H], canvas[1][W * H];
    for (int p = 0; p < W * H; p++)
        frame[p] = 0xFF000000u | (uint32_t)(p % 200) << 16 | (uint32_t)(p / 200 * 40) << 8 | (uint32_t)(p % 7 * 30);
    for (int p = W * 20; p < W * H; p++)
        frame[p] = 0xFF445566;
    static const uint32_t exact[] = {0x123456, 0xABCDEF, 0x010203};
    for (int i = 0; i < 3; i++)
        frame[100 * i + 1] = 0xFF000000u | exact[i];
    gif_file *gif = gif_begin(path, false, W, H, 1, exact, 3, why, sizeof why);
    assert_non_null(gif);
    assert_true(gif_frame(gif, frame, W));
    assert_true(gif_end(gif, why, sizeof why));
    GifFileType *back = read_back(path, canvas, 1);
    GraphicsControlBlock control;
    assert_int_equal(DGifSavedExtensionToGCB(back, 0, &control), GIF_OK);
    assert_int_equal(control.DelayTime, GIF_LEAST_DELAY); /* 1 is raised to the least */
    ColorMapObject *map = back->SavedImages[0].ImageDesc.ColorMap;
    assert_int_equal(map->ColorCount, 256);
    for (int i = 0; i < 3; i++)
        assert_int_equal(canvas[0][100 * i + 1] & 0xFFFFFF, exact[i]);
    assert_int_equal(canvas[0][W * H - 1] & 0xFFFFFF, 0x445566);
    int exact_pixels = 0;
    for (int p = 0; p < W * 20; p++)
        exact_pixels += canvas[0][p] == frame[p];
    assert_in_range(exact_pixels, 253, W * 20 - 1); /* the table's room, not every colour */
    int error = 0;
    DGifCloseFile(back, &error);
    remove(path);
}

/* Colours of a favoured rectangle come before more frequent ones outside it: 100 colours met once
 * each in the rectangle all come back exact beside 400 colours met twice each outside it. */
static void favoured_colours_come_first(void **state)
{
    (void)state;
    char path[512], why[256] = "";
    snprintf(path, sizeof path, "%s/favoured.gif", folder);
    static uint32_t frame[W * H], canvas[1][W * H];
    for (int p = 0; p < W * H; p++) /* 400 colours, each at least twice, outside */
        frame[p] = 0xFF000000u | (uint32_t)(p % 400) * 40000u;
    for (int y = 0; y < 10; y++) /* 100 colours, once each, in the 10 x 10 square at (5, 5) */
        for (int x = 0; x < 10; x++)
            frame[(5 + y) * W + 5 + x] = 0xFF000000u | 0x010101u * (uint32_t)(y * 10 + x) | 0x800000u;
    gif_file *gif = gif_begin(path, false, W, H, 4, NULL, 0, why, sizeof why);
    assert_non_null(gif);
    gif_favour(gif, 5, 5, 10, 10);
    assert_true(gif_frame(gif, frame, W));
    assert_true(gif_end(gif, why, sizeof why));
    GifFileType *back = read_back(path, canvas, 1);
    for (int y = 5; y < 15; y++)
        for (int x = 5; x < 15; x++)
            if (canvas[0][y * W + x] != frame[y * W + x])
                fail_msg("favoured pixel (%d, %d): 0x%08x read back, 0x%08x written", x, y,
                         (unsigned)canvas[0][y * W + x], (unsigned)frame[y * W + x]);
    int error = 0;
    DGifCloseFile(back, &error);
    remove(path);
}

static void unwritable_path_says_why(void **state)
{
    (void)state;
    char file[512], path[600], why[256] = "";
    snprintf(file, sizeof file, "%s/plain", folder);
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(path, sizeof path, "%s/inside.gif", file);
    assert_null(gif_begin(path, false, W, H, 5, NULL, 0, why, sizeof why));
    assert_string_equal(why, strerror(ENOTDIR));
    assert_int_equal(entries(), 1); /* the plain file only */
    remove(file);
}

static void existing_file_is_not_overwritten(void **state)
{
    (void)state;
    char path[512], why[256] = "";
    snprintf(path, sizeof path, "%s/taken.gif", folder);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("mine", f);
    fclose(f);
    static uint32_t frame[W * H];
    film_frame(0, frame);
    gif_file *gif = gif_begin(path, false, W, H, 5, NULL, 0, why, sizeof why);
    assert_non_null(gif);
    assert_true(gif_frame(gif, frame, W));
    assert_false(gif_end(gif, why, sizeof why));
    assert_string_equal(why, strerror(EEXIST));
    assert_int_equal(entries(), 1);
    char text[8] = "";
    f = fopen(path, "r");
    assert_non_null(fgets(text, sizeof text, f));
    fclose(f);
    assert_string_equal(text, "mine");
    gif = gif_begin(path, true, W, H, 5, NULL, 0, why, sizeof why); /* replace: now it may */
    assert_true(gif_frame(gif, frame, W));
    assert_true(gif_end(gif, why, sizeof why));
    assert_int_equal(entries(), 1);
    remove(path);
}

/* A full disk, as a file size limit makes it: the write fails with EFBIG, the save says so, and
 * neither the GIF nor its temporary file is left. */
static void full_disk_leaves_nothing(void **state)
{
    (void)state;
    char path[512], why[256] = "";
    snprintf(path, sizeof path, "%s/full.gif", folder);
    struct rlimit old, small = {4096, 4096};
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    small.rlim_max = old.rlim_max;
    signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    static uint32_t frame[W * H];
    gif_file *gif = gif_begin(path, false, W, H, 5, NULL, 0, why, sizeof why);
    assert_non_null(gif);
    bool all = true;
    for (int i = 0; i < 200; i++) { /* every frame of many colours: far beyond 4 kB */
        for (int p = 0; p < W * H; p++)
            frame[p] = (uint32_t)(p * 2654435761u + (unsigned)i * 77u) & 0xFFFFFF;
        all &= gif_frame(gif, frame, W);
    }
    bool ended = gif_end(gif, why, sizeof why);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    assert_false(all && ended);
    assert_false(ended);
    assert_string_equal(why, strerror(EFBIG));
    assert_int_equal(entries(), 0);
}

/* Writes a one-frame GIF to path, replacing: whether gif_end says it was saved (why, if not). */
static bool replace_with_gif(const char *path, char *why, size_t why_size)
{
    static uint32_t frame[W * H];
    film_frame(0, frame);
    gif_file *gif = gif_begin(path, true, W, H, 5, NULL, 0, why, why_size);
    if (!gif)
        return false;
    gif_frame(gif, frame, W);
    return gif_end(gif, why, why_size);
}

/* The first bytes of the file at path ("" if it cannot be read). */
static void head_of(const char *path, char *text, size_t size)
{
    text[0] = '\0';
    FILE *f = fopen(path, "rb");
    if (f && !fgets(text, (int)size, f))
        text[0] = '\0';
    if (f)
        fclose(f);
}

/* A symbolic link is followed: the GIF replaces its target (or becomes it, when the target is not
 * there yet), and the link stays a link to it. */
static void links_are_followed(void **state)
{
    (void)state;
    char target[512], link_path[512], dangling[512], fresh[512], why[256] = "", text[8];
    snprintf(target, sizeof target, "%s/target.gif", folder);
    snprintf(link_path, sizeof link_path, "%s/link.gif", folder);
    snprintf(dangling, sizeof dangling, "%s/dangling.gif", folder);
    snprintf(fresh, sizeof fresh, "%s/fresh.gif", folder);
    FILE *f = fopen(target, "w");
    assert_non_null(f);
    fputs("mine", f);
    fclose(f);
    assert_int_equal(symlink("target.gif", link_path), 0);
    assert_int_equal(symlink(fresh, dangling), 0);
    if (!replace_with_gif(link_path, why, sizeof why))
        fail_msg("through a link: not saved (%s)", why);
    if (!replace_with_gif(dangling, why, sizeof why))
        fail_msg("through a dangling link: not saved (%s)", why);
    struct stat st;
    const char *links[] = {link_path, dangling};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(lstat(links[i], &st), 0);
        if (!S_ISLNK(st.st_mode))
            fail_msg("%s is no longer a link (mode 0%o)", links[i], (unsigned)st.st_mode);
    }
    const char *targets[] = {target, fresh};
    for (int i = 0; i < 2; i++) {
        head_of(targets[i], text, sizeof text);
        if (strncmp(text, "GIF89a", 6) != 0)
            fail_msg("%s begins '%s', not the GIF", targets[i], text);
    }
    assert_int_equal(entries(), 4); /* two links, two GIFs: no temporary file left */
    remove(link_path), remove(dangling), remove(target), remove(fresh);
}

/* What is not a regular file is never replaced: a FIFO, a folder, a link to /dev/null (not the
 * device itself: were the refusal missing, the link would be what is lost), and a FIFO made at the
 * name while the frames were written. Nothing is written beside them. */
static void only_regular_files_are_replaced(void **state)
{
    (void)state;
    char fifo[512], sub[512], null_link[512], late[512], why[256];
    snprintf(fifo, sizeof fifo, "%s/fifo.gif", folder);
    snprintf(sub, sizeof sub, "%s/folder.gif", folder);
    snprintf(null_link, sizeof null_link, "%s/null.gif", folder);
    snprintf(late, sizeof late, "%s/late.gif", folder);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(mkdir(sub, 0700), 0);
    assert_int_equal(symlink("/dev/null", null_link), 0);
    const char *refused[] = {fifo, sub, null_link};
    const char *wanted[] = {"not a regular file", strerror(EISDIR), "not a regular file"};
    struct stat st;
    for (int i = 0; i < 3; i++) {
        snprintf(why, sizeof why, "(nothing)");
        if (replace_with_gif(refused[i], why, sizeof why))
            fail_msg("%s was replaced by the GIF", refused[i]);
        if (!strstr(why, wanted[i]))
            fail_msg("%s: the refusal says '%s', not '%s'", refused[i], why, wanted[i]);
        assert_int_equal(lstat(refused[i], &st), 0);
        bool kept = i == 0 ? S_ISFIFO(st.st_mode) : i == 1 ? S_ISDIR(st.st_mode) : S_ISLNK(st.st_mode);
        if (!kept)
            fail_msg("%s: of mode 0%o now, not what it was", refused[i], (unsigned)st.st_mode);
    }
    static uint32_t frame[W * H];
    film_frame(0, frame);
    gif_file *gif = gif_begin(late, true, W, H, 5, NULL, 0, why, sizeof why);
    assert_non_null(gif);
    assert_true(gif_frame(gif, frame, W));
    assert_int_equal(mkfifo(late, 0600), 0);
    assert_false(gif_end(gif, why, sizeof why));
    if (!strstr(why, "not a regular file"))
        fail_msg("a FIFO made at the name meanwhile: the refusal says '%s'", why);
    assert_int_equal(lstat(late, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    assert_int_equal(entries(), 4); /* the four, and no temporary file */
    remove(fifo), rmdir(sub), remove(null_link), remove(late);
}

/* A folder that exists but takes no new file (/proc): the save says it is the folder, not that
 * something does not exist. */
static void folder_without_new_files_is_named(void **state)
{
    (void)state;
    struct stat st;
    if (stat("/proc/version", &st) != 0 || !S_ISREG(st.st_mode))
        skip();
    char why[256] = "";
    assert_false(replace_with_gif("/proc/version", why, sizeof why));
    if (!strstr(why, "the folder /proc takes no new file"))
        fail_msg("-o /proc/version: the save says '%s'", why);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(frames_read_back_exactly),
        cmocka_unit_test(exact_colours_survive_many),
        cmocka_unit_test(favoured_colours_come_first),
        cmocka_unit_test(unwritable_path_says_why),
        cmocka_unit_test(existing_file_is_not_overwritten),
        cmocka_unit_test(full_disk_leaves_nothing),
        cmocka_unit_test(links_are_followed),
        cmocka_unit_test(only_regular_files_are_replaced),
        cmocka_unit_test(folder_without_new_files_is_named),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
