// inet_ntoa(), inet_ntoa6() and inet_ntop(): an IPv4 or IPv6 address to
// its text, computed in BPF into a string in scratch memory.
//
// IPv6 text follows illumos DTrace: lower-case hexadecimal groups without
// leading zeros, and one run of zero groups written "::". Which run is
// illumos' choice, made byte by byte (GenZeroRun): the longest, the first
// of equal ones unless a later one is followed by a group below 0x100, a
// single zero group compressed inside the address but not at its end. A
// v4-mapped (::ffff:a.b.c.d) or v4-compatible (::a.b.c.d, not :: or ::1)
// address ends in dotted decimal; inet_ntoa6() gives only that part.
//
// Everything after reading the address is branch-free (0/1 arithmetic, as
// string_gen.cc explains): each character is stored at the output position
// r9 and r9 moves on by the character's 0/1 condition, so a character that
// is not wanted is a NUL that the next one overwrites.
#include <algorithm>

#include "codegen/function_gen.h"

namespace dt {

using ast::Expr;
using namespace bpf;

namespace {

// The longest text, "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255", and
// its NUL fit; r9 is masked to it.
constexpr uint32_t kTextBuffer = 64;
constexpr int32_t kPositionMask = kTextBuffer - 1;
constexpr int kAfInet = 2;    // Linux's AF_INET
constexpr int kAfInet6 = 10;  // Linux's AF_INET6

// dst = (x == 0) for any 64-bit x; clobbers tmp.
void IsZero01(Builder& b, Reg dst, Reg x, Reg tmp) {
  b.Mov(tmp, x);
  b.Neg(tmp);
  b.Alu(BPF_OR, tmp, x);
  b.Mov(dst, tmp);
  b.AluImm(BPF_RSH, dst, 63);
  b.AluImm(BPF_XOR, dst, 1);
}

// dst = (x >= c), x and c small (|x|, |c| < 2^62), signed.
void AtLeast01(Builder& b, Reg dst, Reg x, int32_t c) {
  b.Mov(dst, x);
  b.AluImm(BPF_SUB, dst, c);
  b.AluImm(BPF_RSH, dst, 63);
  b.AluImm(BPF_XOR, dst, 1);
}

}  // namespace

// Stores the byte in r3 at r7+out+r9 when r4 (0/1) is 1, else a NUL, and
// moves r9 on by r4. Clobbers r0, r1 and r3.
void FunctionGen::GenInetPut(uint32_t out) {
  b_.Mov(R1, R9);
  b_.AluImm(BPF_AND, R1, kPositionMask);
  b_.Mov(R0, R7);
  b_.Alu(BPF_ADD, R0, R1);
  b_.Alu(BPF_MUL, R3, R4);
  b_.Store(1, R0, static_cast<int16_t>(out), R3);
  b_.Alu(BPF_ADD, R9, R4);
}

// A byte (r8) in decimal without leading zeros, when the slot's flag is 1.
void FunctionGen::GenInetDecimal(uint32_t out, int16_t flag) {
  for (int k = 2; k >= 0; --k) {
    b_.Mov(R3, R8);
    if (k == 2) b_.AluImm(BPF_DIV, R3, 100);
    if (k == 1) b_.AluImm(BPF_DIV, R3, 10);
    if (k >= 1) b_.AluImm(BPF_MOD, R3, 10);
    if (k == 0) b_.AluImm(BPF_MOD, R3, 10);
    b_.AluImm(BPF_ADD, R3, '0');
    if (k == 0)
      b_.MovImm(R4, 1);
    else
      AtLeast01(b_, R4, R8, k == 2 ? 100 : 10);
    b_.Load(8, R5, R10, flag);
    b_.Alu(BPF_AND, R4, R5);
    GenInetPut(out);
  }
}

// A 16-bit group (r8) in hexadecimal without leading zeros, when the
// slot's flag is 1.
void FunctionGen::GenInetHex(uint32_t out, int16_t flag) {
  for (int k = 3; k >= 0; --k) {
    b_.Mov(R3, R8);
    b_.AluImm(BPF_RSH, R3, 4 * k);
    b_.AluImm(BPF_AND, R3, 15);
    // '0' + d, and 39 more past 9 ('a' - '0' - 10): (d + 6) >> 4 is 1 then.
    b_.Mov(R4, R3);
    b_.AluImm(BPF_ADD, R4, 6);
    b_.AluImm(BPF_RSH, R4, 4);
    b_.AluImm(BPF_MUL, R4, 39);
    b_.Alu(BPF_ADD, R3, R4);
    b_.AluImm(BPF_ADD, R3, '0');
    if (k == 0)
      b_.MovImm(R4, 1);
    else
      AtLeast01(b_, R4, R8, 1 << (4 * k));
    b_.Load(8, R5, R10, flag);
    b_.Alu(BPF_AND, R4, R5);
    GenInetPut(out);
  }
}

void FunctionGen::GenInetPutChar(uint32_t out, char c, int16_t flag) {
  b_.MovImm(R3, c);
  b_.Load(8, R4, R10, flag);
  GenInetPut(out);
}

// Four bytes at r10+addr in dotted decimal, when the flag is 1.
void FunctionGen::GenInetDotted(uint32_t out, int16_t addr, int16_t flag) {
  for (int i = 0; i < 4; ++i) {
    if (i > 0) GenInetPutChar(out, '.', flag);
    b_.Load(1, R8, R10, static_cast<int16_t>(addr + i));
    GenInetDecimal(out, flag);
  }
}

// illumos' choice of the zero run, over the 16 bytes at r10+addr: the
// slots get the run's first byte (-1: none) and its length in bytes.
void FunctionGen::GenZeroRun(int16_t addr, int16_t first, int16_t length) {
  int mark = stack_top_;
  int16_t trying = AllocSlot();  // where the run being measured starts (-1: none)
  b_.StoreImm(8, R10, trying, -1);
  b_.StoreImm(8, R10, first, -1);
  b_.StoreImm(8, R10, length, 1);
  for (int i = 0; i < 16; ++i) {
    b_.Load(1, R2, R10, static_cast<int16_t>(addr + i));
    IsZero01(b_, R0, R2, R1);  // r0: the byte is zero
    b_.Load(8, R3, R10, trying);
    b_.Mov(R2, R3);
    b_.AluImm(BPF_ADD, R2, 1);
    IsZero01(b_, R1, R2, R4);  // r1: no run being measured
    // r8: a run starts here (a zero byte that begins a group).
    if (i % 2 == 0) {
      b_.Mov(R8, R0);
      b_.Alu(BPF_AND, R8, R1);
    } else {
      b_.MovImm(R8, 0);
    }
    // r2: the run being measured ends here (a non-zero byte, or the last).
    b_.Mov(R2, R1);
    b_.AluImm(BPF_XOR, R2, 1);
    if (i != 15) {
      b_.Mov(R4, R0);
      b_.AluImm(BPF_XOR, R4, 1);
      b_.Alu(BPF_AND, R2, R4);
    }
    // r4: ... and it is longer than the best so far: i - trying > length.
    b_.Load(8, R5, R10, length);
    b_.MovImm(R4, i);
    b_.Alu(BPF_SUB, R4, R3);
    b_.Alu(BPF_SUB, R4, R5);
    AtLeast01(b_, R4, R4, 1);
    b_.Alu(BPF_AND, R4, R2);
    // Its length: whole groups up to here, and the last group too when it
    // ends the address with a zero byte.
    b_.MovImm(R1, i - i % 2);
    b_.Alu(BPF_SUB, R1, R3);
    if (i == 15) {
      b_.AluImm(BPF_LSH, R0, 1);
      b_.Alu(BPF_ADD, R1, R0);
    }
    b_.Alu(BPF_SUB, R1, R5);  // length += better * (new - length)
    b_.Alu(BPF_MUL, R1, R4);
    b_.Alu(BPF_ADD, R5, R1);
    b_.Store(8, R10, length, R5);
    b_.Load(8, R1, R10, first);  // first += better * (trying - first)
    b_.Mov(R0, R3);
    b_.Alu(BPF_SUB, R0, R1);
    b_.Alu(BPF_MUL, R0, R4);
    b_.Alu(BPF_ADD, R1, R0);
    b_.Store(8, R10, first, R1);
    // trying becomes i where a run starts, -1 where one ends.
    b_.MovImm(R0, i);
    b_.Alu(BPF_SUB, R0, R3);
    b_.Alu(BPF_MUL, R0, R8);
    b_.MovImm(R1, -1);
    b_.Alu(BPF_SUB, R1, R3);
    b_.Alu(BPF_MUL, R1, R2);
    b_.Alu(BPF_ADD, R3, R0);
    b_.Alu(BPF_ADD, R3, R1);
    b_.Store(8, R10, trying, R3);
  }
  ReleaseSlotsTo(mark);
}

// r4 = 1 when the IPv6 address at r10+addr ends in an IPv4 address:
// v4-mapped (80 zero bits, 16 one bits) or v4-compatible (96 zero bits,
// then neither 0 nor 1). Clobbers r0-r3, r5.
void FunctionGen::GenEmbeddedV4(int16_t addr) {
  b_.Load(8, R2, R10, addr);
  b_.Load(2, R3, R10, static_cast<int16_t>(addr + 8));
  b_.Alu(BPF_OR, R2, R3);
  IsZero01(b_, R5, R2, R0);  // r5: the first 80 bits are zero
  b_.Load(2, R2, R10, static_cast<int16_t>(addr + 10));
  b_.AluImm(BPF_XOR, R2, 0xffff);
  IsZero01(b_, R4, R2, R0);  // r4: then 16 one bits
  b_.Alu(BPF_AND, R4, R5);
  b_.Load(2, R2, R10, static_cast<int16_t>(addr + 10));
  IsZero01(b_, R3, R2, R0);
  b_.Alu(BPF_AND, R5, R3);  // r5: the first 96 bits are zero
  b_.Load(4, R2, R10, static_cast<int16_t>(addr + 12));
  b_.AluImm(BPF_AND, R2, 0xfeffffff);  // the last 32 bits are 0 or 1 (bytes in memory order)
  IsZero01(b_, R3, R2, R0);
  b_.AluImm(BPF_XOR, R3, 1);
  b_.Alu(BPF_AND, R5, R3);
  b_.Alu(BPF_OR, R4, R5);
}

void FunctionGen::GenInet(const Expr& e, InetKind kind) {
  auto size = static_cast<uint32_t>(e.type->size);
  uint32_t buffer = std::max(kTextBuffer, (size + 7) & ~7u);
  uint32_t out = AllocScratch(buffer);
  EnsureScratch();
  int mark = stack_top_;
  int16_t addr = AllocSlot(16);
  int16_t addr_slot = AllocSlot();
  int16_t family = AllocSlot();
  int16_t flag = AllocSlot();
  const Expr* address = e.args[0].get();
  if (kind == InetKind::kNtop) {
    GenExpr(*e.args[0]);
    b_.Store(8, R10, family, R0);
    address = e.args[1].get();
  } else {
    b_.StoreImm(8, R10, family, kind == InetKind::kNtoa ? kAfInet : kAfInet6);
  }
  GenExpr(*address);
  b_.Store(8, R10, addr_slot, R0);
  ZeroMem(R7, static_cast<int16_t>(out), buffer);
  b_.StoreImm(8, R10, addr, 0);
  b_.StoreImm(8, R10, static_cast<int16_t>(addr + 8), 0);
  b_.MovImm(R9, 0);
  Label v6 = b_.NewLabel(), done = b_.NewLabel();
  b_.Load(8, R0, R10, family);
  b_.JumpIfImm(BPF_JEQ, R0, kAfInet6, v6);
  Label inet4 = b_.NewLabel();
  b_.JumpIfImm(BPF_JEQ, R0, kAfInet, inet4);
  b_.MovImm(R0, 0);
  EmitFault(FaultKind::kIllegalOp, R0);  // neither AF_INET nor AF_INET6
  b_.Bind(inet4);
  b_.Mov(R1, R10);
  b_.AluImm(BPF_ADD, R1, addr);
  b_.MovImm(R2, 4);
  CallReadHelperChecked(BPF_FUNC_probe_read_kernel, addr_slot);
  b_.StoreImm(8, R10, flag, 1);
  GenInetDotted(out, addr, flag);
  b_.Jump(done);

  b_.Bind(v6);
  b_.Mov(R1, R10);
  b_.AluImm(BPF_ADD, R1, addr);
  b_.MovImm(R2, 16);
  CallReadHelperChecked(BPF_FUNC_probe_read_kernel, addr_slot);
  int16_t first = AllocSlot(), length = AllocSlot(), v4 = AllocSlot();
  int16_t last = AllocSlot(), compress = AllocSlot(), shown = AllocSlot();
  GenZeroRun(addr, first, length);
  GenEmbeddedV4(addr);
  b_.Store(8, R10, v4, R4);
  // The groups shown: all 8, or 6 before an IPv4 part (none for
  // inet_ntoa6(), which shows only that part).
  b_.Mov(R0, R4);
  b_.AluImm(BPF_LSH, R0, 2);
  b_.MovImm(R1, 14);
  b_.Alu(BPF_SUB, R1, R0);
  b_.Store(8, R10, last, R1);  // the last group's first byte: 14 or 10
  if (kind == InetKind::kNtoa6) {
    b_.AluImm(BPF_XOR, R4, 1);
  } else {
    b_.MovImm(R4, 1);
  }
  b_.Store(8, R10, shown, R4);  // any group is shown
  // "::" stands for the run when the run's last group is one shown.
  b_.Load(8, R0, R10, first);
  b_.Load(8, R1, R10, length);
  b_.Alu(BPF_ADD, R1, R0);
  b_.AluImm(BPF_SUB, R1, 2);  // the run's last group's first byte
  b_.Load(8, R2, R10, last);
  b_.Alu(BPF_SUB, R2, R1);
  AtLeast01(b_, R3, R2, 0);
  AtLeast01(b_, R2, R0, 0);
  b_.Alu(BPF_AND, R3, R2);
  b_.Store(8, R10, compress, R3);
  for (int g = 0; g < 8; ++g) {
    const int i = 2 * g;
    // r5: the group is shown; r4: it is inside the compressed run.
    b_.Load(8, R5, R10, shown);
    if (g >= 6) {
      b_.Load(8, R0, R10, v4);
      b_.AluImm(BPF_XOR, R0, 1);
      b_.Alu(BPF_AND, R5, R0);
    }
    b_.Load(8, R0, R10, first);
    b_.MovImm(R4, i);
    b_.Alu(BPF_SUB, R4, R0);
    AtLeast01(b_, R4, R4, 0);  // i >= first
    b_.Load(8, R1, R10, length);
    b_.Alu(BPF_ADD, R1, R0);
    b_.AluImm(BPF_SUB, R1, 2 + i);
    AtLeast01(b_, R2, R1, 0);  // i <= the run's last group
    b_.Alu(BPF_AND, R4, R2);
    IsZero01(b_, R2, R1, R3);  // r2: this is the run's last group
    b_.Load(8, R3, R10, compress);
    b_.Alu(BPF_AND, R4, R3);
    b_.Alu(BPF_AND, R2, R3);
    b_.Alu(BPF_AND, R2, R5);
    int group_mark = stack_top_;
    int16_t run_end = AllocSlot();
    b_.Store(8, R10, run_end, R2);
    // The group in hexadecimal, when shown and not compressed.
    b_.AluImm(BPF_XOR, R4, 1);
    b_.Alu(BPF_AND, R4, R5);
    b_.Store(8, R10, flag, R4);
    b_.Load(1, R8, R10, static_cast<int16_t>(addr + i));
    b_.AluImm(BPF_LSH, R8, 8);
    b_.Load(1, R0, R10, static_cast<int16_t>(addr + i + 1));
    b_.Alu(BPF_OR, R8, R0);
    GenInetHex(out, flag);
    // Its ":" (none after the last group nor before the run).
    if (g < 7) {
      b_.Load(8, R0, R10, first);
      b_.AluImm(BPF_SUB, R0, i + 2);
      IsZero01(b_, R1, R0, R2);
      b_.AluImm(BPF_XOR, R1, 1);
      b_.Load(8, R4, R10, flag);
      b_.Alu(BPF_AND, R4, R1);
      b_.Store(8, R10, flag, R4);
      GenInetPutChar(out, ':', flag);
    }
    GenInetPutChar(out, ':', run_end);
    GenInetPutChar(out, ':', run_end);
    ReleaseSlotsTo(group_mark);
  }
  // The IPv4 part: after its ":", or after the "::" of a run that ends there.
  b_.Load(8, R0, R10, v4);
  b_.Store(8, R10, flag, R0);
  GenInetDotted(out, static_cast<int16_t>(addr + 12), flag);

  b_.Bind(done);
  b_.Mov(R1, R9);
  b_.AluImm(BPF_AND, R1, kPositionMask);
  b_.Mov(R0, R7);
  b_.Alu(BPF_ADD, R0, R1);
  b_.StoreImm(1, R0, static_cast<int16_t>(out), 0);
  if (size < kTextBuffer) b_.StoreImm(1, R7, static_cast<int16_t>(out + size - 1), 0);
  ReleaseSlotsTo(mark);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(out));
}

}  // namespace dt
