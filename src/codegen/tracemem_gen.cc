// The data-dumping actions: tracemem(addr, max[, n]), printm(size, ptr)
// and trace() of a struct, union or array. Each copies bytes from memory
// into the record (ActionKind::kTraceMem, kPrintm, and kTrace with a kBytes
// field); the consumer prints them (consumer/memory_dump.h).
//
// The bytes are read with bpf_probe_read_kernel, as DTrace reads kernel
// memory: a user-space address faults ("invalid address"); copyin() a
// user buffer first. tracemem() copies all `max` bytes whatever the dynamic
// size, which is recorded beside them for the consumer, as DTrace does.
#include "codegen/function_gen.h"
#include "codegen/tracemem_sizes.h"

namespace dt {

using ast::Expr;
using namespace bpf;

namespace {

// An argument that names an array in memory gives its address, anything
// else (a pointer, an integer) its value.
bool IsObject(const Expr& e) {
  const Type* t = StripTypedefs(e.type);
  return t->IsStructOrUnion() || t->kind == Type::Kind::kArray;
}

}  // namespace

uint32_t TracememRecordBytes(const Expr& call) {
  if (call.text == "tracemem")
    return static_cast<uint32_t>(RoundUpTo8(ConstantOf(*call.args[1])) +
                                 (call.args.size() > 2 ? 8 : 0));
  if (call.text == "printm") return static_cast<uint32_t>(RoundUpTo8(ConstantOf(*call.args[0])));
  return static_cast<uint32_t>(RoundUpTo8(StripTypedefs(call.args[0]->type)->size));
}

bool TracesObject(const Expr& arg) { return IsObject(arg); }

FieldDesc FunctionGen::CopyBytesToField(uint32_t size) {
  FieldDesc f;
  f.kind = FieldKind::kBytes;
  f.offset = record_size_;
  f.size = size;
  f.type_size = size;
  record_size_ += static_cast<uint32_t>(RoundUpTo8(size));
  EnsureScratch();
  int mark = stack_top_;
  int16_t addr = AllocSlot();
  b_.Store(8, R10, addr, R0);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(record_off_ + f.offset));
  b_.MovImm(R2, static_cast<int32_t>(size));
  CallReadHelperChecked(BPF_FUNC_probe_read_kernel, addr);
  ReleaseSlotsTo(mark);
  return f;
}

void FunctionGen::GenTracemem(const Expr& call) {
  const Expr& addr = *call.args[0];
  auto max = static_cast<uint32_t>(ConstantOf(*call.args[1]));
  ActionDesc a;
  a.kind = ActionKind::kTraceMem;
  FieldDesc shown;
  if (call.args.size() > 2) {
    // DTrace evaluates the dynamic size first, as an action of its own.
    const Expr& n = *call.args[2];
    GenExpr(n);
    EnsureScratch();
    shown.offset = record_size_;
    shown.size = 8;
    shown.type_size = 8;
    record_size_ += 8;
    b_.Store(8, R7, static_cast<int16_t>(record_off_ + shown.offset), R0);
  }
  if (IsObject(addr))
    GenAddress(addr);
  else
    GenExpr(addr);
  a.fields.push_back(CopyBytesToField(max));
  if (call.args.size() > 2) a.fields.push_back(shown);
  AddAction(std::move(a));
}

void FunctionGen::GenPrintm(const Expr& call) {
  const Expr& addr = *call.args[1];
  auto size = static_cast<uint32_t>(ConstantOf(*call.args[0]));
  ActionDesc a;
  a.kind = ActionKind::kPrintm;
  if (IsObject(addr))
    GenAddress(addr);
  else
    GenExpr(addr);
  a.fields.push_back(CopyBytesToField(size));
  AddAction(std::move(a));
}

void FunctionGen::GenTraceObject(const Expr& object) {
  ActionDesc a;
  a.kind = ActionKind::kTrace;
  auto size = static_cast<uint32_t>(StripTypedefs(object.type)->size);
  GenAddress(object);
  if (size > 0) {
    a.fields.push_back(CopyBytesToField(size));
  } else {
    FieldDesc empty;  // a zero-sized object prints nothing
    empty.kind = FieldKind::kBytes;
    empty.offset = record_size_;
    empty.size = 0;
    a.fields.push_back(empty);
  }
  AddAction(std::move(a));
}

}  // namespace dt
