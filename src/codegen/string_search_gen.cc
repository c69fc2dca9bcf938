// String searches computed in BPF: index(), rindex(), strstr(), strchr(),
// strrchr(), strtok() and strtoll(). They keep string_gen.cc's two rules: loops over
// bytes have no branch in their body, and an index found in the bytes goes
// through a scratch word before it becomes an offset.
//
// index(), rindex() and strstr() find the pattern with the shift-and
// method: a table gives, for each byte value, the pattern positions that
// hold it as bits; one pass over the string shifts a bit vector along and
// ANDs in the table entry of each byte, so bit m-1 is set exactly where a
// match of the m-byte pattern ends. That is one pass per string, not one
// comparison per position and pattern byte, and the verifier walks each
// loop once per iteration. Patterns of up to kMaxPatternWords * 64 bytes.
#include <algorithm>

#include "codegen/function_gen.h"

namespace dt {

using ast::Expr;
using namespace bpf;

namespace {

constexpr uint32_t kMaxPatternWords = 4;

uint32_t PowerOfTwoAtLeast(uint32_t n) {
  uint32_t p = 8;
  while (p < n) p <<= 1;
  return p;
}

}  // namespace

uint32_t FunctionGen::ScannedBytes(const Expr& s) const {
  // The bytes of a string that can hold characters and its NUL.
  auto size = static_cast<uint32_t>(s.type->size);
  return std::max<uint32_t>(1,
                            std::min<uint64_t>(size, std::max<uint64_t>(1, options_.string_limit)));
}

void FunctionGen::GenBit01(Reg r) {
  // r = (r != 0) for any 64-bit r: r | -r has the sign bit unless r is 0.
  b_.Mov(R0, r);
  b_.Neg(R0);
  b_.Alu(BPF_OR, r, R0);
  b_.AluImm(BPF_RSH, r, 63);
}

void FunctionGen::GenSearch(const Expr& e, SearchKind kind) {
  // DTrace's rules (illumos), with len = strlen(s) and m = strlen(t):
  //   index: the first match at or after start (a negative start is 0);
  //   rindex: the last match at or before start (a start past len is len;
  //     a negative one finds nothing); -1 when there is none.
  //   An empty t matches at the start clamped to 0..len: index(s, "") is
  //   0 and rindex(s, "") is len without a start.
  //   strstr: the rest of s from the first match (the whole of s for an
  //   empty t). DTrace returns NULL when there is no match; a D string
  //   here is a value, so it is "".
  const Expr& s = *e.args[0];
  const Expr& t = *e.args[1];
  uint32_t s_bytes = ScannedBytes(s);
  uint32_t t_bytes = ScannedBytes(t);
  uint32_t words = std::min(kMaxPatternWords, (std::min(t_bytes - 1, s_bytes) + 63) / 64);
  words = std::max<uint32_t>(words, 1);
  uint32_t entry = words * 8;
  uint32_t result_word = AllocScratch(8);
  int mark = stack_top_;
  int16_t s_slot = AllocSlot();
  int16_t t_slot = AllocSlot();
  int16_t len_slot = AllocSlot();
  GenExpr(s);
  b_.Store(8, R10, s_slot, R0);
  GenExpr(t);
  b_.Store(8, R10, t_slot, R0);
  bool has_start = e.args.size() == 3;
  if (has_start) {
    GenExpr(*e.args[2]);  // an int: its low 32 bits, signed
    b_.AluImm(BPF_LSH, R0, 32);
    b_.AluImm(BPF_ARSH, R0, 32);
  } else if (kind == SearchKind::kRindex) {
    b_.MovImm(R0, INT32_MAX);
  } else {
    b_.MovImm(R0, 0);
  }
  EnsureScratch();
  // The table and the words below are dead once the result is stored:
  // later subroutines of the clause reuse their scratch.
  uint32_t scratch_mark = scratch_top_;
  uint32_t table = AllocScratch(256 * entry);
  uint32_t state = AllocScratch(entry);  // the bit vector
  uint32_t ends = AllocScratch(entry);   // bit m-1: a match ends there
  uint32_t m_word = AllocScratch(8);
  uint32_t bound_word = AllocScratch(8);  // index: first start; rindex: last
  b_.Store(8, R7, static_cast<int16_t>(bound_word), R0);
  b_.Load(8, R0, R10, t_slot);
  GenStrlen(t_bytes);
  b_.Store(8, R7, static_cast<int16_t>(m_word), R0);
  b_.Load(8, R0, R10, s_slot);
  GenStrlen(s_bytes);
  b_.Store(8, R10, len_slot, R0);

  // ends[w] = the bit of m - 1 when it falls in word w (none for m = 0).
  b_.Load(8, R1, R7, static_cast<int16_t>(m_word));
  b_.AluImm(BPF_SUB, R1, 1);
  b_.Mov(R2, R1);
  b_.AluImm(BPF_RSH, R2, 6);
  b_.AluImm(BPF_AND, R1, 63);
  for (uint32_t w = 0; w < words; ++w) {
    b_.Mov(R3, R2);  // (q ^ w) - 1 is negative only when q == w
    b_.AluImm(BPF_XOR, R3, static_cast<int32_t>(w));
    b_.AluImm(BPF_SUB, R3, 1);
    b_.AluImm(BPF_RSH, R3, 63);
    b_.Alu(BPF_LSH, R3, R1);
    b_.Store(8, R7, static_cast<int16_t>(ends + w * 8), R3);
    b_.StoreImm(8, R7, static_cast<int16_t>(state + w * 8), 0);
  }

  // Only the entries of the bytes of s are ever read: clear those.
  Label clear = b_.NewLabel();
  b_.Load(8, R1, R10, s_slot);
  b_.MovImm(R2, 0);
  b_.Bind(clear);
  b_.Load(1, R3, R1, 0);
  b_.AluImm(BPF_MUL, R3, static_cast<int32_t>(entry));
  b_.Alu(BPF_ADD, R3, R7);
  for (uint32_t w = 0; w < words; ++w) b_.StoreImm(8, R3, static_cast<int16_t>(table + w * 8), 0);
  b_.AluImm(BPF_ADD, R1, 1);
  b_.AluImm(BPF_ADD, R2, 1);
  b_.JumpIfImm(BPF_JLT, R2, static_cast<int32_t>(s_bytes), clear);

  // Pattern byte i sets bit i % 64 of word i / 64 of its byte's entry; the
  // NUL and the zeros after it set nothing.
  for (uint32_t w = 0; w < words && w * 64 < t_bytes; ++w) {
    uint32_t count = std::min<uint32_t>(64, t_bytes - w * 64);
    Label next = b_.NewLabel();
    b_.Load(8, R1, R10, t_slot);
    b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(w * 64));
    b_.MovImm(R2, 0);
    b_.Bind(next);
    b_.Load(1, R3, R1, 0);
    b_.Mov(R4, R3);  // r4 = (byte != 0) << i
    b_.AluImm(BPF_ADD, R4, 255);
    b_.AluImm(BPF_RSH, R4, 8);
    b_.Alu(BPF_LSH, R4, R2);
    b_.AluImm(BPF_MUL, R3, static_cast<int32_t>(entry));
    b_.Alu(BPF_ADD, R3, R7);
    b_.Load(8, R5, R3, static_cast<int16_t>(table + w * 8));
    b_.Alu(BPF_OR, R5, R4);
    b_.Store(8, R3, static_cast<int16_t>(table + w * 8), R5);
    b_.AluImm(BPF_ADD, R1, 1);
    b_.AluImm(BPF_ADD, R2, 1);
    b_.JumpIfImm(BPF_JLT, R2, static_cast<int32_t>(count), next);
  }

