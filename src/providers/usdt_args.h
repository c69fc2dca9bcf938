// The typed arguments (D's args[]) of a usdt probe.
//
//   declared  a probe of an object built with our dtrace -G carries the
//             types its provider file declares (elf/usdt_prototypes.h):
//             `probe work(char *, int)` gives args[0] "char *" and args[1]
//             "int", as DTrace gives them from its DOF. A type D cannot
//             resolve when a program uses it (a struct the program does
//             not declare) is read as an integer of the note's size and
//             sign.
//   translated  the tracing program's provider definition gives a
//             translated prototype (`probe q(struct conn *c) :
//             (conninfo_t *c)`): args[N] has the translated type, its
//             value the D of UsdtArgInD, which the analyzer checks with
//             the program's own translators (DTrace's rule: argN stays
//             native, args[N] is translated).
//   otherwise other stapsdt probes (python's, libstdc++'s) declare no
//             types: each args[N] is the integer type of the size and
//             sign the note gives operand N ("-4@%eax" int32_t, "8@%rbx"
//             uint64_t). Where the probe's sites disagree, int64_t (or
//             uint64_t when no site says signed). A probe whose arguments
//             could not be parsed has none.
//
// The value itself is the provider's argN: the operand fetched by its
// size and sign, then converted to the type (codegen/usdt_context.cc).
#pragma once

#include <vector>

#include "providers/probe.h"
#include "providers/usdt_provider.h"

namespace dt {

std::vector<ProbeArg> UsdtProbeArgs(const UsdtProbeData& probe);

// D over the probe's arg0..argN that gives args[n] where its prototype is
// translated (Provider::ArgInD); "" otherwise. The native argument is cast
// to its declared type first; a translated type the same as the native one
// is that argument, a string from a pointer its copyinstr(), a pointer
// xlate<type>(native) (the program's translator), any other type a cast.
std::string UsdtArgInD(const UsdtProbeData& probe, size_t n);

// D's integer type of that size and sign: "int8_t" ... "uint64_t".
const char* SizedIntegerType(int size, bool is_signed);

}  // namespace dt
