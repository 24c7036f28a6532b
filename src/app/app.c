/*
 * app.c -- SDL setup and teardown, the frame loop, input, saving and copying.
 *
 * Input goes through a table from keys to actions (so the help overlay and the code agree), then
 * one switch applies actions to the explorer. Pixel coordinates are the renderer's; the mouse
 * and the --trace board line convert from and to window points with the high-DPI scale.
 */
#include "app.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "layout.h"
#include "nq/clock.h"
#include "render.h"
#include "settings.h"

#ifndef NQ_SOURCE_ASSETS
#define NQ_SOURCE_ASSETS "assets"
#endif

typedef enum app_action {
    ACT_NONE,
    ACT_PREVIOUS,
    ACT_NEXT,
    ACT_FIRST_SOLUTION,
    ACT_LAST_SOLUTION,
    ACT_BACK_TEN,
    ACT_FORWARD_TEN,
    ACT_GOTO,
    ACT_N_PLUS,
    ACT_N_MINUS,
    ACT_MODE,
    ACT_PLAY,
    ACT_STEP,
    ACT_SLOWER,
    ACT_FASTER,
    ACT_RESTART,
    ACT_ESCAPE,
    ACT_SAVE,
    ACT_COPY,
    ACT_PIN_KEYS,
    ACT_HELP,
    ACT_QUIT
} app_action;

/* Keys to actions; ctrl: needs Ctrl, shift: needs Shift (-1: either way). */
static const struct {
    SDL_Keycode key;
    int ctrl, shift;
    app_action action;
} key_map[] = {
    {SDLK_LEFT, 0, -1, ACT_PREVIOUS},      {SDLK_RIGHT, 0, -1, ACT_NEXT},
    {SDLK_HOME, 0, -1, ACT_FIRST_SOLUTION}, {SDLK_END, 0, -1, ACT_LAST_SOLUTION},
    {SDLK_PAGEUP, 0, -1, ACT_BACK_TEN},    {SDLK_PAGEDOWN, 0, -1, ACT_FORWARD_TEN},
    {SDLK_g, 0, -1, ACT_GOTO},             {SDLK_PLUS, 0, -1, ACT_N_PLUS},
    {SDLK_EQUALS, 0, 1, ACT_N_PLUS},       {SDLK_KP_PLUS, 0, -1, ACT_N_PLUS},
    {SDLK_MINUS, 0, -1, ACT_N_MINUS},      {SDLK_KP_MINUS, 0, -1, ACT_N_MINUS},
    {SDLK_TAB, 0, -1, ACT_MODE},           {SDLK_SPACE, 0, -1, ACT_PLAY},
    {SDLK_PERIOD, 0, -1, ACT_STEP},        {SDLK_LEFTBRACKET, 0, -1, ACT_SLOWER},
    {SDLK_RIGHTBRACKET, 0, -1, ACT_FASTER}, {SDLK_r, 0, -1, ACT_RESTART},
    {SDLK_ESCAPE, 0, -1, ACT_ESCAPE},      {SDLK_s, 1, -1, ACT_SAVE},
    {SDLK_c, 1, -1, ACT_COPY},             {SDLK_q, 0, -1, ACT_PIN_KEYS},
    {SDLK_q, 1, -1, ACT_QUIT},             {SDLK_F1, 0, -1, ACT_HELP},
    {SDLK_SLASH, 0, 1, ACT_HELP},          {SDLK_QUESTION, 0, -1, ACT_HELP},
};

typedef struct app {
    SDL_Window *window;
    SDL_Renderer *renderer;
    ui_assets assets;
    explorer ex;
    ui_layout layout;
    ui_rect traced_board; /* the board rectangle last printed by --trace, in window points */
    Uint32 wake_event;
    bool quit;
    bool save_requested;
    char assets_dir[1024];
} app;

/* ---- start and stop ---- */

static bool has_font(const char *dir)
{
    char path[1100];
    int len = snprintf(path, sizeof path, "%s/fonts/DejaVuSans.ttf", dir);
    return len > 0 && (size_t)len < sizeof path && access(path, R_OK) == 0;
}

/* The assets folder: $NQUEENS_ASSETS, next to the binary, installed under share/, or the source
 * tree the binary was built from. */
