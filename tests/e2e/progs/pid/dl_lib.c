// libdltest.so: a shared library of ours that dlopen_target loads with
// dlopen(3) after it has started, for probes on libraries loaded later.
__attribute__((noinline)) int dl_inner(int x) {
  __asm__ volatile("");
  return x * 2;
}

int dl_work(int x) { return dl_inner(x) + 1; }
