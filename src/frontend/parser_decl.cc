// Type names and the declarations of a D program: variables, inlines,
// typedefs, structs/unions/enums, translators (and providers, ignored).
#include <cstring>

#include "common/diagnostic.h"
#include "common/nesting.h"
#include "frontend/parser_internal.h"

namespace dt {

namespace {

// Typedef names D scripts use without declaring them: D's own and the common
// kernel ones. Semantic analysis decides what each means.
const char* const kKnownTypedefs[] = {
    "int8_t",
    "int16_t",
    "int32_t",
    "int64_t",
    "uint8_t",
    "uint16_t",
    "uint32_t",
    "uint64_t",
    "intptr_t",
    "uintptr_t",
    "size_t",
    "ssize_t",
    "off_t",
    "pid_t",
    "uid_t",
    "gid_t",
    "id_t",
    "processorid_t",
    "psinfo_t",
    "lwpsinfo_t",
    "caddr_t",
    "uchar_t",
    "ushort_t",
    "uint_t",
    "ulong_t",
    "u_longlong_t",
    "longlong_t",
    "boolean_t",
    "hrtime_t",
    "bufinfo_t",
    "devinfo_t",
    "fileinfo_t",
    "cpuinfo_t",
    "dev_t",
    "time_t",
    "mode_t",
    "ino_t",
    "loff_t",
    "kthread_t",
    "proc_t",
    "zoneid_t",
    "taskid_t",
    "projid_t",
    "poolid_t",
    "cpu_t",
    "u_int",
    "u_long",
    "u_char",
    // the network and lockstat providers' (lib/dtrace/ip.d, tcp.d, udp.d)
    "pktinfo_t",
    "csinfo_t",
    "ipinfo_t",
    "ifinfo_t",
    "ipv4info_t",
    "ipv6info_t",
    "tcpsinfo_t",
    "tcplsinfo_t",
    "tcpinfo_t",
    "udpsinfo_t",
    "udpinfo_t",
    "ipaddr_t",
    "in6_addr_t",
    "spinlock_t",
    "rwlock_t",
};

bool IsQualifier(const Token& t) {
  return t.kind == TokenKind::kKeyword &&
         (t.text == "const" || t.text == "volatile" || t.text == "restrict");
}

// The D scoping operator (module`name) names kernel symbols; DTrace
// refuses it in the names a program declares (D_DECL_SCOPE).
void CheckUnscopedName(const std::string& name, const char* what, int line) {
  if (name.find('`') != std::string::npos) {
    throw CompileError(
        "D_DECL_SCOPE", line,
        std::string("D scoping operator may not be used in ") + what + " (" + Excerpt(name) + ")");
  }
}

}  // namespace

bool Parser::IsTypeName(const std::string& name) const {
  if (declared_vars_.count(name)) return false;
  if (typedefs_.count(name)) return true;
  for (const char* k : kKnownTypedefs) {
    if (name == k) return true;
  }
  return false;
}

bool Parser::StartsTypeName(size_t n) {
  const Token& t = Peek(n);
  if (t.kind == TokenKind::kKeyword) {
    static const char* const kTypeWords[] = {
        "char",   "short",  "int",    "long",  "signed", "unsigned", "void",     "float",
        "double", "string", "struct", "union", "enum",   "const",    "volatile", "restrict",
    };
    for (const char* k : kTypeWords) {
      if (t.text == k) return true;
    }
    return false;
  }
  if (t.kind != TokenKind::kIdent || !IsTypeName(t.value)) return false;
  // As in DTrace, a type name followed by ++, --, [ or = is taken to be a
  // variable being assigned.
  for (const char* p : {"++", "--", "[", "="}) {
    if (IsPunctAt(n + 1, p)) return false;
  }
  return true;
}

// Pointers and array dimensions nest types as deeply as they are written,
// so each counts as a level of nesting while it is parsed.
void Parser::ParsePointers(ast::TypeName* type) {
  Nesting chain;
  while (Is("*")) {
    chain.Deeper(cur().line);
    type->pointer_depth++;
    Advance();
    while (IsQualifier(cur())) Advance();
  }
}

ast::TypeName Parser::ParseTypeName() {
  ast::TypeName type;
  type.line = cur().line;
  ParseSpecifiers(&type);
  ParsePointers(&type);
  Nesting dims;
  while (Is("[")) {
    dims.Deeper(cur().line);
    Advance();
    type.array_dims.push_back(ParseArrayDimension());
    Expect("]");
  }
  return type;
}

// C declaration specifiers, normalised: "long int unsigned" is "unsigned long".
// A struct, union or enum defined here is added to the program first.
void Parser::ParseSpecifiers(ast::TypeName* type, DeclSpecRules* rules) {
  DeclSpecRules local;
  if (rules == nullptr) rules = &local;
  type->line = cur().line;
  int longs = 0, shorts = 0;
  bool is_signed = false, is_unsigned = false;
  std::string base;
  for (;;) {
    const Token& t = cur();
    if (IsQualifier(t)) {
      if (t.text == "const") type->is_const = true;
      if (t.text == "volatile") type->is_volatile = true;
      Advance();
      continue;
    }
    if (t.kind == TokenKind::kKeyword) {
      const std::string& w = t.text;
      if (w == "long" || w == "short" || w == "signed" || w == "unsigned") {
        rules->Attribute(w, t.line);
        if (w == "long") longs++;
        if (w == "short") shorts++;
        if (w == "signed") is_signed = true;
        if (w == "unsigned") is_unsigned = true;
      } else if (w == "char" || w == "int" || w == "void" || w == "float" || w == "double" ||
                 w == "string") {
        rules->Type(w == "float" || w == "double" ? DeclSpecRules::Kind::kFloat
                    : w == "string"               ? DeclSpecRules::Kind::kTypedef
                                                  : DeclSpecRules::Kind::kInteger,
                    w, t.line);
        base = w;
      } else if (w == "struct" || w == "union") {
        bool is_union = w == "union";
        int line = t.line;
        rules->Type(is_union ? DeclSpecRules::Kind::kUnion : DeclSpecRules::Kind::kStruct, w, line);
        Advance();
        std::string name;
        if (cur().kind == TokenKind::kIdent) name = ExpectIdent();
        if (Is("{")) {
          ast::StructDecl decl;
          decl.is_union = is_union;
          decl.line = line;
          if (name.empty()) name = "__anon" + std::to_string(++anon_count_);
          decl.name = name;
          ParseStructBody(&decl);
          program_.items.emplace_back(std::move(decl));
        } else if (name.empty()) {
          SyntaxError();
        }
        base = (is_union ? "union " : "struct ") + name;
        continue;
      } else if (w == "enum") {
        int line = t.line;
        rules->Type(DeclSpecRules::Kind::kEnum, w, line);
        Advance();
        std::string name;
        if (cur().kind == TokenKind::kIdent) name = ExpectIdent();
        if (Is("{")) {
          ast::EnumDecl decl;
          decl.line = line;
          if (name.empty()) name = "__anon" + std::to_string(++anon_count_);
          decl.name = name;
          ParseEnumBody(&decl);
          program_.items.emplace_back(std::move(decl));
        } else if (name.empty()) {
          SyntaxError();
        }
        base = "enum " + name;
        continue;
      } else {
        break;
      }
      Advance();
      continue;
    }
    if (t.kind == TokenKind::kIdent && !rules->has_type() && IsTypeName(t.value)) {
      if (rules->has_attributes()) {
        // "unsigned pid_t", "long string": DTrace takes the name as the
        // type and refuses the combination. After "short" alone it is
        // the declarator, as it always was here.
        DeclSpecRules with_name = *rules;
        with_name.Type(DeclSpecRules::Kind::kTypedef, t.value, t.line);
        break;
      }
      rules->Type(DeclSpecRules::Kind::kTypedef, t.value, t.line);
      base = t.value;
      Advance();
      continue;
    }
    break;
  }
  if (base.empty() && longs == 0 && shorts == 0 && !is_signed && !is_unsigned) SyntaxError();
  if (base.empty() || base == "int") {
    std::string core = shorts ? "short" : longs == 1 ? "long" : longs >= 2 ? "long long" : "int";
    base = (is_unsigned ? "unsigned " : "") + core;
  } else if (base == "char") {
    base = is_unsigned ? "unsigned char" : is_signed ? "signed char" : "char";
  } else if (base == "double" && longs) {
    base = "long double";
  }
  type->base = base;
}

void Parser::ParseStructBody(ast::StructDecl* decl) {
  Nesting nesting(cur().line);
  Expect("{");
  while (!Is("}")) {
    ast::TypeName base;
    ParseSpecifiers(&base);
    for (;;) {
      ast::StructMember m;
      m.type = base;
      if (Is(";") || Is(",")) {
        throw CompileError("D_DECL_MNAME", cur().line, "member declaration requires a name");
      }
      if (!Is(":")) {
        ParsePointers(&m.type);
        m.name = ExpectIdent();
        CheckUnscopedName(m.name, "a member name", cur().line);
        Nesting dims;
        while (Is("[")) {
          dims.Deeper(cur().line);
          Advance();
          if (StartsTypeName(0)) {
            throw CompileError("D_DECL_DYNOBJ", cur().line,
                               "cannot have dynamic member: " + Excerpt(m.name));
          }
          m.type.array_dims.push_back(ParseArrayDimension());
          Expect("]");
        }
      }
      if (Is(":")) {
        Advance();
        m.bit_width = ParseBitWidth(m.name.empty());
      }
      decl->members.push_back(std::move(m));
      if (!Is(",")) break;
      Advance();
    }
    Expect(";");
  }
  Advance();
}

void Parser::ParseEnumBody(ast::EnumDecl* decl) {
  Expect("{");
  while (!Is("}")) {
    std::string name = ExpectIdent();
    CheckUnscopedName(name, "an enumerator name", cur().line);
    ast::ExprPtr value;
    if (Is("=")) {
      Nesting nesting(cur().line);
      Advance();
      value = ParseConditional();
    }
    decl->values.emplace_back(name, std::move(value));
    if (!Is(",")) break;
    Advance();
  }
  Expect("}");
}

void Parser::EndDeclaration() {
  if (!Is(";")) SyntaxError();
  SetMode(Lexer::Mode::kProgram);
  Advance();
}

void Parser::ParseDeclaration() {
  if (IsKw("inline")) return ParseInline();
  if (IsKw("translator")) return ParseTranslator();
  if (IsKw("provider")) return ParseProvider();
  ast::VarScope scope = ast::VarScope::kGlobal;
  bool is_typedef = false, is_extern = false, bad_class = false;
  DeclSpecRules rules;
  for (;;) {
    if (IsKw("self")) {
      scope = ast::VarScope::kSelf;
    } else if (IsKw("this")) {
      scope = ast::VarScope::kThis;
    } else if (IsKw("typedef")) {
      is_typedef = true;
    } else if (IsKw("extern")) {
      is_extern = true;
    } else if (IsKw("static") || IsKw("register") || IsKw("auto")) {
      bad_class = true;
    } else {
      break;
    }
    rules.StorageClass(cur().line);
    Advance();
  }
  ast::TypeName base;
  ParseSpecifiers(&base, &rules);
  if (Is(";")) {
    if (!rules.is_tagged()) throw CompileError("D_DECL_USELESS", cur().line, "useless declaration");
    return EndDeclaration();
  }
  for (;;) {
    int line = cur().line;
    ast::TypeName type = base;
    ParsePointers(&type);
    std::string name = ExpectIdent();
    bool is_assoc = false, no_dimension = false;
    std::vector<ast::TypeName> keys;
    Nesting dims;
    for (int subscripts = 0; Is("["); ++subscripts) {
      dims.Deeper(cur().line);
      Advance();
      if (Is("]")) {
        no_dimension = true;
      } else if (StartsTypeName(0) || IsKw("void") || Is("...") || StartsParameterClass()) {
        if (subscripts > 0) {
          throw CompileError("D_DECL_DYNOBJ", cur().line,
                             "cannot declare array of associative arrays");
        }
        is_assoc = true;
        ParseKeySignature(&keys);
      } else {
        if (base.base == "void" && type.pointer_depth == 0 && type.array_dims.empty()) {
          throw CompileError("D_DECL_VOIDOBJ", cur().line, "cannot declare array of void");
        }
        type.array_dims.push_back(ParseArrayDimension());
      }
      Expect("]");
    }
    CheckUnscopedName(name, "a declaration name", cur().line);
    if (bad_class) {
      throw CompileError("D_DECL_BADCLASS", cur().line,
                         "specified storage class not appropriate in D");
    }
    if (no_dimension && !is_typedef && !is_extern) {
      throw CompileError(
          "D_DECL_ARRNULL", cur().line,
          "array declaration requires array dimension or tuple signature: " + Excerpt(name));
    }
    if (no_dimension) is_assoc = true;
    if (is_assoc && scope == ast::VarScope::kThis) {
      throw CompileError(
          "D_DECL_LOCASSC", cur().line,
          "associative arrays may not be declared as local variables: " + Excerpt(name));
    }
    if (is_typedef) {
      ast::TypedefDecl decl;
      decl.type = std::move(type);
      decl.name = name;
      decl.line = line;
      typedefs_.insert(name);
      declared_vars_.erase(name);
      program_.items.emplace_back(std::move(decl));
    } else {
      ast::VarDecl decl;
      decl.scope = scope;
      decl.type = std::move(type);
      decl.name = name;
      decl.is_assoc = is_assoc;
      decl.key_types = std::move(keys);
      decl.is_extern = is_extern;
      decl.line = line;
      if (scope == ast::VarScope::kGlobal) declared_vars_.insert(name);
      program_.items.emplace_back(std::move(decl));
    }
    if (!Is(",")) break;
    Advance();
  }
  EndDeclaration();
}

void Parser::ParseInline() {
  ast::InlineDecl decl;
  decl.line = cur().line;
  Advance();
  ParseSpecifiers(&decl.type);
  ParsePointers(&decl.type);
  decl.name = ExpectIdent();
  Nesting dims;
  while (Is("[")) {
    dims.Deeper(cur().line);
    Advance();
    decl.type.array_dims.push_back(ParseArrayDimension());
    Expect("]");
  }
  Expect("=");
  decl.value = ParseAssignment();
  EndDeclaration();
  declared_vars_.insert(decl.name);
  program_.items.emplace_back(std::move(decl));
}

void Parser::ParseTranslator() {
  ast::TranslatorDecl decl;
  decl.line = cur().line;
  Advance();
  decl.output = ParseTypeName();
  Expect("<");
  decl.input = ParseTypeName();
  decl.input_name = ExpectIdent();
  Expect(">");
  Expect("{");
  while (!Is("}")) {
    std::string member = ExpectIdent();
    Expect("=");
    ast::ExprPtr value = ParseAssignment();
    Expect(";");
    decl.members.emplace_back(member, std::move(value));
  }
  Advance();
  EndDeclaration();
  program_.items.emplace_back(std::move(decl));
}

// provider p { probe name(args) [: (args)]; ... }; only matters for USDT
// header and object generation (-h/-G), so it is recorded beside the items.
// A parameter may be named ("int fd").
void Parser::ParseProvider() {
  ast::ProviderDecl provider;
  provider.line = cur().line;
  Advance();
  provider.name = ExpectIdent();
  Expect("{");
  auto parse_params = [this](std::vector<ast::TypeName>* out, std::vector<std::string>* names) {
    Expect("(");
    if (IsKw("void") && Peek(1).text == ")") Advance();
    while (!Is(")")) {
      if (!StartsTypeName(0)) SyntaxError();
      out->push_back(ParseTypeName());
      names->emplace_back();
      if (cur().kind == TokenKind::kIdent && !Is(",") && !Is(")")) {
        names->back() = cur().text;
        Advance();
      }
      if (!Is(",")) break;
      Advance();
    }
    Expect(")");
  };
  while (IsKw("probe")) {
    ast::ProbeDecl probe;
    probe.line = cur().line;
    Advance();
    probe.name = ExpectIdent();
    parse_params(&probe.args, &probe.arg_names);
    if (Is(":")) {
      Advance();
      parse_params(&probe.xargs, &probe.xarg_names);
    }
    Expect(";");
    provider.probes.push_back(std::move(probe));
  }
  Expect("}");
  EndDeclaration();
  program_.providers.push_back(std::move(provider));
}

}  // namespace dt
