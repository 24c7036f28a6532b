/*
 * oeis.h -- the known counts the engine tests check against, written once: OEIS A000170 (every
 * solution of the N x N board) and A002562 (solutions unique under rotation and reflection), for
 * N = 1 to 27, every term the OEIS lists, copied from https://oeis.org/A000170 and
 * https://oeis.org/A002562. Header-only, for tests/.
 */
#ifndef NQ_TEST_OEIS_H
#define NQ_TEST_OEIS_H

#include <stdint.h>

enum { OEIS_MAX_N = 27 };

/* A000170: all solutions of the N x N board, indexed by N. */
static const uint64_t oeis_a000170[OEIS_MAX_N + 1] = {
    0, /* N = 0 is not a board: a placeholder, so that the table is indexed by N */
    /*  1.. 3 */ UINT64_C(1), UINT64_C(0), UINT64_C(0),
    /*  4.. 6 */ UINT64_C(2), UINT64_C(10), UINT64_C(4),
    /*  7.. 9 */ UINT64_C(40), UINT64_C(92), UINT64_C(352),
    /* 10..12 */ UINT64_C(724), UINT64_C(2680), UINT64_C(14200),
    /* 13..15 */ UINT64_C(73712), UINT64_C(365596), UINT64_C(2279184),
    /* 16..18 */ UINT64_C(14772512), UINT64_C(95815104), UINT64_C(666090624),
    /* 19..21 */ UINT64_C(4968057848), UINT64_C(39029188884), UINT64_C(314666222712),
    /* 22..24 */ UINT64_C(2691008701644), UINT64_C(24233937684440), UINT64_C(227514171973736),
    /* 25..27 */ UINT64_C(2207893435808352), UINT64_C(22317699616364044), UINT64_C(234907967154122528),
};

/* A002562: solutions unique up to rotation and reflection, indexed by N. */
static const uint64_t oeis_a002562[OEIS_MAX_N + 1] = {
    0, /* N = 0 is not a board: a placeholder, so that the table is indexed by N */
    /*  1.. 3 */ UINT64_C(1), UINT64_C(0), UINT64_C(0),
    /*  4.. 6 */ UINT64_C(1), UINT64_C(2), UINT64_C(1),
    /*  7.. 9 */ UINT64_C(6), UINT64_C(12), UINT64_C(46),
    /* 10..12 */ UINT64_C(92), UINT64_C(341), UINT64_C(1787),
    /* 13..15 */ UINT64_C(9233), UINT64_C(45752), UINT64_C(285053),
    /* 16..18 */ UINT64_C(1846955), UINT64_C(11977939), UINT64_C(83263591),
    /* 19..21 */ UINT64_C(621012754), UINT64_C(4878666808), UINT64_C(39333324973),
    /* 22..24 */ UINT64_C(336376244042), UINT64_C(3029242658210), UINT64_C(28439272956934),
    /* 25..27 */ UINT64_C(275986683743434), UINT64_C(2789712466510289), UINT64_C(29363495934315694),
};

#endif
