// cwd, root and d_path(): the path of a dentry, walking up through d_parent
// and across mounts to the root, as the kernel's d_path() would, at most
// kMaxPathComponents steps. The D library's __path(dentry, vfsmount)
// stands for cwd and root; d_path(struct path *) starts from the path's
// dentry and mnt. Sema found the struct offsets the walk reads
// (Resolved::path_offsets).
#include "codegen/function_gen.h"

namespace dt {

using namespace bpf;

namespace {

constexpr int kMaxPathComponents = 16;
// The order of Resolved::path_offsets.
enum { kDParent, kDName, kMountMnt, kMntParent, kMntMountpoint, kMntRoot, kPathDentry, kPathMnt };

}  // namespace

// The walk's stack slots: where it is, and what one step reads.
struct FunctionGen::PathSlots {
  int16_t dentry, mount;
  int16_t stop, at_root, mnt_parent, mountpoint, d_parent;
};

void FunctionGen::GenPath(const ast::Expr& e) {
  const std::vector<uint32_t>& offsets = ResolutionOf(e).path_offsets;
  auto size = static_cast<int32_t>(e.type->size);
  // Twice the string's size: each component is read with the full size as
  // its limit, which keeps the verifier's bounds simple.
  uint32_t off = AllocScratch(2 * static_cast<uint32_t>(size));
  EnsureScratch();
  int mark = stack_top_;
  PathSlots s{};
  s.dentry = AllocSlot();
  s.mount = AllocSlot();
  int16_t names = AllocSlot(8 * kMaxPathComponents);
  GenExpr(*e.args[0]);
  if (e.args.size() == 1) {  // d_path(struct path *)
    b_.Store(8, R10, s.mount, R0);
    GenReadAt(s.mount, offsets[kPathDentry]);
    b_.Store(8, R10, s.dentry, R0);
    GenReadAt(s.mount, offsets[kPathMnt]);
  } else {
    b_.Store(8, R10, s.dentry, R0);
    GenExpr(*e.args[1]);
  }
  b_.AluImm(BPF_SUB, R0, static_cast<int32_t>(offsets[kMountMnt]));
  b_.Store(8, R10, s.mount, R0);
  for (int i = 0; i < kMaxPathComponents; ++i)
    b_.StoreImm(8, R10, static_cast<int16_t>(names + 8 * i), 0);
  // The walk is branch-free: every step reads all it might need and picks
  // with masks (all ones or zero), so the verifier follows one path
  // whatever the kernel (older verifiers give up on 2^steps branches).
  s.stop = AllocSlot();
  s.at_root = AllocSlot();
  s.mnt_parent = AllocSlot();
  s.mountpoint = AllocSlot();
  s.d_parent = AllocSlot();
  b_.StoreImm(8, R10, s.stop, 0);
  for (int i = 0; i < kMaxPathComponents; ++i)
    GenPathStep(offsets, s, static_cast<int16_t>(names + 8 * i));
  GenPathJoin(off, size, names);
  ReleaseSlotsTo(mark);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(off));
}

void FunctionGen::GenPathStep(const std::vector<uint32_t>& offsets, const PathSlots& s,
                              int16_t name) {
  GenReadAt(s.mount, offsets[kMountMnt] + offsets[kMntRoot]);
  b_.Load(8, R1, R10, s.dentry);
  b_.Alu(BPF_XOR, R0, R1);
  GenZeroMask(R0, R1);
  b_.Store(8, R10, s.at_root, R0);
  GenReadAt(s.mount, offsets[kMntParent]);
  b_.Store(8, R10, s.mnt_parent, R0);
  GenReadAt(s.mount, offsets[kMntMountpoint]);
  b_.Store(8, R10, s.mountpoint, R0);
  GenReadAt(s.dentry, offsets[kDParent]);
  b_.Store(8, R10, s.d_parent, R0);
  GenReadAt(s.dentry, offsets[kDName]);
  b_.Store(8, R10, name, R0);
  // The walk ends at the root of everything: a mount that is its own
  // parent, or a dentry that is its own parent (or an unreadable link).
  GenWalkEnds(R4, s.mnt_parent, s.mount);  // R4: the mount step would end the walk
  GenWalkEnds(R5, s.d_parent, s.dentry);   // R5: the dentry step would end the walk
  b_.Load(8, R1, R10, s.at_root);
  b_.Alu(BPF_AND, R4, R1);
  b_.AluImm(BPF_XOR, R1, -1);
  b_.Alu(BPF_AND, R5, R1);
  b_.Alu(BPF_OR, R4, R5);
  b_.Load(8, R1, R10, s.stop);
  b_.Alu(BPF_OR, R1, R4);
  b_.Store(8, R10, s.stop, R1);
  // A name counts only for a dentry step taken before the end.
  b_.Load(8, R2, R10, s.at_root);
  b_.Alu(BPF_OR, R1, R2);
  b_.AluImm(BPF_XOR, R1, -1);
  b_.Load(8, R2, R10, name);
  b_.Alu(BPF_AND, R2, R1);
  b_.Store(8, R10, name, R2);
  // Step: across the mount, or up to the parent dentry; stay once ended.
  GenSelectSlot(s.mountpoint, s.at_root, s.mountpoint, s.d_parent);  // the next dentry
  GenSelectSlot(s.mnt_parent, s.at_root, s.mnt_parent, s.mount);     // the next mount
  GenSelectSlot(s.dentry, s.stop, s.dentry, s.mountpoint);
  GenSelectSlot(s.mount, s.stop, s.mount, s.mnt_parent);
}

