// The value of a USDT probe argument at a firing, computed in user space
// from the saved registers (struct pt_regs, as a uprobe program sees them)
// and the process's memory. This is the reference semantics for the code
// generator, which will emit the same steps as BPF: read the register slot
// or the memory at base + index * scale + displacement (+ the symbol's
// address, relocated by the object's load bias), keep `size` bytes and
// extend them by the argument's signedness to 64 bits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "elf/process_memory.h"
#include "elf/sdt_argument.h"
#include "elf/symbol_table.h"

namespace dt::elf {

struct SdtFetchContext {
  const uint8_t* pt_regs = nullptr;  // x86_registers.h layout, pt_regs::kSize bytes
  MemoryReader* memory = nullptr;
  uint64_t load_bias = 0;                // process address - ELF vaddr of the probe's object
  const SymbolTable* symbols = nullptr;  // for symbol-relative operands
};

// The ELF vaddr of a symbol-relative operand's symbol (data symbols first).
std::optional<uint64_t> ResolveSdtSymbol(const SdtArgument& arg, const SymbolTable& symbols);

// The argument's value widened to 64 bits; nullopt and *error when memory
// cannot be read or the symbol is unknown.
std::optional<uint64_t> FetchSdtArgument(const SdtArgument& arg, const SdtFetchContext& ctx,
                                         std::string* error);

// Keeps the low `size` bytes of v and extends them (sign or zero) to 64 bits.
uint64_t ExtendSdtValue(uint64_t v, uint8_t size, bool is_signed);

}  // namespace dt::elf
