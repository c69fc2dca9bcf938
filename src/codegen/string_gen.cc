// String subroutines computed in BPF: basename(), dirname(), strjoin(),
// lltostr(), substr(), toupper() and tolower(). Each writes a zero-padded result of the string
// type's size into scratch memory and leaves its address in r0.
//
// Two rules keep the verifier's work proportional to the code, not to the
// number of possible strings:
//  - Loops over a string's bytes have no branch in their body (the
//    decisions are arithmetic on 0/1 values), so the verifier walks one
//    path per iteration instead of one per combination of bytes; the only
//    branch leaves the loop at the NUL.
//  - An index computed from the bytes (where a name starts, how long it
//    is) goes through a scratch word before it is used as an offset or a
//    size. The verifier does not track memory in a map, so every path
//    reaches the copy with the same unknown value and is checked once
//    there, instead of once per index that path happened to hold.
#include <algorithm>

#include "codegen/function_gen.h"

namespace dt {

using ast::Expr;
using namespace bpf;

namespace {

// The mask that bounds an index below `n` for the verifier: masking costs
// no branch, and a buffer of PowerOfTwoAtLeast(n) bytes holds any index
// it lets through.
uint32_t PowerOfTwoAtLeast(uint32_t n) {
  uint32_t p = 8;
  while (p < n) p <<= 1;
  return p;
}

// lltostr() writes its digits backwards from this index of a 128-byte
// buffer (base 2 needs 64 digits, plus "0x"-style prefixes and the NUL).
constexpr int32_t kDigitsNul = 71;
constexpr uint32_t kDigitsBuffer = 128;
constexpr int32_t kMaxDigits = 64;

}  // namespace

FunctionGen::Slice FunctionGen::AllocSlice(const Expr& e) {
  Slice s;
  s.in_size = static_cast<uint32_t>(e.args[0]->type->size);
  s.size = static_cast<uint32_t>(e.type->size);
  s.out = AllocScratch(PowerOfTwoAtLeast(s.size));
  s.start_word = AllocScratch(8);
  s.length_word = AllocScratch(8);
  return s;
}

void FunctionGen::GenCopySlice(int16_t src_slot, uint32_t in_size, uint32_t start_word,
                               uint32_t length_word, uint32_t out, uint32_t size) {
  b_.Load(8, R3, R10, src_slot);
  b_.Load(8, R1, R7, static_cast<int16_t>(start_word));
  b_.AluImm(BPF_AND, R1, static_cast<int32_t>(PowerOfTwoAtLeast(in_size) - 1));
  b_.Alu(BPF_ADD, R3, R1);
  b_.Load(8, R2, R7, static_cast<int16_t>(length_word));
  b_.AluImm(BPF_AND, R2, static_cast<int32_t>(PowerOfTwoAtLeast(size) - 1));
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(out));
  b_.Call(BPF_FUNC_probe_read_kernel);
}

