// User stacks in BPF: ustack(), ustackdepth and ucaller walk the thread's
// user stack in the probe, so that stacks can be aggregation keys.
//
// Distribution binaries are built without frame pointers, so the walk
// follows each object's unwind table (its .eh_frame turned into rows by
// elf/unwind_table.h, loaded by runtime/user_unwind_maps.h) and falls back
// to frame pointers where a process or an object has no table. The maps
// and their layout are format/user_stack_layout.h's.
//
// The searches are unrolled and each step looks one element up through the
// map helper, so the verifier needs no bounds on the indexes and can prune
// the two ways each step goes; only the walk over frames is a loop.
#include "codegen/function_gen.h"
#include "format/user_stack_layout.h"

namespace dt {

using namespace bpf;

namespace {

// struct pt_regs on x86-64 (the kernel's user ABI: asm/ptrace.h).
constexpr int16_t kPtRegsBp = 32;
constexpr int16_t kPtRegsIp = 128;
constexpr int16_t kPtRegsCs = 136;
constexpr int16_t kPtRegsSp = 152;

}  // namespace

// The state of the walk, in stack slots.
struct FunctionGen::UserWalkSlots {
  int16_t pc, sp, bp;  // of the frame being unwound
  int16_t key;         // UserMappingKey: tgid, index
  int16_t addr;        // pc, or pc - 1 for a return address
  int16_t lo, hi;      // a search: its first element and how many are left
  int16_t vaddr;       // addr in the object's ELF vaddrs
  int16_t rows;        // map of the object's rows (spilled map pointer)
  int16_t cfa, caller_bp, word;
};

void FunctionGen::EnsureUserStackMaps() {
  if (shared_.ustack_mappings >= 0) return;
  shared_.ustack_mappings = maps_.Add({"ustack_mappings",
                                       BPF_MAP_TYPE_HASH,
                                       sizeof(UserMappingKey),
                                       sizeof(UserMappingEntry),
                                       kMaxMappingEntries,
                                       BPF_F_NO_PREALLOC,
                                       {}});
  shared_.ustack_rows =
      maps_.Add({"ustack_rows", BPF_MAP_TYPE_ARRAY_OF_MAPS, 4, 4, kMaxUnwindObjects, 0, {}});
  out_.inner_maps[shared_.ustack_rows] =
      InnerMapDef{BPF_MAP_TYPE_ARRAY, 4, kUnwindRowSize, BPF_F_INNER_MAP};
  shared_.ustack_seen =
      maps_.Add({"ustack_seen", BPF_MAP_TYPE_LRU_HASH, 4, 4, kMaxSeenProcesses, 0, {}});
  out_.ustack_mappings_map = shared_.ustack_mappings;
  out_.ustack_rows_map = shared_.ustack_rows;
}

void FunctionGen::GenProcessNotice() {
  int mark = stack_top_;
  int16_t notice = AllocSlot(sizeof(ProcessNotice));
  b_.Call(BPF_FUNC_get_current_pid_tgid);
  b_.AluImm(BPF_RSH, R0, 32);
  b_.Store(4, R10, static_cast<int16_t>(notice + offsetof(ProcessNotice, tgid)), R0);
  b_.LoadMapFd(R1, shared_.ustack_seen);
  b_.Mov(R2, R10);
  b_.AluImm(BPF_ADD, R2, static_cast<int16_t>(notice + offsetof(ProcessNotice, tgid)));
  b_.Mov(R3, R2);
  b_.MovImm(R4, BPF_NOEXIST);
  b_.Call(BPF_FUNC_map_update_elem);
  Label seen = b_.NewLabel();
  b_.JumpIfImm(BPF_JNE, R0, 0, seen);  // known already (or the map is full)
  b_.StoreImm(4, R10, notice, static_cast<int32_t>(kProcessNoticeRecord));
  for (int16_t at = 4; at < static_cast<int16_t>(offsetof(ProcessNotice, tgid)); at += 4)
    b_.StoreImm(4, R10, static_cast<int16_t>(notice + at), 0);
  b_.StoreImm(4, R10, static_cast<int16_t>(notice + offsetof(ProcessNotice, pad)), 0);
  b_.LoadMapFd(R1, shared_.ring);
  b_.Mov(R2, R10);
  b_.AluImm(BPF_ADD, R2, notice);
  b_.MovImm(R3, sizeof(ProcessNotice));
  b_.MovImm(R4, 0);
  b_.Call(BPF_FUNC_ringbuf_output);
  b_.Bind(seen);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenUserStack(const ast::Expr& e) {
  EnsureScratch();
  EnsureUserStackMaps();
  GenProcessNotice();
  auto size = static_cast<uint32_t>(e.type->size);
  uint32_t off = AllocScratch(size);
  ZeroMem(R7, static_cast<int16_t>(off), size);
  b_.Call(BPF_FUNC_get_current_pid_tgid);
  b_.AluImm(BPF_RSH, R0, 32);
  b_.Store(8, R7, static_cast<int16_t>(off), R0);
  GenUserStackWalk(off + 8, static_cast<uint32_t>(e.type->array_len));
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(off));
}

void FunctionGen::GenUserSymbolAddress(const ast::Expr& e) { GenUserAddressValue(*e.args[0]); }

void FunctionGen::GenUserAddressValue(const ast::Expr& address) {
  EnsureScratch();
  EnsureUserStackMaps();
  GenExpr(address);
  uint32_t off = AllocScratch(16);
  b_.Store(8, R7, static_cast<int16_t>(off + 8), R0);
  GenProcessNotice();
  b_.Call(BPF_FUNC_get_current_pid_tgid);
  b_.AluImm(BPF_RSH, R0, 32);
  b_.Store(8, R7, static_cast<int16_t>(off), R0);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(off));
}

