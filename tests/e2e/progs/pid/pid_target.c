// The pid provider's target: calls functions of its own and of a shared
// library of ours a known number of times with known arguments, and one
// large malloc. It prints nothing, so dtrace's output is the whole output.
#include <stdlib.h>

int lib_scale(int x);  // libpidtest.so

// noinline and an empty asm keep each call a real call at -O2.
__attribute__((noinline)) long add(long a, long b) {
  __asm__ volatile("");
  return a + b;
}

__attribute__((noinline)) long sum10(long a0, long a1, long a2, long a3, long a4, long a5,
                                     long a6, long a7, long a8, long a9) {
  __asm__ volatile("");
  return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9;
}

int main(int argc, char** argv) {
  (void)argv;
  long total = 0;
  for (long i = 1; i <= 5; ++i) total += add(i, 10 * i);
  total += sum10(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
  total += lib_scale(7);
  char* volatile big = malloc(300000);
  free(big);
  return (int)(total + argc) == 0;
}
