// The pid provider: pid<PID>:<module>:<function>:entry, :return and
// :<offset>, probes on the functions of one running process, created when a
// description names them (as DTrace creates them): <module> is the file
// name of a mapped object (a.out for the executable; libc.so.6, libc.so or
// libc for glibc), <function> a symbol of its .symtab, or of .dynsym when
// stripped. Globs work in both.
//
// Offsets follow illumos' libdtrace: a name that is neither entry nor
// return nor a glob is a hex offset into the function, which must be an
// instruction boundary (elf/x86_insn_length.h decodes the function from
// its file); a glob name (an empty one is `*`) also makes a probe at every
// instruction offset whose hex name it matches. The function `-` takes an
// absolute address as the name, in the a.out module only.
//
// A return probe fires at each ret and tail-call jmp of its function, with
// arg0 the offset of that instruction, as DTrace defines it; where those
// sites cannot be known for sure it is a uretprobe at the entry and arg0
// is 0 (providers/pid_sites.h says when).
//
// All entry and offset probes of a process fire from one uprobe program
// and all return probes from one program attached at their return sites
// (uprobes) or entries (uretprobes); each probe is told by its attach
// cookie.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "providers/provider.h"
#include "runtime/attach.h"

namespace dt {

const Provider& PidProvider();

// What the pid provider keeps in each probe (Probe::data).
struct PidProbeData : ProbeData {
  pid_t pid = 0;
  bool is_return = false;
  // An instruction-offset probe (`main:4`, `-:<address>`): its name is
  // `offset` in hex.
  bool is_offset = false;
  uint64_t offset = 0;         // into the function; `-`: the address
  bool in_executable = false;  // the module a.out names
  // Every name of the function (the probe is named by the canonical one);
  // a description may use any.
  std::vector<std::string> function_names;
  // The probed instruction has a prefix uprobes refuse (lock; cs, ds, es,
  // ss): the probe is reported and left off (a return probe too when it is
  // a uretprobe: that starts with a breakpoint at the entry).
  bool uprobes_refuse = false;
  std::string path;          // the object's file, as uprobes open it
  uint64_t file_offset = 0;  // of the probed instruction (entry, return: the first)
  // A return probe's rets and tail-call jmps (providers/pid_sites.h), each
  // a uprobe; empty: a uretprobe at file_offset.
  struct ReturnSite {
    uint64_t offset = 0;       // in the function: the probe's arg0
    uint64_t file_offset = 0;  // of the instruction
  };
  std::vector<ReturnSite> return_sites;
};

// The data of one of PidProvider()'s probes.
const PidProbeData& PidData(const Probe& probe);

// Attaches the program of one process and side at `probes`, the cookie of
// each its index in the program's tables: first_index + its place in
// `probes` (Provider::Attach: 0; probes a run adds later: after the others).
runtime::Attachment AttachPidProbes(int prog_fd, const std::vector<const Probe*>& probes,
                                    size_t first_index);

// With -Z: a pid description that matches no function of the process yet
// makes a placeholder probe per side (Probe::placeholder), so its clause
// has a program that the probes of libraries loaded later join.
void SetPidPlaceholders(bool on);

// The pid in a pid provider name ("pid123" -> 123); 0 when it is not one.
pid_t PidOfProviderName(const std::string& provider);

// The offset (or `-`'s address) an offset probe's name gives, read as
// DTrace reads it (strtoull base 16: "1a", "1A", "0x1a"); nullopt when the
// name is not all hex or does not fit 64 bits.
std::optional<uint64_t> OffsetOfProbeName(const std::string& name);

// An offset probe's name as DTrace prints it: lowercase hex, no prefix.
std::string OffsetProbeName(uint64_t offset);

}  // namespace dt
