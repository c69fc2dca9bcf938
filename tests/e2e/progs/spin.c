/*
 * Burns CPU in user space for N milliseconds of its own CPU time, then exits
 * 0. Used by profile-provider tests, which expect user-mode samples here.
 *
 *   spin [ms]      (default 1000)
 *
 * The CPU clock is read only every few million iterations, so almost all of
 * the time is spent in spin_user_space() and very little in the kernel.
 */
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long long cpu_time_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* noinline keeps a stable symbol for ustack()/ufunc tests to find. */
__attribute__((noinline)) unsigned long spin_user_space(unsigned long iterations) {
  volatile unsigned long sink = 0;
  for (unsigned long i = 0; i < iterations; i++) sink += i;
  return sink;
}

int main(int argc, char **argv) {
  long long budget_ns = (argc > 1 ? atoll(argv[1]) : 1000) * 1000000LL;
  long long start = cpu_time_ns();
  while (cpu_time_ns() - start < budget_ns) spin_user_space(2000000);
  _exit(0);
}