void FunctionGen::GenPathComponent(const Expr& e, bool want_dirname) {
  // DTrace's rules, on the string's first strsize - 1 bytes:
  //   ""                      -> "." for both
  //   only slashes ("/", "//") -> "/" for both
  //   basename: the last name, trailing slashes dropped ("/usr/lib/" -> "lib")
  //   dirname: everything before the last name, without the slashes that
  //     end it ("/usr/lib/" -> "/usr"); "." when there is no slash before
  //     the name ("a", "a/"), "/" when only slashes are ("/a", "//a").
  const Expr& arg = *e.args[0];
  auto [in_size, size, out, start_word, length_word] = AllocSlice(e);
  int mark = stack_top_;
  int16_t src_slot = AllocSlot();
  int16_t slash_slot = AllocSlot();
  GenExpr(arg);
  EnsureScratch();
  b_.Store(8, R10, src_slot, R0);
  ZeroMem(R7, static_cast<int16_t>(out), size);

  // One pass over the bytes, to the NUL: a short name in a long strsize
  // costs its own length. r1 walks the string, r2 is the index. Carried
  // along:
  //   r4 the last byte that is not a slash (-1: none yet)
  //   r5 where the name holding it starts
  //   r8 the last non-slash byte before that name (-1: none)
  //   r9 1 when the previous byte was a slash or there was none
  uint32_t scanned = std::min(in_size, size - 1);
  b_.Mov(R1, R0);
  b_.MovImm(R2, 0);
  b_.MovImm(R4, -1);
  b_.MovImm(R5, -1);
  b_.MovImm(R8, -1);
  b_.MovImm(R9, 1);
  Label next_byte = b_.NewLabel(), in_string = b_.NewLabel(), scanned_all = b_.NewLabel();
  b_.Bind(next_byte);
  b_.Load(1, R3, R1, 0);
  // The verifier walks the fall-through first and keeps the jump for
  // later: falling through to the exit, it checks the rest of the program
  // at once and prunes every later exit there, so no iteration leaves a
  // path pending (a pending path per byte would pass its 8192 at a large
  // strsize).
  b_.JumpIfImm(BPF_JNE, R3, 0, in_string);
  b_.Jump(scanned_all);
  b_.Bind(in_string);
  b_.Mov(R0, R3);  // r0 = (byte == '/'): (byte ^ '/') - 1 is negative only then
  b_.AluImm(BPF_XOR, R0, '/');
  b_.AluImm(BPF_SUB, R0, 1);
  b_.AluImm(BPF_RSH, R0, 63);
  b_.Store(8, R10, slash_slot, R0);
  b_.MovImm(R3, 1);  // r3 = 1 - (byte == '/'): part of a name (the byte is not the NUL)
  b_.Alu(BPF_SUB, R3, R0);
  b_.Alu(BPF_AND, R9, R3);  // r9 = a name starts here
  b_.Mov(R0, R4);           // r8 += starts * (r4 - r8)
  b_.Alu(BPF_SUB, R0, R8);
  b_.Alu(BPF_MUL, R0, R9);
  b_.Alu(BPF_ADD, R8, R0);
  b_.Mov(R0, R2);  // r5 += starts * (index - r5)
  b_.Alu(BPF_SUB, R0, R5);
  b_.Alu(BPF_MUL, R0, R9);
  b_.Alu(BPF_ADD, R5, R0);
  b_.Mov(R0, R2);  // r4 += in_name * (index - r4)
  b_.Alu(BPF_SUB, R0, R4);
  b_.Alu(BPF_MUL, R0, R3);
  b_.Alu(BPF_ADD, R4, R0);
  b_.Load(8, R9, R10, slash_slot);
  b_.AluImm(BPF_ADD, R1, 1);
  b_.AluImm(BPF_ADD, R2, 1);
  b_.JumpIfImm(BPF_JLT, R2, static_cast<int32_t>(scanned), next_byte);
  b_.Bind(scanned_all);

  Label dot = b_.NewLabel(), slash = b_.NewLabel(), copy = b_.NewLabel(), done = b_.NewLabel();
  b_.Load(8, R1, R10, src_slot);
  b_.Load(1, R1, R1, 0);
  b_.JumpIfImm(BPF_JEQ, R1, 0, dot);
  b_.JumpIfImm(BPF_JSLT, R4, 0, slash);
  if (want_dirname) {
    b_.JumpIfImm(BPF_JEQ, R5, 0, dot);
    b_.JumpIfImm(BPF_JSLT, R8, 0, slash);
    b_.StoreImm(8, R7, static_cast<int16_t>(start_word), 0);
    b_.AluImm(BPF_ADD, R8, 1);
    b_.Store(8, R7, static_cast<int16_t>(length_word), R8);
  } else {
    b_.Store(8, R7, static_cast<int16_t>(start_word), R5);
    b_.Alu(BPF_SUB, R4, R5);
    b_.AluImm(BPF_ADD, R4, 1);
    b_.Store(8, R7, static_cast<int16_t>(length_word), R4);
  }
  b_.Jump(copy);
  b_.Bind(slash);  // the string starts with the slash to return
  b_.StoreImm(8, R7, static_cast<int16_t>(start_word), 0);
  b_.StoreImm(8, R7, static_cast<int16_t>(length_word), 1);
  b_.Bind(copy);
  GenCopySlice(src_slot, in_size, start_word, length_word, out, size);
  b_.Jump(done);
  b_.Bind(dot);
  b_.StoreImm(1, R7, static_cast<int16_t>(out), '.');
  b_.Bind(done);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(out));
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenStrjoin(const Expr& e) {
  // The first string is copied by the string helper, which returns its
  // length; the second is copied the same way right after it. Both copies
  // stop at the result's size, so the join is cut to strsize - 1 bytes.
  auto size = static_cast<uint32_t>(e.type->size);
  auto second_size = std::min(static_cast<uint32_t>(e.args[1]->type->size), size);
  uint32_t joint_mask = PowerOfTwoAtLeast(size) - 1;
  // Room for the second copy wherever the (masked) first one ends.
  uint32_t out = AllocScratch(joint_mask + 1 + second_size);
  int mark = stack_top_;
  int16_t first_slot = AllocSlot();
  int16_t second_slot = AllocSlot();
  GenExpr(*e.args[0]);
  b_.Store(8, R10, first_slot, R0);
  GenExpr(*e.args[1]);
  b_.Store(8, R10, second_slot, R0);
  EnsureScratch();
  ZeroMem(R7, static_cast<int16_t>(out), size);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(out));
  b_.MovImm(R2, static_cast<int32_t>(size));
  b_.Load(8, R3, R10, first_slot);
  b_.Call(BPF_FUNC_probe_read_kernel_str);
  // r0 = bytes copied with the NUL (at least 1; the buffers are ours).
  b_.AluImm(BPF_SUB, R0, 1);
  b_.AluImm(BPF_AND, R0, static_cast<int32_t>(joint_mask));
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(out));
  b_.Alu(BPF_ADD, R1, R0);
  b_.MovImm(R2, static_cast<int32_t>(second_size));
  b_.Load(8, R3, R10, second_slot);
  b_.Call(BPF_FUNC_probe_read_kernel_str);
  // What the second copy wrote past the result's size is not part of it.
  b_.StoreImm(1, R7, static_cast<int16_t>(out + size - 1), 0);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(out));
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenLltostr(const Expr& e) {
  // DTrace's digits: base 10 signed ("-12"), other bases the unsigned
  // 64-bit value; base 16 is prefixed "0x" and base 8 "0" (zero is "0",
  // "0x0" and "0"); digits past 9 are lower-case letters. A base outside
  // 2..36 is an illegal operation.
  auto size = static_cast<uint32_t>(e.type->size);
  LltostrPlaces at;
  at.digits = AllocScratch(kDigitsBuffer);
  uint32_t out = AllocScratch(size);
  at.first_word = AllocScratch(8);
  int mark = stack_top_;
  at.value_slot = AllocSlot();
  at.base_slot = AllocSlot();
  GenLltostrArguments(e, at);
  EnsureScratch();
  ZeroMem(R7, static_cast<int16_t>(at.digits), kDigitsNul + 1);
  ZeroMem(R7, static_cast<int16_t>(out), size);
  GenLltostrDigits(at);
  GenLltostrPrefixes(at);

  // The characters end at the NUL, so the string helper copies exactly
  // them, cut to the result's size.
  b_.Load(8, R1, R7, static_cast<int16_t>(at.first_word));
  b_.AluImm(BPF_AND, R1, static_cast<int32_t>(kDigitsBuffer - 1));
  b_.Mov(R3, R7);
  b_.AluImm(BPF_ADD, R3, static_cast<int32_t>(at.digits));
  b_.Alu(BPF_ADD, R3, R1);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(out));
  b_.MovImm(R2, static_cast<int32_t>(size));
  b_.Call(BPF_FUNC_probe_read_kernel_str);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(out));
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenLltostrArguments(const Expr& e, const LltostrPlaces& at) {
  GenExpr(*e.args[0]);
  b_.Store(8, R10, at.value_slot, R0);
  if (e.args.size() == 2) {
    GenExpr(*e.args[1]);
    // The base is an int: its low 32 bits, signed.
    b_.AluImm(BPF_LSH, R0, 32);
    b_.AluImm(BPF_ARSH, R0, 32);
    Label bad = b_.NewLabel(), ok = b_.NewLabel();
    b_.JumpIfImm(BPF_JSLT, R0, 2, bad);
    b_.JumpIfImm(BPF_JSLE, R0, 36, ok);
    b_.Bind(bad);
    EmitFault(FaultKind::kIllegalOp, R0);
    b_.Bind(ok);
    b_.Store(8, R10, at.base_slot, R0);
  } else {
    b_.StoreImm(8, R10, at.base_slot, 10);
  }
}

