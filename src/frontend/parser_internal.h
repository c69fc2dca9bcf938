// The recursive-descent parser behind ParseProgram, shared by parser.cc
// (program structure, statements), parser_expr.cc (expressions) and
// parser_decl.cc (types and declarations). Not for use outside frontend/.
#pragma once

#include <deque>
#include <set>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/decl_spec.h"
#include "frontend/lexer.h"
#include "frontend/parser.h"

namespace dt {

class Parser {
 public:
  Parser(const std::string& source, const MacroEnv& env);
  ast::Program Run();

 private:
  using ExprPtr = ast::ExprPtr;

  // Token stream. cur() is the lookahead; Peek(n) looks n tokens further
  // (lexed in the current mode, which must not change while peeking).
  const Token& cur();
  const Token& Peek(size_t n);
  void Advance();
  void SetMode(Lexer::Mode mode);
  bool Is(const char* punct);
  bool IsKw(const char* keyword);
  bool IsPunctAt(size_t n, const char* punct);
  void Expect(const char* punct);
  std::string ExpectIdent();
  std::string ExpectMemberName();  // an identifier, or a reserved word naming a member
  [[noreturn]] void SyntaxError(const Token& near);
  [[noreturn]] void SyntaxError() { SyntaxError(cur()); }

  // parser.cc: program structure and statements.
  void FlushPragmas();
  bool StartsDeclaration(const Token& word);
  void ParseClause();
  std::vector<ast::StmtPtr> ParseStatements();  // up to (not including) '}'
  ast::StmtPtr ParseIf();
  std::vector<ast::StmtPtr> ParseBranch();
  ast::StmtPtr MakeExprStmt(ExprPtr e);

  // parser_expr.cc
  ExprPtr ParseExpression();
  ExprPtr ParseAssignment();
  ExprPtr ParseConditional();
  ExprPtr ParseBinary(int min_precedence);
  ExprPtr ParseCast();
  ExprPtr ParseUnary();
  ExprPtr ParsePostfix();
  ExprPtr ParsePrimary();
  std::vector<ExprPtr> ParseArguments(const char* close);
  ExprPtr NewExpr(ast::ExprKind kind, int line);
  uint64_t ParseArrayDimension();  // D_DECL_ARRSUB unless a positive integer constant
  int ParseBitWidth(bool unnamed);

  // parser_decl.cc
  bool IsTypeName(const std::string& name) const;
  bool StartsTypeName(size_t n);  // does the token n ahead begin a type name?
  ast::TypeName ParseTypeName();
  void ParseSpecifiers(ast::TypeName* type, DeclSpecRules* rules = nullptr);
  void ParsePointers(ast::TypeName* type);
  void ParseStructBody(ast::StructDecl* decl);
  void ParseEnumBody(ast::EnumDecl* decl);
  void ParseDeclaration();
  // parser_params.cc: an associative array's key signature, "int, string"
  // up to (not including) ']', with DTrace's checks of its parameters.
  bool StartsParameterClass();
  void ParseKeySignature(std::vector<ast::TypeName>* keys);
  void ParseInline();
  void ParseTranslator();
  void ParseProvider();
  void EndDeclaration();  // expects ';' and returns to the outer lexical mode

  Lexer lexer_;
  const MacroEnv& env_;
  Lexer::Mode mode_ = Lexer::Mode::kProgram;
  std::deque<Token> ahead_;
  ast::Program program_;
  std::set<std::string> typedefs_;            // declared with typedef in this program
  std::set<std::string> declared_vars_;       // globals declared in this program
  const ast::Expr* parenthesized_ = nullptr;  // the last "( expression )" primary
  int anon_count_ = 0;
};

}  // namespace dt