  // The pass: r1 walks s, r2 is the index, r8 the result (-1: none yet).
  Label step = b_.NewLabel();
  b_.Load(8, R1, R10, s_slot);
  b_.MovImm(R2, 0);
  b_.MovImm(R8, -1);
  b_.Bind(step);
  b_.Load(1, R3, R1, 0);
  b_.AluImm(BPF_MUL, R3, static_cast<int32_t>(entry));
  b_.Alu(BPF_ADD, R3, R7);
  // From the top word down, so each still sees the old word below it.
  b_.MovImm(R9, 0);  // r9 = ORed (state & ends): a match ends here
  for (uint32_t w = words; w-- > 0;) {
    b_.Load(8, R4, R7, static_cast<int16_t>(state + w * 8));
    b_.AluImm(BPF_LSH, R4, 1);
    if (w > 0) {
      b_.Load(8, R5, R7, static_cast<int16_t>(state + (w - 1) * 8));
      b_.AluImm(BPF_RSH, R5, 63);
      b_.Alu(BPF_OR, R4, R5);
    } else {
      b_.AluImm(BPF_OR, R4, 1);
    }
    b_.Load(8, R5, R3, static_cast<int16_t>(table + w * 8));
    b_.Alu(BPF_AND, R4, R5);
    b_.Store(8, R7, static_cast<int16_t>(state + w * 8), R4);
    b_.Load(8, R5, R7, static_cast<int16_t>(ends + w * 8));
    b_.Alu(BPF_AND, R4, R5);
    b_.Alu(BPF_OR, R9, R4);
  }
  GenBit01(R9);
  // r4 = where the match starts: index + 1 - m.
  b_.Mov(R4, R2);
  b_.AluImm(BPF_ADD, R4, 1);
  b_.Load(8, R5, R7, static_cast<int16_t>(m_word));
  b_.Alu(BPF_SUB, R4, R5);
  b_.Load(8, R5, R7, static_cast<int16_t>(bound_word));
  if (kind == SearchKind::kRindex) {
    b_.Alu(BPF_SUB, R5, R4);  // r5 = (start <= bound): bound - start is not negative
  } else {
    b_.Alu(BPF_SUB, R5, R4);  // r5 = (start >= bound): bound - start - 1 is negative
    b_.AluImm(BPF_SUB, R5, 1);
  }
  b_.AluImm(BPF_RSH, R5, 63);
  if (kind == SearchKind::kRindex) b_.AluImm(BPF_XOR, R5, 1);
  b_.Alu(BPF_AND, R9, R5);
  if (kind != SearchKind::kRindex) {
    b_.Mov(R5, R8);  // the first match only: the result is still -1
    b_.AluImm(BPF_RSH, R5, 63);
    b_.Alu(BPF_AND, R9, R5);
  }
  b_.Alu(BPF_SUB, R4, R8);  // r8 += take * (start - r8)
  b_.Alu(BPF_MUL, R4, R9);
  b_.Alu(BPF_ADD, R8, R4);
  b_.AluImm(BPF_ADD, R1, 1);
  b_.AluImm(BPF_ADD, R2, 1);
  b_.JumpIfImm(BPF_JLT, R2, static_cast<int32_t>(s_bytes), step);
  b_.Store(8, R7, static_cast<int16_t>(result_word), R8);