void FunctionGen::GenUserRegister(const ast::Expr& index) {
  int mark = stack_top_;
  int16_t at = AllocSlot();
  GenExpr(index);
  b_.Store(8, R10, at, R0);
  b_.Call(BPF_FUNC_get_current_task_btf);
  b_.Mov(R1, R0);
  b_.Call(BPF_FUNC_task_pt_regs);
  b_.Load(8, R2, R10, at);
  Label done = b_.NewLabel();
  b_.Mov(R1, R0);
  b_.MovImm(R0, 0);
  // The registers are typed kernel memory: each word is read at a fixed offset.
  for (uint64_t i = 0; i < kUserRegisterCount; ++i) {
    Label next = b_.NewLabel();
    b_.JumpIfImm(BPF_JNE, R2, static_cast<int32_t>(i), next);
    b_.Load(8, R0, R1, static_cast<int16_t>(i * 8));
    b_.Jump(done);
    b_.Bind(next);
  }
  b_.Bind(done);
  ReleaseSlotsTo(mark);
}

int16_t FunctionGen::GenUserStackIntoScratch(uint32_t frames) {
  EnsureScratch();
  EnsureUserStackMaps();
  uint32_t off = AllocScratch(frames * 8);
  ZeroMem(R7, static_cast<int16_t>(off), frames * 8);
  GenUserStackWalk(off, frames);
  return static_cast<int16_t>(off);
}

void FunctionGen::GenUserStackDepth() { GenUserStackIntoScratch(kMaxStackFrames); }

void FunctionGen::GenUserCaller() {
  int16_t off = GenUserStackIntoScratch(2);
  b_.Load(8, R0, R7, static_cast<int16_t>(off + 8));
}

// Reads the user word at the address in `src` into the slot; on failure
// jumps to `fail`.
static void ReadUserWord(Builder& b, int16_t slot, Reg src, Label fail) {
  b.Mov(R3, src);
  b.Mov(R1, R10);
  b.AluImm(BPF_ADD, R1, slot);
  b.MovImm(R2, 8);
  b.Call(BPF_FUNC_probe_read_user);
  b.JumpIfImm(BPF_JNE, R0, 0, fail);
}

// r0 = the element `index_slot` (a u32 at that slot) of the map at
// map_slot (a spilled map pointer) or, when map_slot is 0, of `map`;
// jumps to `missing` when there is none.
void FunctionGen::GenLookupOrJump(int map, int16_t map_slot, int16_t key_slot, Label missing) {
  if (map_slot != 0)
    b_.Load(8, R1, R10, map_slot);
  else
    b_.LoadMapFd(R1, map);
  b_.Mov(R2, R10);
  b_.AluImm(BPF_ADD, R2, key_slot);
  b_.Call(BPF_FUNC_map_lookup_elem);
  b_.JumpIfImm(BPF_JEQ, R0, 0, missing);
}

