// USDT probes of every operand kind gcc writes, for the stapsdt tests:
// no arguments, a constant, registers of several sizes and signedness, a
// global (%rip-relative, or absolute when not PIC), a stack slot and an
// indexed array element. Semaphores on every probe.
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>

#define SEMAPHORE(name) \
  unsigned short sdt_test_##name##_semaphore __attribute__((section(".probes"), used))
SEMAPHORE(no_args);
SEMAPHORE(constant);
SEMAPHORE(sizes);
SEMAPHORE(global);
SEMAPHORE(stack);
SEMAPHORE(indexed);

long sdt_global = 42;
int sdt_array[8] = {1, 2, 3, 4, 5, 6, 7, 8};

int main(int argc, char** argv) {
  volatile int on_stack = argc * 3;
  long wide = argc * 1000L;
  STAP_PROBE(sdt_test, no_args);
  STAP_PROBE1(sdt_test, constant, 5);
  STAP_PROBE4(sdt_test, sizes, (signed char)argc, (unsigned short)argc, argc, wide);
  STAP_PROBE1(sdt_test, global, sdt_global);
  STAP_PROBE1(sdt_test, stack, on_stack);
  STAP_PROBE1(sdt_test, indexed, sdt_array[argc & 7]);
  return argv[0] == 0;
}
