/*
 * app.c -- SDL setup and teardown, asset discovery, and the frame loop. Nothing here decides what
 * a key means (input.c), what the model does with it (model.c), how a frame looks (render.c)
 * or how the board leaves the program (export.c): this file only connects them in order, once a
 * frame. Pixel coordinates are the renderer's; the mouse and the traced board rectangle convert
 * from and to window points with the high-DPI scale. The layout's density is that scale times the
 * person's (--scale, else the desktop's GDK_SCALE): SDL on X11 gives a window as many pixels as
 * points, so a high-DPI X11 desktop is known only by what it asks of its programs. What it tells
 * a person (app_warn, and the SDL failures that stop the start) is marked for translation; the
 * window's title is the product's name and stays as it is.
 */
#include "app.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_ui.h"
#include "export.h"
#include "fonts.h"
#include "input.h"
#include "layout.h"
#include "lesson.h"
#include "lessonrun.h"
#include "nq/clock.h"
#include "nq/i18n.h"
#include "panel.h"
#include "render.h"

#ifndef NQ_SOURCE_ASSETS
#define NQ_SOURCE_ASSETS "assets"
#endif

/* At full watch speed the loop keeps taking events this long a frame, then draws. */
#define FULL_SPEED_DRAIN_SECONDS 0.004
#define REPLAY_DRAIN_SECONDS 0.05 /* ... and this long while a moment opened replays to its step */
#define FRAME_SECONDS (1.0 / 60)
#define FILM_SLICE_SECONDS 0.008 /* a GIF being saved gets this long a frame (at least one of its frames) */
#define TREE_WHEEL_ZOOM 1.15 /* a notch of the wheel over the tree zooms by this */
#define BOARD_WHEEL_ZOOM 1.25 /* ... over a board above NQ_MAX_N */
/* With nothing moving, the loop still wakes this often (milliseconds). */
enum { IDLE_WAKE_MS = 1000 };

struct app {
    SDL_Window *window;
    SDL_Renderer *renderer;
    ui_assets assets;
    ui_overview overview; /* the assets' cache of a board above NQ_MAX_N */
    explorer ex;
    ui_layout layout;
    input_pointer pointer;
    Uint32 wake_event;
    bool quit;
    int saves_requested[EXPORT_TREE + 1]; /* Ctrl+S and Ctrl+T presses not yet saved */
    export_gif *gif; /* a GIF being saved (Ctrl+G), a few frames each turn of the loop; NULL: none */
    char assets_dir[1024];
    double scale; /* the person's or the desktop's scale of text and controls (1 to 4) */
};

explorer *app_explorer(app *a)
{
    return &a->ex;
}

/* ---- start and stop ---- */

static bool has_font(const char *dir)
{
    char path[1100];
    int len = snprintf(path, sizeof path, "%s/fonts/DejaVuSans.ttf", dir);
    return len > 0 && (size_t)len < sizeof path && access(path, R_OK) == 0;
}

static bool use_assets(char *out, size_t size, const char *dir)
{
    int len = snprintf(out, size, "%s", dir);
    return len > 0 && (size_t)len < size && has_font(out);
}

bool app_assets_find(char *dir, size_t size)
{
    const char *env = getenv("NQUEENS_ASSETS");
    if (env) {
        if (use_assets(dir, size, env))
            return true;
        /* TRANSLATORS: NQUEENS_ASSETS is an environment variable and fonts/DejaVuSans.ttf a file: both stay
         * as they are; %s is the folder it names. */
        app_warn(_("NQUEENS_ASSETS='%s' has no fonts/DejaVuSans.ttf; looking elsewhere"), env);
    }
    char *base = SDL_GetBasePath();
    bool found = false;
    if (base) {
        char tried[1000];
        snprintf(tried, sizeof tried, "%sassets", base);
        found = use_assets(dir, size, tried);
        /* Installed: from bin/, or from libexec/nqueens/ (nqueens-gif). */
        for (int up = 1; up <= 2 && !found; up++) {
            snprintf(tried, sizeof tried, "%s%sshare/nqueens/assets", base, up == 1 ? "../" : "../../");
            found = use_assets(dir, size, tried);
        }
        SDL_free(base);
    }
    return found || use_assets(dir, size, NQ_SOURCE_ASSETS);
}

