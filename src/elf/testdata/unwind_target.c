// The program the unwinder tests stop and unwind: main -> a -> b -> c, each
// a real call (noipa: no inlining, cloning or tail calls), built with and
// without frame pointers, as PIE and not. c stops the process:
//   raise      raise(SIGSTOP): the stop is inside libc, below c
//   trap       an int3 in c itself (SIGTRAP)
//   lib-raise  like raise, but a calls b through libelftest.so
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "elftest_lib.h"

static volatile int sink;
static int use_trap;

NOIPA int c(int x) {
  if (use_trap) {
    __asm__ volatile("int3");
  } else {
    raise(SIGSTOP);
  }
  sink = x;
  return x + 1;
}

NOIPA int b(int x) {
  int r = c(x * 2);
  sink = r;
  return r + 3;
}

NOIPA int a(int x, int through_lib) {
  int r = through_lib ? elftest_call_through(b, x) : b(x);
  sink = r;
  return r + 5;
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "raise";
  use_trap = strcmp(mode, "trap") == 0;
  int r = a(argc, strcmp(mode, "lib-raise") == 0);
  printf("%d\n", r);
  return 0;
}
