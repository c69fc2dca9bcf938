// What a clause's record holds: its actions and, for each, the fields the
// BPF program wrote and where. The code generator lays records out and
// fills these descriptions; the consumer decodes the bytes by them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "format/print_type.h"

namespace dt {

// How the consumer decodes and prints a field (consumer/value.h kinds).
enum class FieldKind {
  kInt,
  kString,
  kStack,   // stack(n): size / 8 little-endian PCs, zero-filled
  kSymbol,  // func()/sym() recorded by trace() or as a key: printed "mod`sym"
  kModule,  // mod(): printed "mod"
  // User space (format/user_stack_layout.h): the tgid, then the PCs or the address.
  kUserStack,    // ustack(n), jstack(n): stack_depth = n
  kUserSymbol,   // usym(), ufunc(): "mod`sym"
  kUserModule,   // umod(): "mod"
  kUserAddress,  // uaddr(), printf %A: "mod`sym+0x1a"
  // An object's bytes, `size` of them: trace() of a struct, union or array,
  // tracemem(), printm().
  kBytes,
};

struct FieldDesc {
  uint32_t offset = 0;
  uint32_t size = 0;
  bool is_string = false;  // kind == kString
  bool is_signed = false;
  uint32_t type_size = 8;  // the D integer type's width: output depends on it
  FieldKind kind = FieldKind::kInt;
  uint32_t stack_depth = 0;  // kStack: frames printed (size holds more words)
  // kStack: a raw tracepoint program recorded it, so it starts with the
  // tracing machinery's frames (consumer/stack_value.h drops them).
  bool drop_tracing_frames = false;
};

enum class ActionKind {
  kTrace,
  kPrintf,
  kPrinta,
  kExit,
  kClear,
  kTrunc,
  kSetopt,
  kSystem,
  kPrint,
  // commit(), discard(): fields[0] the speculation's token (0: nothing to
  // do, the speculation was not active).
  kCommit,
  kDiscard,
  // normalize(@, n): fields[0] the divisor; denormalize(@): no field (1).
  kNormalize,
  // freopen(): format and fields as printf's (the path); ftruncate(),
  // breakpoint(), panic(): no field. The consumer carries them out
  // (consumer/output_redirect.h) or says why it cannot.
  kFreopen,
  kFtruncate,
  kBreakpoint,
  kPanic,
  // tracemem(addr, max[, n]): fields[0] the max bytes (kBytes); with n,
  // fields[1] its value (a u64), how many of them are shown.
  kTraceMem,
  // printm(size, ptr): fields[0] the size bytes (kBytes).
  kPrintm,
};

struct ActionDesc {
  ActionKind kind = ActionKind::kTrace;
  std::vector<FieldDesc> fields;  // trace: 1, printf: its args, exit: status
  std::string format;             // printf / printa format ("" = default printa)
  std::vector<int> aggregations;  // printa, clear, trunc
  int64_t trunc_keep = 0;
  bool has_trunc_keep = false;
  std::string option, option_value;  // setopt
  // print: the type of the object whose bytes fields[0] holds.
  std::shared_ptr<const PrintTypeDesc> print_type;
  // An action inside if/else: the record offset of the byte the program sets
  // to 1 when the action ran (0: the action is not conditional and always
  // ran). The fields of an action that did not run hold whatever the
  // per-CPU buffer held before, so the consumer must skip it.
  uint32_t ran_flag = 0;
};

struct RecordDesc {
  int clause = 0;
  uint32_t size = 0;
  std::vector<ActionDesc> actions;
  // A speculative clause's record: the offset of the u64 token of the
  // speculation it belongs to (the consumer keeps it until commit() or
  // discard()); 0 when not speculative.
  uint32_t speculation_offset = 0;
  // Only commit() or discard(): carried out, never printed.
  bool silent = false;
};

}  // namespace dt