void FunctionGen::GenUserStackWalk(uint32_t out, uint32_t frames) {
  int mark = stack_top_;
  const uint32_t count_word = AllocScratch(8);
  UserWalkSlots s{};
  for (int16_t* slot : {&s.pc, &s.sp, &s.bp, &s.key, &s.addr, &s.lo, &s.hi, &s.vaddr, &s.rows,
                        &s.cfa, &s.caller_bp, &s.word})
    *slot = AllocSlot();
  Label done = b_.NewLabel(), loop = b_.NewLabel(), frame_pointers = b_.NewLabel(),
        step = b_.NewLabel();
  b_.MovImm(R8, 0);  // frames written
  // Where the thread was in user space: the registers saved when it entered
  // the kernel, or when the sample interrupted it there. A kernel thread
  // has none.
  b_.Call(BPF_FUNC_get_current_task_btf);
  b_.Mov(R1, R0);
  b_.Call(BPF_FUNC_task_pt_regs);
  b_.Load(8, R1, R0, kPtRegsCs);
  b_.AluImm(BPF_AND, R1, 3);
  b_.JumpIfImm(BPF_JNE, R1, 3, done);
  for (auto [slot, at] : {std::pair{s.pc, kPtRegsIp}, {s.sp, kPtRegsSp}, {s.bp, kPtRegsBp}}) {
    b_.Load(8, R1, R0, at);
    b_.Store(8, R10, slot, R1);
  }
  b_.Call(BPF_FUNC_get_current_pid_tgid);
  b_.AluImm(BPF_RSH, R0, 32);
  b_.Store(4, R10, static_cast<int16_t>(s.key + offsetof(UserMappingKey, tgid)), R0);
  const auto key_index = static_cast<int16_t>(s.key + offsetof(UserMappingKey, index));

  b_.Bind(loop);
  b_.JumpIfImm(BPF_JGE, R8, static_cast<int32_t>(frames), done);
  b_.Load(8, R1, R10, s.pc);
  b_.JumpIfImm(BPF_JEQ, R1, 0, done);
  b_.Mov(R2, R8);
  b_.AluImm(BPF_LSH, R2, 3);
  b_.Alu(BPF_ADD, R2, R7);
  b_.Store(8, R2, static_cast<int16_t>(out), R1);
  // A return address points after its call, which may be the last
  // instruction of its function: look up the call.
  Label first = b_.NewLabel();
  b_.JumpIfImm(BPF_JEQ, R8, 0, first);
  b_.AluImm(BPF_SUB, R1, 1);
  b_.Bind(first);
  b_.Store(8, R10, s.addr, R1);
  b_.AluImm(BPF_ADD, R8, 1);

  // The mapping holding addr: the last one starting at or below it.
  b_.StoreImm(4, R10, key_index, static_cast<int32_t>(kMappingCountIndex));
  GenLookupOrJump(shared_.ustack_mappings, 0, s.key, frame_pointers);
  b_.Load(8, R1, R10, s.addr);
  b_.Store(8, R10, s.vaddr, R1);
  b_.Load(8, R1, R0, offsetof(UserMappingEntry, start));
  b_.JumpIfImm(BPF_JEQ, R1, 0, frame_pointers);
  GenLastAtOrBelow(shared_.ustack_mappings, 0, s.key, key_index, R1, kMappingSearchSteps, s,
                   frame_pointers);
  b_.Load(8, R1, R10, s.addr);
  b_.Load(8, R2, R0, offsetof(UserMappingEntry, start));
  b_.JumpIf(BPF_JLT, R1, R2, frame_pointers);  // in no mapping: JIT code, say
  b_.Load(8, R2, R0, offsetof(UserMappingEntry, end));
  b_.JumpIf(BPF_JGE, R1, R2, frame_pointers);

  // r0: the mapping. Its object's rows, if it has any.
  b_.Load(8, R2, R0, offsetof(UserMappingEntry, start));
  b_.Alu(BPF_SUB, R1, R2);
  b_.Load(8, R2, R0, offsetof(UserMappingEntry, vaddr_start));
  b_.Alu(BPF_ADD, R1, R2);
  b_.Store(8, R10, s.vaddr, R1);
  b_.Load(4, R1, R0, offsetof(UserMappingEntry, rows));
  b_.JumpIfImm(BPF_JEQ, R1, 0, frame_pointers);
  b_.Store(8, R10, s.hi, R1);
  b_.Load(4, R1, R0, offsetof(UserMappingEntry, object));
  b_.Store(8, R10, s.word, R1);
  GenLookupOrJump(shared_.ustack_rows, 0, s.word, frame_pointers);
  b_.Store(8, R10, s.rows, R0);

  // The row: the last one whose pc is at or below vaddr.
  b_.Load(8, R1, R10, s.hi);
  GenLastAtOrBelow(-1, s.rows, s.word, s.word, R1, kRowSearchSteps, s, frame_pointers);
  b_.Load(8, R1, R0, kRowPcOffset);
  b_.Load(8, R2, R10, s.vaddr);
  b_.JumpIf(BPF_JGT, R1, R2, frame_pointers);  // before the first row
  GenApplyUnwindRow(s.pc, s.sp, s.bp, s.cfa, s.caller_bp, frame_pointers, done);
  b_.Jump(step);

  // No table: the frame pointer chain. rbp 0 ends it (the outermost frame).
  b_.Bind(frame_pointers);
  b_.Load(8, R1, R10, s.bp);
  b_.JumpIfImm(BPF_JEQ, R1, 0, done);
  ReadUserWord(b_, s.caller_bp, R1, done);
  b_.Load(8, R1, R10, s.bp);
  b_.AluImm(BPF_ADD, R1, 16);
  b_.Store(8, R10, s.cfa, R1);

  // The caller: its pc is the return address just below the CFA, its sp
  // the CFA. The stack grows down, so a caller's frame lies above.
  b_.Bind(step);
  b_.Load(8, R1, R10, s.cfa);
  b_.AluImm(BPF_SUB, R1, 8);
  ReadUserWord(b_, s.word, R1, done);
  b_.Load(8, R1, R10, s.cfa);
  b_.Load(8, R2, R10, s.sp);
  b_.JumpIf(BPF_JLE, R1, R2, done);
  b_.Store(8, R10, s.sp, R1);
  b_.Load(8, R1, R10, s.word);
  b_.Store(8, R10, s.pc, R1);
  b_.Load(8, R1, R10, s.caller_bp);
  b_.Store(8, R10, s.bp, R1);
  b_.Jump(loop);

  // Each frame the walk may end at leaves another count in r8; passed
  // through memory it becomes one unknown value, so the verifier checks the
  // rest of the clause once rather than once per possible count.
  // The walk's slots are cleared for the same reason: what each way out
  // left in them would otherwise tell the paths apart.
  b_.Bind(done);
  b_.Store(8, R7, static_cast<int16_t>(count_word), R8);
  b_.Load(8, R0, R7, static_cast<int16_t>(count_word));
  b_.MovImm(R8, 0);
  for (int16_t slot = static_cast<int16_t>(-stack_top_); slot < -mark; slot += 8)
    b_.StoreImm(8, R10, slot, 0);
  ReleaseSlotsTo(mark);
}

