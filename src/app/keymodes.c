/*
 * keymodes.c -- the keyboard's own modes: a solution number typed after G, N typed after N, and a
 * queen pinned with the arrow keys after Q. Each mode holds only what was typed (or where the pin
 * cursor is); its prompt ("Go to solution: 12") is written from that each frame, like microui's
 * textbox, and Enter or Esc ends the mode. A refusal at Enter is a notice (notice.c).
 */
#include <string.h>

#include "feature.h"
#include "nq/i18n.h"

/* A field of typed digits (the solution number after G, N after N): adds digit, unless it is not
 * one or the field is full (returns false); erase takes the last one back. */
static bool digits_add(char *digits, size_t size, int digit)
{
    size_t len = strlen(digits);
    if (digit < 0 || digit > 9 || len + 1 >= size)
        return false;
    digits[len] = (char)('0' + digit);
    digits[len + 1] = '\0';
    return true;
}

static void digits_erase(char *digits)
{
    size_t len = strlen(digits);
    if (len)
        digits[len - 1] = '\0';
}

static void goto_begin(explorer *ex)
{
    ex->keys = EX_KEYS_GOTO;
    ex->goto_digits[0] = '\0';
    ex->goto_too_long = false;
}

static void goto_digit(explorer *ex, int digit)
{
    if (digit < 0 || digit > 9)
        return;
    ex->goto_too_long = !digits_add(ex->goto_digits, sizeof ex->goto_digits, digit);
}

static void goto_erase(explorer *ex)
{
    digits_erase(ex->goto_digits);
    ex->goto_too_long = false;
}

static void goto_enter(explorer *ex)
{
    ex->keys = EX_KEYS_NORMAL;
    uint64_t k;
    if (!ex->goto_digits[0])
        ex_notify(ex, EX_NOTICE_GOTO_EMPTY, 0, NULL, NULL);
    else if (!nq_parse_number(ex->goto_digits, 1, UINT64_MAX, &k))
        ex_notify(ex, EX_NOTICE_NO_NUMBER, 0, ex->goto_digits, NULL);
    else
        ex_page_to(ex, k);
}

static void size_begin(explorer *ex)
{
    ex->keys = EX_KEYS_SIZE;
    ex->size_digits[0] = '\0';
    ex->size_too_long = false;
}

static void size_digit(explorer *ex, int digit)
{
    if (digit < 0 || digit > 9)
        return;
    ex->size_too_long = ex->size_too_long || !digits_add(ex->size_digits, sizeof ex->size_digits, digit);
}

static void size_erase(explorer *ex)
{
    if (ex->size_too_long) /* the digits past the field go first, all at once */
        ex->size_too_long = false;
    else
        digits_erase(ex->size_digits);
}

static void size_enter(explorer *ex, double now)
{
    uint64_t n;
    if (ex->size_too_long || !nq_parse_number(ex->size_digits, NQ_MIN_N, EX_MAX_N, &n)) {
        ex_notify(ex, EX_NOTICE_N_TYPED, ex->size_too_long, ex->size_digits, NULL);
        ex->size_digits[0] = '\0'; /* the mode stays open for another try */
        ex->size_too_long = false;
        return;
    }
    ex->keys = EX_KEYS_NORMAL;
    ex_set_n(ex, (int)n, now);
}

/* Keeps the pin cursor of a wide board in view. */
static void follow_cursor(explorer *ex)
{
    if (!ex_wide(ex))
        return;
    int c0, c1, r0, r1, c = ex->pin_cursor.column, r = ex->pin_cursor.row;
    ui_view_squares(ex->view, ex->n, &c0, &c1, &r0, &r1);
    ex_board_pan(ex, c < c0 ? c - c0 : c > c1 ? c - c1 : 0, r < r0 ? r - r0 : r > r1 ? r - r1 : 0);
}

static void pin_begin(explorer *ex)
{
    ex->keys = EX_KEYS_PIN;
    if (ex->has_first)
        ex->pin_cursor = ex->first;
    else if (ex_wide(ex)) /* the square in the middle of the view */
        ex->pin_cursor = (nq_square){(int)ex->view.cx < ex->n ? (int)ex->view.cx : ex->n - 1,
                                     (int)ex->view.cy < ex->n ? (int)ex->view.cy : ex->n - 1};
    else
        ex->pin_cursor = (nq_square){0, 0};
    follow_cursor(ex);
}

