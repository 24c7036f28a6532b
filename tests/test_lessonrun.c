/*
 * test_lessonrun.c -- a lesson run in the model (lessonrun.h) on the scripted solver: each page's
 * setup arrives (N, the pin, the step, your turn, predicting, the table); each task is met by
 * driving the model as a person would (a click, Space, steps, keys) and only then; Next before it
 * is refused; Back sets the page before up again; leaving (Esc, or Next after the last page) gives
 * back what was there before (the comparison table needs a second solver, which the scripted
 * explorer lacks: its switch is left to the end-to-end test); Esc's other meanings keep their
 * precedence; the list of bundled lessons (F2) reads a folder, picks and opens; a bad lesson
 * changes nothing; and every bundled lesson's pages set up what they say.
 */
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lesson.h"
#include "model_fixture.h"
#include "moment.h"

/* Parses text into a new lesson named name. */
static ex_lesson *make(const char *text, const char *name)
{
    ex_lesson *l = malloc(sizeof *l);
    assert_non_null(l);
    char why[512];
    int line = ex_lesson_parse(text, strlen(text), l, why, sizeof why);
    if (line)
        fail_msg("line %d: %s", line, why);
    snprintf(l->name, sizeof l->name, "%s", name);
    return l;
}

/* Frames until the page's setup has arrived (and a little more). */
static void settle(fixture *f)
{
    for (int i = 0; i < 400 && (f->ex.lesson.pending || !ex_moment_arrived(&f->ex)); i++)
        frame(f, 1.0 / 64);
    frame(f, 1.0 / 64);
    assert_false(f->ex.lesson.pending);
}

static void act(fixture *f, ex_action action)
{
    ex_act(&f->ex, action, 0, f->now);
    frame(f, 1.0 / 64);
}

/* The panel's line id as the person reads it ("" when it is not there). */
static const char *line_of(fixture *f, ex_line_id id)
{
    static ex_panel panel;
    ex_panel_make(&f->ex, f->now, &panel);
    return panel.has[id] ? panel.text[id] : "";
}

static const char walk[] = "nqueens-lesson 1\n"
                           "title Walk\n"
                           "page Place\n"
                           "set n 4\n"
                           "set play on\n"
                           "say Place a queen.\n"
                           "do place 2,1\n"
                           "done Good.\n"
                           "page Watch\n"
                           "set n 5\n"
                           "set first 1,1\n"
                           "say Press Space.\n"
                           "do play\n"
                           "page Steps\n"
                           "set n 6\n"
                           "set step 2\n"
                           "say Step to 5.\n"
                           "do step 5\n"
                           "page Pin\n"
                           "say Pin a queen.\n"
                           "do pin 2,2\n"
                           "page Method\n"
                           "say Forward.\n"
                           "do method forward\n"
                           "page Size\n"
                           "say N 7.\n"
                           "do n 7\n"
                           "page Last\n"
                           "say The end.\n";

/* A page that sets up its board gives your turn an empty one, even with the N and the pin of the
 * page before (whose queens the learner placed); a page without set lines keeps them. */
static void test_fresh_board(void **state)
{
    (void)state;
    static const char text[] = "nqueens-lesson 1\ntitle Fresh\n"
                               "page One\nset n 4\nset play on\nsay Place.\ndo place 2,1\n"
                               "page Two\nsay Place again.\ndo place 4,2\n"
                               "page Three\nset n 4\nset play on\nsay A corner.\ndo place 1,1\n";
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    ex_lesson_start(&f.ex, make(text, "fresh"), f.now);
    settle(&f);
    ex_click(&f.ex, (nq_square){1, 0}, f.now);
    frame(&f, 0.1);
    act(&f, EX_ACT_LESSON_NEXT);
    settle(&f);
    int placed = -1;
    ex_play_queens(&f.ex, &placed);
    assert_int_equal(placed, 1); /* no set lines: the learner's board stays */
    ex_click(&f.ex, (nq_square){3, 1}, f.now);
    frame(&f, 0.1);
    assert_true(ex_lesson_task_done(&f.ex));
    act(&f, EX_ACT_LESSON_NEXT);
    settle(&f);
    assert_int_equal(ex_lesson_page_shown(&f.ex), 2);
    assert_true(ex_play_on(&f.ex));
    const int *cols = ex_play_queens(&f.ex, &placed);
    assert_int_equal(placed, 0);
    for (int r = 0; r < 4; r++)
        assert_int_equal(cols[r], -1);
    ex_click(&f.ex, (nq_square){0, 0}, f.now); /* the corner is free: no queen of page two attacks it */
    frame(&f, 0.1);
    assert_true(ex_lesson_task_done(&f.ex));
    finish(&f);
}

