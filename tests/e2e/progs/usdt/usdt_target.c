// USDT probes for the usdt provider's end-to-end tests (<sys/sdt.h>), run
// with no arguments (argc is 1, which keeps gcc from folding the values
// into constants): integers of every size and signedness, a string,
// memory operands (a stack slot, an indexed array element, a global), a probe whose
// macro sits at two sites with its argument in different places, and a
// probe behind a semaphore in our shared library (usdt_lib.c). Silent.
#include <sys/sdt.h>

void usdt_lib_fire(int n);

long usdt_table[4] = {-7, 70, 700, 7000};

// Two sites of one probe (usdt_test:::twice) in one function: each passes
// its argument from its own place. The sanitized test build uses clang,
// which has no noipa.
#if defined(__clang__)
#define NOIPA __attribute__((noinline))
#else
#define NOIPA __attribute__((noipa))
#endif
NOIPA static int twice(int a, long b) {
  STAP_PROBE1(usdt_test, twice, a);
  STAP_PROBE1(usdt_test, twice, b * 3);
  return a;
}

int main(int argc, char** argv) {
  (void)argv;
  signed char s8 = (signed char)(-5 * argc);
  unsigned short u16 = (unsigned short)(65535 * argc);
  int s32 = -100000 * argc;
  unsigned int u32 = 4000000000u * (unsigned)argc;
  long long s64 = -5000000000LL * argc;
  STAP_PROBE5(usdt_test, ints, s8, u16, s32, u32, s64);
  // On the stack: a string in .rodata may sit in a page the process has
  // not touched yet, which a probe cannot fault in (copyinstr fails there).
  char text[] = "hello, usdt";
  STAP_PROBE2(usdt_test, string__arg, text, argc + 41);
  volatile int on_stack = -42 * argc;
  STAP_PROBE3(usdt_test, memory, on_stack, usdt_table[(argc + 1) & 3], usdt_table[3]);
  twice(argc + 1, argc + 2);
  for (int i = 0; i < 3; ++i) usdt_lib_fire(i * argc);
  return 0;
}
