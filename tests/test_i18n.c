/*
 * test_i18n.c -- which language a code or the environment names: the GNU order (LANGUAGE, a list,
 * before LC_ALL, LC_MESSAGES and LANG, the first of those set deciding), locale names with their
 * territory, codeset and modifier, the aliases of Traditional Chinese and Hebrew, and English for
 * anything else.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "nq/i18n.h"

static void test_codes(void **state)
{
    (void)state;
    assert_int_equal(nq_lang_find("en"), 0);
    assert_int_equal(nq_lang_find("th"), 1);
    assert_int_equal(nq_lang_find("th_TH.UTF-8"), 1);
    assert_int_equal(nq_lang_find("fa_IR"), 2);
    assert_int_equal(nq_lang_find("zh_TW.UTF-8"), 3);
    assert_int_equal(nq_lang_find("zh_HK"), 3);
    assert_int_equal(nq_lang_find("zh_Hant"), 3);
    assert_int_equal(nq_lang_find("zh_CN"), -1); /* Simplified Chinese is not ours */
    assert_int_equal(nq_lang_find("zh"), -1);
    assert_int_equal(nq_lang_find("he_IL.UTF-8"), 4);
    assert_int_equal(nq_lang_find("iw"), 4);
    assert_int_equal(nq_lang_find("the"), -1);
    assert_int_equal(nq_lang_find("fr_FR"), -1);
    assert_int_equal(nq_lang_find(""), -1);
    assert_int_equal(nq_lang_find(NULL), -1);
    for (int i = 0; i < NQ_LANG_COUNT; i++)
        assert_int_equal(nq_lang_find(nq_lang_code(i)), i);
    assert_false(nq_lang_rtl(0));
    assert_true(nq_lang_rtl(2));
    assert_true(nq_lang_rtl(4));
}

/* Sets the four variables (NULL: unset) and asks. */
static int from(const char *language, const char *all, const char *messages, const char *lang)
{
    const char *names[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};
    const char *values[] = {language, all, messages, lang};
    for (int i = 0; i < 4; i++) {
        if (values[i])
            setenv(names[i], values[i], 1);
        else
            unsetenv(names[i]);
    }
    return nq_lang_from_environment();
}

static void test_environment_order(void **state)
{
    (void)state;
    assert_int_equal(from(NULL, NULL, NULL, NULL), 0);
    assert_int_equal(from(NULL, NULL, NULL, "he_IL.UTF-8"), 4);
    assert_int_equal(from(NULL, NULL, "th_TH.UTF-8", "he_IL.UTF-8"), 1);
    assert_int_equal(from(NULL, "fa_IR.UTF-8", "th_TH.UTF-8", "he_IL.UTF-8"), 2);
    assert_int_equal(from("zh_TW", "fa_IR.UTF-8", NULL, NULL), 3);
    assert_int_equal(from("fr:de:he:th", NULL, NULL, NULL), 4); /* the first of ours in the list */
    assert_int_equal(from("fr:de", NULL, NULL, "th_TH.UTF-8"), 1);
    assert_int_equal(from(NULL, "fr_FR.UTF-8", NULL, "th_TH.UTF-8"), 0); /* LC_ALL set decides */
    assert_int_equal(from(NULL, "", NULL, "th_TH.UTF-8"), 1);            /* set but empty: not */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_codes),
        cmocka_unit_test(test_environment_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
