/*
 * test_classes.c -- the classes of solutions: the class sentence, unique paging and the class view,
 * driven on the scripted solver (model_fixture.h).
 */
#include "model_fixture.h"

/* The class sentence of each size of class: one queen (every symmetry keeps it), turned a quarter,
 * turned half way, and none. */
static void test_class_sentence(void **state)
{
    (void)state;
    static const struct {
        int n;
        const char *text;
    } cases[] = {
        {1, "Its class: 1 board; the same turned right, turned half way, turned left, mirrored left to right, "
            "flipped top to bottom, and mirrored on either diagonal."},
        {4, "Its class: 2 boards; the same turned right, turned half way, turned left."},
        {6, "Its class: 4 boards; the same turned half way."},
        {8, "Its class: 8 boards; no turn or mirror keeps it."},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fixture f;
        start(&f, cases[i].n, NULL, EX_WATCH, EX_SPEED_MAX);
        run_to_end(&f);
        assert_true(ex_page_to(&f.ex, 1));
        char text[300];
        ex_class_text(&f.ex, text, sizeof text);
        assert_string_equal(text, cases[i].text);
        finish(&f);
    }
}

/* Each variant's words name what it does, and a mirror or a flip names its axis: the words are
 * checked against where the engine's symmetry takes a corner square of the 8 x 8 board. */
static void test_symmetry_words_name_the_axis(void **state)
{
    (void)state;
    nq_square corner = {0, 0};
    nq_square mirrored = nq_symmetry_apply(NQ_SYM_MIRROR, 8, corner),
              flipped = nq_symmetry_apply(NQ_SYM_FLIP, 8, corner);
    assert_int_equal(mirrored.column, 7); /* left and right swap */
    assert_int_equal(mirrored.row, 0);
    assert_string_equal(ex_symmetry_words(NQ_SYM_MIRROR), "mirrored left to right");
    assert_int_equal(flipped.column, 0); /* top and bottom swap */
    assert_int_equal(flipped.row, 7);
    assert_string_equal(ex_symmetry_words(NQ_SYM_FLIP), "flipped top to bottom");
    for (int g = 0; g < NQ_SYM_COUNT; g++)
        for (int h = g + 1; h < NQ_SYM_COUNT; h++)
            if (!strcmp(ex_symmetry_words((nq_symmetry)g), ex_symmetry_words((nq_symmetry)h)))
                fail_msg("symmetries %d and %d have the same words, \"%s\"", g, h,
                         ex_symmetry_words((nq_symmetry)g));
}

/* U pages one board per class: the smallest of each, 12 for N = 8, each verified and the class
 * sizes summing to 92; a pin ends it, and U with a pin says why; V shows the class of the board
 * shown, numbered in the order, and picking one pages to it among all 92. */
static void test_unique_paging_and_variants(void **state)
{
    (void)state;
    fixture f;
    script u;
    start(&f, 8, NULL, EX_SOLVE, 5);
    run_to_end(&f);
    script_init(&u);
    ex_set_uniquer(&f.ex, script_solver(&u));
    ex_act(&f.ex, EX_ACT_UNIQUE, 0, f.now);
    assert_true(f.ex.classes.unique);
    assert_int_equal(u.job.kind, NQ_JOB_UNIQUE);
    u.lagging = true; /* nothing reachable at first: no complaint, the first board comes when it can */
    frame(&f, 0.02);
    assert_false(f.ex.viewing);
    assert_notice_line(&f, "");
    u.lagging = false;
    for (int i = 0; i < 4; i++)
        frame(&f, 0.02);
    assert_int_equal(f.ex.classes.state, EX_FINISHED);
    assert_int_equal(f.ex.classes.counted, 12);
    assert_true(f.ex.viewing);
    assert_int_equal(f.ex.k, 1);
    char text[160];
    ex_solution_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "Unique 1 of 12");
    int classes = 0;
    for (int k = 1; k <= 12; k++) {
        if (k > 1)
            ex_act(&f.ex, EX_ACT_NEXT, 0, f.now);
        assert_int_equal(f.ex.k, k);
        assert_true(nq_symmetry_is_canonical(8, f.ex.shown));
        classes += nq_symmetry_classify(8, f.ex.shown).size;
    }
    assert_int_equal(classes, 92);
    assert_traced(&f, "unique 12 of 12:");
    ex_act(&f.ex, EX_ACT_NEXT, 0, f.now); /* no 13th */
    assert_int_equal(f.ex.k, 12);

    ex_act(&f.ex, EX_ACT_VARIANTS, 0, f.now);
    assert_int_equal(ex_variants_shown(&f.ex), nq_symmetry_classify(8, f.ex.shown).size);
    int boards[8 * NQ_MAX_N];
    uint64_t numbers[8];
    nq_symmetry made_by[8];
    int count = ex_variants(&f.ex, boards, numbers, made_by);
    assert_int_equal(count, ex_variants_shown(&f.ex));
    for (int i = 0; i < count; i++) {
        assert_true(nq_verify(8, boards + i * 8, NULL, NULL));
        assert_in_range(numbers[i], 1, 92);
        assert_true(i == 0 || numbers[i] > numbers[i - 1]);
    }
    ex_class_text(&f.ex, text, sizeof text);
    assert_non_null(strstr(text, "Its class: "));
    ex_act(&f.ex, EX_ACT_VARIANT, count - 1, f.now);
    assert_false(f.ex.classes.unique);
    assert_int_equal(f.ex.k, numbers[count - 1]);
    assert_memory_equal(f.ex.shown, boards + (count - 1) * 8, 8 * sizeof(int));

    ex_act(&f.ex, EX_ACT_UNIQUE, 0, f.now);
    assert_true(f.ex.classes.unique);
    assert_int_equal(u.starts, 1); /* counted once for this N */
    ex_click(&f.ex, (nq_square){0, 0}, f.now);
    assert_false(f.ex.classes.unique);
    assert_notice_line(&f, "Unique paging is of the whole board: with a pinned queen, every solution is paged.");
    ex_act(&f.ex, EX_ACT_UNIQUE, 0, f.now);
    assert_false(f.ex.classes.unique);
    assert_notice_line(&f, "Unique boards are of the whole board: lift the pinned queen first (click it).");
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_class_sentence),
        cmocka_unit_test(test_symmetry_words_name_the_axis),
        cmocka_unit_test(test_unique_paging_and_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
