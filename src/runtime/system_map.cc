#include "runtime/system_map.h"

#include <sys/utsname.h>

#include <fstream>
#include <sstream>

namespace dt::runtime {

std::optional<uint64_t> SystemMapAddress(const std::string& name, const std::string& map_path,
                                         uint64_t running_stext) {
  std::ifstream in(map_path);
  if (!in) return std::nullopt;
  std::optional<uint64_t> symbol, stext;
  std::string line;
  while (std::getline(in, line) && (!symbol || !stext)) {
    std::istringstream fields(line);
    std::string address, type, symbol_name;
    if (!(fields >> address >> type >> symbol_name)) continue;
    if (symbol_name != name && symbol_name != "_stext") continue;
    uint64_t value = std::stoull(address, nullptr, 16);
    if (symbol_name == "_stext") stext = value;
    if (symbol_name == name) symbol = value;
  }
  if (!symbol || !stext) return std::nullopt;
  return *symbol - *stext + running_stext;
}

std::string DefaultSystemMapPath() {
  struct utsname u {};
  if (uname(&u) != 0) return "";
  return std::string("/boot/System.map-") + u.release;
}

}  // namespace dt::runtime
