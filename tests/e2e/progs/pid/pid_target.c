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

// offset_target(a, b) returns a + b + 256. Written in assembly so that its
// instructions and their offsets are the same whatever the compiler: the
// offset probes' cases name them. It changes %rdi (arg0) on the way, so a
// probe shows the registers where it is.
long offset_target(long a, long b);
__asm__(
    ".text\n"
    ".globl offset_target\n"
    ".type offset_target, @function\n"
    "offset_target:\n"
    "  lea (%rdi,%rsi), %rax\n"  // 0: 48 8d 04 37
    "  mov %rax, %rdi\n"         // 4: 48 89 c7
    "  add $0x100, %rdi\n"       // 7: 48 81 c7 00 01 00 00
    "  mov %rdi, %rax\n"         // e: 48 89 f8
    "  ret\n"                    // 11: c3
    ".size offset_target, .-offset_target\n");

// Return probes fire at each way out of a function. gcc -O2 gives
// two_returns a ret on each branch, and makes tail_call's call a jmp to
// tail_target (a tail call); the return cases find their offsets with
// objdump.
long pid_counter;

__attribute__((noinline)) long two_returns(long x) {
  if (x > 2) {
    __asm__ volatile("");
    return x * 100;
  }
  __asm__ volatile("" ::: "memory");
  pid_counter += x;
  return -x;
}

__attribute__((noinline)) long tail_target(long x) {
  __asm__ volatile("");
  return x + 1000;
}

__attribute__((noinline)) long tail_call(long x) {
  __asm__ volatile("");
  return tail_target(x * 2);
}

// indirect_exit(a) returns a + 1 through an indirect jmp (to its own ret):
// the pid provider cannot know where such a jump goes, so its return probe
// is a uretprobe, with arg0 0.
long indirect_exit(long a);
__asm__(
    ".text\n"
    ".globl indirect_exit\n"
    ".type indirect_exit, @function\n"
    "indirect_exit:\n"
    "  lea 1(%rdi), %rax\n"
    "  lea 1f(%rip), %rcx\n"
    "  jmp *%rcx\n"
    "1:\n"
    "  ret\n"
    ".size indirect_exit, .-indirect_exit\n");

int main(int argc, char** argv) {
  (void)argv;
  long total = 0;
  for (long i = 1; i <= 5; ++i) total += add(i, 10 * i);
  total += sum10(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
  total += lib_scale(7);
  for (long i = 1; i <= 2; ++i) total += offset_target(i, 10 * i);
  total += two_returns(1) + two_returns(5) + tail_call(7) + indirect_exit(41);
  char* volatile big = malloc(300000);
  free(big);
  return (int)(total + argc) == 0;
}