static bool find_assets(app *a)
{
    char *base = SDL_GetBasePath();
    char candidates[4][1000];
    int count = 0;
    const char *env = getenv("NQUEENS_ASSETS");
    if (env)
        snprintf(candidates[count++], 1000, "%s", env);
    if (base) {
        snprintf(candidates[count++], 1000, "%sassets", base);
        snprintf(candidates[count++], 1000, "%s../share/nqueens/assets", base);
        SDL_free(base);
    }
    snprintf(candidates[count++], 1000, "%s", NQ_SOURCE_ASSETS);
    for (int i = 0; i < count; i++) {
        int len = snprintf(a->assets_dir, sizeof a->assets_dir, "%s", candidates[i]);
        if (len > 0 && (size_t)len < sizeof a->assets_dir && has_font(a->assets_dir))
            return true;
    }
    return false;
}

static void wake_ui(void *context)
{
    app *a = context;
    SDL_Event e;
    SDL_zero(e);
    e.type = a->wake_event;
    SDL_PushEvent(&e);
}

static bool open_window(app *a, const app_settings *s)
{
    a->window = SDL_CreateWindow("N-Queens Explorer", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, s->width,
                                 s->height, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!a->window) {
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "Cannot open the window: %s", SDL_GetError());
        return false;
    }
    SDL_SetWindowMinimumSize(a->window, UI_MIN_WIDTH, UI_MIN_HEIGHT);
    a->renderer = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_PRESENTVSYNC);
    if (!a->renderer)
        a->renderer = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_SOFTWARE);
    if (!a->renderer) {
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "Cannot draw in the window: %s", SDL_GetError());
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
    a->assets.queen = IMG_LoadTexture(a->renderer, path);
    if (!a->assets.queen) {
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "Cannot load the queen image %s: %s", path, IMG_GetError());
        return false;
    }
    snprintf(path, sizeof path, "%s/fonts/DejaVuSans.ttf", a->assets_dir);
    a->assets.text = ui_text_create(a->renderer, path);
    if (!a->assets.text) {
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "Cannot load the font %s: %s", path, TTF_GetError());
        return false;
    }
    return true;
}

static void close_window(app *a)
{
    ui_text_destroy(a->assets.text);
    if (a->assets.queen)
        SDL_DestroyTexture(a->assets.queen);
    if (a->renderer)
        SDL_DestroyRenderer(a->renderer);
    if (a->window)
        SDL_DestroyWindow(a->window);
}

/* ---- input ---- */

/* Renderer pixels per window point (more than 1 on a high-DPI screen). */
static double pixel_scale(const app *a)
{
    int w, pw, h, ph;
    SDL_GetWindowSize(a->window, &w, &h);
    SDL_GetRendererOutputSize(a->renderer, &pw, &ph);
    return w > 0 ? (double)pw / w : 1.0;
}

static void save_board(app *a);

static void do_action(app *a, app_action action, double now)
{
    explorer *ex = &a->ex;
    switch (action) {
    case ACT_NONE: break;
    case ACT_PREVIOUS: ex_page(ex, -1); break;
    case ACT_NEXT: ex_page(ex, 1); break;
    case ACT_FIRST_SOLUTION: ex_page_to(ex, 1); break;
    case ACT_LAST_SOLUTION: ex_page_last(ex); break;
    case ACT_BACK_TEN: ex_page(ex, -10); break;
    case ACT_FORWARD_TEN: ex_page(ex, 10); break;
    case ACT_GOTO: ex_key_goto_begin(ex); break;
    case ACT_N_PLUS: ex_set_n(ex, ex->n + 1, now); break;
    case ACT_N_MINUS: ex_set_n(ex, ex->n - 1, now); break;
    case ACT_MODE: ex_toggle_mode(ex, now); break;
    case ACT_PLAY: ex_play_pause(ex); break;
    case ACT_STEP: ex_single_step(ex, now); break;
    case ACT_SLOWER: ex_slower(ex); break;
    case ACT_FASTER: ex_faster(ex); break;
    case ACT_RESTART: ex_restart(ex, now); break;
    case ACT_ESCAPE: ex_escape(ex); break;
    case ACT_SAVE: a->save_requested = true; break;
    case ACT_COPY: {
        char *text = ex_board_text(ex);
        if (!text) {
            ex_set_status(ex, "Page to a solution first (arrow keys), then copy it.");
            break;
        }
        if (SDL_SetClipboardText(text) == 0) {
            char status[64];
            snprintf(status, sizeof status, "Solution %llu copied as text.", (unsigned long long)ex->k);
            ex_set_status(ex, status);
        } else {
            ex_set_status(ex, "Could not copy: no clipboard here.");
        }
        free(text);
        break;
    }
    case ACT_PIN_KEYS: ex_key_pin_begin(ex); break;
    case ACT_HELP: ex->help = !ex->help; break;
    case ACT_QUIT: a->quit = true; break;
    }
}