static void wake_ui(void *context)
{
    app *a = context;
    SDL_Event e;
    SDL_zero(e);
    e.type = a->wake_event;
    SDL_PushEvent(&e);
}

/* SDL falls back to an invisible driver when there is no display; a person who did not ask for
 * one (SDL_VIDEODRIVER) gets told instead of an invisible window. */
static bool has_display(void)
{
    const char *driver = SDL_GetCurrentVideoDriver();
    if (getenv("SDL_VIDEODRIVER") || !driver)
        return true;
    if (strcmp(driver, "offscreen") != 0 && strcmp(driver, "dummy") != 0)
        return true;
    /* TRANSLATORS: %s is the name of SDL's video driver (like "offscreen"); SDL_VIDEODRIVER is an
     * environment variable: it stays as it is. */
    app_warn(_("no display to open the window on (SDL found only its '%s' driver); run it in a desktop "
               "session, or set SDL_VIDEODRIVER to choose a video driver"),
             driver);
    return false;
}

/* The scale the desktop asks of its programs: GDK_SCALE, a whole number that GNOME and others set
 * on a high-DPI X11 screen, else 1. */
static double desktop_scale(void)
{
    double scale;
    const char *env = getenv("GDK_SCALE");
    return env && app_scale_parse(env, &scale) && scale > 0 ? scale : 1;
}

/* The window size asked for (in points at the app's scale), within the display's usable area (a
 * huge size in the settings would otherwise allocate gigabytes for a window nobody can see). Where
 * the size fits the screen in pixels and only the scale makes it larger ("--size 1920x1080 --scale
 * 2" on a 1920x1080 screen), the window filling the screen is what was meant: nothing is said. */
static void fit_to_display(const app *a, app_settings *s)
{
    SDL_Rect usable;
    char note[768];
    if (SDL_GetDisplayUsableBounds(0, &usable) != 0)
        return;
    bool meant_pixels = a->scale > 1 && s->width <= usable.w && s->height <= usable.h;
    if (app_settings_fit(s, (int)(usable.w / a->scale), (int)(usable.h / a->scale), note, sizeof note) &&
        !meant_pixels)
        app_warn("%s", note);
}

static bool open_window(app *a, const app_settings *s)
{
    a->window = SDL_CreateWindow("N-Queens Explorer", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                 (int)(s->width * a->scale), (int)(s->height * a->scale),
                                 SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!a->window) {
        /* TRANSLATORS: %s is SDL's reason, in English. */
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, _("Cannot open the window: %s"), SDL_GetError());
        return false;
    }
    SDL_SetWindowMinimumSize(a->window, (int)(UI_MIN_WIDTH * a->scale), (int)(UI_MIN_HEIGHT * a->scale));
    a->renderer = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_PRESENTVSYNC);
    if (!a->renderer)
        a->renderer = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_SOFTWARE);
    if (!a->renderer) {
        /* TRANSLATORS: %s is SDL's reason, in English. */
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, _("Cannot draw in the window: %s"), SDL_GetError());
        return false;
    }
    char path[1100];
    snprintf(path, sizeof path, "%s/icon.png", a->assets_dir);
    SDL_Surface *icon = IMG_Load(path);
    if (icon) {
        SDL_SetWindowIcon(a->window, icon);
        SDL_FreeSurface(icon);
    }
    snprintf(path, sizeof path, "%s/queen.png", a->assets_dir);
    a->assets.overview = &a->overview;
    a->assets.queen = IMG_LoadTexture(a->renderer, path);
    if (!a->assets.queen) {
        /* TRANSLATORS: the first %s is the image file's path, the second SDL_image's reason, in English. */
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, _("Cannot load the queen image %s: %s"), path, IMG_GetError());
        return false;
    }
    snprintf(path, sizeof path, "%s/fonts/DejaVuSans.ttf", a->assets_dir);
    a->assets.text = ui_text_create(a->renderer, path);
    if (!a->assets.text) {
        /* TRANSLATORS: the first %s is the font file's path, the second SDL_ttf's reason, in English. */
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, _("Cannot load the font %s: %s"), path, TTF_GetError());
        return false;
    }
    return true;
}

static void close_window(app *a)
{
    ui_overview_free(&a->overview);
    ui_text_destroy(a->assets.text);
    if (a->assets.queen)
        SDL_DestroyTexture(a->assets.queen);
    if (a->renderer)
        SDL_DestroyRenderer(a->renderer);
    if (a->window)
        SDL_DestroyWindow(a->window);
}

