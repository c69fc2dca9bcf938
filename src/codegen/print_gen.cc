// print(): the record field, the code that fills it and the type
// description the consumer formats it with (consumer/print_format.h).
#include "codegen/print_gen.h"

#include <algorithm>
#include <map>

#include "codegen/function_gen.h"

namespace dt {

using ast::Expr;
using namespace bpf;

namespace {

using Kind = PrintTypeDesc::Kind;
using DescPtr = std::shared_ptr<const PrintTypeDesc>;

// Structs nest by value only finitely, but a bound keeps a pathological
// type from producing an unbounded description.
constexpr int kMaxNesting = 32;

class Describer {
 public:
  DescPtr Describe(const Type* t, int depth) {
    auto found = memo_.find(t);
    if (found != memo_.end()) return found->second;
    auto d = std::make_shared<PrintTypeDesc>();
    d->spelling = TypeSpelling(t);
    const Type* s = StripTypedefs(t);
    d->size = s->size;
    d->is_signed = s->is_signed;
    bool cacheable = true;
    switch (s->kind) {
      case Type::Kind::kInteger:
        d->kind = s->size == 1 && s->is_signed ? Kind::kChar : Kind::kInteger;
        break;
      case Type::Kind::kEnum:
        d->kind = Kind::kEnum;
        d->enumerators = s->enumerators;
        break;
      case Type::Kind::kFloat:
        d->kind = Kind::kFloat;
        break;
      case Type::Kind::kPointer:
      case Type::Kind::kFunction:
      case Type::Kind::kStack:  // refused by sema; only its size would matter
        d->kind = Kind::kPointer;
        break;
      case Type::Kind::kString: {
        d->kind = Kind::kArray;
        auto c = std::make_shared<PrintTypeDesc>();
        c->kind = Kind::kChar;
        c->spelling = "char";
        c->size = 1;
        c->is_signed = true;
        d->element = c;
        d->count = s->size;
        break;
      }
      case Type::Kind::kArray:
        d->kind = Kind::kArray;
        d->count = s->array_len;
        d->element = Describe(s->target, depth);
        break;
      case Type::Kind::kStruct:
      case Type::Kind::kUnion:
        EnsureComplete(s);
        if (s->incomplete || depth >= kMaxNesting) {
          d->kind = Kind::kForward;
          cacheable = s->incomplete;  // a depth cut-off is not the type's description
          break;
        }
        d->kind = s->kind == Type::Kind::kUnion ? Kind::kUnion : Kind::kStruct;
        for (const Member& m : s->members)
          d->members.push_back(
              PrintMember{m.name, m.bit_offset, m.bit_width, Describe(m.type, depth + 1)});
        break;
      case Type::Kind::kVoid:
        d->kind = Kind::kForward;
        break;
    }
    if (cacheable) memo_[t] = d;
    return d;
  }

 private:
  std::map<const Type*, DescPtr> memo_;
};

}  // namespace

const Type* PrintedType(const Expr& arg) { return arg.type; }

bool PrintCopiesObject(const Expr& arg) {
  const Type* s = StripTypedefs(PrintedType(arg));
  return s->IsStructOrUnion() || s->kind == Type::Kind::kArray;
}

uint32_t PrintRecordBytes(const Expr& arg) {
  const Type* t = PrintedType(arg);
  if (PrintCopiesObject(arg))
    return static_cast<uint32_t>(std::max<uint64_t>(8, (StripTypedefs(t)->size + 7) & ~7ull));
  if (t->IsString()) return static_cast<uint32_t>(t->size);
  return 8;
}

std::shared_ptr<const PrintTypeDesc> DescribePrintType(const Type* t) {
  return Describer().Describe(t, 0);
}

void FunctionGen::GenPrint(const Expr& call) {
  const Expr& arg = *call.args[0];
  const Type* t = PrintedType(arg);
  ActionDesc a;
  a.kind = ActionKind::kPrint;
  a.print_type = DescribePrintType(t);
  if (PrintCopiesObject(arg)) {
    FieldDesc f;
    f.offset = record_size_;
    f.size = PrintRecordBytes(arg);
    f.type_size = f.size;
    record_size_ += f.size;
    uint32_t object_size = static_cast<uint32_t>(StripTypedefs(t)->size);
    EnsureScratch();
    if (PrintsVariableObject(arg))
      GenVariableObjectAddress(arg, false);
    else
      GenAddress(arg);
    if (object_size > 0) {
      int mark = stack_top_;
      int16_t addr = AllocSlot();
      b_.Store(8, R10, addr, R0);
      b_.Mov(R1, R7);
      b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(record_off_ + f.offset));
      b_.MovImm(R2, static_cast<int32_t>(object_size));
      CallReadHelperChecked(BPF_FUNC_probe_read_kernel, addr);
      ReleaseSlotsTo(mark);
    }
    a.fields.push_back(f);
  } else {
    GenExpr(arg);
    a.fields.push_back(AppendField(t));
    StoreResultToField(a.fields[0], t);
  }
  AddAction(std::move(a));
}

}  // namespace dt
