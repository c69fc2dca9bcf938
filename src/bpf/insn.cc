#include "bpf/insn.h"

#include <stdexcept>
#include <string>

namespace dt::bpf {

uint8_t SizeCode(int bytes) {
  switch (bytes) {
    case 1:
      return BPF_B;
    case 2:
      return BPF_H;
    case 4:
      return BPF_W;
    case 8:
      return BPF_DW;
  }
  throw std::logic_error("bad access size " + std::to_string(bytes));
}

}  // namespace dt::bpf