static void pin_move(explorer *ex, int dcolumn, int drow)
{
    int c = ex->pin_cursor.column + dcolumn, r = ex->pin_cursor.row + drow;
    if (c >= 0 && c < ex->n)
        ex->pin_cursor.column = c;
    if (r >= 0 && r < ex->n)
        ex->pin_cursor.row = r;
    follow_cursor(ex);
}

static void pin_enter(explorer *ex, double now)
{
    ex->keys = EX_KEYS_NORMAL;
    ex_click(ex, ex->pin_cursor, now);
}

bool ex_key_prompt(const explorer *ex, char *buf, size_t size)
{
    switch (ex->keys) {
    case EX_KEYS_GOTO:
        if (ex->goto_too_long)
            /* TRANSLATORS: %s: the digits typed so far; %zu: how many digits a number may have. */
            snprintf(buf, size, _("Go to solution: %s (a solution number has at most %zu digits)"), ex->goto_digits,
                     sizeof ex->goto_digits - 1);
        else if (!ex->goto_digits[0]) /* TRANSLATORS: Enter is a key name and stays as it is. */
            snprintf(buf, size, "%s", _("Go to solution: type its number, then Enter."));
        else /* TRANSLATORS: %s: the digits of a solution number typed so far. */
            snprintf(buf, size, _("Go to solution: %s"), ex->goto_digits);
        return true;
    case EX_KEYS_SIZE:
        if (ex->size_too_long)
            /* TRANSLATORS: %s: the digits typed for N, the board's size; Backspace and Esc are key
             * names and stay as they are. */
            snprintf(buf, size, _("N: %s... is too large: N goes up to %d (Backspace, or Esc)."), ex->size_digits,
                     EX_MAX_N);
        else if (!ex->size_digits[0]) /* TRANSLATORS: N is the board's size; Enter is a key name. */
            snprintf(buf, size, _("N: type the board size (%d to %d), then Enter."), NQ_MIN_N, EX_MAX_N);
        else /* TRANSLATORS: %s: the digits typed so far for N, the board's size. */
            snprintf(buf, size, _("N: %s"), ex->size_digits);
        return true;
    case EX_KEYS_PIN:
        /* TRANSLATORS: to pin a queen is to fix the first queen on a square; Enter and Esc are key
         * names and stay as they are. */
        snprintf(buf, size, "%s", _("Pin a queen: arrow keys, then Enter (Esc cancels)."));
        return true;
    case EX_KEYS_LESSONS: /* the list of lessons says its keys under it */
    case EX_KEYS_NORMAL: break;
    }
    buf[0] = '\0';
    return false;
}

static bool keymodes_act(explorer *ex, ex_action action, int value, double now)
{
    switch (action) {
    case EX_ACT_GOTO: goto_begin(ex); return true;
    case EX_ACT_GOTO_DIGIT: goto_digit(ex, value); return true;
    case EX_ACT_GOTO_ERASE: goto_erase(ex); return true;
    case EX_ACT_GOTO_ENTER: goto_enter(ex); return true;
    case EX_ACT_SIZE: size_begin(ex); return true;
    case EX_ACT_SIZE_DIGIT: size_digit(ex, value); return true;
    case EX_ACT_SIZE_ERASE: size_erase(ex); return true;
    case EX_ACT_SIZE_ENTER: size_enter(ex, now); return true;
    case EX_ACT_PIN_KEYS: pin_begin(ex); return true;
    case EX_ACT_PIN_LEFT: pin_move(ex, -1, 0); return true;
    case EX_ACT_PIN_RIGHT: pin_move(ex, 1, 0); return true;
    case EX_ACT_PIN_UP: pin_move(ex, 0, -1); return true;
    case EX_ACT_PIN_DOWN: pin_move(ex, 0, 1); return true;
    case EX_ACT_PIN_ENTER: pin_enter(ex, now); return true;
    default: return false;
    }
}

const ex_feature ex_feature_keymodes = {"keymodes", keymodes_act, NULL, NULL};