void FunctionGen::GenLltostrDigits(const LltostrPlaces& at) {
  Label is_unsigned = b_.NewLabel();
  b_.Load(8, R3, R10, at.value_slot);
  b_.Load(8, R4, R10, at.base_slot);
  b_.JumpIfImm(BPF_JNE, R4, 10, is_unsigned);
  b_.JumpIfImm(BPF_JSGE, R3, 0, is_unsigned);
  b_.Neg(R3);  // INT64_MIN stays itself, which is right read as unsigned
  b_.Bind(is_unsigned);

  // Digits from the last backwards: r1 is where the next one goes, r2
  // counts them, r3 is what is left of the value.
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(at.digits + kDigitsNul - 1));
  b_.MovImm(R2, 0);
  Label next_digit = b_.NewLabel(), digits_done = b_.NewLabel();
  b_.Bind(next_digit);
  b_.JumpIfImm(BPF_JEQ, R3, 0, digits_done);
  b_.Mov(R0, R3);
  b_.Alu(BPF_MOD, R0, R4);
  b_.MovImm(R5, 9);  // r5 = digit + '0', plus 'a' - '0' - 10 past 9
  b_.Alu(BPF_SUB, R5, R0);
  b_.AluImm(BPF_RSH, R5, 63);
  b_.AluImm(BPF_MUL, R5, 'a' - '0' - 10);
  b_.Alu(BPF_ADD, R5, R0);
  b_.AluImm(BPF_ADD, R5, '0');
  b_.Store(1, R1, 0, R5);
  b_.Alu(BPF_DIV, R3, R4);
  b_.AluImm(BPF_SUB, R1, 1);
  b_.AluImm(BPF_ADD, R2, 1);
  b_.JumpIfImm(BPF_JLT, R2, kMaxDigits, next_digit);
  b_.Bind(digits_done);
  b_.MovImm(R0, kDigitsNul);
  b_.Alu(BPF_SUB, R0, R2);
  b_.Store(8, R7, static_cast<int16_t>(at.first_word), R0);
}

