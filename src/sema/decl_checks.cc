#include "sema/decl_checks.h"

#include "common/diagnostic.h"

namespace dt {

namespace {

bool IsIncomplete(const Type* s) {
  return s->IsStructOrUnion() && EnsureComplete(s)->incomplete && s->size == 0;
}

}  // namespace

void CheckObjectType(const Type* t, const std::string& name, int line) {
  const Type* s = StripTypedefs(t);
  if (s->IsVoid()) {
    throw CompileError("D_DECL_VOIDOBJ", line, "cannot have void object: " + Excerpt(name));
  }
  if (IsIncomplete(s)) {
    throw CompileError("D_DECL_INCOMPLETE", line,
                       "incomplete struct/union/enum " + TypeSpelling(t) + ": " + Excerpt(name));
  }
}

void CheckMemberType(const Type* t, const std::string& name, int bit_width, int line) {
  const Type* s = StripTypedefs(t);
  if (IsIncomplete(s)) {
    throw CompileError("D_DECL_INCOMPLETE", line,
                       "incomplete struct/union/enum " + TypeSpelling(t) + ": " + Excerpt(name));
  }
  if (s->IsVoid()) {
    throw CompileError("D_DECL_VOIDOBJ", line, "cannot have void member: " + Excerpt(name));
  }
  if (bit_width < 0) return;
  std::string shown = name.empty() ? "(anon)" : Excerpt(name);
  if (s->kind != Type::Kind::kInteger) {
    throw CompileError("D_DECL_BFTYPE", line, "invalid type for bit-field: " + shown);
  }
  if (static_cast<uint64_t>(bit_width) > s->size * 8) {
    throw CompileError("D_DECL_BFSIZE", line, "bit-field too big for type: " + shown);
  }
}

void RethrowDeclTypeError(const CompileError& err, const ast::TypeName& tn,
                          const std::string& name) {
  bool tagged = tn.base.rfind("struct ", 0) == 0 || tn.base.rfind("union ", 0) == 0 ||
                tn.base.rfind("enum ", 0) == 0;
  if (err.tag() == "D_TYPE_ERR" && tagged && tn.pointer_depth == 0 && tn.array_dims.empty()) {
    throw CompileError("D_DECL_INCOMPLETE", err.line(),
                       "incomplete struct/union/enum " + tn.base + ": " + Excerpt(name));
  }
  throw err;
}

void SizeofUnknownError(int line) {
  throw CompileError("D_SIZEOF_TYPE", line, "cannot apply sizeof to an operand of unknown size");
}

}  // namespace dt