  // An empty pattern: the start clamped to 0..len (index with no start: 0;
  // rindex with none: len; strstr: 0).
  Label found = b_.NewLabel(), low = b_.NewLabel();
  b_.Load(8, R1, R7, static_cast<int16_t>(m_word));
  b_.JumpIfImm(BPF_JNE, R1, 0, found);
  b_.Load(8, R1, R7, static_cast<int16_t>(bound_word));
  b_.Load(8, R2, R10, len_slot);
  if (kind == SearchKind::kStrstr) b_.MovImm(R1, 0);
  b_.JumpIf(BPF_JSLE, R1, R2, low);
  b_.Mov(R1, R2);
  b_.Bind(low);
  Label store = b_.NewLabel();
  b_.JumpIfImm(BPF_JSGE, R1, 0, store);
  b_.MovImm(R1, 0);
  b_.Bind(store);
  b_.Store(8, R7, static_cast<int16_t>(result_word), R1);
  b_.Bind(found);
  scratch_top_ = scratch_mark;
  if (kind == SearchKind::kStrstr) {
    GenRestOfString(e, s_slot, result_word);
  } else {
    b_.Load(8, R0, R7, static_cast<int16_t>(result_word));
  }
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenRestOfString(const Expr& e, int16_t s_slot, uint32_t position_word) {
  // r0 = s from the position in the scratch word on ("" for -1).
  auto size = static_cast<uint32_t>(e.type->size);
  uint32_t s_bytes = ScannedBytes(*e.args[0]);
  uint32_t out = AllocScratch(size);
  ZeroMem(R7, static_cast<int16_t>(out), size);
  Label none = b_.NewLabel();
  b_.Load(8, R3, R7, static_cast<int16_t>(position_word));
  b_.JumpIfImm(BPF_JSLT, R3, 0, none);
  b_.AluImm(BPF_AND, R3, static_cast<int32_t>(PowerOfTwoAtLeast(s_bytes) - 1));
  b_.Load(8, R1, R10, s_slot);
  b_.Alu(BPF_ADD, R3, R1);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(out));
  b_.MovImm(R2, static_cast<int32_t>(size));
  b_.Call(BPF_FUNC_probe_read_kernel_str);
  b_.Bind(none);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(out));
}