// The names from the root down, each after a "/", into r7+off.
void FunctionGen::GenPathJoin(uint32_t off, int32_t size, int16_t names) {
  ZeroMem(R7, static_cast<int16_t>(off), static_cast<uint32_t>(size));
  b_.MovImm(R9, 0);  // where the next "/name" goes
  // Branch-free, so the verifier sees one state per step: an empty slot
  // reads nothing (the helper fails) and does not move R9, and its "/" is
  // overwritten by the next component or the final NUL. Masking R9 bounds
  // every write inside the doubled buffer; a path longer than the mask
  // wraps (it would be truncated anyway).
  int32_t mask = 1;
  while (mask * 2 <= size) mask *= 2;
  mask -= 1;
  for (int i = kMaxPathComponents - 1; i >= 0; --i) {
    b_.AluImm(BPF_AND, R9, mask);
    b_.Mov(R1, R7);
    b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
    b_.Alu(BPF_ADD, R1, R9);
    b_.StoreImm(1, R1, 0, '/');
    b_.AluImm(BPF_ADD, R1, 1);
    b_.MovImm(R2, size);
    b_.Load(8, R3, R10, static_cast<int16_t>(names + 8 * i));
    b_.Call(BPF_FUNC_probe_read_kernel_str);
    b_.Mov(R1, R0);  // R0 = max(R0, 0) without a branch
    b_.AluImm(BPF_ARSH, R1, 63);
    b_.AluImm(BPF_XOR, R1, -1);
    b_.Alu(BPF_AND, R0, R1);
    b_.Alu(BPF_ADD, R9, R0);
  }
  b_.AluImm(BPF_AND, R9, mask);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
  b_.Alu(BPF_ADD, R1, R9);
  b_.StoreImm(1, R1, 0, 0);
  Label done = b_.NewLabel();
  b_.JumpIfImm(BPF_JNE, R9, 0, done);
  b_.StoreImm(1, R7, static_cast<int16_t>(off), '/');
  b_.Bind(done);
  b_.StoreImm(1, R7, static_cast<int16_t>(off + size - 1), 0);
}

void FunctionGen::GenReadAt(int16_t base_slot, uint32_t offset) {
  b_.Load(8, R0, R10, base_slot);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(offset));
  GenKernelRead(R0, 8);
}

void FunctionGen::GenZeroMask(Reg x, Reg tmp) {
  b_.Mov(tmp, x);
  b_.Neg(tmp);
  b_.Alu(BPF_OR, x, tmp);
  b_.AluImm(BPF_RSH, x, 63);
  b_.AluImm(BPF_SUB, x, 1);
}

void FunctionGen::GenWalkEnds(Reg out, int16_t next, int16_t self) {
  b_.Load(8, out, R10, next);
  b_.Load(8, R1, R10, self);
  b_.Alu(BPF_XOR, R1, out);
  GenZeroMask(R1, R2);
  GenZeroMask(out, R2);
  b_.Alu(BPF_OR, out, R1);
}

void FunctionGen::GenSelectSlot(int16_t dst, int16_t mask, int16_t if_set, int16_t if_clear) {
  b_.Load(8, R1, R10, mask);
  b_.Load(8, R2, R10, if_set);
  b_.Alu(BPF_AND, R2, R1);
  b_.AluImm(BPF_XOR, R1, -1);
  b_.Load(8, R3, R10, if_clear);
  b_.Alu(BPF_AND, R3, R1);
  b_.Alu(BPF_OR, R2, R3);
  b_.Store(8, R10, dst, R2);
}

}  // namespace dt
