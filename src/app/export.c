/*
 * export.c -- PNG, clipboard and moment files. The PNG is read back from the renderer after a
 * frame drawn as a picture (the board as the person sees it, without the pointer's shading, the
 * keyboard cursor or the help); its name says what board it is (N, the pinned queen, the solution
 * or the step of the tree), and a counter keeps two saves of the same board from overwriting each
 * other. A moment (moment.h) is saved the same way, as its text. File names and the copied text
 * stay as they are in every language; only what the panel says is translated.
 */
#include "export.h"

#include <SDL_image.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nq/clock.h"
#include "nq/i18n.h"
#include "play.h"
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
    uint64_t rank;
    if (what == EXPORT_TREE)
        snprintf(buf, size, "nqueens-%d%s-tree-step-%llu.png", ex->n, first, (unsigned long long)ex->cursor);
    else if (ex_play_on(ex) && ex_play_solved(ex, &rank))
        snprintf(buf, size, "nqueens-%d%s-solution-%llu.png", ex->n, first, (unsigned long long)rank);
    else if (ex_play_on(ex))
        snprintf(buf, size, "nqueens-%d%s-your-board.png", ex->n, first);
    else if (ex->viewing && ex->job == NQ_JOB_FIND)
        snprintf(buf, size, "nqueens-%d%s-found.png", ex->n, first);
    else if (ex->viewing)
        snprintf(buf, size, "nqueens-%d%s-solution-%llu.png", ex->n, first, (unsigned long long)ex->k);
    else
        snprintf(buf, size, "nqueens-%d%s-board.png", ex->n, first);
}

/* Creates, in folder (which ends in '/'), a new file for name that no file had: name itself, or
 * with -2, -3, ... before its extension (".png", ".nqmoment"). O_EXCL makes the check and the
 * creation one step, so that not even another program saving at the same moment is overwritten.
 * Returns the open file and its path, or NULL (errno says why). */
