/*
 * mutate.h -- the random damage the fuzz tests of the files a person hands the program (moments,
 * lessons) do to a good file, in one place: a seeded generator that prints its seed (NQ_FUZZ_SEED
 * repeats a run), and one mutation at a time (a byte, a stretch cut, one of the format's own words
 * put in, a line repeated, the end cut, a digit changed). Static functions for one test file each.
 */
#ifndef NQ_TEST_MUTATE_H
#define NQ_TEST_MUTATE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t mutate_state;

/* The next of a xorshift sequence; the seed must have been set by mutate_seed. */
static uint64_t mutate_next(void)
{
    mutate_state ^= mutate_state << 13;
    mutate_state ^= mutate_state >> 7;
    mutate_state ^= mutate_state << 17;
    return mutate_state;
}

/* A number below n (0 for n 0). */
static uint64_t below(uint64_t n)
{
    return n ? mutate_next() % n : 0;
}

/* The seed: NQ_FUZZ_SEED, else the clock's; printed with what it is for. */
static void mutate_seed(const char *what)
{
    const char *env = getenv("NQ_FUZZ_SEED");
    mutate_state = env ? strtoull(env, NULL, 10) : (uint64_t)time(NULL) * 2654435761u;
    if (!mutate_state)
        mutate_state = 1;
    printf("%s: seed %llu (NQ_FUZZ_SEED=%llu repeats it)\n", what, (unsigned long long)mutate_state,
           (unsigned long long)mutate_state);
}

/* One mutation of text (length bytes, room for size) in place, with words[0..count) the format's
 * own words to put in and stretches of up to longest_cut bytes cut; the new length. */
static size_t mutate(char *text, size_t length, size_t size, const char *const *words, size_t count, size_t longest_cut)
{
    size_t at = below(length + 1);
    switch (below(6)) {
    case 0: /* a byte changed */
        if (length)
            text[below(length)] = (char)below(256);
        break;
    case 1: /* a stretch deleted */
        if (length) {
            size_t from = below(length), cut = 1 + below(longest_cut);
            if (cut > length - from)
                cut = length - from;
            memmove(text + from, text + from + cut, length - from - cut);
            length -= cut;
        }
        break;
    case 2: { /* a word inserted */
        const char *w = words[below(count)];
        size_t wl = strlen(w);
        if (length + wl < size) {
            memmove(text + at + wl, text + at, length - at);
            memcpy(text + at, w, wl);
            length += wl;
        }
        break;
    }
    case 3: { /* a line repeated at the end */
        size_t from = at;
        while (from > 0 && text[from - 1] != '\n')
            from--;
        size_t end = from;
        while (end < length && text[end] != '\n')
            end++;
        size_t ll = end - from + 1;
        if (end < length && length + ll < size) {
            memcpy(text + length, text + from, ll);
            length += ll;
        }
        break;
    }
    case 4: /* cut short */ length = at; break;
    default: /* a digit changed */
        for (size_t i = 0; i < length; i++)
            if (text[(at + i) % length] >= '0' && text[(at + i) % length] <= '9') {
                text[(at + i) % length] = (char)('0' + below(10));
                break;
            }
        break;
    }
    return length;
}

#endif
