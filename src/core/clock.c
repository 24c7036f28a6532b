/* clock.c -- CLOCK_MONOTONIC as a double: precise to well under a microsecond for days. */
#include "nq/clock.h"

#include <time.h>

double nq_clock_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}
