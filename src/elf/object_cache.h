// The ELF objects of traced processes, each opened and parsed once and
// shared by every process that maps it.
//
// Contract:
//  * ObjectFile holds an opened ElfFile; its symbol table, unwind table and
//    USDT probes are built on first use (thread-safe), since most objects
//    of a process are never symbolized.
//  * ObjectCache keys objects by the (device, inode) /proc/PID/maps shows,
//    so libc is read once for all processes. A mapping is opened through
//    /proc/PID/map_files/<start>-<end> (the very file mapped, even when it
//    was deleted or lives in another mount namespace), else through
//    /proc/PID/root/<path>, else by path. Build ids are not used as keys:
//    a stripped copy and the unstripped original share one, but not their
//    symbols.
//  * [vdso] has no file: its image is read from the process's memory and
//    cached by build id.
//  * A failure is remembered per key, so a file that cannot be opened is
//    not retried for every address.
//  * Limit: the key does not notice a file replaced in place with the same
//    inode (rare: package managers write a new inode and rename).
#pragma once

#include <sys/types.h>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>

#include "elf/elf_file.h"
#include "elf/proc_maps.h"
#include "elf/stapsdt_notes.h"
#include "elf/symbol_table.h"
#include "elf/unwind_table.h"

namespace dt::elf {

class ObjectFile {
 public:
  explicit ObjectFile(std::unique_ptr<ElfFile> elf) : elf_(std::move(elf)) {}

  const ElfFile& elf() const { return *elf_; }
  const std::string& name() const { return elf_->name(); }
  const SymbolTable& symbols() const;
  const UnwindTable& unwind_table() const;
  const SdtProbes& sdt_probes() const;

 private:
  std::unique_ptr<ElfFile> elf_;
  mutable std::once_flag symbols_once_, unwind_once_, sdt_once_;
  mutable SymbolTable symbols_;
  mutable UnwindTable unwind_;
  mutable SdtProbes sdt_;
};

struct FileKey {
  uint32_t dev_major = 0, dev_minor = 0;
  uint64_t inode = 0;
  auto operator<=>(const FileKey&) const = default;
};

class ObjectCache {
 public:
  // The object that mapping m of process pid maps; nullptr and *error for
  // anonymous memory and unreadable or non-ELF files.
  std::shared_ptr<const ObjectFile> ForMapping(pid_t pid, const Mapping& m, std::string* error);
  // An object by path (probes on a binary rather than a process).
  std::shared_ptr<const ObjectFile> ForPath(const std::string& path, std::string* error);

  size_t size() const;

 private:
  std::shared_ptr<const ObjectFile> Open(const FileKey& key, std::unique_ptr<ElfFile> elf);
  std::shared_ptr<const ObjectFile> ForVdso(pid_t pid, const Mapping& m, std::string* error);

  mutable std::mutex mu_;
  std::map<FileKey, std::shared_ptr<const ObjectFile>> by_file_;
  std::map<FileKey, std::string> failures_;
  std::unordered_map<std::string, std::shared_ptr<const ObjectFile>> vdso_by_build_id_;
};

}  // namespace dt::elf
