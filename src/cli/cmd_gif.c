/*
 * cmd_gif.c -- nqueens-cli gif: the watched search as an animated GIF, the frames the window's
 * Ctrl+G writes (film.h), from step K of the search trace prints, for a slide.
 *
 * It draws with the app's drawing code, so it is built only with the app (NQ_BUILD_APP), and twice:
 * into nqueens-cli, which checks the arguments and then runs nqueens-gif in its place (so that no
 * other command loads SDL), and into nqueens-gif (NQ_GIF_DRAWS), which links the app's SDL side
 * (nq_app: SDL, SDL_ttf and SDL_image, never a window or a display, a software renderer on a
 * surface) and does the work. What goes to stdout is one line in fixed English, as every command's
 * output is; the frames' words are in the language in use.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "command.h"
#include "film.h"
#include "moment.h"
#include "nq/i18n.h"
#include "nq/progdir.h"

#ifdef NQ_GIF_DRAWS
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

#include "app.h"
#include "nq/index.h"
#include "nq/trace.h"
#endif

/* The furthest --from: where a moment may open (moment.h), reached in a few seconds; the help says
 * the number. */
_Static_assert(EX_MOMENT_MAX_STEP == 5000000, "nqueens-cli gif --help names the furthest --from");

/* The film's own options, read by check_gif_rest (run_gif reads them back from here). */
static struct gif_options {
    uint64_t from;   /* the first frame's step (0: the empty board before the first step) */
    int frames;
    double speed;
    int width;
    ex_theme theme;
    const char *output;
} gif;

enum { DEFAULT_WIDTH = 480 };
#define DEFAULT_SPEED 2.0

/* --from, --limit (frames), --speed, --size, --theme and --output, each in range. */
static int check_gif_rest(const cli_args *args, cli_options *opt)
{
    (void)opt;
    gif = (struct gif_options){0, FILM_DEFAULT_FRAMES, DEFAULT_SPEED, DEFAULT_WIDTH, EX_THEME_DARK, NULL};
    if (args->from_text && !nq_parse_number(args->from_text, 0, EX_MOMENT_MAX_STEP, &gif.from))
        /* TRANSLATORS: %d is the furthest step a GIF starts at (5000000), as a moment opens at. */
        return say_usage_error(_("--from must be a whole number of steps from 0 to %d, and at most the number of "
                                 "steps (got '%s')"),
                               EX_MOMENT_MAX_STEP, args->from_text);
    uint64_t value;
    if (args->limit_text) {
        if (!nq_parse_number(args->limit_text, 1, FILM_MOST_FRAMES, &value))
            /* TRANSLATORS: %d is the most frames a GIF holds (300). */
            return say_usage_error(_("--limit must be a whole number of frames from 1 to %d (got '%s')"),
                                   FILM_MOST_FRAMES, args->limit_text);
        gif.frames = (int)value;
    }
    if (args->speed_text) {
        char *end = NULL;
        double speed = strtod(args->speed_text, &end);
        if (!strcmp(args->speed_text, "max"))
            speed = EX_SPEED_MAX;
        else if (end == args->speed_text || *end || !(speed > 0 && speed <= FILM_MOST_SPEED))
            /* TRANSLATORS: "max" is a word of the command line: keep it as it is; %d is the most steps a
             * second a GIF shows (50), which max means. */
            return say_usage_error(_("--speed must be steps a second, more than 0 and at most %d (GIF's "
                                     "fastest), or max (got '%s')"),
                                   FILM_MOST_SPEED, args->speed_text);
        gif.speed = speed;
    }
    if (args->size_text) {
        if (!nq_parse_number(args->size_text, FILM_LEAST_WIDTH, FILM_MOST_WIDTH, &value))
            return say_usage_error(_("--size must be a width in pixels from %d to %d (got '%s')"), FILM_LEAST_WIDTH,
                                   FILM_MOST_WIDTH, args->size_text);
        gif.width = (int)value;
    }
    if (args->theme_text && !ex_theme_parse(args->theme_text, &gif.theme))
        return say_usage_error(_("--theme must be dark, light or contrast (got '%s')"), args->theme_text);
    if (!args->output_text || !*args->output_text)
        return say_usage_error(_("gif needs -o FILE, the GIF to write"));
    if (!strcmp(args->output_text, "-"))
        /* TRANSLATORS: -o is the option's name; ./- is a path, both stay as they are. */
        return say_usage_error(_("gif writes a file, not standard output: give -o a file name (./- for a file "
                                 "named -)"));
    gif.output = args->output_text;
    struct stat st;
    if (stat(gif.output, &st) == 0 && !S_ISREG(st.st_mode))
        /* TRANSLATORS: %s is the file named by -o (the option's name stays as it is). */
        return say_usage_error(_("-o %s is not a regular file (a folder, a device, a FIFO or a socket): the GIF "
                                 "goes to a new file or replaces a regular one"),
                               gif.output);
    return 0;
}

#ifdef NQ_GIF_DRAWS
/* First fail's solutions are named by their lexicographic number up to this N, from an index
 * counted first (a moment's work); above it, as the window says before it knows the number. */
enum { RANK_MOST_N = 14 };

static uint64_t index_rank(void *context, const int *cols)
{
    return nq_index_rank(context, cols);
}

/* Goes to step K of the watched search: the moment the first frame shows. 0, or EXIT_USAGE when
 * the search ends before it. */
