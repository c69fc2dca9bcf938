#include "frontend/decl_spec.h"

#include "common/diagnostic.h"

namespace dt {

namespace {

constexpr unsigned kShort = 1, kLong = 2, kLongLong = 4, kSigned = 8, kUnsigned = 16;

}  // namespace

void DeclSpecRules::Type(Kind kind, const std::string& name, int line) {
  if (kind_ != Kind::kNone) throw CompileError("D_DECL_COMBO", line, "invalid type combination");
  kind_ = kind;
  name_ = name;
  Check(line);
}

void DeclSpecRules::Attribute(const std::string& word, int line) {
  unsigned a = word == "short"    ? kShort
               : word == "long"   ? kLong
               : word == "signed" ? kSigned
                                  : kUnsigned;
  // A second long makes long long; a third is not an attribute DTrace knows.
  if (a == kLong && (attrs_ & kLong)) {
    attrs_ &= ~kLong;
    a = kLongLong;
  }
  attrs_ |= a;
  Check(line);
}

void DeclSpecRules::StorageClass(int line) {
  if (has_class_) {
    throw CompileError("D_DECL_CLASS", line, "only one storage class allowed in a declaration");
  }
  has_class_ = true;
}

// As DTrace does, nothing is checked until a type word has been seen:
// "unsigned" alone is an unsigned int.
void DeclSpecRules::Check(int line) const {
  if (kind_ == Kind::kNone) return;
  if (name_ == "char" && (attrs_ & (kShort | kLong | kLongLong))) {
    throw CompileError("D_DECL_CHARATTR", line,
                       "invalid type declaration: short and long may not be used with char type");
  }
  if (name_ == "void" && attrs_ != 0) {
    throw CompileError("D_DECL_VOIDATTR", line,
                       "invalid type declaration: attributes may not be used with void type");
  }
  if (kind_ != Kind::kInteger && (attrs_ & (kSigned | kUnsigned))) {
    throw CompileError(
        "D_DECL_SIGNINT", line,
        "invalid type declaration: signed and unsigned may only be used with integer type");
  }
  if (kind_ != Kind::kInteger && kind_ != Kind::kFloat && (attrs_ & (kLong | kLongLong))) {
    throw CompileError("D_DECL_LONGINT", line,
                       "invalid type declaration: long and long long may only be used with "
                       "integer or floating-point type");
  }
}

}  // namespace dt
