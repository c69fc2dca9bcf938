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

#include "../loop_timing.h"
#include "dtbench.h"

__attribute__((noinline)) void empty_function(void) { __asm__ volatile(""); }

int main(int argc, char **argv) {
  long calls = argc > 1 ? atol(argv[1]) : 1000000;
  if (calls <= 0) calls = 1;
  if (argc > 2 && loop_pin_to_cpu("call_loop", argv[2]) != 0) return 1;
  if (argc > 3 && strcmp(argv[3], "wait") == 0) {
    char c;
    if (read(STDIN_FILENO, &c, 1) != 1) return 1;
  }
  double start = loop_cpu_time_ns();
  for (long i = 0; i < calls; i++) {
    empty_function();
    STAP_PROBE1(bench, call, i);
    DTBENCH_CALL(i);
  }
  double per_call = (loop_cpu_time_ns() - start) / calls;
  char line[64];
  int length = snprintf(line, sizeof(line), "%.1f\n", per_call);
  if (write(STDOUT_FILENO, line, length) != length) return 1;
  if (argc > 3 && strcmp(argv[3], "wait") == 0) {
    char c;
    if (read(STDIN_FILENO, &c, 1) != 1) return 1;
  }
  return 0;
}
