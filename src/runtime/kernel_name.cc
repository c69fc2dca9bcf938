#include "runtime/kernel_name.h"

#include <cctype>

namespace dt::runtime {

std::string KernelObjectName(const std::string& name) {
  constexpr size_t kMaxLength = 15;  // BPF_OBJ_NAME_LEN minus the terminator
  std::string result;
  for (char c : name) {
    if (result.size() == kMaxLength) break;
    bool allowed = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
    result.push_back(allowed ? c : '_');
  }
  return result;
}

}  // namespace dt::runtime
