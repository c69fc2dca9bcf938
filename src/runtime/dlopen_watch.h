// Learning, while tracing, that a process has mapped new objects
// (dlopen(3)), early enough to probe them before their code runs.
//
// glibc's dynamic linker calls its debugger hook _dl_debug_state (the
// r_brk of struct r_debug) before and after each dlopen/dlclose changes
// its list of objects. A uprobe there runs a small program that stops the
// process (bpf_send_signal(SIGSTOP), which takes effect as the thread
// returns to user space, before dlopen returns) and sends the pid through
// a ring of the watcher's own. The run then reads the process's maps
// again, attaches what matches, and continues the process (Resume).
//
// Contract:
//  * Watch(pid) finds the process's dynamic linker (a mapped object named
//    ld-*) and its _dl_debug_state in .dynsym; false with the reason when
//    there is none (a static program: nothing is loaded later).
//  * Consume() calls on_load(pid) for each report and Resume()s the
//    process afterwards, so on_load runs while it is stopped.
//  * Destroying the watcher detaches it, then continues every process it
//    stopped: nothing stays stopped or attached, however the run ends.
#pragma once

#include <sys/types.h>

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "runtime/attach.h"
#include "runtime/bpf_map.h"
#include "runtime/bpf_prog.h"
#include "runtime/ring_reader.h"

namespace dt::runtime {

class DlopenWatch {
 public:
  DlopenWatch();  // creates the ring and loads the program; throws RuntimeError
  ~DlopenWatch();
  DlopenWatch(const DlopenWatch&) = delete;
  DlopenWatch& operator=(const DlopenWatch&) = delete;

  bool Watch(pid_t pid, std::string* error);
  // Readable when a report waits (for the run's epoll set).
  int epoll_fd() const { return reader_->epoll_fd(); }
  void Consume(const std::function<void(pid_t)>& on_load);

  // The instructions of the hook's program, ring map at index 0 (tests).
  static std::vector<bpf_insn> HookProgram();

 private:
  Map ring_;
  Program program_;
  std::unique_ptr<RingReader> reader_;
  std::vector<Attachment> attachments_;
  std::vector<pid_t> reported_;  // since the last Consume's end
  std::set<pid_t> stopped_;      // reported at least once: continued at the end
};

}  // namespace dt::runtime