// Branch-free binary search: the searches have no branch on what they
// find, so the verifier walks each step once instead of once per way the
// steps before it went. Every index looked up lies below count. Over
// `count` (in register `count`, at least 1)
// elements sorted by the u64 at their offset 0, finds the last one whose
// word is at or below the u64 at s.vaddr (or the first element when none
// is), and leaves r0 pointing at it. The element index is the u32 at
// index_at, in the key at key_slot. Words are below 2^62 (user addresses,
// ELF vaddrs), so the sign of their difference compares them.
void FunctionGen::GenLastAtOrBelow(int map, int16_t map_slot, int16_t key_slot, int16_t index_at,
                                   Reg count, int steps, const UserWalkSlots& s, Label missing) {
  b_.Store(8, R10, s.hi, count);  // elements left to search
  b_.StoreImm(8, R10, s.lo, 0);   // the first of them
  for (int i = 0; i < steps; ++i) {
    b_.Load(8, R1, R10, s.hi);
    b_.AluImm(BPF_RSH, R1, 1);
    b_.Store(8, R10, s.cfa, R1);  // half
    b_.Load(8, R2, R10, s.lo);
    b_.Alu(BPF_ADD, R1, R2);
    b_.Store(4, R10, index_at, R1);
    GenLookupOrJump(map, map_slot, key_slot, missing);  // never while the tables hold still
    // lo += (element <= target) ? half : 0; left -= half
    b_.Load(8, R1, R0, 0);
    b_.Load(8, R2, R10, s.vaddr);
    b_.Alu(BPF_SUB, R2, R1);
    b_.AluImm(BPF_RSH, R2, 63);
    b_.AluImm(BPF_SUB, R2, 1);
    b_.Load(8, R3, R10, s.cfa);
    b_.Alu(BPF_AND, R2, R3);
    b_.Load(8, R1, R10, s.lo);
    b_.Alu(BPF_ADD, R1, R2);
    b_.Store(8, R10, s.lo, R1);
    b_.Load(8, R1, R10, s.hi);
    b_.Alu(BPF_SUB, R1, R3);
    b_.Store(8, R10, s.hi, R1);
  }
  b_.Load(8, R1, R10, s.lo);
  b_.Store(4, R10, index_at, R1);
  GenLookupOrJump(map, map_slot, key_slot, missing);
}

