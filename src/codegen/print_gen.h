// The print() action's code-generation helpers: the self-contained type
// description of what is printed, and how many record bytes it takes.
//
// print(x) records x's bytes: a scalar as an 8-byte value, a D string at
// its size, and a struct, union or array (which must live in kernel memory)
// as a copy of the whole object read with bpf_probe_read_kernel.
#pragma once

#include <cstdint>
#include <memory>

#include "format/print_type.h"
#include "frontend/ast.h"
#include "sema/types.h"

namespace dt {

// The type print() shows for argument `arg` (its C type, the char array a
// kernel string was read from, ...).
const Type* PrintedType(const ast::Expr& arg);
// Whether print(arg) copies the object from kernel memory rather than
// evaluating a value.
bool PrintCopiesObject(const ast::Expr& arg);
// Record bytes print(arg) needs (a multiple of 8).
uint32_t PrintRecordBytes(const ast::Expr& arg);
// A self-contained description of `t` for the consumer. Structs are
// described to a bounded depth of nesting; deeper ones show as opaque.
std::shared_ptr<const PrintTypeDesc> DescribePrintType(const Type* t);

}  // namespace dt
