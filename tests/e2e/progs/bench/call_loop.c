/*
 * Calls an empty, non-inlined function N times on one CPU and prints the CPU
 * time (user + system) per call in nanoseconds ("%.1f\n"). bench/run.sh runs
 * it untraced and with a uprobe on the function; the difference is what a
 * pid/uprobe probe costs per call. Each call is followed by two USDT probe
 * sites, nops until traced, for what a traced USDT probe costs per firing
 * the same way: bench:::call from <sys/sdt.h> and dtbench:::call from the
 * header "dtrace -h" writes (dtbench.d).
 *
 *   call_loop [calls] [cpu] [wait]
 *
 * With "wait" it reads one byte from stdin before the loop, so a tracer can
 * attach to the running process first, and another after printing, so the
 * tracer's programs can still be inspected before the process exits.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/sdt.h>
#include <unistd.h>

#include "dtbench.h"

__attribute__((noinline)) void empty_function(void) { __asm__ volatile(""); }

static double cpu_time_ns(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e9 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e3;
}

int main(int argc, char **argv) {
  long calls = argc > 1 ? atol(argv[1]) : 1000000;
  if (calls <= 0) calls = 1;
  if (argc > 2) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(atoi(argv[2]), &set);
    if (sched_setaffinity(0, sizeof(set), &set) != 0) {
      perror("call_loop: sched_setaffinity");
      return 1;
    }
  }
  if (argc > 3 && strcmp(argv[3], "wait") == 0) {
    char c;
    if (read(STDIN_FILENO, &c, 1) != 1) return 1;
  }
  double start = cpu_time_ns();
  for (long i = 0; i < calls; i++) {
    empty_function();
    STAP_PROBE1(bench, call, i);
    DTBENCH_CALL(i);
  }
  double per_call = (cpu_time_ns() - start) / calls;
  char line[64];
  int length = snprintf(line, sizeof(line), "%.1f\n", per_call);
  if (write(STDOUT_FILENO, line, length) != length) return 1;
  if (argc > 3 && strcmp(argv[3], "wait") == 0) {
    char c;
    if (read(STDIN_FILENO, &c, 1) != 1) return 1;
  }
  return 0;
}