/* A lesson walked to its end: each task met by driving the model, the state before given back. */
static void test_walk(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    nq_square pin = {2, 3};
    ex_click(&f.ex, pin, f.now); /* before: N = 8, pinned at column 3, row 4, method first fail */
    ex_set_method(&f.ex, NQ_METHOD_FIRSTFAIL, f.now);
    frame(&f, 0.1);

    ex_lesson_start(&f.ex, make(walk, "walk"), f.now);
    settle(&f);
    assert_true(ex_lesson_on(&f.ex));
    assert_traced(&f, "lesson walk page 1\n");
    assert_int_equal(f.ex.n, 4);
    assert_false(f.ex.has_first);
    assert_true(ex_play_on(&f.ex));
    assert_string_equal(line_of(&f, EX_LINE_LESSON_PAGE), "Page 1 of 7: Place");
    assert_string_equal(line_of(&f, EX_LINE_LESSON_TASK), "To go on: Place a queen at row 1, column 2.");
    assert_string_equal(line_of(&f, EX_LINE_LESSON_DONE), "");
    assert_false(ex_lesson_task_done(&f.ex));

    act(&f, EX_ACT_LESSON_NEXT); /* not yet */
    assert_int_equal(ex_lesson_page_shown(&f.ex), 0);
    assert_int_equal(ex_notice_live(&f.ex, f.now), EX_NOTICE_LESSON_TASK);
    ex_click(&f.ex, (nq_square){0, 0}, f.now); /* another square: not the task */
    frame(&f, 0.1);
    assert_false(ex_lesson_task_done(&f.ex));
    ex_click(&f.ex, (nq_square){0, 0}, f.now); /* taken back */
    ex_click(&f.ex, (nq_square){1, 0}, f.now);
    frame(&f, 0.1);
    assert_true(ex_lesson_task_done(&f.ex));
    assert_traced(&f, "lesson done walk page 1\n");
    assert_string_equal(line_of(&f, EX_LINE_LESSON_DONE), "Good.");

    act(&f, EX_ACT_LESSON_NEXT);
    settle(&f);
    assert_traced(&f, "lesson walk page 2\n");
    assert_int_equal(f.ex.n, 5);
    assert_true(f.ex.has_first);
    assert_false(ex_play_on(&f.ex)); /* a page set up afresh: your turn off */
    assert_false(ex_playing(&f.ex)); /* paused at step 0 */
    assert_int_equal(f.ex.cursor, 0);
    frame(&f, 1);
    assert_false(ex_lesson_task_done(&f.ex));
    act(&f, EX_ACT_PLAY);
    frame(&f, 0.1);
    assert_true(ex_lesson_task_done(&f.ex));

    /* Back: the page before set up again, its task to do again. */
    act(&f, EX_ACT_LESSON_BACK);
    settle(&f);
    assert_int_equal(ex_lesson_page_shown(&f.ex), 0);
    assert_int_equal(f.ex.n, 4);
    assert_true(ex_play_on(&f.ex));
    assert_false(ex_lesson_task_done(&f.ex));
    ex_click(&f.ex, (nq_square){1, 0}, f.now);
    frame(&f, 0.1);
    assert_true(ex_lesson_task_done(&f.ex));
    act(&f, EX_ACT_LESSON_NEXT);
    settle(&f);
    act(&f, EX_ACT_PLAY);
    frame(&f, 0.1);
    act(&f, EX_ACT_LESSON_NEXT);
    settle(&f);

    /* Steps: paused at step 2 of N = 6; three single steps reach 5. */
    assert_int_equal(f.ex.n, 6);
    assert_int_equal(f.ex.cursor, 2);
    assert_false(ex_playing(&f.ex));
    for (int i = 0; i < 2; i++)
        act(&f, EX_ACT_STEP);
    assert_false(ex_lesson_task_done(&f.ex));
    act(&f, EX_ACT_STEP);
    frame(&f, 0.01);
    assert_int_equal(f.ex.cursor, 5);
    assert_true(ex_lesson_task_done(&f.ex));
    act(&f, EX_ACT_LESSON_NEXT);
    frame(&f, 0.01);
    assert_int_equal(f.ex.n, 6); /* no set: the board stays */
    assert_int_equal(f.ex.cursor, 5);
    ex_click(&f.ex, (nq_square){1, 2}, f.now); /* not that square */
    frame(&f, 0.01);
    assert_false(ex_lesson_task_done(&f.ex));
    ex_click(&f.ex, (nq_square){1, 1}, f.now);
    frame(&f, 0.01);
    assert_true(ex_lesson_task_done(&f.ex));
    act(&f, EX_ACT_LESSON_NEXT);
    act(&f, EX_ACT_METHOD); /* backtracking to forward checking */
    frame(&f, 0.01);
    assert_true(ex_lesson_task_done(&f.ex));
    act(&f, EX_ACT_LESSON_NEXT);
    act(&f, EX_ACT_N_UP);
    frame(&f, 0.01);
    assert_true(ex_lesson_task_done(&f.ex));
    act(&f, EX_ACT_LESSON_NEXT);
    assert_true(ex_lesson_task_done(&f.ex)); /* no task: Next is open at once */
    assert_string_equal(line_of(&f, EX_LINE_LESSON_TASK), "");
    assert_non_null(strstr(line_of(&f, EX_LINE_LESSON_KEYS), "end the lesson"));

    act(&f, EX_ACT_LESSON_NEXT); /* after the last page: the lesson ends */
    settle(&f);
    assert_false(ex_lesson_on(&f.ex));
    assert_traced(&f, "lesson off\n");
    assert_int_equal(f.ex.n, 8);
    assert_true(f.ex.has_first);
    assert_int_equal(f.ex.first.column, 2);
    assert_int_equal(f.ex.first.row, 3);
    assert_int_equal(f.ex.method, NQ_METHOD_FIRSTFAIL);
    assert_string_equal(line_of(&f, EX_LINE_LESSON), "");
    finish(&f);
}