/* ---- a frame ---- */

/* Renderer pixels per window point (more than 1 on a high-DPI screen). */
static double pixel_scale(const app *a)
{
    int w, pw, h, ph;
    SDL_GetWindowSize(a->window, &w, &h);
    SDL_GetRendererOutputSize(a->renderer, &pw, &ph);
    return w > 0 ? (double)pw / w : 1.0;
}

/* The layout for the window as it is now and the N the model has now. */
static void lay_out(app *a)
{
    int pw, ph;
    SDL_GetRendererOutputSize(a->renderer, &pw, &ph);
    a->layout = ui_layout_compute_lesson(pw, ph, a->ex.n, ex_tree_shown(&a->ex), ex_lesson_on(&a->ex),
                                         pixel_scale(a) * a->scale);
    if (ui_text_rtl(a->assets.text))
        ui_layout_mirror_labels(&a->layout);
    ui_layout_zoom(&a->layout, a->ex.view);
    a->layout.variants = ex_variants_shown(&a->ex);
}

static void do_input(app *a, input in, double now)
{
    switch (in.kind) {
    case INPUT_NONE: break;
    case INPUT_QUIT: a->quit = true; break;
    case INPUT_SQUARE: ex_click(&a->ex, in.square, now); break;
    case INPUT_TIMELINE:
        ex_seek(&a->ex, ui_layout_timeline_step(&a->layout, in.value, ex_timeline_length(&a->ex)));
        break;
    case INPUT_TREE: {
        tv_camera camera = ex_tree_camera(&a->ex, a->layout.tree, a->layout.density);
        int item = tv_item_at(&a->ex.tree_panel.scene, &camera, a->layout.tree, in.x, in.y);
        if (item >= 0)
            ex_tree_click(&a->ex, item, a->layout.tree, a->layout.density);
        break;
    }
    case INPUT_TREE_PAN: {
        tv_camera camera = ex_tree_camera(&a->ex, a->layout.tree, a->layout.density);
        ex_tree_pan(&a->ex, -in.x / camera.unit, -in.y / camera.level);
        break;
    }
    case INPUT_TREE_ZOOM:
        for (int notch = 0; notch < abs(in.value); notch++)
            ex_tree_zoom(&a->ex, in.value > 0 ? TREE_WHEEL_ZOOM : 1 / TREE_WHEEL_ZOOM);
        break;
    case INPUT_BOARD_PAN:
        ex_board_pan(&a->ex, -in.x / a->layout.scale, -in.y / a->layout.scale);
        break;
    case INPUT_BOARD_ZOOM: {
        double column, row;
        ui_layout_point(&a->layout, in.x, in.y, &column, &row);
        for (int notch = 0; notch < abs(in.value); notch++)
            ex_board_zoom(&a->ex, in.value > 0 ? BOARD_WHEEL_ZOOM : 1 / BOARD_WHEEL_ZOOM, column, row);
        break;
    }
    case INPUT_MINIMAP: {
        ui_rect m = a->layout.minimap;
        double k = (double)a->ex.n / m.w;
        ex_board_pan(&a->ex, (in.x - m.x + 0.5) * k - a->ex.view.cx, (in.y - m.y + 0.5) * k - a->ex.view.cy);
        break;
    }
    case INPUT_OVERVIEW: {
        int i = tv_overview_at(&a->ex.tree_panel.scene, a->layout.tree_overview, in.value);
        if (i >= 0)
            ex_tree_select(&a->ex, a->ex.tree_panel.scene.top_items[i]);
        break;
    }
    case INPUT_LESSON_ROW: {
        int count = ex_lessons_count(&a->ex), row = ui_layout_lessons_row_at(&a->layout, count, in.x, in.y);
        int i = ex_lessons_first_shown(&a->ex, ui_layout_lessons_rows(&a->layout, count)) + row;
        if (row >= 0 && i < ex_lessons_count(&a->ex))
            ex_act(&a->ex, EX_ACT_LESSON_PICK, i, now);
        break;
    }
    case INPUT_ACTION:
        if (in.action < EX_ACTION_MODEL_END)
            ex_act(&a->ex, in.action, in.value, now);
        else if (in.action == EX_ACT_SAVE)
            a->saves_requested[EXPORT_BOARD]++; /* at the next frame, from a picture of the board alone */
        else if (in.action == EX_ACT_SAVE_TREE)
            a->saves_requested[EXPORT_TREE]++;
        else if (in.action == EX_ACT_COPY)
            export_copy(&a->ex);
        else if (in.action == EX_ACT_SAVE_MOMENT)
            export_moment(&a->ex);
        else if (in.action == EX_ACT_SAVE_GIF && !a->gif)
            a->gif = export_gif_start(&a->ex, &a->layout, a->assets_dir);
        else if (in.action == EX_ACT_QUIT)
            a->quit = true;
        break;
    }
}

