// What DTrace refuses in the types of declared D objects and of sizeof's
// operand, in DTrace's words: variables and struct/union members of void
// or incomplete type, bit-fields of a type that is not an integer or wider
// than it (D_DECL_VOIDOBJ, D_DECL_INCOMPLETE, D_DECL_BFTYPE,
// D_DECL_BFSIZE), sizeof of something of no size (D_SIZEOF_TYPE).
#pragma once

#include <string>

#include "common/diagnostic.h"
#include "frontend/ast.h"
#include "sema/types.h"

namespace dt {

// A D variable `name` declared with type `t` (an associative array's
// value type).
void CheckObjectType(const Type* t, const std::string& name, int line);

// A member `name` ("" when unnamed) of a struct or union declared in D;
// bit_width is -1 unless it is a bit-field.
void CheckMemberType(const Type* t, const std::string& name, int bit_width, int line);

// `err`, raised resolving the declared type `tn` of `name`, as DTrace
// reports it: a struct, union or enum tag it does not know is a forward
// declaration to DTrace, so an object of that type is incomplete.
[[noreturn]] void RethrowDeclTypeError(const CompileError& err, const ast::TypeName& tn,
                                       const std::string& name);

// sizeof of a type or object of no size (void, an empty struct).
[[noreturn]] void SizeofUnknownError(int line);

}  // namespace dt