static void on_key(app *a, const SDL_KeyboardEvent *k, double now)
{
    explorer *ex = &a->ex;
    SDL_Keycode key = k->keysym.sym;
    bool ctrl = (k->keysym.mod & KMOD_CTRL) != 0, shift = (k->keysym.mod & KMOD_SHIFT) != 0;
    bool enter = key == SDLK_RETURN || key == SDLK_KP_ENTER;
    if (ex->goto_active && !ctrl) {
        if (key >= SDLK_0 && key <= SDLK_9)
            ex_key_goto_digit(ex, (char)('0' + (key - SDLK_0)));
        else if (key >= SDLK_KP_1 && key <= SDLK_KP_0)
            ex_key_goto_digit(ex, key == SDLK_KP_0 ? '0' : (char)('1' + (key - SDLK_KP_1)));
        else if (key == SDLK_BACKSPACE)
            ex_key_goto_back(ex);
        else if (enter)
            ex_key_goto_enter(ex);
        else if (key == SDLK_ESCAPE)
            ex_escape(ex);
        return;
    }
    if (ex->pin_active && !ctrl) {
        if (key == SDLK_LEFT || key == SDLK_RIGHT || key == SDLK_UP || key == SDLK_DOWN)
            ex_key_pin_move(ex, key == SDLK_LEFT ? -1 : key == SDLK_RIGHT ? 1 : 0,
                            key == SDLK_UP ? -1 : key == SDLK_DOWN ? 1 : 0);
        else if (enter)
            ex_key_pin_enter(ex, now);
        else if (key == SDLK_ESCAPE)
            ex_escape(ex);
        return;
    }
    for (size_t i = 0; i < sizeof key_map / sizeof key_map[0]; i++) {
        if (key_map[i].key == key && key_map[i].ctrl == (int)ctrl && (key_map[i].shift < 0 || key_map[i].shift == (int)shift)) {
            do_action(a, key_map[i].action, now);
            return;
        }
    }
}

static void on_click(app *a, int x, int y, double now)
{
    nq_square square;
    ui_button b = ui_layout_button_at(&a->layout, x, y);
    static const app_action button_actions[UI_BUTTON_COUNT] = {
        [UI_N_MINUS] = ACT_N_MINUS, [UI_N_PLUS] = ACT_N_PLUS,   [UI_MODE] = ACT_MODE,
        [UI_SLOWER] = ACT_SLOWER,   [UI_FASTER] = ACT_FASTER,   [UI_PLAY] = ACT_PLAY,
        [UI_STEP] = ACT_STEP,       [UI_RESTART] = ACT_RESTART, [UI_PREVIOUS] = ACT_PREVIOUS,
        [UI_NEXT] = ACT_NEXT,
    };
    if (a->ex.help) {
        a->ex.help = false;
        return;
    }
    if (b != UI_BUTTON_NONE)
        do_action(a, button_actions[b], now);
    else if (ui_layout_square_at(&a->layout, x, y, &square))
        ex_click(&a->ex, square, now);
}

static void handle_event(app *a, const SDL_Event *e, double now)
{
    double scale = pixel_scale(a);
    switch (e->type) {
    case SDL_QUIT: a->quit = true; break;
    case SDL_KEYDOWN: on_key(a, &e->key, now); break;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button == SDL_BUTTON_LEFT)
            on_click(a, (int)(e->button.x * scale), (int)(e->button.y * scale), now);
        break;
    case SDL_MOUSEMOTION: {
        nq_square s;
        a->ex.has_hover = ui_layout_square_at(&a->layout, (int)(e->motion.x * scale), (int)(e->motion.y * scale), &s);
        if (a->ex.has_hover)
            a->ex.hover = s;
        break;
    }
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_LEAVE)
            a->ex.has_hover = false;
        break;
    default: break;
    }
}

/* ---- a frame ---- */

