// dtrace -h: the C header of a USDT provider file.
//
// For each probe `probe query__receive(char *, int)` of provider `myserv`
// it defines, as DTrace's header does, MYSERV_QUERY_RECEIVE(arg0, arg1)
// (the probe site) and MYSERV_QUERY_RECEIVE_ENABLED() (the is-enabled
// test): names upper-cased, the probe named as DTrace names it with every
// '-' (a "__" in the file) and '.' as '_'. The header's own guard comes from
// the output file's name (provider.h: _PROVIDER_H).
//
// The macros expand to what <sys/sdt.h> compiles a probe into, written out
// here so a program needs no other header: a nop at the site, a
// .note.stapsdt note naming it (provider, name as written, and each
// argument as "size@operand", signed sizes negative, the operand chosen by
// the compiler through an asm "nor" constraint), the .stapsdt.base section
// the note's addresses are relative to, and a semaphore. The semaphore,
// `myserv_query__receive_semaphore`, an unsigned short, is declared here and
// defined (in section .probes) by the object `dtrace -G` writes; the kernel
// counts tracers in it (the uprobe's ref_ctr_offset), and the _ENABLED()
// macro reads it. Arguments are converted to the declared types first, as
// DTrace's prototypes convert them.
#pragma once

#include <string>
#include <vector>

#include "cli/usdt_provider_file.h"

namespace dt {

// DTrace's macro spelling of a provider or probe name: lower case letters
// upper-cased, '-' and '.' as '_'.
std::string UsdtMacroName(const std::string& dtrace_name);

// The semaphore's symbol: provider_probe_semaphore, the probe as written.
std::string UsdtSemaphoreSymbol(const std::string& provider, const std::string& probe);

// The header text. `output_name` is the header's file name (the guard is
// made from its base name); `source` names the provider file in a comment.
std::string UsdtHeader(const std::vector<UsdtProviderDef>& providers,
                       const std::string& output_name, const std::string& source);

}  // namespace dt