/* Esc leaves the lesson, giving back your turn as it was; the help and the key modes keep Esc. */
/* A moment opened during a lesson (dropped on the window) ends the lesson and stays: the page no
 * longer speaks of another board, and leaving does not throw the moment away. A bad one changes
 * nothing. */
static void test_moment_ends_lesson(void **state)
{
    (void)state;
    char good[] = "/tmp/nq-lessonrun-XXXXXX";
    int fd = mkstemp(good);
    assert_true(fd >= 0);
    static const char text[] = "nqueens-moment 1\nn 6\nfirst 2,1\nmethod forward\nstep 5\n";
    assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    ex_lesson_start(&f.ex, make(walk, "walk"), f.now);
    settle(&f);
    assert_false(ex_moment_open(&f.ex, "/nonexistent/x.nqmoment", f.now));
    assert_true(ex_lesson_on(&f.ex));
    assert_int_equal(f.ex.n, 4);
    assert_true(ex_moment_open(&f.ex, good, f.now));
    assert_false(ex_lesson_on(&f.ex));
    assert_traced(&f, "lesson off\n");
    for (int i = 0; i < 400 && !ex_moment_arrived(&f.ex); i++)
        frame(&f, 1.0 / 64);
    frame(&f, 0.1);
    assert_int_equal(f.ex.n, 6);
    assert_true(f.ex.has_first);
    assert_int_equal(f.ex.method, NQ_METHOD_FORWARD);
    assert_int_equal(f.ex.cursor, 5);
    assert_int_equal(ex_notice_live(&f.ex, f.now), EX_NOTICE_NONE);
    unlink(good);
    finish(&f);
}

static void test_escape(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 5);
    act(&f, EX_ACT_YOUR_TURN);
    assert_true(ex_play_on(&f.ex));
    ex_lesson_start(&f.ex, make(walk, "walk"), f.now);
    settle(&f);
    assert_int_equal(f.ex.n, 4);
    act(&f, EX_ACT_HELP);
    act(&f, EX_ACT_ESCAPE); /* closes the help */
    assert_false(f.ex.help);
    assert_true(ex_lesson_on(&f.ex));
    act(&f, EX_ACT_GOTO);
    act(&f, EX_ACT_ESCAPE); /* leaves the goto mode */
    assert_int_equal(ex_keys(&f.ex), EX_KEYS_NORMAL);
    assert_true(ex_lesson_on(&f.ex));
    act(&f, EX_ACT_ESCAPE);
    settle(&f);
    assert_false(ex_lesson_on(&f.ex));
    assert_int_equal(f.ex.n, 6);
    assert_true(ex_play_on(&f.ex));
    finish(&f);
}