void FunctionGen::GenStrchr(const Expr& e, bool last) {
  // The first (strchr) or last (strrchr) place of the character in s, its
  // NUL included, as in DTrace: strchr(s, 0) is "". The rest of s from
  // there; "" when it is not there (DTrace's NULL).
  uint32_t s_bytes = ScannedBytes(*e.args[0]);
  uint32_t position_word = AllocScratch(8);
  int mark = stack_top_;
  int16_t s_slot = AllocSlot();
  int16_t c_slot = AllocSlot();
  GenExpr(*e.args[0]);
  b_.Store(8, R10, s_slot, R0);
  GenExpr(*e.args[1]);
  b_.AluImm(BPF_AND, R0, 0xff);
  b_.Store(8, R10, c_slot, R0);
  EnsureScratch();
  // r1 walks s, r2 is the index, r4 the character, r8 the result.
  Label next = b_.NewLabel();
  b_.Load(8, R1, R10, s_slot);
  b_.Load(8, R4, R10, c_slot);
  b_.MovImm(R2, 0);
  b_.MovImm(R8, -1);
  b_.Bind(next);
  b_.Load(1, R3, R1, 0);
  b_.Alu(BPF_XOR, R3, R4);  // r3 = (byte == c)
  b_.AluImm(BPF_SUB, R3, 1);
  b_.AluImm(BPF_RSH, R3, 63);
  if (!last) {
    b_.Mov(R5, R8);  // only while nothing is found
    b_.AluImm(BPF_RSH, R5, 63);
    b_.Alu(BPF_AND, R3, R5);
  }
  b_.Mov(R5, R2);  // r8 += hit * (index - r8)
  b_.Alu(BPF_SUB, R5, R8);
  b_.Alu(BPF_MUL, R5, R3);
  b_.Alu(BPF_ADD, R8, R5);
  b_.AluImm(BPF_ADD, R1, 1);
  b_.AluImm(BPF_ADD, R2, 1);
  b_.JumpIfImm(BPF_JLT, R2, static_cast<int32_t>(s_bytes), next);
  b_.Store(8, R7, static_cast<int16_t>(position_word), R8);
  GenRestOfString(e, s_slot, position_word);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenByteInSet(uint32_t set) {
  b_.Mov(R5, R3);  // the set's word of the byte, then its bit
  b_.AluImm(BPF_RSH, R5, 6);
  b_.AluImm(BPF_LSH, R5, 3);
  b_.Alu(BPF_ADD, R5, R7);
  b_.Load(8, R4, R5, static_cast<int16_t>(set));
  b_.Mov(R0, R3);
  b_.AluImm(BPF_AND, R0, 63);
  b_.Alu(BPF_RSH, R4, R0);
  b_.AluImm(BPF_AND, R4, 1);
}

void FunctionGen::GenStrtok(const Expr& e) {
  // illumos' strtok(): skip the delimiters, then the token runs to the
  // next delimiter or the end; strtok(NULL, delim) goes on from there. The
  // place is kept for the probe firing, in a hidden this-> variable (sema's
  // CheckStrtok): a word (where to go on), then a copy of the string. With
  // no token left DTrace returns NULL: here "", and every later call too.
  auto size = static_cast<uint32_t>(e.type->size);
  uint32_t whole = PowerOfTwoAtLeast(size);
  uint32_t state = this_strings_.at(ResolutionOf(e).id);
  uint32_t out = AllocScratch(whole);
  uint32_t token_word = AllocScratch(8);
  int mark = stack_top_;
  int16_t delim_slot = AllocSlot();
  if (e.args[0]->type->IsString()) {
    GenExpr(*e.args[0]);
    EnsureScratch();
    b_.Mov(R3, R0);
    ZeroMem(R7, static_cast<int16_t>(state), size + 8);
    b_.Mov(R1, R7);
    b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(state + 8));
    b_.MovImm(R2, static_cast<int32_t>(size));
    b_.Call(BPF_FUNC_probe_read_kernel_str);
  }
  GenExpr(*e.args[1]);
  b_.Store(8, R10, delim_slot, R0);
  EnsureScratch();
  uint32_t scratch_mark = scratch_top_;  // dead once the token is copied
  uint32_t set = AllocScratch(32);
  uint32_t rest = AllocScratch(2 * whole);
  ZeroMem(R7, static_cast<int16_t>(set), 32);

  // The delimiters' set: a bit per byte value; the NUL is never in it.
  Label next_delim = b_.NewLabel();
  b_.Load(8, R1, R10, delim_slot);
  b_.MovImm(R2, 0);
  b_.Bind(next_delim);
  b_.Load(1, R3, R1, 0);
  b_.Mov(R4, R3);  // r4 = (byte != 0) << (byte % 64)
  b_.AluImm(BPF_ADD, R4, 255);
  b_.AluImm(BPF_RSH, R4, 8);
  b_.Mov(R0, R3);
  b_.AluImm(BPF_AND, R0, 63);
  b_.Alu(BPF_LSH, R4, R0);
  b_.AluImm(BPF_RSH, R3, 6);
  b_.AluImm(BPF_LSH, R3, 3);
  b_.Alu(BPF_ADD, R3, R7);
  b_.Load(8, R5, R3, static_cast<int16_t>(set));
  b_.Alu(BPF_OR, R5, R4);
  b_.Store(8, R3, static_cast<int16_t>(set), R5);
  b_.AluImm(BPF_ADD, R1, 1);
  b_.AluImm(BPF_ADD, R2, 1);
  b_.JumpIfImm(BPF_JLT, R2, static_cast<int32_t>(ScannedBytes(*e.args[1])), next_delim);

  // What is left of the string, into a buffer the loops below can read
  // past its NUL (they stop counting there).
  b_.Load(8, R3, R7, static_cast<int16_t>(state));
  b_.AluImm(BPF_AND, R3, static_cast<int32_t>(whole - 1));
  b_.Alu(BPF_ADD, R3, R7);
  b_.AluImm(BPF_ADD, R3, static_cast<int32_t>(state + 8));
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(rest));
  b_.MovImm(R2, static_cast<int32_t>(size));
  b_.Call(BPF_FUNC_probe_read_kernel_str);

  // r8 counts the leading delimiters while r9 = still in them; then, from
  // there, the token's bytes: neither delimiters nor the NUL.
  auto count_run = [&](bool delimiters) {
    Label next = b_.NewLabel();
    b_.MovImm(R2, 0);
    b_.MovImm(R8, 0);
    b_.MovImm(R9, 1);
    b_.Bind(next);
    b_.Load(1, R3, R1, static_cast<int16_t>(rest));
    if (!delimiters) {
      b_.Mov(R4, R3);  // r9 &= byte != 0
      b_.AluImm(BPF_ADD, R4, 255);
      b_.AluImm(BPF_RSH, R4, 8);
      b_.Alu(BPF_AND, R9, R4);
    }
    GenByteInSet(set);
    if (!delimiters) b_.AluImm(BPF_XOR, R4, 1);
    b_.Alu(BPF_AND, R9, R4);
    b_.Alu(BPF_ADD, R8, R9);
    b_.AluImm(BPF_ADD, R1, 1);
    b_.AluImm(BPF_ADD, R2, 1);
    b_.JumpIfImm(BPF_JLT, R2, static_cast<int32_t>(size), next);
  };
  b_.Mov(R1, R7);
  count_run(true);
  b_.Store(8, R7, static_cast<int16_t>(token_word), R8);
  b_.Load(8, R1, R7, static_cast<int16_t>(token_word));
  b_.AluImm(BPF_AND, R1, static_cast<int32_t>(whole - 1));
  b_.Alu(BPF_ADD, R1, R7);
  count_run(false);

  // The token (none: ""), and the place after it for the next call.
  b_.Load(8, R1, R7, static_cast<int16_t>(state));
  b_.Load(8, R2, R7, static_cast<int16_t>(token_word));
  b_.Alu(BPF_ADD, R1, R2);
  b_.Alu(BPF_ADD, R1, R8);
  b_.Store(8, R7, static_cast<int16_t>(state), R1);
  ZeroMem(R7, static_cast<int16_t>(out), whole);
  b_.Mov(R2, R8);
  b_.AluImm(BPF_AND, R2, static_cast<int32_t>(whole - 1));
  b_.Load(8, R3, R7, static_cast<int16_t>(token_word));
  b_.AluImm(BPF_AND, R3, static_cast<int32_t>(whole - 1));
  b_.Alu(BPF_ADD, R3, R7);
  b_.AluImm(BPF_ADD, R3, static_cast<int32_t>(rest));
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(out));
  b_.Call(BPF_FUNC_probe_read_kernel);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(out));
  scratch_top_ = scratch_mark;
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenDigitValue() {
  // r4 = the value of the digit or letter in r3 (letters of either case
  // count from 10), 255 for any other byte. Clobbers r0, r3, r5.
  b_.Mov(R4, R3);  // r4 = d = (byte - '0') & 0xff; r5 = d < 10
  b_.AluImm(BPF_SUB, R4, '0');
  b_.AluImm(BPF_AND, R4, 0xff);
  b_.Mov(R5, R4);
  b_.AluImm(BPF_SUB, R5, 10);
  b_.AluImm(BPF_RSH, R5, 63);
  b_.Mov(R0, R3);  // r0 = l = ((byte | 0x20) - 'a') & 0xff; r3 = l < 26
  b_.AluImm(BPF_OR, R0, 0x20);
  b_.AluImm(BPF_SUB, R0, 'a');
  b_.AluImm(BPF_AND, R0, 0xff);
  b_.Mov(R3, R0);
  b_.AluImm(BPF_SUB, R3, 26);
  b_.AluImm(BPF_RSH, R3, 63);
  b_.Alu(BPF_MUL, R4, R5);  // d * digit + (l + 10) * letter + 255 * neither
  b_.AluImm(BPF_ADD, R0, 10);
  b_.Alu(BPF_MUL, R0, R3);
  b_.Alu(BPF_ADD, R4, R0);
  b_.Alu(BPF_ADD, R5, R3);
  b_.AluImm(BPF_XOR, R5, 1);
  b_.AluImm(BPF_MUL, R5, 255);
  b_.Alu(BPF_ADD, R4, R5);
}

