// cleanpath(): a path with "//", "/./" and "/../" taken out, as illumos
// DTrace does it. A single pass over the string, as a machine of four
// states: N (copying), S (after a "/"), D (after "/."), DD (after "/..").
//
//   "//" and "/./"    leave one pending "/" (state S);
//   "/../", "/..\0"   go back to the last "/" written (a stack of the
//                     places of the "/"s written), and at the end keep it:
//                     "/a/b/.." is "/a/", "a/.." is "a";
//   "/.x", "/..x"     are written as they are (so "a/." stays "a/.").
//   The result stops where 5 more bytes would not fit in strsize.
//
// The loop body has no branch (0/1 arithmetic, see string_gen.cc): every
// step writes four bytes at the output position, of which the step keeps
// 0 to 4; what lies past the final position is zeroed by a last pass.
#include <algorithm>

#include "codegen/function_gen.h"

namespace dt {

using ast::Expr;
using namespace bpf;

namespace {

uint32_t PowerOfTwo(uint32_t n) {
  uint32_t p = 8;
  while (p < n) p <<= 1;
  return p;
}

}  // namespace

void FunctionGen::GenCleanpath(const Expr& e) {
  const Expr& arg = *e.args[0];
  auto in_size = static_cast<uint32_t>(arg.type->size);
  auto size = static_cast<uint32_t>(e.type->size);
  uint32_t scanned = std::min(in_size, size);
  uint32_t out_mask = PowerOfTwo(size) - 1;
  uint32_t out = AllocScratch(out_mask + 1 + 8);  // 4 bytes written past the position
  uint32_t stack_entries = PowerOfTwo(size / 2 + 2);
  uint32_t slashes = AllocScratch(2 * stack_entries);
  int mark = stack_top_;
  int16_t st = AllocSlot(), j = AllocSlot(), done = AllocSlot(), sp = AllocSlot();
  int16_t c = AllocSlot(), slash = AllocSlot(), dot = AllocSlot(), nul = AllocSlot();
  int16_t in_n = AllocSlot(), in_s = AllocSlot(), in_d = AllocSlot(), in_dd = AllocSlot();
  int16_t ok = AllocSlot(), wr = AllocSlot(), k = AllocSlot();
  GenExpr(arg);
  EnsureScratch();
  b_.Mov(R9, R0);
  ZeroMem(R7, static_cast<int16_t>(out), out_mask + 1 + 8);
  for (int16_t s : {st, j, done, sp}) b_.StoreImm(8, R10, s, 0);

  // dst = (slot value == v), for small non-negative values; clobbers dst.
  auto eq_slot = [&](Reg dst, int16_t slot, int32_t v) {
    b_.Load(8, dst, R10, slot);
    b_.AluImm(BPF_XOR, dst, v);
    b_.AluImm(BPF_SUB, dst, 1);
    b_.AluImm(BPF_RSH, dst, 63);
  };
  auto put = [&](int16_t slot, Reg r) { b_.Store(8, R10, slot, r); };
  auto get = [&](Reg r, int16_t slot) { b_.Load(8, r, R10, slot); };

  b_.MovImm(R8, 0);
  Label next_byte = b_.NewLabel();
  b_.Bind(next_byte);
  b_.Load(1, R0, R9, 0);
  if (scanned == size) {  // the string is read as strsize - 1 characters
    b_.Mov(R1, R8);
    b_.AluImm(BPF_XOR, R1, static_cast<int32_t>(size - 1));
    b_.AluImm(BPF_SUB, R1, 1);
    b_.AluImm(BPF_RSH, R1, 63);
    b_.AluImm(BPF_XOR, R1, 1);
    b_.Alu(BPF_MUL, R0, R1);
  }
  put(c, R0);
  eq_slot(R1, c, '/');
  put(slash, R1);
  eq_slot(R1, c, '.');
  put(dot, R1);
  eq_slot(R1, c, 0);
  put(nul, R1);
  eq_slot(R1, st, 0);
  put(in_n, R1);
  eq_slot(R1, st, 1);
  put(in_s, R1);
  eq_slot(R1, st, 2);
  put(in_d, R1);
  eq_slot(R1, st, 3);
  put(in_dd, R1);

  // Back up (DD before "/" or the end): r5 = the new position.
  eq_slot(R2, done, 0);  // r2: active
  get(R3, slash);
  get(R4, nul);
  b_.Alu(BPF_OR, R3, R4);
  get(R4, in_dd);
  b_.Alu(BPF_AND, R3, R4);
  b_.Alu(BPF_AND, R3, R2);  // r3: back up
  eq_slot(R4, sp, 0);
  b_.AluImm(BPF_XOR, R4, 1);  // r4: a "/" is on the stack
  get(R0, sp);
  b_.Alu(BPF_SUB, R0, R4);
  b_.AluImm(BPF_AND, R0, static_cast<int32_t>(stack_entries - 1));
  b_.AluImm(BPF_LSH, R0, 1);
  b_.Mov(R1, R7);
  b_.Alu(BPF_ADD, R1, R0);
  b_.Load(2, R5, R1, static_cast<int16_t>(slashes));
  b_.Alu(BPF_MUL, R5, R4);  // the last "/", or 0
  get(R0, j);
  b_.Alu(BPF_SUB, R5, R0);
  b_.Alu(BPF_MUL, R5, R3);
  b_.Alu(BPF_ADD, R5, R0);  // j, or the last "/" when backing up
  put(j, R5);
  b_.Mov(R0, R4);
  b_.Alu(BPF_MUL, R0, R3);
  get(R1, sp);
  b_.Alu(BPF_SUB, R1, R0);
  put(sp, R1);

  // The room check, where illumos makes it: before a step that starts
  // with the character (state N) or with a pending "/".
  get(R3, in_n);
  get(R4, slash);
  b_.Alu(BPF_OR, R3, R4);
  b_.Alu(BPF_AND, R3, R2);
  b_.Mov(R4, R5);
  b_.AluImm(BPF_ADD, R4, 5);
  b_.AluImm(BPF_SUB, R4, static_cast<int32_t>(size));
  b_.AluImm(BPF_RSH, R4, 63);
  b_.AluImm(BPF_XOR, R4, 1);  // j + 5 >= size
  b_.Alu(BPF_AND, R3, R4);    // r3: no room: stop
  b_.Mov(R4, R3);
  b_.AluImm(BPF_XOR, R4, 1);
  b_.Alu(BPF_AND, R4, R2);
  put(ok, R4);
  get(R0, done);  // done |= no room | (ok & end)
  b_.Alu(BPF_OR, R0, R3);
  get(R1, nul);
  b_.Alu(BPF_AND, R1, R4);
  b_.Alu(BPF_OR, R0, R1);
  put(done, R0);

  // What the step writes: k characters of "/.." and the character, in
  // state N (k 0, not "/"), S (1, not "/" or "."), D (2, idem) or DD
  // (3, not "/" or the end).
  get(R0, slash);
  b_.AluImm(BPF_XOR, R0, 1);
  get(R1, dot);
  b_.AluImm(BPF_XOR, R1, 1);
  b_.Alu(BPF_AND, R1, R0);  // r1: neither "/" nor "."
  get(R3, in_s);
  get(R4, in_d);
  b_.Alu(BPF_OR, R3, R4);
  b_.Alu(BPF_AND, R3, R1);  // S or D writing
  get(R4, in_n);
  b_.Alu(BPF_AND, R4, R0);
  b_.Alu(BPF_OR, R3, R4);  // ... or N writing
  get(R4, nul);
  b_.AluImm(BPF_XOR, R4, 1);
  b_.Alu(BPF_AND, R4, R0);
  get(R1, in_dd);
  b_.Alu(BPF_AND, R4, R1);
  b_.Alu(BPF_OR, R3, R4);  // ... or DD writing
  get(R4, ok);
  b_.Alu(BPF_AND, R3, R4);
  put(wr, R3);
  get(R0, in_s);
  get(R1, in_d);
  b_.AluImm(BPF_LSH, R1, 1);
  b_.Alu(BPF_ADD, R0, R1);
  get(R1, in_dd);
  b_.AluImm(BPF_MUL, R1, 3);
  b_.Alu(BPF_ADD, R0, R1);
  put(k, R0);
  // The four bytes go at j, or at j + 1 when the step writes nothing: in
  // "/..\0" the byte at j is the "/" gone back to, which stays.
  get(R1, j);
  get(R0, wr);
  b_.AluImm(BPF_XOR, R0, 1);
  b_.Alu(BPF_ADD, R1, R0);
  b_.AluImm(BPF_AND, R1, static_cast<int32_t>(out_mask));
  b_.Mov(R3, R7);
  b_.Alu(BPF_ADD, R3, R1);
  static constexpr char kPrefix[] = "/..";
  for (int t = 0; t < 4; ++t) {
    get(R0, c);
    if (t < 3) {
      get(R1, k);
      b_.AluImm(BPF_SUB, R1, t + 1);
      b_.AluImm(BPF_RSH, R1, 63);
      b_.AluImm(BPF_XOR, R1, 1);  // k >= t + 1
      b_.MovImm(R2, kPrefix[t]);
      b_.Alu(BPF_SUB, R2, R0);
      b_.Alu(BPF_MUL, R2, R1);
      b_.Alu(BPF_ADD, R0, R2);
    }
    b_.Store(1, R3, static_cast<int16_t>(out + t), R0);
  }
  // A "/" written goes on the stack.
  get(R0, sp);
  b_.AluImm(BPF_AND, R0, static_cast<int32_t>(stack_entries - 1));
  b_.AluImm(BPF_LSH, R0, 1);
  b_.Mov(R1, R7);
  b_.Alu(BPF_ADD, R1, R0);
  get(R2, j);
  b_.Store(2, R1, static_cast<int16_t>(slashes), R2);
  get(R0, k);
  b_.AluImm(BPF_SUB, R0, 1);
  b_.AluImm(BPF_RSH, R0, 63);
  b_.AluImm(BPF_XOR, R0, 1);
  get(R1, wr);
  b_.Alu(BPF_AND, R0, R1);
  get(R1, sp);
  b_.Alu(BPF_ADD, R1, R0);
  put(sp, R1);
  // j += wr * (k + 1), and 1 for "/..\0" (the "/" gone back to stays).
  get(R0, k);
  b_.AluImm(BPF_ADD, R0, 1);
  get(R1, wr);
  b_.Alu(BPF_MUL, R0, R1);
  get(R1, in_dd);
  get(R2, nul);
  b_.Alu(BPF_AND, R1, R2);
  get(R2, ok);
  b_.Alu(BPF_AND, R1, R2);
  b_.Alu(BPF_ADD, R0, R1);
  get(R1, j);
  b_.Alu(BPF_ADD, R1, R0);
  put(j, R1);
  // The next state: S after "/", D or DD after "." in S or D, else N;
  // unchanged once done.
  get(R0, in_s);
  b_.AluImm(BPF_LSH, R0, 1);
  get(R1, in_d);
  b_.AluImm(BPF_MUL, R1, 3);
  b_.Alu(BPF_ADD, R0, R1);
  get(R1, dot);
  b_.Alu(BPF_MUL, R0, R1);
  get(R1, slash);
  b_.Alu(BPF_ADD, R0, R1);
  get(R1, st);
  b_.Alu(BPF_SUB, R0, R1);
  get(R2, ok);
  b_.Alu(BPF_MUL, R0, R2);
  b_.Alu(BPF_ADD, R0, R1);
  put(st, R0);

  b_.AluImm(BPF_ADD, R9, 1);
  b_.AluImm(BPF_ADD, R8, 1);
  b_.JumpIfImm(BPF_JLT, R8, static_cast<int32_t>(scanned), next_byte);

  // Zero everything from the final position on.
  get(R5, j);
  b_.Mov(R9, R7);
  b_.AluImm(BPF_ADD, R9, static_cast<int32_t>(out));
  b_.MovImm(R8, 0);
  Label next_out = b_.NewLabel();
  b_.Bind(next_out);
  b_.Mov(R1, R8);
  b_.Alu(BPF_SUB, R1, R5);
  b_.AluImm(BPF_RSH, R1, 63);  // before the position
  b_.Load(1, R0, R9, 0);
  b_.Alu(BPF_MUL, R0, R1);
  b_.Store(1, R9, 0, R0);
  b_.AluImm(BPF_ADD, R9, 1);
  b_.AluImm(BPF_ADD, R8, 1);
  b_.JumpIfImm(BPF_JLT, R8, static_cast<int32_t>(size), next_out);
  b_.StoreImm(1, R7, static_cast<int16_t>(out + size - 1), 0);
  ReleaseSlotsTo(mark);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(out));
}

}  // namespace dt