/* Writes the board (with its numbers) of the frame just drawn to a PNG named after N and the
 * solution, in the current folder (or the preference folder if that is not writable). */
static void save_board(app *a)
{
    const ui_layout *l = &a->layout;
    SDL_Rect area = {l->left_labels.x, l->top_labels.y, l->board.x + l->board.w - l->left_labels.x,
                     l->board.y + l->board.h - l->top_labels.y};
    SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, area.w, area.h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!shot || SDL_RenderReadPixels(a->renderer, &area, SDL_PIXELFORMAT_ARGB8888, shot->pixels, shot->pitch) != 0) {
        ex_set_status(&a->ex, "Could not read the board back to save it.");
        SDL_FreeSurface(shot);
        return;
    }
    char name[128], path[4300], cwd[4096];
    if (a->ex.viewing)
        snprintf(name, sizeof name, "nqueens-%d-solution-%llu.png", a->ex.n, (unsigned long long)a->ex.k);
    else
        snprintf(name, sizeof name, "nqueens-%d-board.png", a->ex.n);
    bool saved = false;
    if (getcwd(cwd, sizeof cwd)) {
        snprintf(path, sizeof path, "%s/%s", cwd, name);
        saved = IMG_SavePNG(shot, path) == 0;
    }
    if (!saved) {
        char *pref = SDL_GetPrefPath("nqueens", "N-Queens Explorer");
        if (pref) {
            snprintf(path, sizeof path, "%s%s", pref, name);
            SDL_free(pref);
            saved = IMG_SavePNG(shot, path) == 0;
        }
    }
    SDL_FreeSurface(shot);
    char status[4400];
    snprintf(status, sizeof status, saved ? "Saved to %s" : "Could not save %s", saved ? path : name);
    ex_set_status(&a->ex, status);
    if (saved && a->ex.trace) {
        fprintf(a->ex.trace, "saved %s\n", path);
        fflush(a->ex.trace);
    }
}

static void draw_frame(app *a, double now)
{
    int pw, ph;
    SDL_GetRendererOutputSize(a->renderer, &pw, &ph);
    a->layout = ui_layout_compute(pw, ph, a->ex.n);
    double scale = pixel_scale(a);
    ui_rect b = a->layout.board;
    ui_rect points = {(int)(b.x / scale), (int)(b.y / scale), (int)(b.w / scale), (int)(b.h / scale)};
    if (a->ex.trace && memcmp(&points, &a->traced_board, sizeof points) != 0) {
        a->traced_board = points;
        fprintf(a->ex.trace, "board %d %d %d %d\n", points.x, points.y, points.w, points.h);
        fflush(a->ex.trace);
    }
    ui_render(a->renderer, &a->assets, &a->layout, &a->ex, now);
    if (a->save_requested) {
        a->save_requested = false;
        save_board(a);
    }
    SDL_RenderPresent(a->renderer);
}

static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec * 1e-6 + (double)u.ru_stime.tv_sec +
           (double)u.ru_stime.tv_usec * 1e-6;
}

static int by_value(const void *x, const void *y)
{
    double p = *(const double *)x, q = *(const double *)y;
    return (p > q) - (p < q);
}

/* Runs frames until quit (or until `until`, if not 0); collects frame times if asked. */
static void loop(app *a, double until, double *frame_times, size_t *frames, size_t capacity)
{
    double last = nq_clock_seconds();
    while (!a->quit) {
        double start = nq_clock_seconds();
        if (until > 0 && start >= until)
            break;
        SDL_Event e;
        bool animating = ex_animating(&a->ex, start) || a->save_requested;
        bool dirty = animating;
        if (animating) {
            while (SDL_PollEvent(&e)) {
                handle_event(a, &e, start);
                dirty = true;
            }
        } else if (SDL_WaitEventTimeout(&e, 1000)) {
            /* Asleep until something happens: input, the worker's wake-up, or a second. */
            handle_event(a, &e, nq_clock_seconds());
            while (SDL_PollEvent(&e))
                handle_event(a, &e, nq_clock_seconds());
            dirty = true;
        }
        double now = nq_clock_seconds();
        ex_advance_clock(&a->ex, now - last);
        last = now;
        dirty |= ex_update(&a->ex, now);
        if (!dirty)
            continue;
        draw_frame(a, now);
        double spent = nq_clock_seconds() - start;
        if (frame_times && *frames < capacity)
            frame_times[(*frames)++] = spent;
        /* Vsync may be missing (a software renderer): keep to 60 frames a second by hand. */
        if (spent < 1.0 / 60)
            SDL_Delay((Uint32)((1.0 / 60 - spent) * 1000));
    }
}