/* Handles one event; true if the frame should be drawn again for it. */
static bool handle_event(app *a, const SDL_Event *e)
{
    if (e->type == a->wake_event)
        return false; /* the worker's events are taken by ex_update */
    if (e->type == SDL_DROPFILE) { /* a moment or lesson file dropped on the window opens as `nqueens FILE` would */
        if (e->drop.file && ex_lesson_sniff(e->drop.file))
            ex_lesson_open(&a->ex, e->drop.file, nq_clock_seconds());
        else if (e->drop.file)
            ex_moment_open(&a->ex, e->drop.file, nq_clock_seconds());
        SDL_free(e->drop.file);
        return true;
    }
    lay_out(a);
    input in = input_translate(e, ex_keys(&a->ex), a->ex.help, &a->layout, pixel_scale(a), &a->pointer);
    do_input(a, in, nq_clock_seconds());
    return true;
}

/* Tells the model which square the pointer is over in the layout of now (on the board, or as a
 * node of the tree). True if that changed. */
static bool update_hover(app *a)
{
    bool had = a->ex.has_hover;
    nq_square before = a->ex.hover, s = {0, 0};
    if (!ex_tree_pointer(&a->ex, &a->layout, a->pointer.inside, a->pointer.x, a->pointer.y))
        ex_hover(&a->ex, input_pointer_square(&a->pointer, &a->layout, &s), s);
    return had != a->ex.has_hover ||
           (a->ex.has_hover && (before.column != a->ex.hover.column || before.row != a->ex.hover.row));
}

/* A rectangle of renderer pixels in window points (scale: pixels a point). */
static ui_rect in_points(ui_rect r, double scale)
{
    return (ui_rect){(int)(r.x / scale), (int)(r.y / scale), (int)(r.w / scale), (int)(r.h / scale)};
}

static void draw_frame(app *a, double now)
{
    double scale = pixel_scale(a);
    ui_rect b = in_points(a->layout.board, scale), t = in_points(a->layout.timeline, scale);
    ex_note_board(&a->ex, b.x, b.y, b.w, b.h);
    ex_note_timeline(&a->ex, t.x, t.y, t.w, t.h);
    ui_rect p = in_points(a->layout.panel, scale);
    ex_note_panel(&a->ex, p.x, p.y, p.w, p.h);
    for (int i = 0; i < a->layout.variants; i++) {
        ui_rect v = in_points(ui_layout_lane(&a->layout, a->layout.variants, i).board, scale);
        ex_note_variant(&a->ex, i, v.x, v.y, v.w, v.h);
    }
    ui_rect tr = in_points(a->layout.tree, scale);
    ex_note_tree(&a->ex, ex_tree_shown(&a->ex), tr.x, tr.y, tr.w, tr.h);
    ui_rect next = in_points(a->layout.lesson_next, scale);
    ex_note_lesson_next(&a->ex, a->layout.lesson_next.w > 0, next.x, next.y, next.w, next.h);
    for (int what = EXPORT_BOARD; what <= EXPORT_TREE; what++)
        for (; a->saves_requested[what] > 0; a->saves_requested[what]--) {
            ui_render(a->renderer, &a->assets, &a->layout, &a->ex, now, UI_FRAME_PICTURE);
            export_png(a->renderer, &a->layout, &a->ex, (export_what)what);
        }
    ui_render(a->renderer, &a->assets, &a->layout, &a->ex, now, UI_FRAME_WINDOW);
    SDL_RenderPresent(a->renderer);
    ex_note_frame(&a->ex, now);
}

