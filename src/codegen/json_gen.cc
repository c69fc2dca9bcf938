// json(json, selector): the value the selector names in a JSON text, as
// illumos DTrace defines it. The selector is a list of elements split at
// "." and "[" ("]" is dropped, and so is a "[" that starts it): "a.b[2].c"
// is a, b, 2, c. An element names an object's member (compared with the
// key as it is written, escapes and all) or, where the value is an array,
// the element at strtoll(element) (so "x" is element 0). The result is the
// value's text: a string without its quotes (escapes left as they are), a
// number, true, false or null as written, an object or array as the whole
// text between its brackets. Anything that does not match, or JSON the scan
// finds malformed before it gets there, gives DTrace's NULL: here "", as
// the other string subroutines give it.
//
// The scan is one pass, a machine whose states are those of a JSON reader
// that only descends: it reads at most strsize bytes of the text, skips the
// values it does not want (nested objects and arrays by counting brackets
// and braces), and stops at the first value the selector names. It runs in
// one bpf_loop whose callback (after the program's exit) does one step: a
// byte of the JSON, or a byte of the selector while it is split into a
// packed list of NUL-terminated elements (in place), skipped past on a
// descent, or read as an array index. Every byte of either is stepped on a
// bounded number of times, so the loop's count is linear in strsize and the
// verifier checks the callback once, whatever strsize is. The machine's
// words and buffers lie in scratch memory (unknown values to the verifier,
// so its check of the callback converges at once), at a base address the
// callback gets through bpf_loop's context: a stack slot holding it.
#include <algorithm>
#include <tuple>
#include <vector>

#include "codegen/function_gen.h"

