/*
 * Calls getppid() N times on one CPU and prints the CPU time (user + system)
 * the loop took per call, in nanoseconds, as one number on stdout ("%.1f\n").
 * bench/run.sh runs it untraced and traced; the difference is the tracer's
 * added cost per event.
 *
 *   getppid_loop [calls] [cpu] [openat|read]   (default 5000000, no pinning)
 *
 * With "openat", each call is an openat() of /etc/os-release and its
 * close() instead (bench/run.sh's string subroutine rows trace the openat);
 * with "read", a read() of one byte from /dev/zero (bench/fbt_qemu.sh
 * traces vfs_read).
 *
 * Pinning (sched_setaffinity) keeps the loop on one CPU so migrations do not
 * add noise. Exits 1 if the CPU cannot be used.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "loop_timing.h"

int main(int argc, char** argv) {
  long calls = argc > 1 ? atol(argv[1]) : 5000000;
  if (calls <= 0) calls = 1;
  if (argc > 2 && loop_pin_to_cpu("getppid_loop", argv[2]) != 0) return 1;
  const char* mode = argc > 3 ? argv[3] : "getppid";
  int zero = open("/dev/zero", O_RDONLY);
  char byte;
  double start = loop_cpu_time_ns();
  if (strcmp(mode, "read") == 0) {
    for (long i = 0; i < calls; i++)
      if (read(zero, &byte, 1) != 1) return 1;
  } else if (strcmp(mode, "openat") == 0) {
    for (long i = 0; i < calls; i++) {
      long fd = syscall(SYS_openat, AT_FDCWD, "/etc/os-release", O_RDONLY);
      if (fd >= 0) close((int)fd);
    }
  } else {
    /* The raw syscall, so no libc wrapper could ever answer from a cache. */
    for (long i = 0; i < calls; i++) syscall(SYS_getppid);
  }
  double per_call = (loop_cpu_time_ns() - start) / calls;
  char line[64];
  int length = snprintf(line, sizeof(line), "%.1f\n", per_call);
  if (write(STDOUT_FILENO, line, length) != length) return 1;
  return 0;
}