/* A page that turns predicting on, and counts right predictions from its start. */
static void test_predict_task(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    ex_lesson_start(&f.ex,
                    make("nqueens-lesson 1\ntitle P\npage Guess\nset n 4\nset predict on\nsay Guess.\ndo predict 2\n",
                         "p"),
                    f.now);
    settle(&f);
    assert_true(ex_predicting(&f.ex));
    int right = 0;
    for (int i = 0; i < 400 && !ex_lesson_task_done(&f.ex); i++) {
        frame(&f, 0.05);
        if (!ex_predict_waiting(&f.ex))
            continue;
        /* The right answer, read from the engine's own trace: the step the search takes next. */
        nq_plan plan = nq_plan_make(4, NULL, NQ_METHOD_BACKTRACK);
        static nq_trace t;
        nq_trace_start(&t, &plan);
        nq_step s = {0};
        for (uint64_t k = 0; k <= f.ex.cursor; k++)
            nq_trace_next(&t, &s);
        if (s.kind == NQ_STEP_REMOVE) {
            act(&f, EX_ACT_PREDICT_BACK);
        } else {
            ex_click(&f.ex, (nq_square){s.column, s.row}, f.now);
            frame(&f, 0.01);
        }
        unsigned r, answered;
        ex_predict_score(&f.ex, &r, &answered);
        right = (int)r;
        if (right < 2)
            assert_false(ex_lesson_task_done(&f.ex));
    }
    assert_true(ex_lesson_task_done(&f.ex));
    assert_int_equal(right, 2);
    finish(&f);
}

/* The list of bundled lessons: read from $NQUEENS_LESSONS/LANG (else en), sorted, a bad file said
 * as such; Up and Down pick, Enter opens, Esc closes; a bad lesson opened changes nothing. */
static void test_list(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_lessonrun.XXXXXX", path[300];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/en", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    const char *names[3] = {"02-walk", "01-bad", "03-other"};
    const char *texts[3] = {walk, "nqueens-lesson 1\ntitle Bad\npage P\nset n 3\nset step 999\nsay S\n",
                            "nqueens-lesson 1\ntitle Other\nabout About it.\npage P\nsay S\n"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/en/%s.lesson", dir, names[i]);
        FILE *file = fopen(path, "w");
        assert_non_null(file);
        fputs(texts[i], file);
        fclose(file);
    }
    setenv("NQUEENS_LESSONS", dir, 1);
    nq_lang_use(nq_lang_find("he"), NULL); /* no Hebrew folder: English's */
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    act(&f, EX_ACT_LESSONS);
    assert_true(ex_lessons_listing(&f.ex));
    assert_traced(&f, "lessons 3\n");
    assert_int_equal(ex_lessons_count(&f.ex), 3);
    assert_string_equal(ex_lessons_entry(&f.ex, 0)->name, "01-bad");
    assert_true(ex_lessons_entry(&f.ex, 0)->bad);
    assert_non_null(strstr(ex_lessons_entry(&f.ex, 0)->about, "01-bad.lesson:5: "));
    assert_string_equal(ex_lessons_entry(&f.ex, 1)->title, "Walk");
    assert_string_equal(ex_lessons_entry(&f.ex, 2)->about, "About it.");
    assert_int_equal(ex_lessons_pick(&f.ex), 0);

    act(&f, EX_ACT_LESSON_OPEN); /* the bad one: refused, nothing changed */
    assert_false(ex_lesson_on(&f.ex));
    assert_int_equal(ex_notice_live(&f.ex, f.now), EX_NOTICE_LESSON_REFUSED);
    assert_int_equal(f.ex.n, 8);

    act(&f, EX_ACT_LESSONS);
    act(&f, EX_ACT_LESSON_UP); /* already at the top */
    assert_int_equal(ex_lessons_pick(&f.ex), 0);
    act(&f, EX_ACT_LESSON_DOWN);
    act(&f, EX_ACT_LESSON_DOWN);
    act(&f, EX_ACT_LESSON_DOWN);
    assert_int_equal(ex_lessons_pick(&f.ex), 2);
    assert_traced(&f, "lessons pick 03-other\n");
    act(&f, EX_ACT_HELP);
    act(&f, EX_ACT_ESCAPE); /* the help first */
    assert_false(f.ex.help);
    assert_true(ex_lessons_listing(&f.ex));
    act(&f, EX_ACT_ESCAPE);
    assert_false(ex_lessons_listing(&f.ex));
    assert_false(ex_lesson_on(&f.ex));

    act(&f, EX_ACT_LESSONS);
    ex_act(&f.ex, EX_ACT_LESSON_PICK, 1, f.now); /* a click picks, */
    assert_true(ex_lessons_listing(&f.ex));
    ex_act(&f.ex, EX_ACT_LESSON_PICK, 1, f.now); /* a second one opens */
    settle(&f);
    assert_false(ex_lessons_listing(&f.ex));
    assert_true(ex_lesson_on(&f.ex));
    assert_traced(&f, "lesson 02-walk page 1\n");
    assert_int_equal(f.ex.n, 4);
    finish(&f);
    unsetenv("NQUEENS_LESSONS");
    nq_lang_use(0, NULL);
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/en/%s.lesson", dir, names[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/en", dir);
    rmdir(path);
    rmdir(dir);
}