namespace dt {

using ast::Expr;
using namespace bpf;

namespace {

// The machine's words, at the base.
constexpr int16_t kState = 0;
constexpr int16_t kPos = 8;       // the JSON byte
constexpr int16_t kLimit = 16;    // JSON bytes that may be read
constexpr int16_t kSelIn = 24;    // the selector byte being packed
constexpr int16_t kPackOut = 32;  // where the next packed byte goes
constexpr int16_t kElem = 40;     // the current element of the packed list
constexpr int16_t kCursor = 48;   // an array index being read
constexpr int16_t kNelems = 56;   // elements left, the current one included
constexpr int16_t kArrayElem = 64;
constexpr int16_t kArrayPos = 72;
constexpr int16_t kFound = 80;  // the value that comes next is the one wanted
constexpr int16_t kInArray = 88;
constexpr int16_t kIsKey = 96;     // the string being read is a key
constexpr int16_t kCollect = 104;  // ... is inside an object or array being read whole
constexpr int16_t kBraces = 112;
constexpr int16_t kBrackets = 120;
constexpr int16_t kEscapes = 128;  // hex digits of a \u escape read
constexpr int16_t kDd = 136;       // bytes of the value text gathered
constexpr int16_t kKeyMatch = 144;
constexpr int16_t kKeyLen = 152;
constexpr int16_t kResult = 160;  // 1: the value text is gathered
constexpr int16_t kNeg = 168;
constexpr int16_t kIndex = 176;
constexpr int16_t kHeader = 192;

// States below kFirstSelectorState read a JSON byte.
enum JsonState : int32_t {
  kRest,  // before the top-level object or array
  kObject,
  kString,
  kEscape,
  kUnicode,
  kColon,
  kComma,
  kIdent,
  kNumber,
  kFrac,
  kExp,
  kValue,
  kCollectWhole,
  kFirstSelectorState = 16,
  kPack = kFirstSelectorState,  // the selector into the packed list
  kSkipElement,                 // past the element just descended by
  kIndexBlank,                  // strtoll() of the element
  kIndexSign,
  kIndexDigits,
};

uint32_t PowerOfTwoAtLeast(uint64_t n) {
  uint32_t p = 8;
  while (p < n) p <<= 1;
  return p;
}

}  // namespace

uint32_t FunctionGen::JsonRegion() const {
  // The JSON copy, the packed selector and the value text each take this.
  return PowerOfTwoAtLeast(std::max<uint64_t>(2, options_.string_limit));
}

void FunctionGen::GenJson(const Expr& e) {
  const Expr& json = *e.args[0];
  const Expr& selector = *e.args[1];
  auto size = static_cast<uint32_t>(e.type->size);
  uint32_t json_bytes = ScannedBytes(json);
  uint32_t selector_bytes = ScannedBytes(selector);
  uint32_t region = JsonRegion();
  uint32_t out = AllocScratch(size);
  int mark = stack_top_;
  int16_t json_slot = AllocSlot(), selector_slot = AllocSlot(), base_slot = AllocSlot();
  GenExpr(json);
  b_.Store(8, R10, json_slot, R0);
  GenExpr(selector);
  b_.Store(8, R10, selector_slot, R0);
  EnsureScratch();
  if (!json_callback_) json_callback_ = b_.NewLabel();
  uint32_t scratch_mark = scratch_top_;  // dead once the value is copied out
  uint32_t work = AllocScratch(kHeader + 3 * region + 8);
  auto word = [&](int16_t w) { return static_cast<int16_t>(work + static_cast<uint32_t>(w)); };
  for (int16_t w = 0; w < kHeader; w += 8) b_.StoreImm(8, R7, word(w), 0);
  b_.StoreImm(8, R7, word(kState), kPack);
  b_.StoreImm(8, R7, word(kNelems), 1);
  b_.StoreImm(8, R7, word(kLimit), static_cast<int32_t>(json_bytes));
  auto copy_in = [&](int16_t src_slot, uint32_t at, uint32_t bytes) {
    b_.Mov(R1, R7);
    b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(work + at));
    b_.MovImm(R2, static_cast<int32_t>(bytes));
    b_.Load(8, R3, R10, src_slot);
    b_.Call(BPF_FUNC_probe_read_kernel_str);
  };
  copy_in(json_slot, kHeader, json_bytes);
  copy_in(selector_slot, kHeader + region, selector_bytes);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(work));
  b_.Store(8, R10, base_slot, R0);
  // Steps: at most two per JSON byte (a number or word ends on the byte
  // after it, which is then read again), and per selector byte one to
  // pack it, one to skip it and three to read it as an index.
  b_.MovImm(R1, static_cast<int32_t>(2 * json_bytes + 5 * selector_bytes + 16));
  b_.LoadFuncAddr(R2, *json_callback_);
  b_.Mov(R3, R10);
  b_.AluImm(BPF_ADD, R3, base_slot);
  b_.MovImm(R4, 0);
  b_.Call(BPF_FUNC_loop);
  ZeroMem(R7, static_cast<int16_t>(out), size);
  Label none = b_.NewLabel();
  b_.Load(8, R0, R7, word(kResult));
  b_.JumpIfImm(BPF_JEQ, R0, 0, none);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(out));
  b_.MovImm(R2, static_cast<int32_t>(std::min<uint64_t>(size, options_.string_limit)));
  b_.Mov(R3, R7);
  b_.AluImm(BPF_ADD, R3, static_cast<int32_t>(work + kHeader + 2 * region));
  b_.Call(BPF_FUNC_probe_read_kernel_str);
  b_.Bind(none);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(out));
  scratch_top_ = scratch_mark;
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenJsonCallback() {
  // r1: the step, r2: the slot holding the base. r6 = the base, and while
  // a JSON byte is read r7 = the byte, r8 = its position. 0 goes on, 1
  // stops (the value found, or none to find).
  const uint32_t region = JsonRegion();
  const auto mask = static_cast<int32_t>(region - 1);
  const auto json_at = static_cast<int16_t>(kHeader);
  const auto packed_at = static_cast<int16_t>(kHeader + region);
  const auto text_at = static_cast<int16_t>(kHeader + 2 * region);
  auto get = [&](Reg r, int16_t w) { b_.Load(8, r, R6, w); };
  auto put = [&](int16_t w, Reg r) { b_.Store(8, R6, w, r); };
  auto set = [&](int16_t w, int32_t v) { b_.StoreImm(8, R6, w, v); };
  auto add = [&](int16_t w, int32_t v) {
    get(R0, w);
    b_.AluImm(BPF_ADD, R0, v);
    put(w, R0);
  };
  // r = the address of byte r of a region (masked into it).
  auto in_region = [&](Reg r) {
    b_.AluImm(BPF_AND, r, mask);
    b_.Alu(BPF_ADD, r, R6);
  };
  // r0 = the selector element's byte at the key's length so far (r9 clobbered).
  auto load_element_byte = [&] {
    get(R9, kElem);
    get(R0, kKeyLen);
    b_.Alu(BPF_ADD, R9, R0);
    in_region(R9);
    b_.Load(1, R0, R9, packed_at);
  };
  Label go_on = b_.NewLabel(), advance = b_.NewLabel(), fail = b_.NewLabel();
  Label success = b_.NewLabel();
  // Appends the byte to the value text (r0, r9 clobbered).
  auto append = [&] {
    get(R0, kDd);
    b_.Mov(R9, R0);
    in_region(R9);
    b_.Store(1, R9, text_at, R7);
    b_.AluImm(BPF_ADD, R0, 1);
    put(kDd, R0);
  };
  // In a key, compares the byte with the element's byte at the same place.
  auto compare_key = [&] {
    Label done = b_.NewLabel(), same = b_.NewLabel();
    get(R0, kIsKey);
    b_.JumpIfImm(BPF_JEQ, R0, 0, done);
    load_element_byte();
    b_.JumpIf(BPF_JEQ, R0, R7, same);
    set(kKeyMatch, 0);
    b_.Bind(same);
    add(kKeyLen, 1);
    b_.Bind(done);
  };
  auto if_byte = [&](int32_t c, Label to) { b_.JumpIfImm(BPF_JEQ, R7, c, to); };
  auto if_space = [&](Label to) {
    if_byte(' ', to);
    b_.Mov(R0, R7);
    b_.AluImm(BPF_SUB, R0, '\t');
    b_.JumpIfImm(BPF_JLT, R0, 5, to);  // \t \n \v \f \r
  };
  auto if_digit = [&](Reg c, Label to) {
    b_.Mov(R0, c);
    b_.AluImm(BPF_SUB, R0, '0');
    b_.JumpIfImm(BPF_JLT, R0, 10, to);
  };
  auto if_lower = [&](Label to) {
    b_.Mov(R0, R7);
    b_.AluImm(BPF_SUB, R0, 'a');
    b_.JumpIfImm(BPF_JLT, R0, 26, to);
  };
  // The value wanted has been read whole: it is the answer unless the
  // selector goes further into it.
  auto value_read = [&] {
    get(R0, kNelems);
    b_.JumpIfImm(BPF_JGT, R0, 1, fail);
    b_.Jump(success);
  };
  auto go_to = [&](int32_t state) { set(kState, state); };
  // A value has ended: read it if it was the one sought, else go on to the
  // comma (or the end) after it, at `next`.
  auto end_of_value = [&](Label next) {
    Label skip = b_.NewLabel();
    get(R0, kFound);
    b_.JumpIfImm(BPF_JEQ, R0, 0, skip);
    value_read();
    b_.Bind(skip);
    set(kDd, 0);
    go_to(kComma);
    b_.Jump(next);
  };

  b_.Bind(*json_callback_);
  b_.Load(8, R6, R2, 0);
  get(R1, kState);
  Label selector_step = b_.NewLabel();
  b_.JumpIfImm(BPF_JGE, R1, kFirstSelectorState, selector_step);
  get(R8, kPos);
  get(R0, kLimit);
  b_.JumpIf(BPF_JGE, R8, R0, fail);
  b_.Mov(R7, R8);
  in_region(R7);
  b_.Load(1, R7, R7, json_at);
  b_.JumpIfImm(BPF_JEQ, R7, 0, fail);
  std::vector<Label> states;
  for (int32_t s = kRest; s <= kCollectWhole; ++s) {
    states.push_back(b_.NewLabel());
    b_.JumpIfImm(BPF_JEQ, R1, s, states.back());
  }
  b_.Jump(fail);

  {  // Before the top level: an object, or an array (read the index first).
    b_.Bind(states[kRest]);
    Label object = b_.NewLabel(), array = b_.NewLabel();
    if_space(advance);
    if_byte('{', object);
    if_byte('[', array);
    b_.Jump(fail);
    b_.Bind(object);
    go_to(kObject);
    b_.Jump(advance);
    b_.Bind(array);
    set(kInArray, 1);
    get(R0, kElem);
    put(kCursor, R0);
    go_to(kIndexBlank);
    b_.Jump(advance);
  }
  {  // In an object, before a key (the end of one is the key not found).
    b_.Bind(states[kObject]);
    Label key = b_.NewLabel();
    if_space(advance);
    if_byte('"', key);
    b_.Jump(fail);
    b_.Bind(key);
    set(kIsKey, 1);
    set(kKeyMatch, 1);
    set(kKeyLen, 0);
    go_to(kString);
    b_.Jump(advance);
  }
  {  // In a string: a key, a value, or a string inside a value read whole.
    b_.Bind(states[kString]);
    Label escape = b_.NewLabel(), quote = b_.NewLabel(), plain = b_.NewLabel();
    if_byte('\\', escape);
    if_byte('"', quote);
    b_.Bind(plain);
    append();
    compare_key();
    b_.Jump(advance);
    b_.Bind(escape);
    append();
    compare_key();
    go_to(kEscape);
    b_.Jump(advance);
    b_.Bind(quote);
    Label not_whole = b_.NewLabel(), value = b_.NewLabel(), after = b_.NewLabel();
    get(R0, kCollect);
    b_.JumpIfImm(BPF_JEQ, R0, 0, not_whole);
    append();
    set(kCollect, 0);
    go_to(kCollectWhole);
    b_.Jump(advance);
    b_.Bind(not_whole);
    get(R0, kIsKey);
    b_.JumpIfImm(BPF_JEQ, R0, 0, value);
    // The key is the element if every byte matched and the element ends too.
    get(R0, kKeyMatch);
    b_.JumpIfImm(BPF_JEQ, R0, 0, after);
    load_element_byte();
    b_.JumpIfImm(BPF_JNE, R0, 0, after);
    set(kFound, 1);
    b_.Bind(after);
    set(kIsKey, 0);
    set(kDd, 0);
    go_to(kColon);
    b_.Jump(advance);
    b_.Bind(value);
    end_of_value(advance);
  }
  {  // After a backslash: any byte; "u" wants four hex digits.
    b_.Bind(states[kEscape]);
    Label unicode = b_.NewLabel();
    append();
    compare_key();
    if_byte('u', unicode);
    go_to(kString);
    b_.Jump(advance);
    b_.Bind(unicode);
    set(kEscapes, 0);
    go_to(kUnicode);
    b_.Jump(advance);
  }
  {
    b_.Bind(states[kUnicode]);
    Label hex = b_.NewLabel(), more = b_.NewLabel();
    if_digit(R7, hex);
    b_.Mov(R0, R7);
    b_.AluImm(BPF_OR, R0, 0x20);
    b_.AluImm(BPF_SUB, R0, 'a');
    b_.JumpIfImm(BPF_JLT, R0, 6, hex);
    b_.Jump(fail);
    b_.Bind(hex);
    append();
    compare_key();
    add(kEscapes, 1);
    b_.JumpIfImm(BPF_JLT, R0, 4, more);
    go_to(kString);
    b_.Bind(more);
    b_.Jump(advance);
  }
  {
    b_.Bind(states[kColon]);
    Label colon = b_.NewLabel();
    if_space(advance);
    if_byte(':', colon);
    b_.Jump(fail);
    b_.Bind(colon);
    go_to(kValue);
    b_.Jump(advance);
  }
  {  // After a value not wanted: the next member or element (the end of
     // the object or array is the selector not found).
    b_.Bind(states[kComma]);
    Label comma = b_.NewLabel(), member = b_.NewLabel();
    if_space(advance);
    if_byte(',', comma);
    b_.Jump(fail);
    b_.Bind(comma);
    get(R0, kInArray);
    b_.JumpIfImm(BPF_JEQ, R0, 0, member);
    go_to(kValue);
    add(kArrayPos, 1);
    get(R1, kArrayElem);
    b_.JumpIf(BPF_JNE, R0, R1, advance);
    set(kFound, 1);
    b_.Jump(advance);
    b_.Bind(member);
    go_to(kObject);
    b_.Jump(advance);
  }
  {  // true, false or null: lower-case letters, then the byte after them.
    b_.Bind(states[kIdent]);
    Label letter = b_.NewLabel(), word4 = b_.NewLabel(), known = b_.NewLabel();
    if_lower(letter);
    get(R0, kDd);
    b_.Load(4, R1, R6, text_at);
    b_.JumpIfImm(BPF_JEQ, R0, 4, word4);
    b_.JumpIfImm(BPF_JNE, R0, 5, fail);
    b_.JumpIfImm(BPF_JNE, R1, 0x736c6166, fail);  // "fals"
    b_.Load(1, R1, R6, static_cast<int16_t>(text_at + 4));
    b_.JumpIfImm(BPF_JNE, R1, 'e', fail);
    b_.Jump(known);
    b_.Bind(word4);
    b_.JumpIfImm(BPF_JEQ, R1, 0x65757274, known);  // "true"
    b_.JumpIfImm(BPF_JEQ, R1, 0x6c6c756e, known);  // "null"
    b_.Jump(fail);
    b_.Bind(letter);
    append();
    b_.Jump(advance);
    b_.Bind(known);
    end_of_value(go_on);  // the byte after the word is read again, after a value
  }
  {  // A number: digits, one fraction, exponents; hex and stray signs are
     // errors. The byte after it ends it, and is read again.
    Label frac_rules = b_.NewLabel(), exp_rules = b_.NewLabel();
    Label dot = b_.NewLabel(), e_byte = b_.NewLabel(), take = b_.NewLabel();
    b_.Bind(states[kNumber]);
    if_byte('.', dot);
    if_byte('x', fail);
    if_byte('X', fail);
    b_.Jump(frac_rules);
    b_.Bind(dot);
    append();
    go_to(kFrac);
    b_.Jump(advance);
    b_.Bind(states[kFrac]);
    b_.Bind(frac_rules);
    if_byte('e', e_byte);
    if_byte('E', e_byte);
    if_byte('+', fail);
    if_byte('-', fail);
    b_.Jump(exp_rules);
    b_.Bind(e_byte);
    append();
    go_to(kExp);
    b_.Jump(advance);
    b_.Bind(states[kExp]);
    b_.Bind(exp_rules);
    if_digit(R7, take);
    if_byte('+', take);
    if_byte('-', take);
    end_of_value(go_on);
    b_.Bind(take);
    append();
    b_.Jump(advance);
  }
  {  // The start of a value.
    b_.Bind(states[kValue]);
    Label open = b_.NewLabel(), string = b_.NewLabel(), word = b_.NewLabel();
    Label number = b_.NewLabel();
    if_space(advance);
    if_byte('{', open);
    if_byte('[', open);
    if_byte('"', string);
    if_lower(word);
    if_byte('-', number);
    if_digit(R7, number);
    b_.Jump(fail);
    b_.Bind(string);
    go_to(kString);
    b_.Jump(advance);
    b_.Bind(word);
    append();
    go_to(kIdent);
    b_.Jump(advance);
    b_.Bind(number);
    append();
    go_to(kNumber);
    b_.Jump(advance);
    // An object or array: descended into when the selector goes on past
    // it, otherwise read whole (to skip it, or as the answer).
    b_.Bind(open);
    Label whole = b_.NewLabel(), brace = b_.NewLabel(), counted = b_.NewLabel();
    get(R0, kFound);
    b_.JumpIfImm(BPF_JEQ, R0, 0, whole);
    get(R0, kNelems);
    b_.JumpIfImm(BPF_JLE, R0, 1, whole);
    b_.AluImm(BPF_SUB, R0, 1);
    put(kNelems, R0);
    b_.Mov(R0, R7);  // in_array = (byte == '['): '[' ^ '{' is 0x20
    b_.AluImm(BPF_XOR, R0, '{');
    b_.AluImm(BPF_RSH, R0, 5);
    put(kInArray, R0);
    set(kDd, 0);
    go_to(kSkipElement);
    b_.Jump(advance);
    b_.Bind(whole);
    if_byte('{', brace);
    set(kBrackets, 1);
    b_.Jump(counted);
    b_.Bind(brace);
    set(kBraces, 1);
    b_.Bind(counted);
    append();
    go_to(kCollectWhole);
    b_.Jump(advance);
  }
  {  // Inside an object or array read whole: brackets and braces counted
     // (each on its own, as illumos does), strings read as strings.
    b_.Bind(states[kCollectWhole]);
    Label quote = b_.NewLabel(), close_bracket = b_.NewLabel(), close_brace = b_.NewLabel();
    Label open_bracket = b_.NewLabel(), open_brace = b_.NewLabel(), check = b_.NewLabel();
    append();
    if_byte('"', quote);
    if_byte(']', close_bracket);
    if_byte('}', close_brace);
    if_byte('[', open_bracket);
    if_byte('{', open_brace);
    b_.Jump(check);
    b_.Bind(quote);
    set(kCollect, 1);
    go_to(kString);
    b_.Jump(advance);
    for (auto [label, counter, delta] :
         {std::tuple{close_bracket, kBrackets, -1}, std::tuple{close_brace, kBraces, -1},
          std::tuple{open_bracket, kBrackets, 1}, std::tuple{open_brace, kBraces, 1}}) {
      b_.Bind(label);
      get(R0, counter);
      if (delta < 0) b_.JumpIfImm(BPF_JEQ, R0, 0, fail);
      b_.AluImm(BPF_ADD, R0, delta);
      put(counter, R0);
      b_.Jump(check);
    }
    b_.Bind(check);
    get(R0, kBrackets);
    get(R1, kBraces);
    b_.Alu(BPF_OR, R0, R1);
    b_.JumpIfImm(BPF_JNE, R0, 0, advance);
    Label skip = b_.NewLabel();
    get(R0, kFound);
    b_.JumpIfImm(BPF_JEQ, R0, 0, skip);
    b_.Jump(success);
    b_.Bind(skip);
    set(kDd, 0);
    go_to(kComma);
    b_.Jump(advance);
  }

  // The selector's steps: r8 = the selector position, r7 = its byte.
  b_.Bind(selector_step);
  auto selector_byte = [&](int16_t position_word) {
    get(R8, position_word);
    b_.Mov(R7, R8);
    in_region(R7);
    b_.Load(1, R7, R7, packed_at);
  };
  Label pack = b_.NewLabel(), skip_element = b_.NewLabel(), blank = b_.NewLabel();
  Label sign = b_.NewLabel(), digits = b_.NewLabel();
  b_.JumpIfImm(BPF_JEQ, R1, kPack, pack);
  b_.JumpIfImm(BPF_JEQ, R1, kSkipElement, skip_element);
  b_.JumpIfImm(BPF_JEQ, R1, kIndexBlank, blank);
  b_.JumpIfImm(BPF_JEQ, R1, kIndexSign, sign);
  b_.JumpIfImm(BPF_JEQ, R1, kIndexDigits, digits);
  b_.Jump(fail);
  {  // Packing, in place: "." and "[" end an element, "]" and a leading
     // "[" are dropped.
    b_.Bind(pack);
    Label end = b_.NewLabel(), drop = b_.NewLabel(), separator = b_.NewLabel();
    Label store = b_.NewLabel();
    selector_byte(kSelIn);
    b_.JumpIfImm(BPF_JEQ, R7, 0, end);
    b_.Mov(R0, R8);
    b_.AluImm(BPF_ADD, R0, 1);
    put(kSelIn, R0);
    if_byte(']', drop);
    Label not_leading = b_.NewLabel();
    b_.JumpIfImm(BPF_JNE, R8, 0, not_leading);
    if_byte('[', drop);
    b_.Bind(not_leading);
    if_byte('.', separator);
    if_byte('[', separator);
    b_.Jump(store);
    b_.Bind(separator);
    b_.MovImm(R7, 0);
    add(kNelems, 1);
    b_.Bind(store);
    get(R9, kPackOut);
    b_.Mov(R0, R9);
    b_.AluImm(BPF_ADD, R0, 1);
    put(kPackOut, R0);
    in_region(R9);
    b_.Store(1, R9, packed_at, R7);
    b_.Bind(drop);
    b_.Jump(go_on);
    b_.Bind(end);
    get(R9, kPackOut);
    in_region(R9);
    b_.StoreImm(1, R9, packed_at, 0);
    go_to(kRest);
    b_.Jump(go_on);
  }
  {  // Past the element's NUL, then into the object or array.
    b_.Bind(skip_element);
    Label passed = b_.NewLabel(), object = b_.NewLabel();
    selector_byte(kElem);
    b_.Mov(R0, R8);
    b_.AluImm(BPF_ADD, R0, 1);
    put(kElem, R0);
    b_.JumpIfImm(BPF_JEQ, R7, 0, passed);
    b_.Jump(go_on);
    b_.Bind(passed);
    set(kFound, 0);
    get(R1, kInArray);
    b_.JumpIfImm(BPF_JEQ, R1, 0, object);
    put(kCursor, R0);
    go_to(kIndexBlank);
    b_.Jump(go_on);
    b_.Bind(object);
    go_to(kObject);
    b_.Jump(go_on);
  }
  {  // The element as an array index: strtoll()'s base 10 (blanks, a sign,
     // digits up to the first other byte); the first element is index 0.
    b_.Bind(blank);
    Label more = b_.NewLabel();
    selector_byte(kCursor);
    if_byte(' ', more);
    if_byte('\t', more);
    set(kNeg, 0);
    set(kIndex, 0);
    go_to(kIndexSign);
    b_.Jump(go_on);
    b_.Bind(more);
    add(kCursor, 1);
    b_.Jump(go_on);

    b_.Bind(sign);
    Label minus = b_.NewLabel(), plus = b_.NewLabel();
    selector_byte(kCursor);
    go_to(kIndexDigits);
    if_byte('-', minus);
    if_byte('+', plus);
    b_.Jump(go_on);
    b_.Bind(minus);
    set(kNeg, 1);
    b_.Bind(plus);
    add(kCursor, 1);
    b_.Jump(go_on);

    b_.Bind(digits);
    Label digit = b_.NewLabel(), positive = b_.NewLabel(), not_first = b_.NewLabel();
    selector_byte(kCursor);
    if_digit(R7, digit);
    get(R0, kIndex);
    get(R1, kNeg);
    b_.JumpIfImm(BPF_JEQ, R1, 0, positive);
    b_.Neg(R0);
    b_.Bind(positive);
    put(kArrayElem, R0);
    set(kArrayPos, 0);
    set(kFound, 0);
    b_.JumpIfImm(BPF_JNE, R0, 0, not_first);
    set(kFound, 1);
    b_.Bind(not_first);
    go_to(kValue);
    b_.Jump(go_on);
    b_.Bind(digit);
    get(R0, kIndex);
    b_.AluImm(BPF_MUL, R0, 10);
    b_.Alu(BPF_ADD, R0, R7);
    b_.AluImm(BPF_SUB, R0, '0');
    put(kIndex, R0);
    add(kCursor, 1);
    b_.Jump(go_on);
  }

  b_.Bind(success);  // the value text ends here
  get(R9, kDd);
  in_region(R9);
  b_.StoreImm(1, R9, text_at, 0);
  set(kResult, 1);
  b_.Bind(fail);
  b_.MovImm(R0, 1);
  b_.Exit();
  b_.Bind(advance);
  b_.AluImm(BPF_ADD, R8, 1);
  put(kPos, R8);
  b_.Bind(go_on);
  b_.MovImm(R0, 0);
  b_.Exit();
}

}  // namespace dt
