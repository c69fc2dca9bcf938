// A small shared library for the ELF module's tests: a function that calls
// back into the executable (so stacks cross objects), versioned symbols
// (.gnu.version_d), a weak alias, an assembly function without a size, a
// data object and USDT probes with semaphores.
#define _SDT_HAS_SEMAPHORES 1
#include "elftest_lib.h"

#include <sys/sdt.h>

// Every probe of a file built with _SDT_HAS_SEMAPHORES names its semaphore.
unsigned short elftest_lib_entry_semaphore __attribute__((section(".probes"), used));
unsigned short elftest_lib_args_semaphore __attribute__((section(".probes"), used));

int elftest_data[4] = {10, 20, 30, 40};
static volatile int sink;

NOIPA int elftest_call_through(int (*fn)(int), int x) {
  int r = fn(x + 1);
  sink = r;
  return r * 2;
}

NOIPA int elftest_strong(int x) { return x + 7; }
int elftest_weak(int x) __attribute__((weak, alias("elftest_strong")));

// Two versions of one name: ELFTEST_1.0 kept for old binaries, ELFTEST_2.0
// the default that new links bind to.
__asm__(".symver elftest_versioned_v1, elftest_versioned@ELFTEST_1.0");
__asm__(".symver elftest_versioned_v2, elftest_versioned@@ELFTEST_2.0");
NOIPA int elftest_versioned_v1(void) { return 1; }
NOIPA int elftest_versioned_v2(void) { return 2; }

// A function written in assembly without a .size: a symbol of size 0.
__asm__(
    ".text\n"
    ".globl elftest_nosize\n"
    ".type elftest_nosize, @function\n"
    "elftest_nosize:\n"
    "  nop\n"
    "  nop\n"
    "  ret\n");

// A sized function with a size-0 function label inside it: the label must
// not take over the rest of the function.
__asm__(
    ".text\n"
    ".globl elftest_outer\n"
    ".type elftest_outer, @function\n"
    "elftest_outer:\n"
    "  nop\n"
    "  nop\n"
    ".globl elftest_inner_label\n"
    ".type elftest_inner_label, @function\n"
    "elftest_inner_label:\n"
    "  nop\n"
    "  nop\n"
    "  ret\n"
    ".size elftest_outer, .-elftest_outer\n");

// A note section aligned to 8, like .note.gnu.property: records are padded
// to 8 bytes, so the second one starts at 32, not 28.
__asm__(
    ".pushsection .note.elftest, \"a\", @note\n"
    ".balign 8\n"
    ".long 4, 12, 1\n"
    ".asciz \"ABC\"\n"
    ".long 1, 2, 3\n"
    ".balign 8\n"
    ".long 4, 4, 2\n"
    ".asciz \"ABC\"\n"
    ".long 7\n"
    ".balign 8\n"
    ".popsection\n");

NOIPA int elftest_fire_probes(int x) {
  STAP_PROBE(elftest_lib, entry);
  STAP_PROBE2(elftest_lib, args, x, elftest_data[2]);
  return x;
}
