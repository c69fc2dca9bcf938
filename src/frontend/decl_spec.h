// The declaration-specifier rules DTrace's declarations enforce as each
// word is read: which of short, long, signed and unsigned go with which
// type, one type name per declaration, one storage class. Each word is
// checked as it arrives, so the first offending word is the one reported,
// in DTrace's words (D_DECL_CHARATTR, D_DECL_VOIDATTR, D_DECL_SIGNINT,
// D_DECL_LONGINT, D_DECL_COMBO, D_DECL_CLASS).
#pragma once

#include <string>

namespace dt {

class DeclSpecRules {
 public:
  enum class Kind { kNone, kInteger, kFloat, kTypedef, kStruct, kUnion, kEnum };

  // A type word: "int", "char", "void" (integers), "float", "double",
  // "string" and typedef names (kTypedef), struct/union/enum tags.
  void Type(Kind kind, const std::string& name, int line);
  // "short", "long", "signed", "unsigned".
  void Attribute(const std::string& word, int line);
  // "auto", "register", "static", "extern", "typedef", "self", "this".
  void StorageClass(int line);

  bool has_type() const { return kind_ != Kind::kNone; }
  bool has_attributes() const { return attrs_ != 0; }
  // Is the declared type one that a declaration without a declarator may
  // define (a struct, union or enum)?
  bool is_tagged() const {
    return kind_ == Kind::kStruct || kind_ == Kind::kUnion || kind_ == Kind::kEnum;
  }

 private:
  void Check(int line) const;

  Kind kind_ = Kind::kNone;
  std::string name_;
  unsigned attrs_ = 0;
  bool has_class_ = false;
};

}  // namespace dt