void FunctionGen::GenStrtoll(const Expr& e) {
  // DTrace's (illumos) rules: blanks (space, tab) are skipped, then one
  // '+' or '-'; in base 16 a "0x" or "0X" followed by a hex digit is
  // skipped; then the digits valid in the base, letters of either case
  // past 9, until the first byte that is not one. No digits: 0. The value
  // wraps on overflow. The base is 10 by default; outside 2..36 it is an
  // illegal operation.
  const Expr& s = *e.args[0];
  uint32_t s_bytes = ScannedBytes(s);
  uint32_t half = PowerOfTwoAtLeast(s_bytes);
  // The copy has room for the digits loop's reads past any start.
  int mark = stack_top_;
  int16_t s_slot = AllocSlot();
  int16_t base_slot = AllocSlot();
  GenExpr(s);
  b_.Store(8, R10, s_slot, R0);
  if (e.args.size() == 2) {
    GenExpr(*e.args[1]);
    b_.AluImm(BPF_LSH, R0, 32);
    b_.AluImm(BPF_ARSH, R0, 32);
    Label bad = b_.NewLabel(), ok = b_.NewLabel();
    b_.JumpIfImm(BPF_JSLT, R0, 2, bad);
    b_.JumpIfImm(BPF_JSLE, R0, 36, ok);
    b_.Bind(bad);
    EmitFault(FaultKind::kIllegalOp, R0);
    b_.Bind(ok);
    b_.Store(8, R10, base_slot, R0);
  } else {
    b_.StoreImm(8, R10, base_slot, 10);
  }
  EnsureScratch();
  uint32_t scratch_mark = scratch_top_;  // all dead once the value is in r0
  uint32_t copy = AllocScratch(2 * half);
  uint32_t skip_word = AllocScratch(8);
  uint32_t neg_word = AllocScratch(8);
  // Bytes past the NUL are not cleared: every step below stops at the NUL
  // before it looks further.
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(copy));
  b_.MovImm(R2, static_cast<int32_t>(s_bytes));
  b_.Load(8, R3, R10, s_slot);
  b_.Call(BPF_FUNC_probe_read_kernel_str);
  b_.StoreImm(1, R7, static_cast<int16_t>(copy + s_bytes - 1), 0);

  // Leading blanks: r9 = still in them, r8 = how many.
  Label blank = b_.NewLabel();
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(copy));
  b_.MovImm(R2, 0);
  b_.MovImm(R8, 0);
  b_.MovImm(R9, 1);
  b_.Bind(blank);
  b_.Load(1, R3, R1, 0);
  b_.Mov(R4, R3);  // (byte == ' ') | (byte == '\t')
  b_.AluImm(BPF_XOR, R4, ' ');
  b_.AluImm(BPF_SUB, R4, 1);
  b_.AluImm(BPF_RSH, R4, 63);
  b_.AluImm(BPF_XOR, R3, '\t');
  b_.AluImm(BPF_SUB, R3, 1);
  b_.AluImm(BPF_RSH, R3, 63);
  b_.Alu(BPF_OR, R4, R3);
  b_.Alu(BPF_AND, R9, R4);
  b_.Alu(BPF_ADD, R8, R9);
  b_.AluImm(BPF_ADD, R1, 1);
  b_.AluImm(BPF_ADD, R2, 1);
  b_.JumpIfImm(BPF_JLT, R2, static_cast<int32_t>(s_bytes), blank);
  b_.Store(8, R7, static_cast<int16_t>(skip_word), R8);

  // The sign and the prefix: r8 = where they start, then where the digits do.
  b_.Load(8, R8, R7, static_cast<int16_t>(skip_word));
  b_.AluImm(BPF_AND, R8, static_cast<int32_t>(half - 1));
  b_.Mov(R1, R7);
  b_.Alu(BPF_ADD, R1, R8);
  b_.Load(1, R3, R1, static_cast<int16_t>(copy));
  b_.Mov(R4, R3);  // r4 = (byte == '-'), r3 = (byte == '+')
  b_.AluImm(BPF_XOR, R4, '-');
  b_.AluImm(BPF_SUB, R4, 1);
  b_.AluImm(BPF_RSH, R4, 63);
  b_.Store(8, R7, static_cast<int16_t>(neg_word), R4);
  b_.AluImm(BPF_XOR, R3, '+');
  b_.AluImm(BPF_SUB, R3, 1);
  b_.AluImm(BPF_RSH, R3, 63);
  b_.Alu(BPF_OR, R3, R4);
  b_.AluImm(BPF_AND, R3, 1);  // Linux 6.1 forgets the bounds of an OR: it becomes an offset
  b_.Alu(BPF_ADD, R8, R3);
  b_.Alu(BPF_ADD, R1, R3);
  // r9 = base 16, '0', 'x' or 'X', and a hex digit.
  b_.Load(8, R9, R10, base_slot);
  b_.AluImm(BPF_XOR, R9, 16);
  b_.AluImm(BPF_SUB, R9, 1);
  b_.AluImm(BPF_RSH, R9, 63);
  b_.Load(1, R3, R1, static_cast<int16_t>(copy));
  b_.AluImm(BPF_XOR, R3, '0');
  b_.AluImm(BPF_SUB, R3, 1);
  b_.AluImm(BPF_RSH, R3, 63);
  b_.Alu(BPF_AND, R9, R3);
  b_.Load(1, R3, R1, static_cast<int16_t>(copy + 1));
  b_.AluImm(BPF_OR, R3, 0x20);
  b_.AluImm(BPF_XOR, R3, 'x');
  b_.AluImm(BPF_SUB, R3, 1);
  b_.AluImm(BPF_RSH, R3, 63);
  b_.Alu(BPF_AND, R9, R3);
  b_.Load(1, R3, R1, static_cast<int16_t>(copy + 2));
  GenDigitValue();
  b_.AluImm(BPF_SUB, R4, 16);
  b_.AluImm(BPF_RSH, R4, 63);
  b_.Alu(BPF_AND, R9, R4);
  b_.AluImm(BPF_LSH, R9, 1);
  b_.Alu(BPF_ADD, R8, R9);
  b_.Store(8, R7, static_cast<int16_t>(skip_word), R8);

  // The digits: r1 walks them, r2 counts, r8 the value, r9 = still digits.
  Label digit = b_.NewLabel();
  b_.Load(8, R1, R7, static_cast<int16_t>(skip_word));
  b_.AluImm(BPF_AND, R1, static_cast<int32_t>(half - 1));
  b_.Alu(BPF_ADD, R1, R7);
  b_.MovImm(R2, 0);
  b_.MovImm(R8, 0);
  b_.MovImm(R9, 1);
  b_.Bind(digit);
  b_.Load(1, R3, R1, static_cast<int16_t>(copy));
  GenDigitValue();
  b_.Load(8, R0, R10, base_slot);
  b_.Mov(R5, R4);  // still digits while value < base
  b_.Alu(BPF_SUB, R5, R0);
  b_.AluImm(BPF_RSH, R5, 63);
  b_.Alu(BPF_AND, R9, R5);
  b_.AluImm(BPF_SUB, R0, 1);  // r8 += still * (r8 * (base - 1) + value)
  b_.Alu(BPF_MUL, R0, R8);
  b_.Alu(BPF_ADD, R0, R4);
  b_.Alu(BPF_MUL, R0, R9);
  b_.Alu(BPF_ADD, R8, R0);
  b_.AluImm(BPF_ADD, R1, 1);
  b_.AluImm(BPF_ADD, R2, 1);
  b_.JumpIfImm(BPF_JLT, R2, static_cast<int32_t>(s_bytes), digit);
  // Negated when there was a '-': (v ^ -neg) + neg.
  b_.Load(8, R1, R7, static_cast<int16_t>(neg_word));
  b_.Mov(R0, R1);
  b_.Neg(R0);
  b_.Alu(BPF_XOR, R8, R0);
  b_.Alu(BPF_ADD, R8, R1);
  b_.Mov(R0, R8);
  scratch_top_ = scratch_mark;
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenDeviceNumber(const Expr& e, bool major) {
  // Linux's kernel dev_t (include/linux/kdev_t.h): the major number in the
  // 12 bits above the 20-bit minor number.
  GenExpr(*e.args[0]);
  b_.Alu32(BPF_MOV, R0, R0);
  if (major)
    b_.AluImm(BPF_RSH, R0, 20);
  else
    b_.AluImm(BPF_AND, R0, (1 << 20) - 1);
}