void FunctionGen::GenLltostrPrefixes(const LltostrPlaces& at) {
  // Innermost first; each condition reads r3 = the value, r4 = the base.
  auto when = [&](auto condition, char c) {
    Label skip = b_.NewLabel();
    b_.Load(8, R3, R10, at.value_slot);
    b_.Load(8, R4, R10, at.base_slot);
    condition(skip);
    GenLltostrPrepend(at, c);
    b_.Bind(skip);
  };
  when(
      [&](Label skip) {
        b_.JumpIfImm(BPF_JNE, R4, 16, skip);
        b_.JumpIfImm(BPF_JNE, R3, 0, skip);
      },
      '0');
  when([&](Label skip) { b_.JumpIfImm(BPF_JNE, R4, 16, skip); }, 'x');
  when(
      [&](Label skip) {
        Label yes = b_.NewLabel();
        b_.JumpIfImm(BPF_JEQ, R3, 0, yes);
        b_.JumpIfImm(BPF_JEQ, R4, 16, yes);
        b_.JumpIfImm(BPF_JNE, R4, 8, skip);
        b_.Bind(yes);
      },
      '0');
  when(
      [&](Label skip) {
        b_.JumpIfImm(BPF_JNE, R4, 10, skip);
        b_.JumpIfImm(BPF_JSGE, R3, 0, skip);
      },
      '-');
}

void FunctionGen::GenLltostrPrepend(const LltostrPlaces& at, char c) {
  b_.Load(8, R0, R7, static_cast<int16_t>(at.first_word));
  b_.AluImm(BPF_SUB, R0, 1);
  b_.Store(8, R7, static_cast<int16_t>(at.first_word), R0);
  b_.AluImm(BPF_AND, R0, static_cast<int32_t>(kDigitsBuffer - 1));
  b_.Mov(R1, R7);
  b_.Alu(BPF_ADD, R1, R0);
  b_.StoreImm(1, R1, static_cast<int16_t>(at.digits), c);
}

void FunctionGen::GenCaseConversion(const Expr& e, bool to_upper) {
  // Only ASCII letters change, as in DTrace.
  const Expr& arg = *e.args[0];
  auto in_size = static_cast<uint32_t>(arg.type->size);
  auto size = static_cast<uint32_t>(e.type->size);
  uint32_t out = AllocScratch(size);
  GenExpr(arg);
  EnsureScratch();
  ZeroMem(R7, static_cast<int16_t>(out), size);
  // r1 reads, r2 writes, r3 counts; the bytes past the NUL are zeros and
  // stay zeros, so the loop needs no exit but its count.
  uint32_t converted = std::min(in_size, size - 1);
  int32_t first = to_upper ? 'a' : 'A';
  b_.Mov(R1, R0);
  b_.Mov(R2, R7);
  b_.AluImm(BPF_ADD, R2, static_cast<int32_t>(out));
  b_.MovImm(R3, 0);
  Label next_byte = b_.NewLabel();
  b_.Bind(next_byte);
  b_.Load(1, R4, R1, 0);
  // r5 = 1 for a letter to change: (byte - first) & 0xff is below 26 only
  // for one, and below 26 means negative once 26 is taken away.
  b_.Mov(R5, R4);
  b_.AluImm(BPF_SUB, R5, first);
  b_.AluImm(BPF_AND, R5, 0xff);
  b_.AluImm(BPF_SUB, R5, 26);
  b_.AluImm(BPF_RSH, R5, 63);
  b_.AluImm(BPF_MUL, R5, 'a' - 'A');
  if (to_upper)
    b_.Alu(BPF_SUB, R4, R5);
  else
    b_.Alu(BPF_ADD, R4, R5);
  b_.Store(1, R2, 0, R4);
  b_.AluImm(BPF_ADD, R1, 1);
  b_.AluImm(BPF_ADD, R2, 1);
  b_.AluImm(BPF_ADD, R3, 1);
  b_.JumpIfImm(BPF_JLT, R3, static_cast<int32_t>(converted), next_byte);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(out));
}

