// An associative array's key signature, `int a[int, string x]`: a
// prototype, as DTrace checks one for arrays. Parameters may be named or
// not; a name may not repeat; void, a variable-length list (...) and
// storage classes other than register are refused with DTrace's words.
#include <set>

#include "common/diagnostic.h"
#include "frontend/parser_internal.h"

namespace dt {

bool Parser::StartsParameterClass() {
  return IsKw("auto") || IsKw("register") || IsKw("static") || IsKw("extern") || IsKw("typedef");
}

void Parser::ParseKeySignature(std::vector<ast::TypeName>* keys) {
  struct Param {
    ast::TypeName type;
    std::string name;
    bool varargs = false;
    int line = 0;
  };
  std::vector<Param> params;
  for (;;) {
    Param p;
    p.line = cur().line;
    if (Is("...")) {
      p.varargs = true;
      Advance();
    } else {
      bool bad_class = false;
      DeclSpecRules rules;
      while (StartsParameterClass()) {
        bad_class = bad_class || !IsKw("register");
        rules.StorageClass(cur().line);
        Advance();
      }
      ParseSpecifiers(&p.type, &rules);
      ParsePointers(&p.type);
      if (cur().kind == TokenKind::kIdent) p.name = ExpectIdent();
      while (Is("[")) {
        Advance();
        p.type.array_dims.push_back(ParseArrayDimension());
        Expect("]");
      }
      if (bad_class) {
        throw CompileError("D_DECL_PARMCLASS", cur().line,
                           "inappropriate storage class for function or associative array "
                           "parameter");
      }
    }
    params.push_back(std::move(p));
    if (!Is(",")) break;
    Advance();
  }
  std::set<std::string> names;
  int i = 0;
  for (const Param& p : params) {
    ++i;
    std::string name = p.name.empty() ? "(anonymous)" : Excerpt(p.name);
    if (p.varargs) {
      throw CompileError("D_DECL_PROTO_VARARGS", p.line,
                         "array prototype may not use a variable-length argument list");
    }
    if (p.type.base == "void" && p.type.pointer_depth == 0) {
      throw CompileError("D_DECL_PROTO_TYPE", p.line,
                         "array prototype may not use parameter of type void: " + name +
                             ", parameter #" + std::to_string(i));
    }
    if (!p.name.empty() && !names.insert(p.name).second) {
      throw CompileError("D_DECL_PROTO_FORM", p.line,
                         "parameter is already declared in array prototype: " + name +
                             ", parameter #" + std::to_string(i));
    }
    keys->push_back(p.type);
  }
}

}  // namespace dt