static FILE *create_new(const char *folder, const char *name, char *path, size_t size)
{
    const char *dot = strrchr(name, '.');
    size_t stem = dot ? (size_t)(dot - name) : strlen(name);
    for (int copy = 1; copy <= MAX_COPIES; copy++) {
        int len = copy == 1 ? snprintf(path, size, "%s%s", folder, name)
                            : snprintf(path, size, "%s%.*s-%d%s", folder, (int)stem, name, copy, name + stem);
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

/* Whether what was written to file is on the disk: flushed without error and synced (a full disk
 * or a quota shows only when the buffered bytes go out). 0, or the errno of the failure. */
static int synced(FILE *file)
{
    errno = 0;
    bool written = fflush(file) == 0 && !ferror(file) && fsync(fileno(file)) == 0;
    return written ? 0 : errno ? errno : EIO;
}

/* Writes a new file named name (create_new) in the current folder, else in the preference folder,
 * through write(file, context, why, why_size), which says whether all of it was written (false,
 * with why, if not). A file not wholly written and synced is removed: the save counts only once
 * it is on the disk. True with its path; false with why (the last folder's reason). */
static bool save_new(const char *name, bool (*write)(FILE *file, void *context, char *why, size_t why_size),
                     void *context, char *path, size_t size, char *why, size_t why_size)
{
    char cwd[4096];
    /* TRANSLATORS: why a file could not be saved, after "Could not save FILE:". */
    snprintf(why, why_size, "%s", _("the current folder is unknown"));
    for (int place = 0; place < 2; place++) {
        char *pref = place == 1 ? SDL_GetPrefPath(APP_PREF_ORG, APP_PREF_APP) : NULL;
        const char *folder = pref;
        if (place == 0 && getcwd(cwd, sizeof cwd) && strlen(cwd) + 2 < sizeof cwd)
            folder = strcat(cwd, "/");
        FILE *file = folder ? create_new(folder, name, path, size) : NULL;
        if (folder && !file)
            snprintf(why, why_size, "%s", strerror(errno));
        SDL_free(pref);
        if (!file)
            continue;
        if (write(file, context, why, why_size))
            return true;
        remove(path);
    }
    return false;
}

/* The first of name, name-2, name-3, ... (the counter before the extension) that no file in folder
 * has, into path; false when none is free or the path is too long. */
static bool free_name(const char *folder, const char *name, char *path, size_t size)
{
    const char *dot = strrchr(name, '.');
    int stem = dot ? (int)(dot - name) : (int)strlen(name);
    for (int copy = 1; copy <= MAX_COPIES; copy++) {
        int len = copy == 1 ? snprintf(path, size, "%s%s", folder, name)
                            : snprintf(path, size, "%s%.*s-%d%s", folder, stem, name, copy, name + stem);
        if (len < 0 || (size_t)len >= size)
            return false;
        if (access(path, F_OK) != 0)
            return true;
    }
    return false;
}

/* Encodes the surface context as a PNG into file, and closes it (save_new's write). */
static bool write_png(FILE *file, void *context, char *why, size_t why_size)
{
    SDL_RWops *rw = SDL_RWFromFP(file, SDL_TRUE);
    if (!rw) {
        fclose(file);
        snprintf(why, why_size, "%s", SDL_GetError());
        return false;
    }
    bool encoded = IMG_SavePNG_RW(context, rw, 0) == 0;
    int error = encoded ? synced(file) : 0;
    bool closed = SDL_RWclose(rw) == 0; /* closes file */
    if (!encoded || error || !closed) {
        snprintf(why, why_size, "%s", !encoded ? IMG_GetError() : strerror(error ? error : EIO));
        return false;
    }
    return true;
}

/* Writes the moment's text (context) into file, and closes it (save_new's write). */
static bool write_text(FILE *file, void *context, char *why, size_t why_size)
{
    const char *text = context;
    size_t length = strlen(text);
    int error = fwrite(text, 1, length, file) == length ? synced(file) : (errno ? errno : EIO);
    if (fclose(file) != 0 && !error)
        error = errno ? errno : EIO;
    if (error)
        snprintf(why, why_size, "%s", strerror(error));
    return !error;
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
    char name[128], path[4400];
    export_name(ex, what, name, sizeof name);
    SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, area.w, area.h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!shot || SDL_RenderReadPixels(renderer, &area, SDL_PIXELFORMAT_ARGB8888, shot->pixels, shot->pitch) != 0) {
        /* TRANSLATORS: why a picture could not be saved, after "Could not save FILE:". */
        ex_note_saved(ex, name, false, _("the board could not be read back from the window"));
        SDL_FreeSurface(shot);
        return;
    }
    char why[768];
    bool saved = save_new(name, write_png, shot, path, sizeof path, why, sizeof why);
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
    uint64_t number = ex->job == NQ_JOB_FIND ? 0 : ex->k;
    bool unsolved = ex_play_on(ex) && !ex_play_solved(ex, &number);
    if (SDL_SetClipboardText(text) == 0)
        ex_notify(ex, unsolved ? EX_NOTICE_PLAY_COPIED : EX_NOTICE_COPIED, number, NULL, NULL);
    else
        ex_notify(ex, EX_NOTICE_COPY_FAILED, 0, NULL, SDL_GetError());
    free(text);
}

void export_moment(explorer *ex)
{
    ex_moment m = ex_moment_take(ex);
    char text[EX_MOMENT_MAX_BYTES], name[96], path[4400], why[768];
    ex_moment_format(&m, text, sizeof text);
    if (m.has_first)
        snprintf(name, sizeof name, "nqueens-%d-first-%d-%d-step-%llu.nqmoment", m.n, m.first.column + 1,
                 m.first.row + 1, (unsigned long long)m.step);
    else
        snprintf(name, sizeof name, "nqueens-%d-step-%llu.nqmoment", m.n, (unsigned long long)m.step);
    bool saved = save_new(name, write_text, text, path, sizeof path, why, sizeof why);
    ex_note_saved(ex, saved ? path : name, saved, why);
}

struct export_gif {
    film *film;
    film_request request;
    ui_layout window; /* the window's layout at Ctrl+G (request.window points here) */
    int place;        /* 0: the current folder; 1: the preference folder */
    char name[128];
};

/* Starts g's film in the first folder from place on where it can be made; false with why (the last
 * folder's reason) when none. */
static bool film_in(export_gif *g, int place, char *why, size_t why_size)
{
    char path[4400], cwd[4096];
    for (; place < 2; place++) {
        char *pref = place == 1 ? SDL_GetPrefPath(APP_PREF_ORG, APP_PREF_APP) : NULL;
        const char *folder = pref;
        if (place == 0 && getcwd(cwd, sizeof cwd) && strlen(cwd) + 2 < sizeof cwd)
            folder = strcat(cwd, "/");
        if (folder && !free_name(folder, g->name, path, sizeof path))
            snprintf(why, why_size, "%s", strerror(ENAMETOOLONG));
        else if (folder)
            g->film = film_begin(&g->request, path, false, why, why_size);
        SDL_free(pref);
        if (g->film) {
            g->place = place;
            return true;
        }
    }
    return false;
}

export_gif *export_gif_start(explorer *ex, const ui_layout *l, const char *assets)
{
    if (!ex_gif_allowed(ex))
        return NULL;
    export_gif *g = calloc(1, sizeof *g);
    if (!g) {
        ex_note_gif(ex, "GIF", false, strerror(ENOMEM), 0, 0, 0);
        return NULL;
    }
    int width = l->board.x + l->board.w - l->left_labels.x + l->panel_font / 2; /* with film.c's margin */
    width = width < FILM_LEAST_WIDTH ? FILM_LEAST_WIDTH : width > FILM_MOST_WIDTH ? FILM_MOST_WIDTH : width;
    g->window = *l;
    g->request = (film_request){.start = ex->moment, .frames = FILM_DEFAULT_FRAMES, .speed = ex->speed,
                                .pinned_row = ex->has_first ? ex->first.row : -1, .theme = ex->theme,
                                .width = width, .density = l->density, .window = &g->window,
                                .rank = ex->solver.rank, .rank_context = ex->solver.context, .assets = assets};
    char first[48] = "", why[768];
    if (ex->has_first)
        snprintf(first, sizeof first, "-first-%d-%d", ex->first.column + 1, ex->first.row + 1);
    snprintf(g->name, sizeof g->name, "nqueens-%d%s-step-%llu.gif", ex->n, first, (unsigned long long)ex->cursor);
    /* TRANSLATORS: why a file could not be saved, after "Could not save FILE:". */
    snprintf(why, sizeof why, "%s", _("the current folder is unknown"));
    if (!film_in(g, 0, why, sizeof why)) {
        ex_note_gif(ex, g->name, false, why, 0, 0, 0);
        free(g);
        return NULL;
    }
    ex_notify(ex, EX_NOTICE_GIF_SAVING, (uint64_t)film_frames_asked(g->film), film_path(g->film), NULL);
    return g;
}

export_gif *export_gif_continue(export_gif *g, explorer *ex, double seconds)
{
    double until = nq_clock_seconds() + seconds;
    bool more = true;
    while (more && nq_clock_seconds() < until)
        more = film_next(g->film);
    if (more) {
        ex_notify(ex, EX_NOTICE_GIF_SAVING, (uint64_t)film_frames(g->film) << 32 | (uint64_t)film_frames_asked(g->film),
                  film_path(g->film), NULL);
        return g;
    }
    char path[4096], why[768];
    snprintf(path, sizeof path, "%s", film_path(g->film));
    film_result done;
    bool saved = film_end(g->film, &done, why, sizeof why);
    g->film = NULL;
    if (!saved && g->place == 0 && film_in(g, 1, why, sizeof why)) /* the current folder is full: once more */
        return g;
    ex_note_gif(ex, saved ? path : g->name, saved, why, done.frames, done.width, done.height);
    free(g);
    return NULL;
}

void export_gif_cancel(export_gif *g)
{
    if (g->film)
        film_cancel(g->film);
    free(g);
}