void FunctionGen::GenRand() {
  // A non-negative int, as illumos' rand() always is.
  b_.Call(BPF_FUNC_get_prandom_u32);
  b_.AluImm(BPF_AND, R0, INT32_MAX);
}

void FunctionGen::GenProgenyof(const Expr& e) {
  // 1 when the process (the probe's context task, as for pid) is the one
  // given or descends from it: the walk up real_parent compares each
  // process id. It goes kProgenyDepth steps without a branch; past the
  // first process the parent is the task itself, so the walk stays there.
  constexpr int32_t kProgenyDepth = 64;
  int mark = stack_top_;
  int16_t pid_slot = AllocSlot();
  int16_t task_slot = AllocSlot();
  GenExpr(*e.args[0]);
  b_.Alu32(BPF_MOV, R0, R0);
  b_.Store(8, R10, pid_slot, R0);
  if (const Expr* task = ContextTask())
    GenExpr(*task);
  else
    b_.Call(BPF_FUNC_get_current_task);
  b_.Store(8, R10, task_slot, R0);
  b_.MovImm(R8, 0);  // steps
  b_.MovImm(R9, 0);  // found
  Label up = b_.NewLabel();
  b_.Bind(up);
  b_.Load(8, R0, R10, task_slot);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(TaskOffsets().tgid));
  GenKernelRead(R0, 4);
  b_.Load(8, R1, R10, pid_slot);
  b_.Alu(BPF_XOR, R0, R1);
  b_.AluImm(BPF_SUB, R0, 1);
  b_.AluImm(BPF_RSH, R0, 63);
  b_.Alu(BPF_OR, R9, R0);
  b_.Load(8, R0, R10, task_slot);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(TaskOffsets().real_parent));
  GenKernelRead(R0, 8);
  b_.Store(8, R10, task_slot, R0);
  b_.AluImm(BPF_ADD, R8, 1);
  b_.JumpIfImm(BPF_JLT, R8, kProgenyDepth, up);
  b_.Mov(R0, R9);
  ReleaseSlotsTo(mark);
}

}  // namespace dt
