#include "frontend/line_map.h"

#include <algorithm>

namespace dt {

void LineMap::Add(const std::string& file, int line) {
  auto it = std::find(files_.begin(), files_.end(), file);
  int index = static_cast<int>(it - files_.begin());
  if (it == files_.end()) files_.push_back(file);
  lines_.emplace_back(index, line);
}

std::pair<std::string, int> LineMap::Origin(int output_line) const {
  if (lines_.empty() || output_line <= 0) return {"", output_line};
  size_t index = std::min(static_cast<size_t>(output_line), lines_.size()) - 1;
  auto [file, line] = lines_[index];
  return {files_[file], line + (output_line - 1 - static_cast<int>(index))};
}

std::string LineMap::Format(const CompileError& error, bool with_tag) const {
  if (error.line() <= 0 || lines_.empty()) return error.Format(with_tag);
  auto [file, line] = Origin(error.line());
  std::string out;
  if (with_tag && !error.tag().empty()) out += "[" + error.tag() + "] ";
  if (file.empty()) {
    out += "line " + std::to_string(line) + ": ";
  } else {
    out += "\"" + file + "\", line " + std::to_string(line) + ": ";
  }
  return out + error.what();
}

}  // namespace dt