/* Every bundled lesson (lessons/LANG of the source tree, NQ_LESSONS_SOURCE; none is fine) run page
 * by page, each task taken as met: each page's setup arrives (N, the pin, the mode, the method, the
 * step, your turn and predicting as the page says), and leaving gives back the board before. */
static void test_bundled_pages(void **state)
{
    (void)state;
    const char *source = getenv("NQ_LESSONS_SOURCE");
    int lessons = 0, pages = 0;
    for (int lang = 0; source && lang < NQ_LANG_COUNT; lang++) {
        char dir[600];
        snprintf(dir, sizeof dir, "%s/%s", source, nq_lang_code(lang));
        DIR *d = opendir(dir);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            size_t length = strlen(e->d_name);
            if (length <= 7 || strcmp(e->d_name + length - 7, ".lesson"))
                continue;
            char path[1200];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            fixture f;
            start(&f, 7, NULL, EX_WATCH, 5);
            if (!ex_lesson_open(&f.ex, path, f.now))
                fail_msg("%s does not open", path);
            lessons++;
            const ex_lesson *l = f.ex.lesson.lesson; /* freed once the lesson is left */
            int count = l->pages;
            for (int p = 0; p < count; p++, pages++) {
                settle(&f);
                const ex_lesson_page *pg = &l->page[p];
                assert_int_equal(ex_lesson_page_shown(&f.ex), p);
                if (pg->has_set) {
                    if (f.ex.n != pg->setup.n || (int)f.ex.mode != pg->setup.mode || f.ex.method != pg->setup.method ||
                        f.ex.has_first != pg->setup.has_first ||
                        (pg->setup.mode == EX_WATCH && f.ex.cursor != pg->setup.step) ||
                        ex_play_on(&f.ex) != (pg->play == EX_SWITCH_ON) ||
                        (ex_predicting(&f.ex) != (pg->predict == EX_SWITCH_ON)))
                        fail_msg("%s page %d: N %d, mode %d, method %d, step %llu, play %d, predict %d", path, p + 1,
                                 f.ex.n, f.ex.mode, f.ex.method, (unsigned long long)f.ex.cursor, ex_play_on(&f.ex),
                                 ex_predicting(&f.ex));
                }
                f.ex.lesson.done = true; /* the task taken as met: the runner's own tests meet them */
                act(&f, EX_ACT_LESSON_NEXT);
            }
            settle(&f);
            assert_false(ex_lesson_on(&f.ex));
            assert_int_equal(f.ex.n, 7);
            finish(&f);
        }
        if (d)
            closedir(d);
    }
    printf("bundled: %d lessons, %d pages set up\n", lessons, pages);
}

int main(void)
{
    nq_lang_use(0, NULL);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walk),
        cmocka_unit_test(test_fresh_board),
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_moment_ends_lesson),
        cmocka_unit_test(test_predict_task),
        cmocka_unit_test(test_list),
        cmocka_unit_test(test_bundled_pages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
