// Aggregations: one per-CPU hash map each, keyed by the tuple, holding the
// int64 words of consumer/aggregation.h's layout. A missing key is created
// from the zero block in rodata and looked up again; this CPU's copy is
// then updated in place without atomics (no other CPU touches it). A
// keyless aggregation is a one-element per-CPU array instead, whose fired
// word is set at each update (format/aggregation_layout.h: AggregationDef::in_array).
#include "codegen/function_gen.h"
#include "common/diagnostic.h"
#include "format/quantize_buckets.h"

namespace dt {

using namespace bpf;

namespace {
// ret = value words for the aggregation kind.
}  // namespace

void FunctionGen::GenQuantizeIndex(Reg value, Reg out) {
  // Bucket 63 holds 0; 63+k holds [2^(k-1), 2^k); 63-k holds the negatives.
  Label nonzero = b_.NewLabel(), positive = b_.NewLabel(), done = b_.NewLabel();
  b_.JumpIfImm(BPF_JNE, value, 0, nonzero);
  b_.MovImm(out, 63);
  b_.Jump(done);
  b_.Bind(nonzero);
  b_.MovImm(R5, 1);  // sign: +1 positive, -1 negative
  b_.JumpIfImm(BPF_JSGT, value, 0, positive);
  b_.Neg(value);
  b_.MovImm(R5, -1);
  b_.Bind(positive);
  // out = floor(log2(value)) by halving the search range.
  b_.MovImm(out, 0);
  for (int shift : {32, 16, 8, 4, 2, 1}) {
    Label skip = b_.NewLabel();
    b_.Mov(R4, value);
    b_.AluImm(BPF_RSH, R4, shift);
    b_.JumpIfImm(BPF_JEQ, R4, 0, skip);
    b_.Mov(value, R4);
    b_.AluImm(BPF_ADD, out, shift);
    b_.Bind(skip);
  }
  b_.AluImm(BPF_ADD, out, 1);  // k
  b_.Alu(BPF_MUL, out, R5);
  b_.AluImm(BPF_ADD, out, 63);
  Label in_range = b_.NewLabel();
  b_.JumpIfImm(BPF_JSGE, out, 0, in_range);
  b_.MovImm(out, 0);
  b_.Bind(in_range);
  b_.Bind(done);
}

void FunctionGen::GenLquantizeIndex(const Aggregation& a, Reg value, Reg out) {
  int64_t base = a.params[0], limit = a.params[1], step = a.params[2];
  int64_t levels = (limit - base) / step;
  Label done = b_.NewLabel(), above = b_.NewLabel(), inside = b_.NewLabel();
  b_.LoadImm(R4, static_cast<uint64_t>(base));
  b_.JumpIf(BPF_JSGE, value, R4, above);
  b_.MovImm(out, 0);
  b_.Jump(done);
  b_.Bind(above);
  b_.LoadImm(R4, static_cast<uint64_t>(base + levels * step));
  b_.JumpIf(BPF_JSLT, value, R4, inside);
  b_.LoadImm(out, static_cast<uint64_t>(levels + 1));
  b_.Jump(done);
  b_.Bind(inside);
  b_.Mov(out, value);
  b_.LoadImm(R4, static_cast<uint64_t>(base));
  b_.Alu(BPF_SUB, out, R4);  // non-negative here
  b_.LoadImm(R4, static_cast<uint64_t>(step));
  b_.Alu(BPF_DIV, out, R4);
  b_.AluImm(BPF_ADD, out, 1);
  b_.Bind(done);
}

void FunctionGen::GenLlquantizeIndex(const Aggregation& a, Reg value, Reg out) {
  // The bucket bounds come from the shared definition, so kernel and
  // printer cannot disagree: the index is the number of bounds <= value.
  std::vector<int64_t> bounds =
      LlquantizeBucketLowerBounds(a.params[0], a.params[1], a.params[2], a.params[3]);
  Label done = b_.NewLabel();
  b_.MovImm(out, 0);
  for (size_t i = 0; i < bounds.size(); ++i) {
    b_.LoadImm(R4, static_cast<uint64_t>(bounds[i]));
    b_.JumpIf(BPF_JSLT, value, R4, done);
    b_.AluImm(BPF_ADD, out, 1);
  }
  b_.Bind(done);
}

void FunctionGen::GenAggregate(const ast::Stmt& s) {
  const Aggregation& agg = info_.aggregations.at(s.binding);
  const AggregationDef& def = shared_.aggs->at(s.binding);
  int mark = stack_top_;
  int16_t value_slot = AllocSlot();
  int16_t incr_slot = AllocSlot();
  GenAggArguments(s, agg.kind, value_slot, incr_slot);
  KeyPlace key = GenAggKeyOf(s, agg);
  Label dropped = def.in_array
                      ? GenKeylessAggLookup(key, shared_.agg_maps.at(s.binding), FiredWord(def))
                      : GenAggEntryLookup(key, shared_.agg_maps.at(s.binding), def.value_words);
  Label done = b_.NewLabel();
  b_.Load(8, R1, R10, value_slot);
  b_.Load(8, R2, R10, incr_slot);
  switch (agg.kind) {
    case AggFunc::kCount:
      GenAddToAggWord(0, R2);
      break;
    case AggFunc::kSum:
      GenAddToAggWord(0, R1);
      break;
    case AggFunc::kAvg:
      b_.MovImm(R2, 1);
      GenAddToAggWord(0, R2);
      GenAddToAggWord(1, R1);
      break;
    case AggFunc::kMin:
    case AggFunc::kMax:
      GenMinMaxUpdate(agg.kind);
      break;
    case AggFunc::kStddev:
      GenStddevUpdate();
      break;
    case AggFunc::kQuantize:
    case AggFunc::kLquantize:
    case AggFunc::kLlquantize:
      GenBucketUpdate(agg, def.value_words, incr_slot);
      break;
  }
  b_.Jump(done);
  b_.Bind(dropped);
  GenCountDrop(kDropAggregation);
  b_.Bind(done);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenAggArguments(const ast::Stmt& s, AggFunc kind, int16_t value_slot,
                                  int16_t incr_slot) {
  b_.StoreImm(8, R10, value_slot, 0);
  b_.StoreImm(8, R10, incr_slot, 1);
  if (!s.agg_args.empty() && kind != AggFunc::kCount) {
    GenExpr(*s.agg_args[0]);
    b_.Store(8, R10, value_slot, R0);
  }
  size_t incr_arg = kind == AggFunc::kQuantize     ? 1
                    : kind == AggFunc::kLquantize  ? 4
                    : kind == AggFunc::kLlquantize ? 5
                                                   : 99;
  if (incr_arg < s.agg_args.size()) {
    GenExpr(*s.agg_args[incr_arg]);
    b_.Store(8, R10, incr_slot, R0);
  }
}

FunctionGen::KeyPlace FunctionGen::GenAggKeyOf(const ast::Stmt& s, const Aggregation& agg) {
  uint32_t key_size = 0;
  KeyPlace key = GenAggKey(s.keys, agg.key_types, &key_size);
  if (!shape_.stack_starts_at_sample) {
    for (FieldDesc& f : shared_.aggs->at(s.binding).key_fields) f.drop_tracing_frames = true;
  }
  if (key_size != shared_.aggs->at(s.binding).key_size)
    throw std::logic_error("aggregation key layout mismatch");
  return key;
}

Label FunctionGen::GenAggEntryLookup(const KeyPlace& key, int map, uint32_t value_words) {
  Label have = b_.NewLabel();
  b_.LoadMapFd(R1, map);
  b_.Mov(R2, key.base);
  b_.AluImm(BPF_ADD, R2, key.offset);
  b_.Call(BPF_FUNC_map_lookup_elem);
  b_.JumpIfImm(BPF_JNE, R0, 0, have);
  b_.LoadMapFd(R1, map);
  b_.Mov(R2, key.base);
  b_.AluImm(BPF_ADD, R2, key.offset);
  b_.LoadMapValueAddr(R3, maps_.rodata_map(),
                      maps_.AddRodata("", static_cast<uint32_t>(value_words * 8)));
  b_.MovImm(R4, BPF_NOEXIST);
  b_.Call(BPF_FUNC_map_update_elem);
  b_.LoadMapFd(R1, map);
  b_.Mov(R2, key.base);
  b_.AluImm(BPF_ADD, R2, key.offset);
  b_.Call(BPF_FUNC_map_lookup_elem);
  Label dropped = b_.NewLabel();
  // The map is full (or the kernel could not allocate the element): the
  // update is lost, and counted as DTrace counts aggregation drops.
  b_.JumpIfImm(BPF_JEQ, R0, 0, dropped);
  b_.Bind(have);
  return dropped;
}

Label FunctionGen::GenKeylessAggLookup(const KeyPlace& key, int map, uint32_t fired_word) {
  // The array's one element: the key's first four bytes are 0.
  b_.LoadMapFd(R1, map);
  b_.Mov(R2, key.base);
  b_.AluImm(BPF_ADD, R2, key.offset);
  b_.Call(BPF_FUNC_map_lookup_elem);
  Label dropped = b_.NewLabel();
  b_.JumpIfImm(BPF_JEQ, R0, 0, dropped);  // never: index 0 of one element
  b_.StoreImm(8, R0, static_cast<int16_t>(fired_word * 8), 1);
  return dropped;
}

void FunctionGen::GenAddToAggWord(int word, Reg amount) {
  b_.Load(8, R3, R0, static_cast<int16_t>(word * 8));
  b_.Alu(BPF_ADD, R3, amount);
  b_.Store(8, R0, static_cast<int16_t>(word * 8), R3);
}

void FunctionGen::GenMinMaxUpdate(AggFunc kind) {
  Label store = b_.NewLabel(), keep = b_.NewLabel();
  b_.Load(8, R3, R0, 0);
  b_.JumpIfImm(BPF_JEQ, R3, 0, store);
  b_.Load(8, R4, R0, 8);
  b_.JumpIf(kind == AggFunc::kMin ? BPF_JSGE : BPF_JSLE, R1, R4, keep);
  b_.Bind(store);
  b_.Store(8, R0, 8, R1);
  b_.Bind(keep);
  b_.MovImm(R2, 1);
  GenAddToAggWord(0, R2);
}

void FunctionGen::GenStddevUpdate() {
  b_.MovImm(R2, 1);
  GenAddToAggWord(0, R2);
  GenAddToAggWord(1, R1);
  // The 128-bit square of |x|, from 32-bit halves: BPF has no wide multiply.
  Label pos = b_.NewLabel();
  b_.JumpIfImm(BPF_JSGE, R1, 0, pos);
  b_.Neg(R1);
  b_.Bind(pos);
  b_.Mov(R2, R1);
  b_.AluImm(BPF_RSH, R2, 32);  // hi half
  b_.Alu32(BPF_MOV, R1, R1);   // lo half
  b_.Mov(R3, R1);
  b_.Alu(BPF_MUL, R3, R1);  // lo*lo
  b_.Mov(R4, R2);
  b_.Alu(BPF_MUL, R4, R1);  // mid = hi*lo
  b_.Alu(BPF_MUL, R2, R2);  // hi*hi
  b_.Mov(R5, R4);
  b_.AluImm(BPF_RSH, R5, 31);
  b_.Alu(BPF_ADD, R2, R5);     // high word so far
  b_.AluImm(BPF_LSH, R4, 33);  // low part of 2*mid*2^32
  b_.Mov(R5, R3);
  b_.Alu(BPF_ADD, R3, R4);  // low word
  Label no_carry = b_.NewLabel();
  b_.JumpIf(BPF_JGE, R3, R5, no_carry);
  b_.AluImm(BPF_ADD, R2, 1);
  b_.Bind(no_carry);
  // Accumulate (r2:r3) into words 3:2.
  b_.Load(8, R4, R0, 16);
  b_.Mov(R5, R4);
  b_.Alu(BPF_ADD, R4, R3);
  b_.Store(8, R0, 16, R4);
  Label no_carry2 = b_.NewLabel();
  b_.JumpIf(BPF_JGE, R4, R5, no_carry2);
  b_.AluImm(BPF_ADD, R2, 1);
  b_.Bind(no_carry2);
  GenAddToAggWord(3, R2);
}

void FunctionGen::GenBucketUpdate(const Aggregation& agg, uint32_t value_words, int16_t incr_slot) {
  b_.Mov(R9, R0);  // entry; the index code uses r0-r5
  if (agg.kind == AggFunc::kQuantize)
    GenQuantizeIndex(R1, R3);
  else if (agg.kind == AggFunc::kLquantize)
    GenLquantizeIndex(agg, R1, R3);
  else
    GenLlquantizeIndex(agg, R1, R3);
  // Bound the index for the verifier, then bump that bucket.
  Label ok = b_.NewLabel();
  b_.JumpIfImm(BPF_JLT, R3, static_cast<int32_t>(value_words), ok);
  b_.MovImm(R3, static_cast<int32_t>(value_words - 1));
  b_.Bind(ok);
  b_.AluImm(BPF_LSH, R3, 3);
  b_.Alu(BPF_ADD, R9, R3);
  b_.Load(8, R2, R10, incr_slot);
  b_.Load(8, R3, R9, 0);
  b_.Alu(BPF_ADD, R3, R2);
  b_.Store(8, R9, 0, R3);
}

}  // namespace dt
