// libpidtest.so: a shared library of ours for the pid provider's cases.
__attribute__((noinline)) int lib_scale(int x) {
  __asm__ volatile("");
  return x * 3;
}
