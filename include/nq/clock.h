/*
 * nq/clock.h -- a monotonic clock in seconds, for the figures the program reports
 * (elapsed time, steps per second). Any thread may call it.
 */
#ifndef NQ_CLOCK_H
#define NQ_CLOCK_H

/* Seconds since an arbitrary fixed point; never goes backwards. */
double nq_clock_seconds(void);

#endif
