// htons(), htonl(), htonll() and their ntoh inverses: one BPF_END
// instruction each.
#include <string>

#include "codegen/function_gen.h"

namespace dt {

using namespace bpf;

void FunctionGen::GenByteOrder(const ast::Expr& e) {
  GenExpr(*e.args[0]);
  // Network order is big-endian, and converting is its own inverse, so
  // both directions are "to big-endian". On a little-endian host the
  // instruction swaps the low 16/32/64 bits; at 16 and 32 bits it also
  // clears the bits above, which is the narrowing to uint16_t/uint32_t.
  const std::string& f = e.text;  // h-to-n or n-to-h, then s, l or ll
  int bits = f.ends_with("ll") ? 64 : f.ends_with("s") ? 16 : 32;
  b_.ByteSwapToBe(R0, bits);
}

}  // namespace dt