/* Waits for events as long as the model allows (up to until), then takes all that came. */
static bool take_events(app *a, double start, double until)
{
    bool busy = a->saves_requested[EXPORT_BOARD] || a->saves_requested[EXPORT_TREE] || a->gif;
    double wait = busy ? 0 : ex_wait(&a->ex, start);
    bool dirty = false;
    SDL_Event e;
    if (wait != 0) {
        int ms = wait < 0 ? IDLE_WAKE_MS : (int)(wait * 1000) + 1;
        if (until > 0 && (until - start) * 1000 < ms)
            ms = (int)((until - start) * 1000) + 1;
        if (ms > 0 && SDL_WaitEventTimeout(&e, ms))
            dirty |= handle_event(a, &e);
    }
    while (SDL_PollEvent(&e))
        dirty |= handle_event(a, &e);
    return dirty;
}

void app_loop(app *a, double until, app_frames *frames)
{
    while (!a->quit) {
        double start = nq_clock_seconds();
        if (until > 0 && start >= until)
            break;
        bool dirty = take_events(a, start, until);
        double now = nq_clock_seconds();
        dirty |= ex_update(&a->ex, now);
        /* At full speed the worker refills the ring while we drain it: keep draining for a few
         * milliseconds of the frame, then draw. */
        double drain = ex_moment_arrived(&a->ex) ? FULL_SPEED_DRAIN_SECONDS : REPLAY_DRAIN_SECONDS;
        for (double deadline = now + drain; ex_full_speed(&a->ex) && now < deadline;) {
            now = nq_clock_seconds();
            dirty |= ex_update(&a->ex, now);
        }
        if (a->gif) { /* a slice of the GIF, then the window's frame: it never freezes for long */
            a->gif = export_gif_continue(a->gif, &a->ex, FILM_SLICE_SECONDS);
            dirty = true;
        }
        lay_out(a);
        dirty |= update_hover(a);
        if (!dirty && !a->saves_requested[EXPORT_BOARD] && !a->saves_requested[EXPORT_TREE])
            continue;
        draw_frame(a, now);
        double spent = nq_clock_seconds() - start;
        if (frames && frames->count < frames->capacity)
            frames->seconds[frames->count++] = spent;
        /* Vsync may be missing (a software renderer): keep to 60 frames a second by hand. */
        if (spent < FRAME_SECONDS)
            SDL_Delay((Uint32)((FRAME_SECONDS - spent) * 1000));
    }
}

double app_draw_now(app *a)
{
    double start = nq_clock_seconds();
    lay_out(a);
    draw_frame(a, start);
    return nq_clock_seconds() - start;
}

/* Sets the text's fonts, direction and numbers for language lang: its script's font that
 * fontconfig finds, else the bundled one alone (English; Persian and Hebrew where no font of
 * theirs is installed), checked on the language's own name. False, with why said in the language
 * in use (why_size bytes) and the text as it was, when no font has its letters. UI thread. */
static bool apply_language(app *a, int lang, char *why, size_t why_size)
{
    ui_font_file font;
    bool has_font = ui_fonts_for_language(nq_lang_code(lang), &font);
    if (ui_text_set_language(a->assets.text, has_font ? font.path : NULL, has_font ? font.face : 0,
                             nq_lang_rtl(lang), nq_lang_numbers_of(lang), nq_lang_name(lang)))
        return true;
    /* TRANSLATORS: %s: a language's name ("Thai"); then a Debian package's name, to install. */
    snprintf(why, why_size, _("%s cannot be shown: no font here has its letters (Debian: apt-get install %s)."),
             _(nq_lang_english_name(lang)), ui_fonts_package(nq_lang_code(lang)));
    return false;
}

/* The model's hook for a switch of language (ex_language_hook). */
static bool show_language(void *context, int lang, char *why, size_t why_size)
{
    return apply_language(context, lang, why, why_size);
}

