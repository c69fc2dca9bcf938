#include "frontend/ast_dump.h"

#include <cstdio>

#include "common/nesting.h"

namespace dt {

using namespace ast;  // NOLINT: every name below is an AST node

namespace {

std::string Quote(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '"':
        out += "\\\"";
        break;
      default:
        if (c < 0x20 || c >= 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string Integer(const Expr& e) {
  if (e.int_is_char) return "(char " + std::to_string(e.int_value) + ")";
  std::string out;
  if (e.int_decimal || e.int_value == 0) {
    out = std::to_string(e.int_value);
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(e.int_value));
    out = buf;
  }
  if (e.int_unsigned_suffix) out += "u";
  out += std::string(e.int_long_suffix, 'l');
  return out;
}

const char* UnaryName(UnaryOp op) {
  switch (op) {
    case UnaryOp::kNeg:
      return "neg";
    case UnaryOp::kPlus:
      return "plus";
    case UnaryOp::kLogicalNot:
      return "not";
    case UnaryOp::kBitNot:
      return "bitnot";
    case UnaryOp::kDeref:
      return "deref";
    case UnaryOp::kAddressOf:
      return "addr";
    case UnaryOp::kPreInc:
      return "pre++";
    case UnaryOp::kPreDec:
      return "pre--";
    case UnaryOp::kPostInc:
      return "post++";
    case UnaryOp::kPostDec:
      return "post--";
  }
  return "?";
}

std::string List(const std::vector<ExprPtr>& v) {
  std::string out;
  for (const auto& e : v) out += " " + DumpExpr(*e);
  return out;
}

std::string Stmts(const std::vector<StmtPtr>& body);

std::string DumpStmt(const Stmt& s) {
  Nesting nesting(s.line);
  switch (s.kind) {
    case StmtKind::kExpr:
      return DumpExpr(*s.expr);
    case StmtKind::kAggregate: {
      std::string keys;
      for (const auto& k : s.keys) keys += (keys.empty() ? "" : " ") + DumpExpr(*k);
      return "(agg @" + s.agg_name + " (" + keys + ") (" + s.agg_func + List(s.agg_args) + "))";
    }
    case StmtKind::kIf: {
      std::string out = "(if " + DumpExpr(*s.expr) + " (then" + Stmts(s.body) + ")";
      if (!s.else_body.empty()) out += " (else" + Stmts(s.else_body) + ")";
      return out + ")";
    }
    case StmtKind::kBlock:
      return "(block" + Stmts(s.body) + ")";
    case StmtKind::kEmpty:
      return "(empty)";
  }
  return "?";
}

std::string Stmts(const std::vector<StmtPtr>& body) {
  std::string out;
  for (const auto& s : body) out += " " + DumpStmt(*s);
  return out;
}

const char* ScopeName(VarScope s) {
  switch (s) {
    case VarScope::kGlobal:
      return "global";
    case VarScope::kSelf:
      return "self";
    case VarScope::kThis:
      return "this";
  }
  return "?";
}

struct ItemDumper {
  std::string operator()(const Clause& c) const {
    std::string out = "(clause (probes";
    for (const auto& p : c.probes) out += " " + Quote(p.text);
    out += ")";
    if (c.predicate) out += " (pred " + DumpExpr(*c.predicate) + ")";
    return out + " (body" + Stmts(c.body) + "))";
  }
  std::string operator()(const VarDecl& v) const {
    std::string out = std::string("(var ") + ScopeName(v.scope) + (v.is_extern ? " extern " : " ") +
                      DumpType(v.type) + " " + v.name;
    if (v.is_assoc) {
      out += " [";
      for (size_t i = 0; i < v.key_types.size(); i++) {
        out += (i ? " " : "") + DumpType(v.key_types[i]);
      }
      out += "]";
    }
    return out + ")";
  }
  std::string operator()(const InlineDecl& d) const {
    return "(inline " + DumpType(d.type) + " " + d.name + " " + DumpExpr(*d.value) + ")";
  }
  std::string operator()(const PragmaOption& p) const {
    return "(option " + p.name + (p.value.empty() ? "" : " " + p.value) + ")";
  }
  std::string operator()(const StructDecl& s) const {
    std::string out = std::string(s.is_union ? "(union " : "(struct ") + s.name;
    for (const auto& m : s.members) {
      out += " (" + DumpType(m.type) + " " + m.name;
      if (m.bit_width >= 0) out += " :" + std::to_string(m.bit_width);
      out += ")";
    }
    return out + ")";
  }
  std::string operator()(const EnumDecl& e) const {
    std::string out = "(enum " + e.name;
    for (const auto& [name, value] : e.values) {
      out += " (" + name + (value ? " " + DumpExpr(*value) : "") + ")";
    }
    return out + ")";
  }
  std::string operator()(const TypedefDecl& t) const {
    return "(typedef " + DumpType(t.type) + " " + t.name + ")";
  }
  std::string operator()(const TranslatorDecl& t) const {
    std::string out =
        "(translator " + DumpType(t.output) + " " + DumpType(t.input) + " " + t.input_name;
    for (const auto& [name, value] : t.members) out += " (" + name + " " + DumpExpr(*value) + ")";
    return out + ")";
  }
};

}  // namespace

std::string DumpType(const TypeName& t) {
  std::string out = "<";
  if (t.is_const) out += "const ";
  if (t.is_volatile) out += "volatile ";
  out += t.base;
  if (t.pointer_depth) out += " " + std::string(t.pointer_depth, '*');
  if (!t.array_dims.empty()) {
    out += " ";
    for (uint64_t d : t.array_dims) out += "[" + std::to_string(d) + "]";
  }
  return out + ">";
}

std::string DumpExpr(const Expr& e) {
  Nesting nesting(e.line);
  switch (e.kind) {
    case ExprKind::kInteger:
      return Integer(e);
    case ExprKind::kString:
      return Quote(e.text);
    case ExprKind::kIdentifier:
      return e.text;
    case ExprKind::kSelfVar:
      return "self->" + e.text;
    case ExprKind::kThisVar:
      return "this->" + e.text;
    case ExprKind::kAggregation:
      return "@" + e.text;
    case ExprKind::kUnary:
      return std::string("(") + UnaryName(e.unary_op) + " " + DumpExpr(*e.lhs) + ")";
    case ExprKind::kBinary:
      return std::string("(") + BinaryOpSpelling(e.binary_op) + " " + DumpExpr(*e.lhs) + " " +
             DumpExpr(*e.rhs) + ")";
    case ExprKind::kAssign:
      return std::string("(") + (e.compound ? BinaryOpSpelling(e.binary_op) : "") + "= " +
             DumpExpr(*e.lhs) + " " + DumpExpr(*e.rhs) + ")";
    case ExprKind::kTernary:
      return "(? " + DumpExpr(*e.cond) + " " + DumpExpr(*e.lhs) + " " + DumpExpr(*e.rhs) + ")";
    case ExprKind::kCast:
      return "(cast " + DumpType(*e.type_name) + " " + DumpExpr(*e.lhs) + ")";
    case ExprKind::kCall:
      return "(call " + e.text + List(e.args) + ")";
    case ExprKind::kIndex:
      return "([] " + DumpExpr(*e.lhs) + List(e.args) + ")";
    case ExprKind::kMember:
      return std::string("(") + (e.arrow ? "->" : ".") + " " + DumpExpr(*e.lhs) + " " + e.text +
             ")";
    case ExprKind::kSizeofType:
      return "(sizeof " + DumpType(*e.type_name) + ")";
    case ExprKind::kSizeofExpr:
      return "(sizeof " + DumpExpr(*e.lhs) + ")";
    case ExprKind::kOffsetof:
      return "(offsetof " + DumpType(*e.type_name) + " " + e.text + ")";
    case ExprKind::kStringof:
      return "(stringof " + DumpExpr(*e.lhs) + ")";
    case ExprKind::kXlate:
      return "(xlate " + DumpType(*e.type_name) + " " + DumpExpr(*e.lhs) + ")";
  }
  return "?";
}

std::string DumpAst(const Program& program) {
  std::string out;
  for (const auto& item : program.items) {
    if (!out.empty()) out += "\n";
    out += std::visit(ItemDumper{}, item);
  }
  return out;
}

}  // namespace dt
