#include "elf/sdt_fetch.h"

#include <cstdio>
#include <cstring>

namespace dt::elf {
namespace {

// A register's value: `size` bytes at its pt_regs offset, zero-extended.
uint64_t ReadRegister(const uint8_t* pt_regs, const X86Register& r) {
  uint64_t v = 0;
  std::memcpy(&v, pt_regs + r.pt_regs_offset, r.size);
  return v;
}

}  // namespace

uint64_t ExtendSdtValue(uint64_t v, uint8_t size, bool is_signed) {
  if (size >= 8) return v;
  unsigned bits = size * 8;
  uint64_t mask = (uint64_t(1) << bits) - 1;
  v &= mask;
  if (is_signed && (v >> (bits - 1)) & 1) v |= ~mask;
  return v;
}

std::optional<uint64_t> ResolveSdtSymbol(const SdtArgument& arg, const SymbolTable& symbols) {
  const Symbol* best = nullptr;
  for (const Symbol* s : symbols.FindByName(arg.symbol)) {
    if (best == nullptr || (s->kind == SymbolKind::kObject && best->kind != SymbolKind::kObject))
      best = s;
  }
  if (best == nullptr) return std::nullopt;
  return best->address;
}

std::optional<uint64_t> FetchSdtArgument(const SdtArgument& arg, const SdtFetchContext& ctx,
                                         std::string* error) {
  switch (arg.kind) {
    case SdtOperandKind::kConstant:
      return ExtendSdtValue(uint64_t(arg.value), arg.size, arg.is_signed);
    case SdtOperandKind::kRegister:
      return ExtendSdtValue(ReadRegister(ctx.pt_regs, *arg.reg), arg.size, arg.is_signed);
    case SdtOperandKind::kMemory:
      break;
  }
  uint64_t addr = uint64_t(arg.value);
  if (arg.reg) addr += ReadRegister(ctx.pt_regs, *arg.reg);
  if (arg.index) addr += ReadRegister(ctx.pt_regs, *arg.index) * arg.scale;
  if (!arg.symbol.empty()) {
    auto vaddr = ctx.symbols != nullptr ? ResolveSdtSymbol(arg, *ctx.symbols) : std::nullopt;
    if (!vaddr) {
      *error = "argument '" + arg.text + "': symbol " + arg.symbol + " not found";
      return std::nullopt;
    }
    addr += *vaddr + ctx.load_bias;
  }
  uint64_t v = 0;
  if (ctx.memory == nullptr || !ctx.memory->Read(addr, &v, arg.size)) {
    char buf[32];
    snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(addr));
    *error = "argument '" + arg.text + "': cannot read memory at " + buf;
    return std::nullopt;
  }
  return ExtendSdtValue(v, arg.size, arg.is_signed);
}

}  // namespace dt::elf
