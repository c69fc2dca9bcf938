// Expressions: C's operators with C's precedence, plus D's ^^, stringof,
// xlate, self->/this-> variables and @aggregations.
#include <cstring>

#include "common/diagnostic.h"
#include "common/nesting.h"
#include "frontend/const_fold.h"
#include "frontend/parser_internal.h"

namespace dt {

using ast::BinaryOp;
using ast::Expr;
using ast::ExprKind;
using ast::ExprPtr;
using ast::UnaryOp;

namespace {

struct BinaryOperator {
  const char* text;
  BinaryOp op;
  int precedence;  // 1 is the loosest
};

const BinaryOperator kBinaryOperators[] = {
    {"||", BinaryOp::kLogicalOr, 1},  {"^^", BinaryOp::kLogicalXor, 2},
    {"&&", BinaryOp::kLogicalAnd, 3}, {"|", BinaryOp::kBitOr, 4},
    {"^", BinaryOp::kBitXor, 5},      {"&", BinaryOp::kBitAnd, 6},
    {"==", BinaryOp::kEq, 7},         {"!=", BinaryOp::kNe, 7},
    {"<", BinaryOp::kLt, 8},          {"<=", BinaryOp::kLe, 8},
    {">", BinaryOp::kGt, 8},          {">=", BinaryOp::kGe, 8},
    {"<<", BinaryOp::kShl, 9},        {">>", BinaryOp::kShr, 9},
    {"+", BinaryOp::kAdd, 10},        {"-", BinaryOp::kSub, 10},
    {"*", BinaryOp::kMul, 11},        {"/", BinaryOp::kDiv, 11},
    {"%", BinaryOp::kMod, 11},
};

// The binary operator `t` spells, or nullptr.
const BinaryOperator* FindBinaryOperator(const Token& t) {
  if (t.kind != TokenKind::kPunct) return nullptr;
  for (const BinaryOperator& b : kBinaryOperators) {
    if (t.text == b.text) return &b;
  }
  return nullptr;
}

struct AssignOp {
  const char* text;
  BinaryOp op;
};
const AssignOp kAssignOps[] = {
    {"+=", BinaryOp::kAdd},   {"-=", BinaryOp::kSub},    {"*=", BinaryOp::kMul},
    {"/=", BinaryOp::kDiv},   {"%=", BinaryOp::kMod},    {"<<=", BinaryOp::kShl},
    {">>=", BinaryOp::kShr},  {"&=", BinaryOp::kBitAnd}, {"^=", BinaryOp::kBitXor},
    {"|=", BinaryOp::kBitOr},
};

}  // namespace

ExprPtr Parser::NewExpr(ExprKind kind, int line) {
  auto e = std::make_unique<Expr>();
  e->kind = kind;
  e->line = line;
  return e;
}

// Every function below that recurses into a nested construct holds a
// Nesting for it, and loops that grow a chain (a, b, c; 1 + 2 + 3;
// x[1][2]) count a level per link, since the chain is as deep a tree for the
// later stages as nesting is (common/nesting.h).
ExprPtr Parser::ParseExpression() {
  ExprPtr e = ParseAssignment();
  Nesting chain;
  while (Is(",")) {
    chain.Deeper(cur().line);
    auto comma = NewExpr(ExprKind::kBinary, cur().line);
    Advance();
    comma->binary_op = BinaryOp::kComma;
    comma->lhs = std::move(e);
    comma->rhs = ParseAssignment();
    e = std::move(comma);
  }
  return e;
}

ExprPtr Parser::ParseAssignment() {
  Nesting nesting(cur().line);
  ExprPtr lhs = ParseConditional();
  const Token& t = cur();
  if (t.kind != TokenKind::kPunct) return lhs;
  bool plain = t.text == "=";
  const AssignOp* compound = nullptr;
  for (const AssignOp& a : kAssignOps) {
    if (t.text == a.text) compound = &a;
  }
  if (!plain && !compound) return lhs;
  // C's grammar only assigns to a unary expression: "a + b = c" is a syntax
  // error at "=", while "(a + b) = c" parses and is rejected later.
  bool unary = lhs->kind != ExprKind::kBinary && lhs->kind != ExprKind::kTernary &&
               lhs->kind != ExprKind::kCast && lhs->kind != ExprKind::kAssign;
  if (!unary && lhs.get() != parenthesized_) SyntaxError();
  auto e = NewExpr(ExprKind::kAssign, t.line);
  if (compound) {
    e->compound = true;
    e->binary_op = compound->op;
  }
  Advance();
  e->lhs = std::move(lhs);
  e->rhs = ParseAssignment();
  return e;
}

ExprPtr Parser::ParseConditional() {
  ExprPtr cond = ParseBinary(1);
  if (!Is("?")) return cond;
  Nesting nesting(cur().line);
  auto e = NewExpr(ExprKind::kTernary, cur().line);
  Advance();
  e->cond = std::move(cond);
  e->lhs = ParseExpression();
  Expect(":");
  e->rhs = ParseConditional();
  return e;
}

// Precedence climbing: operators at `min_precedence` or tighter, left
// associative.
ExprPtr Parser::ParseBinary(int min_precedence) {
  ExprPtr lhs = ParseCast();
  Nesting chain;
  for (;;) {
    const BinaryOperator* b = FindBinaryOperator(cur());
    if (b == nullptr || b->precedence < min_precedence) return lhs;
    chain.Deeper(cur().line);
    auto e = NewExpr(ExprKind::kBinary, cur().line);
    e->binary_op = b->op;
    Advance();
    e->lhs = std::move(lhs);
    e->rhs = ParseBinary(b->precedence + 1);
    lhs = std::move(e);
  }
}

ExprPtr Parser::ParseCast() {
  if (Is("(") && StartsTypeName(1)) {
    Nesting nesting(cur().line);
    auto e = NewExpr(ExprKind::kCast, cur().line);
    Advance();
    e->type_name = std::make_unique<ast::TypeName>(ParseTypeName());
    Expect(")");
    e->lhs = ParseCast();
    return e;
  }
  return ParseUnary();
}

ExprPtr Parser::ParseUnary() {
  const Token& t = cur();
  int line = t.line;
  if (t.kind == TokenKind::kPunct) {
    struct Prefix {
      const char* text;
      UnaryOp op;
      bool operand_is_cast;
    };
    static const Prefix kPrefixes[] = {
        {"++", UnaryOp::kPreInc, false},  {"--", UnaryOp::kPreDec, false},
        {"&", UnaryOp::kAddressOf, true}, {"*", UnaryOp::kDeref, true},
        {"+", UnaryOp::kPlus, true},      {"-", UnaryOp::kNeg, true},
        {"~", UnaryOp::kBitNot, true},    {"!", UnaryOp::kLogicalNot, true},
    };
    for (const Prefix& p : kPrefixes) {
      if (t.text != p.text) continue;
      Nesting nesting(line);
      auto e = NewExpr(ExprKind::kUnary, line);
      e->unary_op = p.op;
      Advance();
      e->lhs = p.operand_is_cast ? ParseCast() : ParseUnary();
      return e;
    }
  }
  if (IsKw("sizeof")) {
    Nesting nesting(line);
    Advance();
    if (Is("(") && StartsTypeName(1)) {
      auto e = NewExpr(ExprKind::kSizeofType, line);
      Advance();
      e->type_name = std::make_unique<ast::TypeName>(ParseTypeName());
      Expect(")");
      return e;
    }
    auto e = NewExpr(ExprKind::kSizeofExpr, line);
    e->lhs = ParseUnary();
    return e;
  }
  if (IsKw("stringof")) {
    Nesting nesting(line);
    Advance();
    auto e = NewExpr(ExprKind::kStringof, line);
    e->lhs = ParseUnary();
    return e;
  }
  return ParsePostfix();
}

std::vector<ExprPtr> Parser::ParseArguments(const char* close) {
  std::vector<ExprPtr> args;
  if (Is(close)) return args;
  args.push_back(ParseAssignment());
  while (Is(",")) {
    Advance();
    args.push_back(ParseAssignment());
  }
  return args;
}

ExprPtr Parser::ParsePostfix() {
  ExprPtr e = ParsePrimary();
  Nesting chain;
  for (;;) {
    int line = cur().line;
    if (Is("[") || Is("(") || Is(".") || Is("->") || Is("++") || Is("--")) chain.Deeper(line);
    if (Is("[")) {
      Advance();
      auto index = NewExpr(ExprKind::kIndex, line);
      index->lhs = std::move(e);
      index->args = ParseArguments("]");
      if (index->args.empty()) SyntaxError();
      Expect("]");
      e = std::move(index);
    } else if (Is("(")) {
      if (e->kind != ExprKind::kIdentifier || e->text == "self" || e->text == "this") {
        throw CompileError("D_FUNC_IDENT", line, "function designator is not of function type");
      }
      Advance();
      auto call = NewExpr(ExprKind::kCall, e->line);
      call->text = e->text;
      call->args = ParseArguments(")");
      Expect(")");
      e = std::move(call);
    } else if (Is(".") || Is("->")) {
      bool arrow = Is("->");
      Advance();
      bool is_scope = e->kind == ExprKind::kIdentifier && (e->text == "self" || e->text == "this");
      std::string name = is_scope ? ExpectIdent() : ExpectMemberName();
      if (arrow && is_scope) {
        ExprKind kind = e->text == "self" ? ExprKind::kSelfVar : ExprKind::kThisVar;
        auto var = NewExpr(kind, e->line);
        var->text = name;
        e = std::move(var);
      } else {
        auto member = NewExpr(ExprKind::kMember, line);
        member->arrow = arrow;
        member->text = name;
        member->lhs = std::move(e);
        e = std::move(member);
      }
    } else if (Is("++") || Is("--")) {
      auto post = NewExpr(ExprKind::kUnary, line);
      post->unary_op = Is("++") ? UnaryOp::kPostInc : UnaryOp::kPostDec;
      Advance();
      post->lhs = std::move(e);
      e = std::move(post);
    } else {
      return e;
    }
  }
}

ExprPtr Parser::ParsePrimary() {
  const Token& t = cur();
  int line = t.line;
  switch (t.kind) {
    case TokenKind::kIdent: {
      auto e = NewExpr(ExprKind::kIdentifier, line);
      e->text = t.value;
      Advance();
      return e;
    }
    case TokenKind::kAggregation: {
      auto e = NewExpr(ExprKind::kAggregation, line);
      e->text = t.value;
      Advance();
      return e;
    }
    case TokenKind::kString: {
      auto e = NewExpr(ExprKind::kString, line);
      e->text = t.value;
      Advance();
      return e;
    }
    case TokenKind::kInteger: {
      auto e = NewExpr(ExprKind::kInteger, line);
      e->int_value = t.int_value;
      e->int_unsigned_suffix = t.int_unsigned_suffix;
      e->int_long_suffix = t.int_long_suffix;
      e->int_decimal = t.int_decimal;
      e->int_is_char = t.int_is_char;
      char sign = t.int_sign;
      Advance();
      if (sign == 0) return e;
      auto u = NewExpr(ExprKind::kUnary, line);
      u->unary_op = sign == '-' ? UnaryOp::kNeg : UnaryOp::kPlus;
      u->lhs = std::move(e);
      return u;
    }
    case TokenKind::kKeyword:
      if (t.text == "self" || t.text == "this") {
        auto e = NewExpr(ExprKind::kIdentifier, line);
        e->text = t.text;
        Advance();
        return e;
      }
      if (t.text == "offsetof") {
        Advance();
        Expect("(");
        auto e = NewExpr(ExprKind::kOffsetof, line);
        e->type_name = std::make_unique<ast::TypeName>(ParseTypeName());
        Expect(",");
        e->text = ExpectMemberName();
        Expect(")");
        return e;
      }
      if (t.text == "xlate") {
        Advance();
        Expect("<");
        auto e = NewExpr(ExprKind::kXlate, line);
        e->type_name = std::make_unique<ast::TypeName>(ParseTypeName());
        Expect(">");
        Expect("(");
        e->lhs = ParseExpression();
        Expect(")");
        return e;
      }
      break;
    case TokenKind::kPunct:
      if (t.text == "(") {
        Advance();
        ExprPtr e = ParseExpression();
        Expect(")");
        parenthesized_ = e.get();
        return e;
      }
      break;
    default:
      break;
  }
  SyntaxError();
}

uint64_t Parser::ParseArrayDimension() {
  int line = cur().line;
  Nesting nesting(line);
  ExprPtr e = ParseConditional();
  std::optional<FoldedConstant> v = FoldConstant(*e);
  if (!v || !v->positive()) {
    throw CompileError("D_DECL_ARRSUB", line,
                       "positive integral constant expression or tuple signature expected as "
                       "array declaration subscript");
  }
  if (v->bits > UINT32_MAX) {
    throw CompileError("D_DECL_ARRBIG", line, "array dimension too big");
  }
  return v->bits;
}

int Parser::ParseBitWidth(bool unnamed) {
  int line = cur().line;
  Nesting nesting(line);
  ExprPtr e = ParseConditional();
  std::optional<FoldedConstant> v = FoldConstant(*e);
  bool ok = v && (v->positive() || (v->bits == 0 && unnamed)) && v->bits <= 64;
  if (!ok) {
    throw CompileError("D_DECL_BFCONST", line,
                       "positive integral constant expression expected as bit-field size");
  }
  return static_cast<int>(v->bits);
}

}  // namespace dt
