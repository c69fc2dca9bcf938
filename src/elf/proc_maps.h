// A process's memory map (/proc/PID/maps) and the names DTrace gives the
// objects in it.
//
// Contract:
//  * Parse() reads the text of a maps file; a line it cannot read is
//    skipped and counted (skipped_lines()), never fatal. Paths keep inner
//    spaces; a trailing " (deleted)" is removed and sets deleted.
//  * Find(addr) is a binary search over the mappings (sorted by start, as
//    the kernel lists them).
//  * Module names are as DTrace prints them in ustack() and probe
//    descriptions: the file name of the mapped object (libc.so.6,
//    python3.11); the executable is named by its own file name too, and
//    IsMainExecutable() tells the pid provider which mapping "a.out" means.
//    ModuleAliases() lists the shorter names DTrace accepts for a module
//    (libc.so.6 -> libc.so, libc).
//  * Normalize(): a process address -> the ELF vaddr in the mapped object,
//    through the mapping's file offset and the object's PT_LOAD segments.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dt::elf {

class ElfFile;

struct Mapping {
  uint64_t start = 0;
  uint64_t end = 0;     // exclusive
  uint64_t offset = 0;  // file offset of start
  bool read = false, write = false, exec = false, shared = false;
  uint32_t dev_major = 0, dev_minor = 0;
  uint64_t inode = 0;
  std::string path;  // "" for anonymous memory; "[vdso]", "[stack]", ... for special ones
  bool deleted = false;

  bool is_file() const { return inode != 0 && !path.empty() && path[0] == '/'; }
  bool is_special() const { return !path.empty() && path[0] == '['; }
  bool is_anonymous() const { return path.empty(); }
  bool Contains(uint64_t addr) const { return addr >= start && addr < end; }
  uint64_t FileOffset(uint64_t addr) const { return addr - start + offset; }
};

class ProcessMaps {
 public:
  // Reads /proc/PID/maps and the executable's path (/proc/PID/exe).
  static std::optional<ProcessMaps> Read(pid_t pid, std::string* error);
  // Parses maps text; executable_path names the main executable ("" when
  // unknown: then no mapping is the main executable).
  static ProcessMaps Parse(std::string_view text, std::string executable_path = "");

  pid_t pid() const { return pid_; }
  const std::vector<Mapping>& mappings() const { return mappings_; }
  size_t skipped_lines() const { return skipped_lines_; }
  const std::string& executable_path() const { return executable_path_; }

  const Mapping* Find(uint64_t addr) const;
  bool IsMainExecutable(const Mapping& m) const;
  // All mappings of the file that m maps (same device and inode).
  std::vector<const Mapping*> MappingsOfFile(const Mapping& m) const;

 private:
  pid_t pid_ = 0;
  std::vector<Mapping> mappings_;
  size_t skipped_lines_ = 0;
  std::string executable_path_;
};

// The file name DTrace shows for a mapped path ("/usr/lib/x86_64-linux-gnu/
// libc.so.6" -> "libc.so.6"; special mappings keep their brackets).
std::string ModuleName(std::string_view path);
// Names that select a module in a probe description, longest first: the
// name itself, then every prefix of it that ends before a '.' (DTrace's
// "initial basename match up to a . suffix": libc.so.6, libc.so, libc).
std::vector<std::string> ModuleAliases(std::string_view module_name);

// The ELF vaddr of a process address inside mapping m of object elf.
std::optional<uint64_t> Normalize(const Mapping& m, const ElfFile& elf, uint64_t addr);

}  // namespace dt::elf
