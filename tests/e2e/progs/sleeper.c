/*
 * Sleeps N milliseconds in one nanosleep() call, then exits 0.
 *
 *   sleeper [ms]      (default 1000)
 */
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  long long ms = argc > 1 ? atoll(argv[1]) : 1000;
  struct timespec duration = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&duration, &duration) != 0) {
  }
  _exit(0);
}