/* --bench-ui: Watch at full speed on N = 12, then idle. */
static void bench(app *a, double seconds)
{
    size_t capacity = (size_t)(seconds * 1000) + 16, frames = 0;
    double *times = malloc(capacity * sizeof *times);
    if (!times)
        return;
    if (a->ex.mode != EX_WATCH)
        ex_toggle_mode(&a->ex, nq_clock_seconds());
    a->ex.paused = false;
    a->ex.speed = EX_SPEED_MAX;
    ex_set_n(&a->ex, 12, nq_clock_seconds());
    double wall0 = nq_clock_seconds(), cpu0 = cpu_seconds();
    uint64_t steps0 = a->ex.steps_shown;
    loop(a, wall0 + seconds, times, &frames, capacity);
    double wall = nq_clock_seconds() - wall0, cpu = cpu_seconds() - cpu0;
    uint64_t steps = a->ex.steps_shown - steps0;
    ex_stop(&a->ex);
    loop(a, nq_clock_seconds() + 1, NULL, NULL, 0); /* let the stop settle before measuring idle */
    double idle0 = nq_clock_seconds(), idle_cpu0 = cpu_seconds();
    loop(a, idle0 + 10, NULL, NULL, 0);
    double idle_wall = nq_clock_seconds() - idle0, idle_cpu = cpu_seconds() - idle_cpu0;
    qsort(times, frames, sizeof *times, by_value);
    printf("bench-ui: watch N=12 at full speed for %.1f s\n", wall);
    printf("frames per second: %.1f\n", (double)frames / wall);
    printf("frame time p99: %.2f ms (median %.2f ms)\n", frames ? times[frames * 99 / 100] * 1e3 : 0.0,
           frames ? times[frames / 2] * 1e3 : 0.0);
    printf("steps shown per second: %.0f\n", (double)steps / wall);
    printf("CPU used: %.0f%% of one core (all threads)\n", 100 * cpu / wall);
    printf("CPU used idle for %.0f s: %.2f%% of one core\n", idle_wall, 100 * idle_cpu / idle_wall);
    fflush(stdout);
    free(times);
}

int app_run(app_args *args)
{
    app_settings settings = app_settings_defaults();
    app_settings_load(&settings);
    if (args->has_n)
        settings.n = args->n;
    if (args->has_mode)
        settings.mode = args->mode;
    if (args->has_speed)
        settings.speed = args->speed;
    if (args->has_size) {
        settings.width = args->width;
        settings.height = args->height;
    }
    int status = app_args_check_first(args, settings.n);
    if (status)
        return status;

    static app a;
    if (!find_assets(&a)) {
        fprintf(stderr, "nqueens: cannot find the assets folder (fonts/DejaVuSans.ttf); set NQUEENS_ASSETS\n");
        return 1;
    }
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "Cannot start SDL: %s", SDL_GetError());
        return 1;
    }
    status = 1;
    if (TTF_Init() != 0) {
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "Cannot start SDL_ttf: %s", TTF_GetError());
        goto fail_ttf;
    }
    if (!(IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG)) {
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "Cannot start SDL_image: %s", IMG_GetError());
        goto fail_img;
    }
    a.wake_event = SDL_RegisterEvents(1);
    if (!open_window(&a, &settings))
        goto fail_window;
    nq_worker *worker = nq_worker_create(wake_ui, &a);
    if (!worker) {
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "Cannot start the solver thread");
        goto fail_window;
    }
    ex_init(&a.ex, worker, args->trace ? stdout : NULL, settings.n, args->has_first ? &args->first : NULL,
            settings.mode, settings.speed, nq_clock_seconds());
    if (args->bench_seconds > 0) {
        bench(&a, args->bench_seconds);
    } else {
        loop(&a, 0, NULL, NULL, 0);
        settings.n = a.ex.n;
        settings.mode = a.ex.mode;
        settings.speed = a.ex.speed;
        SDL_GetWindowSize(a.window, &settings.width, &settings.height);
        app_settings_save(&settings);
    }
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
