// Text of the default probe-firing output and of trace(), byte for byte as
// dtrace(1) prints them.
//
// Default (not -q) output, per firing:
//   DefaultHeader() once before the first firing,
//   RecordPrefix(...) then each record's text (e.g. FormatTraceValue(v, false)),
//   then RecordEnd(false) ("\n").
// With -q: no header, no prefix, no newline; trace() prints the bare value.
// With -F (flowindent) the header and prefix are FlowHeader()/FlowRecordPrefix()
// (depth kept by FlowIndent), and dtrace(1) prints both even under -q: there
// -q only drops the record end and pads no trace() value.
//
// trace() layout (libdtrace): integers of 8/4/2/1 bytes are " %16lld",
// " %8d", " %5d", " %3d" (4-byte values print signed, 2- and 1-byte values
// unsigned); strings are two spaces then the string left-justified in 33
// columns; anything that is not a printable NUL-terminated string (including
// the empty string) is dumped as hex bytes. trace() of a struct, union or
// array (Value::kBytes) prints as libdtrace prints a record by its size: 1,
// 2, 4 or 8 bytes as that integer, other sizes as a string if the bytes
// are one, else as memory_dump.h's hex dump (always, with rawbytes). Symbolic records print the same
// with or without -q: a stack is "\n" then one indented frame per line
// (stack_format.h), sym()/func() and mod() are "  %-50s" of their text. The
// default-output record end ("\n") after a stack gives DTrace's blank line.
#pragma once

#include <cstdint>
#include <string>

#include "consumer/kernel_symbol_lookup.h"
#include "consumer/value.h"

namespace dt {

// "CPU     ID                    FUNCTION:NAME\n"
std::string DefaultHeader();
// "%3d %6d %32s " with "func:name".
std::string RecordPrefix(int cpu, uint32_t probe_id, const std::string& func,
                         const std::string& name);
// "\n" unless quiet.
std::string RecordEnd(bool quiet);

// "CPU FUNCTION" header of -F.
std::string FlowHeader();
// flow: "entry", "return" or "" (neither); indent is the current depth in
// columns; syscall probes use "=>"/"<=" arrows instead of "->"/"<-".
std::string FlowRecordPrefix(int cpu, int indent, const std::string& flow, bool is_syscall,
                             const std::string& func, const std::string& name);

// trace() of one value, and the output of the stack(), sym()/func() and
// mod() actions. strsize is the string record size (option strsize);
// stack_indent is option stackindent.
std::string FormatTraceValue(const Value& v, bool quiet, int strsize = 256,
                             const KernelSymbolLookup& lookup = nullptr,
                             int stack_indent = kDefaultStackIndent,
                             const UserSymbolLookup& user_lookup = nullptr);

// libdtrace's dt_print_bytes(): a record of raw bytes printed as a string
// when it is one (width < 0: left-justified in -width columns), else as a
// hex/ASCII dump.
std::string FormatBytes(const std::string& bytes, int width, bool quiet, bool force_raw = false);

// A string padded with NULs to its record size, as the kernel records it.
std::string StringRecord(const std::string& s, int strsize);

}  // namespace dt