int app_run(const app_args *args, app_settings *settings, const ex_moment *moment, ex_lesson *lesson)
{
    static app a;
    if (!app_assets_find(a.assets_dir, sizeof a.assets_dir)) {
        /* TRANSLATORS: fonts/DejaVuSans.ttf is a file and NQUEENS_ASSETS an environment variable: both stay
         * as they are. */
        app_warn(_("cannot find the assets folder (fonts/DejaVuSans.ttf); set NQUEENS_ASSETS"));
        return 1;
    }
    /* A --trace reader that goes away must not kill the program before it saves the settings. */
    signal(SIGPIPE, SIG_IGN);
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        /* TRANSLATORS: SDL is the name of a library; %s is its reason, in English. */
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, _("Cannot start SDL: %s"), SDL_GetError());
        return 1;
    }
    int status = 1;
    if (!has_display())
        goto fail_ttf;
    if (TTF_Init() != 0) {
        /* TRANSLATORS: SDL_ttf is the name of a library (it draws text); %s is its reason, in English. */
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, _("Cannot start SDL_ttf: %s"), TTF_GetError());
        goto fail_ttf;
    }
    if (!(IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG)) {
        /* TRANSLATORS: SDL_image is the name of a library (it reads images); %s is its reason, in English. */
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, _("Cannot start SDL_image: %s"), IMG_GetError());
        goto fail_img;
    }
    a.wake_event = SDL_RegisterEvents(1);
    a.scale = settings->scale > 0 ? settings->scale : desktop_scale();
    fit_to_display(&a, settings);
    if (!open_window(&a, settings))
        goto fail_window;
    /* A language no font here can show gives way to English, which says why (on stderr and in
     * the panel) and is not saved over the person's choice. */
    char why[512] = "";
    int wanted = nq_lang_current();
    if (!apply_language(&a, wanted, why, sizeof why)) {
        nq_lang_use(0, NULL);
        apply_language(&a, wanted, why, sizeof why);
        app_warn("%s", why);
    }
    int started_in = nq_lang_current();
    nq_worker *worker = nq_worker_create(wake_ui, &a);
    if (!worker) {
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "%s", _("Cannot start the solver thread"));
        goto fail_window;
    }
    ex_init(&a.ex, ex_worker_solver(worker), args->trace ? stdout : NULL, settings->n,
            args->has_first ? &args->first : NULL, settings->mode, settings->method, settings->speed,
            nq_clock_seconds());
    if (settings->first_start && args->bench_seconds == 0 && !moment && !lesson)
        ex_welcome(&a.ex, nq_clock_seconds());
    ex_set_language_hook(&a.ex, show_language, &a);
    ex_set_theme(&a.ex, settings->theme, true);
    if (*why)
        ex_notify(&a.ex, EX_NOTICE_CANNOT_SHOW, 0, why, NULL);
    /* The comparison table's searches run on a worker of their own, so the watch goes on. */
    nq_worker *comparer = nq_worker_create(wake_ui, &a);
    if (comparer)
        ex_set_comparer(&a.ex, ex_worker_solver(comparer));
    /* So do unique paging's and the heatmap's counts. */
    nq_worker *uniquer = nq_worker_create(wake_ui, &a);
    if (uniquer)
        ex_set_uniquer(&a.ex, ex_worker_solver(uniquer));
    nq_worker *heater = nq_worker_create(wake_ui, &a);
    if (heater)
        ex_set_heater(&a.ex, ex_worker_solver(heater));
    if (moment) /* after every solver is there: its views need theirs */
        ex_moment_apply(&a.ex, moment, args->moment, nq_clock_seconds());
    if (lesson) /* as a moment is: its pages set the views up */
        ex_lesson_start(&a.ex, lesson, nq_clock_seconds());
    if (args->bench_seconds > 0) {
        bench_ui_run(&a, args->bench_seconds);
    } else {
        app_loop(&a, 0, NULL);
        /* A lesson left open is not the person's choice: what they had before it is kept. */
        ex_moment kept = ex_lesson_on(&a.ex) ? a.ex.lesson.before : ex_moment_take(&a.ex);
        settings->n = kept.n;
        settings->mode = (ex_mode)kept.mode;
        settings->method = kept.method;
        settings->speed = kept.speed;
        if (nq_lang_current() != started_in) /* switched in the window: the person's choice */
            settings->lang = nq_lang_current();
        settings->theme = a.ex.theme;
        int w, h;
        SDL_GetWindowSize(a.window, &w, &h);
        settings->width = (int)(w / a.scale + 0.5);
        settings->height = (int)(h / a.scale + 0.5);
        fit_to_display(&a, settings); /* a window manager may have allowed what the app does not */
    }
    if (a.gif) /* quit before the GIF was complete: nothing is left of it */
        export_gif_cancel(a.gif);
    ex_free(&a.ex);
    status = 0;
fail_window:
    close_window(&a);
    IMG_Quit();
fail_img:
    TTF_Quit();
fail_ttf:
    SDL_Quit();
    return status;
}
