// The pid provider: pid<PID>:<module>:<function>:entry and :return, probes
// on the functions of one running process, created when a description names
// them (as DTrace creates them): <module> is the file name of a mapped
// object (a.out for the executable; libc.so.6, libc.so or libc for glibc),
// <function> a symbol of its .symtab, or of .dynsym when stripped. Globs
// work in both. All entry probes of a process fire from one uprobe program
// and all return probes from one uretprobe program; each probe is told by
// its attach cookie.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "providers/provider.h"

namespace dt {

const Provider& PidProvider();

// What the pid provider keeps in each probe (Probe::data).
struct PidProbeData : ProbeData {
  pid_t pid = 0;
  bool is_return = false;
  bool in_executable = false;  // the module a.out names
  // Every name of the function (the probe is named by the canonical one);
  // a description may use any.
  std::vector<std::string> function_names;
  // Its first instruction has a lock prefix, which uprobes refuse (return
  // probes too: a uretprobe starts with a breakpoint at the entry).
  bool locked_first_instruction = false;
  std::string path;          // the object's file, as uprobes open it
  uint64_t file_offset = 0;  // of the function's first instruction
};

// The data of one of PidProvider()'s probes.
const PidProbeData& PidData(const Probe& probe);

// The pid in a pid provider name ("pid123" -> 123); 0 when it is not one.
pid_t PidOfProviderName(const std::string& provider);

}  // namespace dt