// r0: an unwind row (elf/unwind_table.h says how to apply one). Sets the
// CFA and the caller's rbp; jumps to no_info for a gap in the table and to
// end at the outermost frame or a rule the table could not express.
void FunctionGen::GenApplyUnwindRow(int16_t pc, int16_t sp, int16_t bp, int16_t cfa,
                                    int16_t caller_bp, Label no_info, Label end) {
  Label rsp_based = b_.NewLabel(), rbp_based = b_.NewLabel(), plt = b_.NewLabel(),
        have_cfa = b_.NewLabel();
  b_.Load(1, R1, R0, kRowCfaRule);
  b_.Load(4, R2, R0, kRowCfaOffset);
  b_.AluImm(BPF_LSH, R2, 32);
  b_.AluImm(BPF_ARSH, R2, 32);
  b_.JumpIfImm(BPF_JEQ, R1, kRowCfaRsp, rsp_based);
  b_.JumpIfImm(BPF_JEQ, R1, kRowCfaRbp, rbp_based);
  b_.JumpIfImm(BPF_JEQ, R1, kRowCfaPlt, plt);
  b_.JumpIfImm(BPF_JEQ, R1, kRowCfaNoInfo, no_info);
  b_.Jump(end);  // the outermost frame, or a rule the table could not express
  b_.Bind(rsp_based);
  b_.Load(8, R3, R10, sp);
  b_.Alu(BPF_ADD, R3, R2);
  b_.Jump(have_cfa);
  b_.Bind(rbp_based);
  b_.Load(8, R3, R10, bp);
  b_.Alu(BPF_ADD, R3, R2);
  b_.Jump(have_cfa);
  b_.Bind(plt);  // CFA = rsp + 8, + 8 more once past the stub's push
  b_.Load(8, R3, R10, sp);
  b_.AluImm(BPF_ADD, R3, 8);
  b_.Load(8, R4, R10, pc);
  b_.AluImm(BPF_AND, R4, 15);
  b_.JumpIf(BPF_JLT, R4, R2, have_cfa);
  b_.AluImm(BPF_ADD, R3, 8);
  b_.Bind(have_cfa);
  b_.Store(8, R10, cfa, R3);

  Label unchanged = b_.NewLabel(), saved = b_.NewLabel(), done = b_.NewLabel();
  b_.Load(1, R1, R0, kRowRbpRule);
  b_.Load(2, R2, R0, kRowRbpOffset);
  b_.AluImm(BPF_LSH, R2, 48);
  b_.AluImm(BPF_ARSH, R2, 48);
  b_.JumpIfImm(BPF_JEQ, R1, kRowRbpUnchanged, unchanged);
  b_.JumpIfImm(BPF_JEQ, R1, kRowRbpAtCfa, saved);
  b_.StoreImm(8, R10, caller_bp, 0);  // unknown: only an rbp-based CFA needs it
  b_.Jump(done);
  b_.Bind(unchanged);
  b_.Load(8, R1, R10, bp);
  b_.Store(8, R10, caller_bp, R1);
  b_.Jump(done);
  b_.Bind(saved);
  b_.Alu(BPF_ADD, R3, R2);
  ReadUserWord(b_, caller_bp, R3, end);
  b_.Bind(done);
}

}  // namespace dt
