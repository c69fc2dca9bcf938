#include "frontend/parser.h"

#include <cstring>

#include "common/diagnostic.h"
#include "common/nesting.h"
#include "frontend/parser_internal.h"

namespace dt {

using ast::ExprKind;
using ast::Stmt;
using ast::StmtKind;
using ast::StmtPtr;

ast::Program ParseProgram(const std::string& source, const MacroEnv& macros) {
  Parser parser(source, macros);
  return parser.Run();
}

Parser::Parser(const std::string& source, const MacroEnv& env)
    : lexer_(source, env), env_(env), typedefs_(env.typedef_names) {}

const Token& Parser::cur() { return Peek(0); }

const Token& Parser::Peek(size_t n) {
  while (ahead_.size() <= n) {
    if (!ahead_.empty() && ahead_.back().kind == TokenKind::kEof) return ahead_.back();
    ahead_.push_back(lexer_.Next(mode_));
  }
  return ahead_[n];
}

void Parser::Advance() {
  cur();
  ahead_.pop_front();
}

// Tokens after the lookahead were lexed in the old mode; lex them again.
void Parser::SetMode(Lexer::Mode mode) {
  mode_ = mode;
  if (ahead_.size() > 1) {
    lexer_.Rewind(ahead_[1]);
    ahead_.resize(1);
  }
}

bool Parser::Is(const char* punct) {
  const Token& t = cur();
  return t.kind == TokenKind::kPunct && t.text == punct;
}

bool Parser::IsKw(const char* keyword) {
  const Token& t = cur();
  return t.kind == TokenKind::kKeyword && t.text == keyword;
}

bool Parser::IsPunctAt(size_t n, const char* punct) {
  const Token& t = Peek(n);
  return t.kind == TokenKind::kPunct && t.text == punct;
}

void Parser::Expect(const char* punct) {
  if (!Is(punct)) SyntaxError();
  Advance();
}

std::string Parser::ExpectIdent() {
  if (cur().kind != TokenKind::kIdent) SyntaxError();
  std::string name = cur().value;
  Advance();
  return name;
}

std::string Parser::ExpectMemberName() {
  // Kernel structs have members named as D's reserved words (atomic_t's
  // counter, ...): where a member is named, a word is its name whatever it is.
  if (cur().kind != TokenKind::kKeyword) return ExpectIdent();
  std::string name = cur().text;
  Advance();
  return name;
}

void Parser::SyntaxError(const Token& near) {
  if (near.kind == TokenKind::kEof) {
    throw CompileError("D_SYNTAX", near.line, "syntax error near end of input");
  }
  throw CompileError("D_SYNTAX", near.line, "syntax error near \"" + Excerpt(near.text) + "\"");
}

void Parser::FlushPragmas() {
  for (auto& p : lexer_.TakePragmas()) program_.items.emplace_back(std::move(p));
}

ast::Program Parser::Run() {
  while (cur().kind != TokenKind::kEof) {
    FlushPragmas();
    const Token& t = cur();
    if (t.kind == TokenKind::kProbeSpec && StartsDeclaration(t)) {
      // Lex the word again as C tokens: it begins a declaration.
      lexer_.Rewind(t);
      ahead_.clear();
      mode_ = Lexer::Mode::kExpr;
      ParseDeclaration();
    } else if (t.kind == TokenKind::kProbeSpec || t.kind == TokenKind::kInteger) {
      ParseClause();
    } else {
      SyntaxError();
    }
  }
  FlushPragmas();
  lexer_.CheckArgumentsUsed();
  return std::move(program_);
}

// At the outer level a word begins a declaration when it is one of the
// keywords that can start one, or, having no ':', it names a type (the text
// before any '*' is looked up, so "int*x;" is a declaration).
bool Parser::StartsDeclaration(const Token& word) {
  static const char* const kDeclKeywords[] = {
      "auto",     "char",       "const",   "counter", "double",   "enum",     "extern",
      "float",    "import",     "inline",  "int",     "long",     "provider", "register",
      "restrict", "self",       "short",   "signed",  "static",   "string",   "struct",
      "this",     "translator", "typedef", "union",   "unsigned", "void",     "volatile",
  };
  for (const char* k : kDeclKeywords) {
    if (word.text == k) return true;
  }
  if (word.text.find(':') != std::string::npos) return false;
  std::string head = word.text;
  size_t star = head.find('*');
  if (star != std::string::npos && star > 0) head.resize(star);
  static const char* const kBaseTypes[] = {"char",   "short", "int",    "long",     "float",
                                           "double", "void",  "signed", "unsigned", "string"};
  for (const char* k : kBaseTypes) {
    if (head == k) return true;
  }
  return IsTypeName(head);
}

void Parser::ParseClause() {
  ast::Clause clause;
  clause.line = cur().line;
  for (;;) {
    const Token& t = cur();
    ast::ProbeSpec spec;
    spec.line = t.line;
    if (t.kind == TokenKind::kProbeSpec) {
      spec.text = lexer_.ExpandProbeSpec(t.text, t.line);
    } else if (t.kind == TokenKind::kInteger) {
      spec.text = t.text;
    } else {
      SyntaxError();
    }
    clause.probes.push_back(std::move(spec));
    Advance();
    if (!Is(",")) break;
    Advance();
  }

  if (Is("/")) {
    SetMode(Lexer::Mode::kExpr);
    Advance();
    clause.predicate = ParseExpression();
    if (cur().kind != TokenKind::kEndPredicate) SyntaxError();
    int end_line = cur().line;
    Advance();
    if (!Is("{")) {
      throw CompileError("D_SYNTAX", end_line,
                         "expected actions { } following probe description and predicate");
    }
  }
  if (Is("{")) {
    SetMode(Lexer::Mode::kExpr);
    Advance();
    clause.body = ParseStatements();
    if (!Is("}")) SyntaxError();
    clause.end_line = cur().line;
    SetMode(Lexer::Mode::kProgram);
    Advance();
  } else if (env_.source_is_file) {
    throw CompileError("D_SYNTAX", clause.probes[0].line,
                       "expected predicate and/or actions following probe description");
  } else {
    SetMode(Lexer::Mode::kProgram);
  }
  if (clause.end_line == 0) clause.end_line = clause.probes.back().line;
  program_.items.emplace_back(std::move(clause));
}

// Statements are separated by ';'; the last one before '}' may omit it, and
// if-statements and blocks need none.
std::vector<StmtPtr> Parser::ParseStatements() {
  std::vector<StmtPtr> out;
  for (;;) {
    if (Is("}") || cur().kind == TokenKind::kEof) break;
    if (Is(";")) {
      Advance();
      continue;
    }
    if (IsKw("if")) {
      out.push_back(ParseIf());
      continue;
    }
    if (Is("{")) {
      Nesting nesting(cur().line);
      auto block = std::make_unique<Stmt>();
      block->kind = StmtKind::kBlock;
      block->line = cur().line;
      Advance();
      block->body = ParseStatements();
      Expect("}");
      out.push_back(std::move(block));
      continue;
    }
    out.push_back(MakeExprStmt(ParseExpression()));
    if (Is(";")) {
      Advance();
    } else if (!Is("}")) {
      SyntaxError();
    }
  }
  if (cur().kind == TokenKind::kEof) SyntaxError();
  return out;
}

StmtPtr Parser::ParseIf() {
  Nesting nesting(cur().line);
  auto stmt = std::make_unique<Stmt>();
  stmt->kind = StmtKind::kIf;
  stmt->line = cur().line;
  Advance();
  Expect("(");
  stmt->expr = ParseExpression();
  Expect(")");
  stmt->body = ParseBranch();
  if (IsKw("else")) {
    Advance();
    stmt->else_body = ParseBranch();
  }
  return stmt;
}

std::vector<StmtPtr> Parser::ParseBranch() {
  std::vector<StmtPtr> out;
  if (Is("{")) {
    Nesting nesting(cur().line);
    Advance();
    out = ParseStatements();
    Expect("}");
  } else if (IsKw("if")) {
    out.push_back(ParseIf());
  } else if (Is(";")) {
    Advance();
  } else {
    out.push_back(MakeExprStmt(ParseExpression()));
    if (Is(";")) {
      Advance();
    } else if (!Is("}")) {
      SyntaxError();
    }
  }
  return out;
}

// "@name[keys] = func(args)" becomes an aggregation statement; anything else
// assigned to an aggregation is left for semantic analysis to reject.
StmtPtr Parser::MakeExprStmt(ExprPtr e) {
  auto stmt = std::make_unique<Stmt>();
  stmt->line = e->line;
  if (e->kind == ExprKind::kAssign && !e->compound && e->rhs->kind == ExprKind::kCall) {
    ast::Expr* target = e->lhs.get();
    std::vector<ExprPtr>* keys = nullptr;
    if (target->kind == ExprKind::kIndex && target->lhs->kind == ExprKind::kAggregation) {
      keys = &target->args;
      target = target->lhs.get();
    }
    if (target->kind == ExprKind::kAggregation) {
      stmt->kind = StmtKind::kAggregate;
      stmt->agg_name = target->text;
      if (keys) stmt->keys = std::move(*keys);
      stmt->agg_func = e->rhs->text;
      stmt->agg_args = std::move(e->rhs->args);
      return stmt;
    }
  }
  stmt->kind = StmtKind::kExpr;
  stmt->expr = std::move(e);
  return stmt;
}

ast::ExprPtr ParseExpression(const std::string& text, const std::set<std::string>& typedef_names) {
  MacroEnv env;
  env.typedef_names = typedef_names;
  ast::Program p = ParseProgram("BEGIN { (" + text + "); }", env);
  auto& clause = std::get<ast::Clause>(p.items.at(0));
  return std::move(clause.body.at(0)->expr);
}

}  // namespace dt
