/*
 * export.c -- PNG and clipboard. The PNG is read back from the renderer after a frame drawn as a
 * picture (the board as the person sees it, without the pointer's shading, the keyboard cursor or
 * the help); its name says what board it is (N, the pinned queen, the solution or the step of
 * the tree), and a counter
 * keeps two saves of the same board from overwriting each other. File names and the copied text
 * stay as they are in every language; only what the panel says is translated.
 */
#include "export.h"

#include <SDL_image.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nq/i18n.h"
#include "settings.h"

/* Saves beyond this many of one board in one folder are refused rather than searched for. */
enum { MAX_COPIES = 9999 };

/* The file name for what is shown, without folder or counter: "nqueens-8-solution-3.png",
 * "nqueens-8-first-1-2-solution-3.png", "nqueens-8-board.png", "nqueens-4-tree-step-60.png"... */
static void export_name(const explorer *ex, export_what what, char *buf, size_t size)
{
    char first[48] = "";
    if (ex->has_first)
        snprintf(first, sizeof first, "-first-%d-%d", ex->first.column + 1, ex->first.row + 1);
    if (what == EXPORT_TREE)
        snprintf(buf, size, "nqueens-%d%s-tree-step-%llu.png", ex->n, first, (unsigned long long)ex->cursor);
    else if (ex->viewing && ex->job == NQ_JOB_FIND)
        snprintf(buf, size, "nqueens-%d%s-found.png", ex->n, first);
    else if (ex->viewing)
        snprintf(buf, size, "nqueens-%d%s-solution-%llu.png", ex->n, first, (unsigned long long)ex->k);
    else
        snprintf(buf, size, "nqueens-%d%s-board.png", ex->n, first);
}

/* Creates, in folder (which ends in '/'), a new file for name that no file had: name itself, or
 * with -2, -3, ... before ".png". O_EXCL makes the check and the creation one step, so that not
 * even another program saving at the same moment is overwritten. Returns the open file and its
 * path, or NULL (errno says why). */
static FILE *create_new(const char *folder, const char *name, char *path, size_t size)
{
    size_t stem = strlen(name) - strlen(".png");
    for (int copy = 1; copy <= MAX_COPIES; copy++) {
        int len = copy == 1 ? snprintf(path, size, "%s%s", folder, name)
                            : snprintf(path, size, "%s%.*s-%d.png", folder, (int)stem, name, copy);
        if (len < 0 || (size_t)len >= size) {
            errno = ENAMETOOLONG;
            return NULL;
        }
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd >= 0)
            return fdopen(fd, "wb");
        if (errno != EEXIST)
            return NULL;
    }
    errno = EEXIST;
    return NULL;
}

/* Saves shot as a new PNG in folder; false (with why) if it cannot. */
static bool save_in(SDL_Surface *shot, const char *folder, const char *name, char *path, size_t size, char *why,
                    size_t why_size)
{
    FILE *file = create_new(folder, name, path, size);
    if (!file) {
        snprintf(why, why_size, "%s", strerror(errno));
        return false;
    }
    SDL_RWops *rw = SDL_RWFromFP(file, SDL_TRUE);
    if (!rw) {
        fclose(file);
        remove(path);
        snprintf(why, why_size, "%s", SDL_GetError());
        return false;
    }
    /* Written, flushed and on the disk, or not saved: a full disk or a quota shows only when the
     * buffered bytes go out (a PNG cut off at the buffer's size, or empty, is no picture). */
    bool encoded = IMG_SavePNG_RW(shot, rw, 0) == 0;
    errno = 0;
    bool written = encoded && fflush(file) == 0 && !ferror(file) && fsync(fileno(file)) == 0;
    int error = errno ? errno : EIO;
    bool closed = SDL_RWclose(rw) == 0; /* closes file */
    if (!encoded || !written || !closed) {
        snprintf(why, why_size, "%s", !encoded ? IMG_GetError() : strerror(written ? EIO : error));
        remove(path);
        return false;
    }
    return true;
}

/* The smallest rectangle holding a and b. */
static SDL_Rect span(SDL_Rect a, SDL_Rect b)
{
    int x = a.x < b.x ? a.x : b.x, y = a.y < b.y ? a.y : b.y;
    int right = a.x + a.w > b.x + b.w ? a.x + a.w : b.x + b.w, bottom = a.y + a.h > b.y + b.h ? a.y + a.h : b.y + b.h;
    return (SDL_Rect){x, y, right - x, bottom - y};
}

void export_png(SDL_Renderer *renderer, const ui_layout *l, explorer *ex, export_what what)
{
    SDL_Rect board = {l->left_labels.x, l->top_labels.y, l->board.x + l->board.w - l->left_labels.x,
                      l->board.y + l->board.h - l->top_labels.y};
    SDL_Rect tree = {l->tree_overview.x, l->tree_overview.y, l->tree_overview.w,
                     l->tree_key.y + l->tree_key.h - l->tree_overview.y};
    bool has_tree = ex_tree_shown(ex) && tree.w > 0;
    if (what == EXPORT_TREE && !has_tree) {
        ex_notify(ex, EX_NOTICE_SAVE_TREE_FIRST, 0, NULL, NULL);
        return;
    }
    SDL_Rect area = what == EXPORT_TREE ? tree : has_tree ? span(board, tree) : board;
    char name[128], path[4400], cwd[4096];
    export_name(ex, what, name, sizeof name);
    SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, area.w, area.h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!shot || SDL_RenderReadPixels(renderer, &area, SDL_PIXELFORMAT_ARGB8888, shot->pixels, shot->pitch) != 0) {
        /* TRANSLATORS: why a picture could not be saved, after "Could not save FILE:". */
        ex_note_saved(ex, name, false, _("the board could not be read back from the window"));
        SDL_FreeSurface(shot);
        return;
    }
    bool saved = false;
    char why[768];
    /* TRANSLATORS: why a picture could not be saved, after "Could not save FILE:". */
    snprintf(why, sizeof why, "%s", _("the current folder is unknown"));
    if (getcwd(cwd, sizeof cwd) && strlen(cwd) + 2 < sizeof cwd) {
        strcat(cwd, "/");
        saved = save_in(shot, cwd, name, path, sizeof path, why, sizeof why);
    }
    if (!saved) {
        char *pref = SDL_GetPrefPath(APP_PREF_ORG, APP_PREF_APP);
        if (pref) {
            saved = save_in(shot, pref, name, path, sizeof path, why, sizeof why);
            SDL_free(pref);
        }
    }
    SDL_FreeSurface(shot);
    ex_note_saved(ex, saved ? path : name, saved, why);
}

void export_copy(explorer *ex)
{
    char *text = ex_board_text(ex);
    if (!text) {
        ex_notify(ex, EX_NOTICE_COPY_PAGE_FIRST, 0, NULL, NULL);
        return;
    }
    if (SDL_SetClipboardText(text) == 0)
        ex_notify(ex, EX_NOTICE_COPIED, ex->job == NQ_JOB_FIND ? 0 : ex->k, NULL, NULL);
    else
        ex_notify(ex, EX_NOTICE_COPY_FAILED, 0, NULL, SDL_GetError());
    free(text);
}
