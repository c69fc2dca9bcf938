#include "frontend/preprocessor.h"

#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "frontend/pp_engine.h"

namespace dt {
namespace {

// __SUNW_D_VERSION is 0xMMmmmuuu for the D version dtrace -V reports (1.13).
constexpr unsigned kDVersion = (1u << 24) | (13u << 12) | 0u;

std::string DVersionText() {
  char buf[16];
  snprintf(buf, sizeof buf, "0x%08x", kDVersion);
  return buf;
}

std::optional<std::string> ReadRegularFile(const std::string& path) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0 || S_ISDIR(st.st_mode)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string DirName(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string CString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string TimeText(std::time_t now, const char* format) {
  std::tm tm{};
  localtime_r(&now, &tm);
  char buf[32];
  strftime(buf, sizeof buf, format, &tm);
  return CString(buf);
}

}  // namespace

std::vector<std::string> PredefinedMacros() {
  std::vector<std::string> macros = {
      "__linux 1",  "__linux__ 1",   "__unix 1",
      "__unix__ 1", "__SVR4 1",      "__Linux 1",
      "__SUNW_D 1", "__SUNW_D_64 1", "__SUNW_D_VERSION " + DVersionText(),
      "_LP64 1",    "__LP64__ 1",
  };
#if defined(__x86_64__)
  for (const char* m : {"__amd64 1", "__amd64__ 1", "__x86_64 1", "__x86_64__ 1"}) {
    macros.push_back(m);
  }
#endif
  return macros;
}

PreprocessedScript Preprocess(const std::string& path, const std::string& text,
                              const PreprocessorOptions& options) {
  return pp::Engine(options).Run(path, text);
}

namespace pp {

void OutputWriter::Sync(const OpenFile& file, int line) {
  if (file.instance == instance_ && line == line_) return;
  if (instance_ != -1) text_ += '\n';
  instance_ = file.instance;
  line_ = line;
  line_empty_ = true;
  map_.Add(file.presumed == main_path_ ? "" : file.presumed, line + file.line_delta);
}

void OutputWriter::Write(const Token& t) {
  // Tokens side by side in the source never paste; around an expansion a
  // space keeps "-" and "-" from becoming "--", as cpp's output does.
  bool from_expansion = t.hide != 0 || prev_.hide != 0;
  if (!line_empty_ && (t.space_before || (from_expansion && WouldPaste(prev_, t)))) text_ += ' ';
  text_ += t.text;
  prev_ = t;
  line_empty_ = false;
}

void OutputWriter::WriteLine(const OpenFile& file, int line, const std::string& text) {
  Sync(file, line);
  if (!line_empty_) {
    text_ += '\n';
    map_.Add(file.presumed == main_path_ ? "" : file.presumed, line + file.line_delta);
  }
  text_ += text;
  prev_ = Token{};
  line_empty_ = false;
}

PreprocessedScript OutputWriter::Finish() {
  if (!text_.empty()) text_ += '\n';
  return {std::move(text_), std::move(map_)};
}

Engine::Engine(const PreprocessorOptions& options)
    : options_(options),
      expander_(macros_, builtins_,
                ExpansionLimits{options.max_tokens, options.max_expansion_bytes, 200}) {}

PreprocessedScript Engine::Run(const std::string& path, const std::string& text) {
  output_ = std::make_unique<OutputWriter>(path);
  try {
    DefineStartupMacros();
    std::string body = text;
    if (body.rfind("#!", 0) == 0) body.erase(0, body.find('\n'));  // keeps the line's newline
    PushFile(path, std::move(body), "");
    MainLoop();
  } catch (const LocalError& e) {
    Fail(e.line(), e.what());
  }
  return output_->Finish();
}

void Engine::DefineStartupMacros() {
  auto define = [this](const std::string& text) {
    Lexer lexer(text);
    std::vector<Token> tokens;
    for (Token t = lexer.Next(); t.kind != TokKind::kEof; t = lexer.Next()) tokens.push_back(t);
    std::string warning = macros_.Define(tokens, 0);
    if (!warning.empty()) Warn(0, warning);
  };
  macros_.DefineBuiltin("__FILE__", Macro::Kind::kFile);
  macros_.DefineBuiltin("__LINE__", Macro::Kind::kLine);
  macros_.DefineBuiltin("__DATE__", Macro::Kind::kDate);
  macros_.DefineBuiltin("__TIME__", Macro::Kind::kTime);
  std::time_t now = options_.now != 0 ? options_.now : std::time(nullptr);
  builtins_.date = TimeText(now, "%b %e %Y");
  builtins_.time = TimeText(now, "%H:%M:%S");
  for (const std::string& m : PredefinedMacros()) define(m);
  if (options_.stdc_mode == 'c') define("__STDC__ 1");
  if (options_.stdc_mode == 'a' || options_.stdc_mode == 't') define("__STDC__ 0");

  on_command_line_ = true;
  for (const CommandLineMacro& m : options_.command_line_macros) {
    if (m.undefine) {
      Lexer lexer(m.text);
      std::vector<Token> tokens;
      for (Token t = lexer.Next(); t.kind != TokKind::kEof; t = lexer.Next()) tokens.push_back(t);
      UndefDirective(tokens, 0);
      continue;
    }
    // -D name=value is "#define name value"; -D name alone defines it as 1.
    std::string text = m.text;
    size_t eq = text.find('=');
    if (eq == std::string::npos) {
      text += " 1";
    } else {
      text[eq] = ' ';
    }
    define(text);
  }
  on_command_line_ = false;
}

void Engine::PushFile(const std::string& path, std::string text, const std::string& included_from) {
  auto file = std::make_unique<OpenFile>();
  file->path = path;
  file->dir = DirName(path);
  file->presumed = path;
  file->included_from = included_from;
  file->instance = instances_++;
  file->lexer = std::make_unique<Lexer>(text);
  files_.push_back(std::move(file));
  UpdateBuiltins();
}

void Engine::UpdateBuiltins() {
  if (files_.empty()) return;
  builtins_.file = CString(current().presumed);
  builtins_.line_delta = current().line_delta;
}

Token Engine::Next() {
  if (!pending_.empty()) {
    Token t = std::move(pending_.front());
    pending_.pop_front();
    return t;
  }
  if (++lexed_tokens_ > options_.max_tokens) {
    Fail(current().lexer->line(), "the input exceeds the limit of " +
                                      std::to_string(options_.max_tokens) +
                                      " tokens (are files included in a loop?)");
  }
  return current().lexer->Next();
}

void Engine::PushFront(std::vector<Token> tokens) {
  pending_.insert(pending_.begin(), std::make_move_iterator(tokens.begin()),
                  std::make_move_iterator(tokens.end()));
}

void Engine::EndOfFile() {
  if (!current().conditionals.empty()) {
    const Conditional& c = current().conditionals.back();
    Fail(c.line, "unterminated " + c.directive);
  }
  files_.pop_back();
  UpdateBuiltins();
}

void Engine::MainLoop() {
  while (!files_.empty()) {
    Token t = Next();
    switch (t.kind) {
      case TokKind::kEof:
        EndOfFile();
        continue;
      case TokKind::kNewline:
        continue;
      default:
        break;
    }
    if (t.at_line_start && t.IsPunct("#")) {
      Directive(t);
      continue;
    }
    if (expander_.TryExpand(t, *this)) continue;
    output_->Sync(current(), t.line);
    output_->Write(t);
  }
}

std::string Engine::Diagnostic(const char* kind, int line, const std::string& message) const {
  if (on_command_line_ || files_.empty()) {
    return std::string("<command-line>: ") + kind + ": " + message + "\n";
  }
  std::string out;
  for (size_t i = files_.size() - 1; i > 0; --i) {
    out += (i == files_.size() - 1 ? "In file included from " : "                 from ") +
           files_[i]->included_from + (i > 1 ? ",\n" : ":\n");
  }
  const OpenFile& f = *files_.back();
  return out + f.presumed + ":" + std::to_string(line + f.line_delta) + ": " + kind + ": " +
         message + "\n";
}

void Engine::Fail(int line, const std::string& message) const {
  throw PreprocessError(Diagnostic("error", line, message));
}

void Engine::Fatal(int line, const std::string& message) const {
  throw PreprocessError(Diagnostic("fatal error", line, message));
}

void Engine::Warn(int line, const std::string& message) const {
  if (options_.diagnostic) options_.diagnostic(Diagnostic("warning", line, message));
}

std::optional<std::string> Engine::ReadFile(const std::string& path) const {
  return options_.read_file ? options_.read_file(path) : ReadRegularFile(path);
}

}  // namespace pp
}  // namespace dt
