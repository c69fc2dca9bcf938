#include "runtime/dlopen_watch.h"

#include <signal.h>
#include <sys/stat.h>

#include <cstring>

#include "bpf/builder.h"
#include "common/diagnostic.h"
#include "elf/object_cache.h"
#include "elf/proc_maps.h"
#include "runtime/uprobe.h"

namespace dt::runtime {

namespace {

constexpr uint32_t kRingBytes = 64 * 1024;

}  // namespace

std::vector<bpf_insn> DlopenWatch::HookProgram() {
  using namespace bpf;
  Builder b;
  b.Call(BPF_FUNC_get_current_pid_tgid);
  b.AluImm(BPF_RSH, R0, 32);
  b.Store(8, R10, -8, R0);
  b.MovImm(R1, SIGSTOP);
  b.Call(BPF_FUNC_send_signal);
  b.LoadMapFd(R1, 0);
  b.Mov(R2, R10);
  b.AluImm(BPF_ADD, R2, -8);
  b.MovImm(R3, 8);
  b.MovImm(R4, 0);
  b.Call(BPF_FUNC_ringbuf_output);
  b.MovImm(R0, 0);
  b.Exit();
  return b.Finish();
}

DlopenWatch::DlopenWatch() {
  ring_ = CreateMap({"dlopen_ring", BPF_MAP_TYPE_RINGBUF, 0, 0, kRingBytes});
  std::vector<bpf_insn> insns = HookProgram();
  bpf::ResolveMapFds(insns, [this](int) { return ring_.fd(); });
  program_ = LoadProgram(BPF_PROG_TYPE_KPROBE, insns, "dlopen_hook");
  reader_ = std::make_unique<RingReader>(ring_.fd(), [this](const uint8_t* data, size_t size) {
    uint64_t pid = 0;
    if (size >= sizeof pid) std::memcpy(&pid, data, sizeof pid);
    reported_.push_back(static_cast<pid_t>(pid));
  });
}

DlopenWatch::~DlopenWatch() {
  attachments_.clear();
  try {
    reader_->Drain();
  } catch (const std::exception&) {
  }
  for (pid_t pid : reported_) stopped_.insert(pid);
  for (pid_t pid : stopped_) kill(pid, SIGCONT);
}

bool DlopenWatch::Watch(pid_t pid, std::string* error) {
  std::optional<elf::ProcessMaps> maps = elf::ProcessMaps::Read(pid, error);
  if (!maps) return false;
  elf::ObjectCache cache;
  for (const elf::Mapping& m : maps->mappings()) {
    if (!m.exec || !m.is_file() || elf::ModuleName(m.path).rfind("ld-", 0) != 0) continue;
    std::shared_ptr<const elf::ObjectFile> object = cache.ForMapping(pid, m, error);
    if (!object) continue;
    for (const elf::Symbol& s : object->symbols().symbols()) {
      if (s.name != "_dl_debug_state") continue;
      std::optional<uint64_t> offset = object->elf().VaddrToFileOffset(s.address);
      if (!offset) continue;
      // The path the kernel resolves to the mapped file, from here or
      // through the process's root (another mount namespace).
      std::string path = m.path;
      struct stat st {};
      if (stat(path.c_str(), &st) != 0 || st.st_ino != m.inode)
        path = "/proc/" + std::to_string(pid) + "/root" + m.path;
      std::vector<UprobeFailure> failures;
      Attachment a =
          AttachUprobes(program_.fd(), path, {{*offset, 0, 0}}, false, pid, false, &failures);
      if (!failures.empty()) {
        *error = failures.front().reason;
        return false;
      }
      attachments_.push_back(std::move(a));
      return true;
    }
  }
  *error = "no dynamic linker with _dl_debug_state is mapped";
  return false;
}

void DlopenWatch::Consume(const std::function<void(pid_t)>& on_load) {
  reader_->Drain();
  std::vector<pid_t> reported;
  reported.swap(reported_);
  std::set<pid_t> seen;
  for (pid_t pid : reported) {
    stopped_.insert(pid);
    if (seen.insert(pid).second) on_load(pid);
  }
  for (pid_t pid : seen) kill(pid, SIGCONT);
}

}  // namespace dt::runtime
