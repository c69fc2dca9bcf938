// A probe registry for unit tests that must not depend on the host: a fixed
// list of kernel events instead of tracefs's available_events, and fixed
// formats for the tracepoints whose args[] tests type. Built this way the
// registry never reads tracefs, so the tests using it run without root and
// give the same probe IDs on every kernel.
//
// The formats are those of Linux 6.x on x86-64, trimmed to the lines the
// parser reads.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "providers/probe_args.h"
#include "providers/probe_registry.h"
#include "providers/sdt_provider.h"
#include "providers/syscall_provider.h"
#include "runtime/tracefs.h"

namespace dt {

// Three syscalls (read = 0, getppid = 110, openat = 257) and the
// tracepoints behind sched:::on-cpu/off-cpu/sleep/preempt/wakeup and
// proc:::create/exec-success/exit, in available_events's order.
inline KernelEventList FakeKernelEvents() {
  return {{"sched", "sched_process_exec"},  {"sched", "sched_process_exit"},
          {"sched", "sched_process_fork"},  {"sched", "sched_switch"},
          {"sched", "sched_wakeup"},        {"syscalls", "sys_enter_getppid"},
          {"syscalls", "sys_enter_openat"}, {"syscalls", "sys_enter_read"},
          {"syscalls", "sys_exit_getppid"}, {"syscalls", "sys_exit_openat"},
          {"syscalls", "sys_exit_read"}};
}

// The format file of events/<category>/<event>, "" for the events above
// whose arguments no test reads.
inline std::string FakeTracepointFormat(const std::string& category, const std::string& event) {
  const std::string common =
      "format:\n"
      "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
      "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
      "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
      "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n";
  const std::string syscall_nr = "\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n";
  const std::string head = "name: " + event + "\nID: 1\n" + common;
  if (category == "sched" && event == "sched_switch") {
    return head +
           "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
           "\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
           "\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
           "\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
           "\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
           "\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
           "\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n";
  }
  if (category == "sched" && event == "sched_process_exec") {
    return head +
           "\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
           "\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
           "\tfield:pid_t old_pid;\toffset:16;\tsize:4;\tsigned:1;\n";
  }
  if (category == "sched" && event == "sched_wakeup") {
    return head +
           "\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
           "\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n"
           "\tfield:int prio;\toffset:28;\tsize:4;\tsigned:1;\n"
           "\tfield:int target_cpu;\toffset:32;\tsize:4;\tsigned:1;\n";
  }
  if (category != "syscalls") return "";
  if (event.rfind("sys_exit_", 0) == 0)
    return head + syscall_nr + "\tfield:long ret;\toffset:16;\tsize:8;\tsigned:1;\n";
  if (event == "sys_enter_read") {
    return head + syscall_nr +
           "\tfield:unsigned int fd;\toffset:16;\tsize:8;\tsigned:0;\n"
           "\tfield:char * buf;\toffset:24;\tsize:8;\tsigned:0;\n"
           "\tfield:size_t count;\toffset:32;\tsize:8;\tsigned:0;\n";
  }
  if (event == "sys_enter_openat") {
    return head + syscall_nr +
           "\tfield:int dfd;\toffset:16;\tsize:8;\tsigned:0;\n"
           "\tfield:const char * filename;\toffset:24;\tsize:8;\tsigned:0;\n"
           "\tfield:int flags;\toffset:32;\tsize:8;\tsigned:0;\n"
           "\tfield:umode_t mode;\toffset:40;\tsize:8;\tsigned:0;\n";
  }
  if (event == "sys_enter_getppid") return head + syscall_nr;
  return "";
}

// The registry of FakeKernelEvents(), every sdt and syscall probe's args[]
// already typed from FakeTracepointFormat() by the providers' own rules
// (probe_args.h), so Args() never reads tracefs.
inline ProbeRegistry FakeProbeRegistry() {
  ProbeRegistry registry(FakeKernelEvents());
  std::vector<std::pair<const Probe*, std::vector<ProbeArg>>> typed;
  for (const auto& p : registry.probes()) {
    std::string text;
    bool syscall_return = false;
    if (p->owner == &SdtProvider()) {
      text = FakeTracepointFormat(TracepointData(*p).category, TracepointData(*p).event);
    } else if (p->owner == &SyscallProvider()) {
      text = FakeTracepointFormat("syscalls", SyscallData(*p).format_event);
      syscall_return = SyscallData(*p).is_return;
    } else {
      continue;
    }
    if (syscall_return) {
      runtime::TracepointFormat format = runtime::ParseTracepointFormat(text);
      typed.emplace_back(p.get(), SyscallReturnArgs(text.empty() ? nullptr : &format));
    } else if (text.empty()) {
      typed.emplace_back(p.get(), std::vector<ProbeArg>{});
    } else {
      typed.emplace_back(p.get(), ArgsFromTracepointFormat(runtime::ParseTracepointFormat(text)));
    }
  }
  for (auto& [probe, args] : typed) registry.SetArgs(*probe, std::move(args));
  return registry;
}

}  // namespace dt
