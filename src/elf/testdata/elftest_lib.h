// The shared library the ELF tests load and unwind through.
#pragma once

// A real call that stays a call: no inlining, cloning or tail call, so the
// unwinder tests see every frame. GCC says it in one attribute; clang (the
// sanitized test build) has no noipa and does not clone at -O2.
#if defined(__clang__)
#define NOIPA __attribute__((noinline, disable_tail_calls))
#else
#define NOIPA __attribute__((noipa))
#endif

int elftest_call_through(int (*fn)(int), int x);
int elftest_strong(int x);
int elftest_fire_probes(int x);
extern int elftest_data[4];