void FunctionGen::GenSubstr(const Expr& e) {
  // DTrace's rules, with len = strlen(s):
  //   a negative index counts from the end (index + len); if that is still
  //   before the start, the part before the start is taken off the length
  //   (nothing left: "");
  //   an index at or past the end (or still negative) gives "";
  //   without a length everything to the end; a negative length leaves
  //   that many characters off the end.
  // The result is at most the characters that are there.
  const Expr& arg = *e.args[0];
  auto [in_size, size, out, start_word, length_word] = AllocSlice(e);
  int mark = stack_top_;
  int16_t src_slot = AllocSlot();
  int16_t index_slot = AllocSlot();
  int16_t length_slot = AllocSlot();
  GenExpr(arg);
  b_.Store(8, R10, src_slot, R0);
  // Both are ints: their low 32 bits, signed.
  GenExpr(*e.args[1]);
  b_.AluImm(BPF_LSH, R0, 32);
  b_.AluImm(BPF_ARSH, R0, 32);
  b_.Store(8, R10, index_slot, R0);
  if (e.args.size() == 3) {
    GenExpr(*e.args[2]);
    b_.AluImm(BPF_LSH, R0, 32);
    b_.AluImm(BPF_ARSH, R0, 32);
    b_.Store(8, R10, length_slot, R0);
  } else {
    b_.StoreImm(8, R10, length_slot, static_cast<int32_t>(size));
  }
  EnsureScratch();
  ZeroMem(R7, static_cast<int16_t>(out), size);
  b_.Load(8, R0, R10, src_slot);
  GenStrlen(std::min(in_size, size));
  // r0 = len, r1 = index, r2 = length; the result goes to the scratch words.
  b_.Load(8, R1, R10, index_slot);
  b_.Load(8, R2, R10, length_slot);
  Label empty = b_.NewLabel(), index_ok = b_.NewLabel(), length_ok = b_.NewLabel(),
        store = b_.NewLabel(), copy = b_.NewLabel();
  b_.JumpIfImm(BPF_JSGE, R1, 0, index_ok);
  b_.Alu(BPF_ADD, R1, R0);
  b_.JumpIfImm(BPF_JSGE, R1, 0, index_ok);
  b_.Alu(BPF_ADD, R2, R1);  // before the start: shorten, start at 0
  b_.JumpIfImm(BPF_JSLE, R2, 0, empty);
  b_.MovImm(R1, 0);
  b_.Bind(index_ok);
  b_.JumpIf(BPF_JSGE, R1, R0, empty);
  b_.Mov(R3, R0);  // r3 = characters from the index to the end
  b_.Alu(BPF_SUB, R3, R1);
  if (e.args.size() == 3) {
    b_.JumpIfImm(BPF_JSGE, R2, 0, length_ok);
    b_.Alu(BPF_ADD, R2, R3);
    b_.Bind(length_ok);
    b_.JumpIfImm(BPF_JSLE, R2, 0, empty);
  }
  b_.JumpIf(BPF_JSLE, R2, R3, store);
  b_.Mov(R2, R3);
  b_.Bind(store);
  b_.Store(8, R7, static_cast<int16_t>(start_word), R1);
  b_.Store(8, R7, static_cast<int16_t>(length_word), R2);
  b_.Jump(copy);
  b_.Bind(empty);
  b_.StoreImm(8, R7, static_cast<int16_t>(start_word), 0);
  b_.StoreImm(8, R7, static_cast<int16_t>(length_word), 0);
  b_.Bind(copy);
  GenCopySlice(src_slot, in_size, start_word, length_word, out, size);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(out));
  ReleaseSlotsTo(mark);
}

}  // namespace dt
