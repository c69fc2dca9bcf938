/*
 * main -> level_a -> level_b -> level_c, for the user stack tests. Built
 * twice: with frame pointers and without (-fomit-frame-pointer -O2, as
 * distributions build), so only unwind tables can walk the second.
 *
 *   ustack_target calls   level_c makes `calls` getppid() calls, then returns
 *   ustack_target spin N  level_c spins N million times in its own code
 *
 * Each level does work after its call, so no call becomes a jump.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile long sink;

__attribute__((noinline)) long level_c(long calls, long spin_millions) {
  long total = 0;
  for (long i = 0; i < calls; i++) total += getppid();
  for (long i = 0; i < spin_millions * 1000000; i++) sink += i;
  return total;
}

__attribute__((noinline)) long level_b(long calls, long spin_millions) {
  long r = level_c(calls, spin_millions);
  sink += r;
  return r + 1;
}

__attribute__((noinline)) long level_a(long calls, long spin_millions) {
  long r = level_b(calls, spin_millions);
  sink += r;
  return r + 2;
}

int main(int argc, char **argv) {
  long calls = 1, spin_millions = 0;
  if (argc > 2 && strcmp(argv[1], "spin") == 0) {
    calls = 0;
    spin_millions = atol(argv[2]);
  } else if (argc > 1) {
    calls = atol(argv[1]);
  }
  long r = level_a(calls, spin_millions);
  sink += r;
  return 0;
}
