// The shared library the ELF tests load and unwind through.
#pragma once

int elftest_call_through(int (*fn)(int), int x);
int elftest_strong(int x);
int elftest_fire_probes(int x);
extern int elftest_data[4];
