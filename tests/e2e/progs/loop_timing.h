/*
 * What the bench's loop programs (getppid_loop.c, bench/call_loop.c) share:
 * the CPU time the process has used, and pinning it to one CPU so
 * migrations do not add noise.
 */
#ifndef DT_LOOP_TIMING_H
#define DT_LOOP_TIMING_H

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

/* User + system time of this process so far, in nanoseconds. */
static inline double loop_cpu_time_ns(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e9 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e3;
}

/* Pins this process to CPU `cpu` (a decimal string); 0, or -1 after saying
 * why on stderr as `program`. */
static inline int loop_pin_to_cpu(const char *program, const char *cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(atoi(cpu), &set);
  if (sched_setaffinity(0, sizeof(set), &set) == 0) return 0;
  fprintf(stderr, "%s: sched_setaffinity: ", program);
  perror("");
  return -1;
}

#endif