static int go_to_step(const cli_options *opt, nq_moment *m)
{
    memset(m, 0, sizeof *m);
    nq_trace_start(&m->trace, &opt->plan);
    while (m->step < gif.from) {
        nq_step step;
        if (!nq_trace_next(&m->trace, &step))
            return say_usage_error(_("--from %llu is past the last step: there are %llu, so K goes from 0 to %llu"),
                                   (unsigned long long)gif.from, (unsigned long long)m->step,
                                   (unsigned long long)m->step);
        m->last = step;
        m->step++;
    }
    return 0;
}

static int run_gif(const cli_args *args, const cli_options *opt)
{
    (void)args;
    film_request q = {.frames = gif.frames, .speed = gif.speed, .theme = gif.theme, .width = gif.width,
                      .density = 1, .pinned_row = opt->has_first ? opt->first.row : -1};
    int status = go_to_step(opt, &q.start);
    if (status)
        return status;
    char assets[1024];
    if (!app_assets_find(assets, sizeof assets))
        return cli_failure(_("cannot find the assets folder (fonts/DejaVuSans.ttf); set NQUEENS_ASSETS"));
    q.assets = assets;
    if (TTF_Init() != 0)
        return cli_failure("SDL_ttf: %s", TTF_GetError());
    if (!(IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG)) {
        TTF_Quit();
        return cli_failure("SDL_image: %s", IMG_GetError());
    }
    nq_index *index = NULL;
    if (opt->plan.method == NQ_METHOD_FIRSTFAIL && opt->n <= RANK_MOST_N) {
        index = nq_index_build(opt->n, opt->has_first ? &opt->first : NULL, 1);
        q.rank = index_rank;
        q.rank_context = index;
    }
    film_result done;
    char why[512];
    bool saved = film_save(&q, gif.output, true, &done, why, sizeof why);
    nq_index_free(index);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    if (!saved)
        /* TRANSLATORS: the first %s is a file name, the second why it could not be saved. */
        return cli_failure(_("Could not save %s: %s"), gif.output, why);
    printf("%s: %d %s, %d x %d pixels\n", gif.output, done.frames, done.frames == 1 ? "frame" : "frames",
           done.width, done.height); /* fixed English, as every command's stdout */
    return cli_output_ok() ? 0 : EXIT_FAILURE;
}

#else
/* Runs nqueens-gif with the arguments checked: beside this program (the build tree), else where it
 * is installed (NQ_GIF_HELPER, from the folder of this one). Returns only if it cannot. */
static int run_gif(const cli_args *args, const cli_options *opt)
{
    (void)opt;
    char self[4096], helper[4400];
    if (!nq_program_dir(self, sizeof self))
        return cli_failure("/proc/self/exe: %s", strerror(errno));
    snprintf(helper, sizeof helper, "%snqueens-gif", self);
    if (access(helper, X_OK) != 0)
        snprintf(helper, sizeof helper, "%s%s", self, NQ_GIF_HELPER);
    const char *argv[32] = {helper, "gif", args->positional[0], "--lang", nq_lang_code(nq_lang_current())};
    int argc = 5;
    const char *const options[][2] = {
        {"--first", args->first_text}, {"--from", args->from_text},   {"--limit", args->limit_text},
        {"--method", args->method_text}, {"--seed", args->seed_text}, {"--budget", args->budget_text},
        {"--speed", args->speed_text}, {"--size", args->size_text},   {"--theme", args->theme_text},
        {"--output", args->output_text},
    };
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        if (options[i][1]) {
            argv[argc++] = options[i][0];
            argv[argc++] = options[i][1];
        }
    fflush(stdout);
    execv(helper, (char *const *)argv);
    /* TRANSLATORS: %s is the path of the program that draws the GIF (nqueens-gif), then the reason. */
    return cli_failure(_("cannot run %s: %s"), helper, strerror(errno));
}
#endif

const cli_command cmd_gif = {
    .name = "gif",
    .options = {"--first", "--from", "--limit", "--method", "--seed", "--budget", "--speed", "--size", "--theme",
                "--output"},
    .largest_n = NQ_MAX_N,
    .positionals = 1,
    .usage = "N -o FILE [--first COL,ROW] [--from K] [--limit M] [--speed S]\n"
             "                    [--size PX] [--theme dark|light|contrast]\n"
             "                    [--method M [--seed S] [--budget B]]",
    /* TRANSLATORS: the help of nqueens-cli gif, after "  gif     " (the command's name stays
     * English): lines about as long as these, those after the first indented by 10 spaces. */
    .help = N_("Write the watched search as an animated GIF to FILE (-o or --output),\n"
               "          for slides: a frame a step from step K (--from, default 0: the\n"
               "          empty board before the first step; trace's step numbers; at most\n"
               "          5000000), M frames (--limit, default 60, at most 300; fewer when\n"
               "          the search ends), each the board as the app draws it at that step\n"
               "          with its narration under it, in the language in use; --speed S\n"
               "          steps a second (more than 0 and at most 50, GIF's fastest, or max;\n"
               "          default 2), --size PX the most pixels across (160 to 800, default\n"
               "          480), --theme the app's colours (default dark). FILE (a file, not\n"
               "          stdout) is replaced only once the GIF is complete, through its\n"
               "          links, and only if a regular file (else refused); stdout says\n"
               "          'FILE: M frames, W x H pixels'. Only in builds with the app.\n"),
    .check_rest = check_gif_rest,
    .run = run_gif,
};
