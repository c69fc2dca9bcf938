// Generates one BPF program: the clauses that fire at one attach point.
//
// Register conventions inside a program:
//   r6  the context pointer (saved at entry)
//   r7  scratch base: this CPU's scratch buffer (strings, records), when used
//   r0  the result of the expression just generated (a scalar, or a pointer
//       to a zero-padded string buffer of the expression type's size)
//   r1-r5 helper arguments and short-lived temporaries
// Intermediate values live in 8-byte stack slots, allocated LIFO within a
// statement, so helper calls never clobber them.
//
// The files beside this one hold the parts: expressions (expr_gen.cc),
// string and byte-order subroutines (string_gen.cc, byte_order_gen.cc),
// actions and records (action_gen.cc), aggregations (agg_gen.cc),
// variables (var_gen.cc) and the built-in variables of the probe context
// (probe_context.cc), where each provider's part (probe_context.h, one
// <provider>_context.cc each) supplies what depends on the provider.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bpf/builder.h"
#include "codegen/codegen.h"
#include "codegen/map_registry.h"
#include "codegen/probe_context.h"
#include "providers/provider.h"
#include "sema/program_info.h"
#include "sema/resolved.h"

namespace dt {

// Maps shared by all programs of one compiled D program.
struct SharedMaps {
  int ring = -1;
  int drops = -1;
  int scratch = -1;
  int globals = -1;  // one array element holding every scalar global
  std::vector<uint32_t> global_offsets;
  std::vector<int> assoc_maps;  // by global variable id (-1 when not assoc)
  std::vector<uint32_t> assoc_key_sizes;
  std::vector<int> thread_maps;  // by self-> variable id
  std::vector<int> agg_maps;     // by aggregation id
  std::vector<AggregationDef>* aggs = nullptr;
  uint32_t syscall_ids_off = 0;    // rodata: u32 probe id per syscall nr, entry then return
  uint32_t syscall_names_off = 0;  // rodata: kProbeStringSize bytes per syscall nr
  uint32_t scratch_size = 0;       // grows as programs need more
  int prog_array = -1;             // tail-call targets of chained programs
  uint32_t exit_flag_off = 0;      // in globals: set by exit(), stops every probe but END/ERROR
  // The user-stack unwinder's (format/user_stack_layout.h), once a program needs them.
  int ustack_mappings = -1;
  int ustack_rows = -1;
  int ustack_seen = -1;
  int speculations = -1;  // format/speculation_layout.h
  // vtimestamp's per-CPU slot (vtime_gen.cc), once a program uses it.
  int vtime = -1;
  // chill()'s per-CPU interval and time spent (destructive_gen.cc).
  int chill = -1;
  // -x bufpolicy=fill: one u64, the bytes of records sent (and reserved for
  // END); a record that would take it past fill_limit stops tracing.
  int fill = -1;
  uint32_t fill_limit = 0;
};

constexpr int kMaxSyscallNr = 512;
// The largest arena a clause's alloca(), copyin() and bcopy() may fill
// (-x scratchsize is capped to it): the arena takes twice that in the
// per-CPU scratch buffer (scratch_gen.cc), which holds 32 KiB per clause.
constexpr uint64_t kMaxArenaSize = 8192;
// Whether the clause allocates or stores to scratch memory.
bool ClauseUsesArena(const ast::Clause& clause);

// Bytes a value of type t takes in a record, key or map value: strings and
// stacks at their size, everything else as one 8-byte word.
uint32_t StoredSize(const Type* t);
// A string, struct, union or array variable holds its bytes (rounded up to
// whole words) and its value is their address (struct_var_gen.cc).
bool HeldAsBytes(const Type* t);
uint32_t StoredBytes(const Type* t);
// The consumer's description of a value of type t stored at `offset`.
FieldDesc DescribeField(const Type* t, uint32_t offset);

// Thrown when generation finds it needs the scratch buffer but the prologue
// did not load it; Generate() then starts over with the buffer loaded.
struct NeedScratch {};

class FunctionGen {
 public:
  FunctionGen(ProgramInfo& info, TypeTable& types, const CodegenOptions& options, MapRegistry& maps,
              SharedMaps& shared, CompiledProgram& out);

  // Clauses paired with the probes of this attach point they enable.
  struct ClauseProbes {
    const ClauseInfo* clause;
    std::vector<const Probe*> probes;
  };
  // Where the program sits in a chain of programs that share one attach
  // point's clauses (codegen.cc splits clauses too many for one program).
  struct ChainLink {
    bool first = true;   // attached (or run): checks exit() and clears this->
    int next_slot = -1;  // prog-array slot tail-called at the end; -1: none
    // this-> scalars live in scratch, so later programs of the chain see them.
    bool this_in_scratch = false;
  };
  // The program for `clauses`, whose probes all belong to one program
  // group of one provider (Provider::ProgramGroup). `group_probes`: every
  // probe the group's clauses enable, in ID order (the same for each
  // program of a chain).
  ProgramDef Generate(const std::vector<ClauseProbes>& clauses, const ChainLink& chain,
                      const std::vector<const Probe*>& group_probes);

  // --- for the providers' parts (probe_context.h)
  bpf::Builder& builder() { return b_; }
  const ProgramInfo& info() const { return info_; }
  const CodegenOptions& options() const { return options_; }
  MapRegistry& maps() { return maps_; }
  SharedMaps& shared() { return shared_; }
  // What the whole compilation produces so far (its late probe tables).
  CompiledProgram& out() { return out_; }
  // The prologue's early exit: nothing fires.
  bpf::Label exit_label() const { return exit_label_; }
  // Every probe the program serves, in ID order (Generate's group_probes).
  const std::vector<const Probe*>& group_probes() const { return *group_probes_; }
  int16_t AllocSlot(uint32_t bytes = 8);
  int StackMark() const { return stack_top_; }
  void ReleaseSlotsTo(int mark) { stack_top_ = mark; }
  void GenCondition(const ast::Expr& e, bpf::Label if_false);
  void GenStringLiteral(const std::string& text, uint64_t size);

 private:
  // --- stack slots
  bpf::Reg ThisBase() const { return chain_.this_in_scratch ? bpf::R7 : bpf::R10; }

  // --- scratch memory (per-CPU buffer at r7)
  uint32_t AllocScratch(uint32_t bytes);
  void EnsureScratch();

  // --- clauses and statements (action_gen.cc)
  void GenClause(const ClauseProbes& cp);
  void GenStmt(const ast::Stmt& s);
  void GenActionCall(const ast::Expr& call);
  void GenTrace(const ast::Expr& call);
  // Records `value` for trace() and the stack()/func()/sym()/mod() actions.
  void GenTraceValue(const ast::Expr& value);
  void GenPrintf(const ast::Expr& call);
  void GenPrinta(const ast::Expr& call);
  void GenExit(const ast::Expr& call);
  void GenSignal(const ast::Expr& call);
  void GenAggControl(const ast::Expr& call, ActionKind kind);
  void GenSetopt(const ast::Expr& call);
  void GenNormalize(const ast::Expr& call);  // normalize(), denormalize()
  // --- destructive actions done in the program (destructive_gen.cc)
  void GenChill(const ast::Expr& call);
  void GenCopyout(const ast::Expr& call);  // copyout(), copyoutstr()
  // After the program's exit: the functions its bpf_loop calls use.
  void GenCallbacks();
  // --- speculations (speculation_gen.cc)
  void GenSpeculation();  // r0 = a free speculation's id, 0 when none
  void GenSpeculate(const ast::Expr& call);
  void GenCommitOrDiscard(const ast::Expr& call, ActionKind kind);
  // r0 = the slot of the speculation whose id is in r0; jumps to `none`
  // for id 0 and faults (illegal operation) for an id past nspec.
  void GenSpeculationSlot(bpf::Label none);
  void GenPrint(const ast::Expr& call);  // print_gen.cc
  // tracemem(), printm(), trace() of a struct, union or array
  // (tracemem_gen.cc).
  void GenTracemem(const ast::Expr& call);
  void GenPrintm(const ast::Expr& call);
  void GenTraceObject(const ast::Expr& object);
  // A kBytes field of `size` bytes appended to the record and filled from
  // the address in r0 with bpf_probe_read_kernel (a fault if it fails).
  FieldDesc CopyBytesToField(uint32_t size);
  // Appends a field to the current clause's record and stores r0 into it.
  FieldDesc AppendField(const Type* t);
  // Adds a data action to the clause's record; inside if/else it also marks
  // the action's "ran" byte.
  void AddAction(ActionDesc a);
  void StoreResultToField(const FieldDesc& f, const Type* t);
  void CommitRecord();
  // Sends `size` bytes at base + offset to the principal buffer; r0 is the
  // helper's result. The consumer is woken only when the buffer is filling
  // (it looks every few milliseconds anyway): a wake-up per record costs
  // more than the rest of the probe.
  void GenRingOutput(bpf::Reg base, int32_t offset, uint32_t size);
  // bufpolicy=fill: when the bytes sent so far plus `bytes` pass the limit,
  // sets the exit() flag (tracing stops) and jumps to `full`.
  void GenFillCheck(uint32_t bytes, bool reserve, bpf::Label full);
  void EmitFault(FaultKind kind, bpf::Reg addr);

  // --- expressions (expr_gen.cc)
  // Switches once on what sema resolved `e` to be (sema/resolved.h).
  void GenExpr(const ast::Expr& e);
  void GenOperator(const ast::Expr& e);  // unary, binary, assignment, ternary, cast, stringof
  void GenUnary(const ast::Expr& e);
  void GenBinary(const ast::Expr& e);
  void GenArith(ast::BinaryOp op, const Type* t, bool is_signed);
  void GenStringCompare(ast::BinaryOp op, uint64_t size_a, uint64_t size_b);
  void GenLogical(const ast::Expr& e);
  void GenTernary(const ast::Expr& e);
  void GenCall(const ast::Expr& e);
  void GenStrlen(uint64_t size);
  void GenCopyinstr(const ast::Expr& e);
  void GenCopyin(const ast::Expr& e);
  // Calls a read helper (r1, r2 set; source address in addr_slot), faulting
  // on failure; r0 = scratch + off afterwards.
  void CallReadHelper(int helper, int16_t addr_slot, uint32_t off);
  void CallReadHelperChecked(int helper, int16_t addr_slot);  // r0 = helper's result
  void GenStringof(const ast::Expr& e);
  void GenStringIndex(const ast::Expr& e);  // s[i] of a D string

  // --- subroutines computed in BPF (byte_order_gen.cc, string_gen.cc)
  void GenByteOrder(const ast::Expr& e);
  // basename() or dirname(): r0 = the part of the path, in scratch.
  void GenPathComponent(const ast::Expr& e, bool want_dirname);
  void GenStrjoin(const ast::Expr& e);
  void GenLltostr(const ast::Expr& e);
  // lltostr()'s operands (stack slots) and its digits buffer and index of
  // the first character (scratch offsets).
  struct LltostrPlaces {
    int16_t value_slot = 0;
    int16_t base_slot = 0;
    uint32_t digits = 0;
    uint32_t first_word = 0;
  };
  void GenLltostrArguments(const ast::Expr& e, const LltostrPlaces& at);  // faults on a bad base
  void GenLltostrDigits(const LltostrPlaces& at);    // of |value| in base 10, else unsigned
  void GenLltostrPrefixes(const LltostrPlaces& at);  // "0x", "0" and "-"
  void GenLltostrPrepend(const LltostrPlaces& at, char c);
  void GenCaseConversion(const ast::Expr& e, bool to_upper);  // toupper(), tolower()
  void GenSubstr(const ast::Expr& e);
  // What basename, dirname and substr share: the sizes of their string
  // argument and result, the result's buffer and the start and length
  // words of the slice they copy, all in scratch (AllocSlice).
  struct Slice {
    uint32_t in_size = 0, size = 0, out = 0, start_word = 0, length_word = 0;
  };
  Slice AllocSlice(const ast::Expr& e);
  // Copies the slice of the string at *src_slot (in_size bytes) that starts
  // and runs for the words at r7+start_word and r7+length_word to r7+out;
  // both are masked to their buffers' powers of two, which the verifier needs.
  void GenCopySlice(int16_t src_slot, uint32_t in_size, uint32_t start_word, uint32_t length_word,
                    uint32_t out, uint32_t size);
  // --- string searches and the other subroutines (string_search_gen.cc)
  enum class SearchKind { kIndex, kRindex, kStrstr };
  void GenSearch(const ast::Expr& e, SearchKind kind);  // index(), rindex(), strstr()
  void GenStrchr(const ast::Expr& e, bool last);        // strchr(), strrchr()
  // r0 = e's first argument (at *s_slot) from the position in the scratch
  // word on, in a new string of e's type; "" when the position is -1.
  void GenRestOfString(const ast::Expr& e, int16_t s_slot, uint32_t position_word);
  void GenStrtoll(const ast::Expr& e);
  void GenStrtok(const ast::Expr& e);
  // r4 = 1 when the byte in r3 is in the 256-bit set at r7+set; clobbers r0, r5.
  void GenByteInSet(uint32_t set);
  void GenDigitValue();  // r4 = the digit value of the byte in r3 (255: none)
  void GenDeviceNumber(const ast::Expr& e, bool major);  // getmajor(), getminor()
  void GenRand();
  void GenProgenyof(const ast::Expr& e);
  uint32_t ScannedBytes(const ast::Expr& s) const;  // of a string: size, at most strsize
  void GenBit01(bpf::Reg r);                        // r = (r != 0); clobbers r0
  // stack(n): r0 = a zero-filled buffer of the stack's type size in scratch.
  void GenStack(const ast::Expr& e);
  // r0 = the kernel PC of frame `frame` after the tracing frames (0 when the
  // stack is shallower); caller and stackdepth (probe_context.cc).
  void GenStackFrame(int frame);
  void GenStackDepth();

  // --- user stacks (user_stack_gen.cc)
  void EnsureUserStackMaps();
  // Asks dtrace, once per process, to describe the process to the unwinder
  // and snapshot it for symbols (a ProcessNotice record).
  void GenProcessNotice();
  // ustack(n): r0 = the value (tgid, n PCs) in scratch.
  void GenUserStack(const ast::Expr& e);
  // usym() and its kin: r0 = the value (tgid, address) in scratch.
  void GenUserSymbolAddress(const ast::Expr& e);
  void GenUserAddressValue(const ast::Expr& address);  // r0 = (tgid, address) in scratch
  void GenUserStackDepth();                            // r0 = the frames of the user stack
  void GenUserCaller();                          // r0 = the PC the user function was called from
  void GenUserRegister(const ast::Expr& index);  // r0 = uregs[index] (0 out of range)
  // Walks the user stack into scratch (frames zero-filled words); returns
  // the offset; r0 = frames found.
  int16_t GenUserStackIntoScratch(uint32_t frames);
  // Writes up to `frames` PCs at r7+out; r0 = how many. Uses r8.
  void GenUserStackWalk(uint32_t out, uint32_t frames);
  struct UserWalkSlots;
  void GenLastAtOrBelow(int map, int16_t map_slot, int16_t key_slot, int16_t index_at,
                        bpf::Reg count, int steps, const UserWalkSlots& s, bpf::Label missing);
  void GenApplyUnwindRow(int16_t pc, int16_t sp, int16_t bp, int16_t cfa, int16_t caller_bp,
                         bpf::Label no_info, bpf::Label end);
  // r0 = the element at the u32 key in key_slot of `map` (or of the map
  // pointer spilled at map_slot when it is not 0); jumps to `missing` if none.
  void GenLookupOrJump(int map, int16_t map_slot, int16_t key_slot, bpf::Label missing);
  // Raw tracepoints: the tracing frames' text, empty when not known.
  std::vector<TextRange> TracingText() const;
  // Fetches the kernel stack above the program's own frame into r7+off
  // (bytes long) and stores the number of frames at r10+frames_slot.
  void GenStackAboveProgram(uint32_t off, uint32_t bytes, int16_t frames_slot);
  // r0 = how many of the frames at r7+off (up to kMaxTracingFrames) lie in
  // `text`, counting from the first; stops at the first that does not.
  void GenLeadingTracingFrames(uint32_t off, const std::vector<TextRange>& text);
  // Leading frames of this program's kernel stacks that are the tracing
  // machinery's own (probe_context.cc).
  int TracingFrames() const { return shape_.tracing_frames; }
  void Normalize(bpf::Reg r, const Type* t);  // truncate/extend to t's width
  void ZeroMem(bpf::Reg base, int16_t off, uint32_t size);
  // Copies a zero-padded string from `src` (size src_size) to base+off
  // (size dst_size), zero-filling the rest.
  // A string (not a stack) is also cut to -x strsize - 1 characters.
  void CopyString(bpf::Reg base, int16_t off, uint32_t dst_size, bpf::Reg src, uint32_t src_size,
                  bool is_string);
  void CopyToScratchString(uint32_t scratch_off, uint32_t size, uint32_t src_size);

  // --- the clause's scratch memory (scratch_gen.cc)
  uint32_t ArenaSize() const;  // -x scratchsize, within kMaxArenaSize
  // Reserves and resets the arena when the clause uses it.
  void GenArenaStart(const ast::Clause& clause);
  void RequireArena(const ast::Expr& e) const;
  // *offset_slot = the arena offset of *size_slot new bytes, 8-byte
  // aligned; "out of scratch space" when they do not fit. *size_slot is
  // then known to be at most ArenaSize().
  void GenArenaAllocate(int16_t size_slot, int16_t offset_slot);
  void GenArenaAddress(int16_t offset_slot);  // r0 = the address of that offset
  void GenArenaRange(int16_t dest_slot, int16_t size_slot);
  void GenFaultAt(FaultKind kind, int16_t addr_slot);  // addr_slot 0: address 0
  void GenAlloca(const ast::Expr& e);
  void GenBcopy(const ast::Expr& e);
  void GenCopyinto(const ast::Expr& e);
  // The copy both make: args[src_arg] read by read_helper into the arena at
  // args[dest_arg], args[size_arg] bytes, the range checked first.
  void GenCopyIntoArena(const ast::Expr& e, size_t src_arg, size_t dest_arg, size_t size_arg,
                        int read_helper);
  void GenCopyinToArena(const ast::Expr& e);
  // r1 = the arena's address at the offset in offset_slot, r2 = the size
  // in size_slot: a read helper's destination and length.
  void LoadArenaDestination(int16_t size_slot,
                            int16_t offset_slot);  // copyin() in a clause with an arena
  void GenScratchStore(const ast::Expr& lhs, int16_t value_slot);

  // --- kernel memory and translators (memory_gen.cc)
  void GenAddress(const ast::Expr& e);  // r0 = address of a kernel lvalue
  // r0 = the base of a member, element or dereference: the address of an
  // object in memory, or the value of a pointer.
  void GenBaseAddress(const ast::Expr& base, const KernelAccess& access);
  void GenKernelValue(const ast::Expr& e);  // r0 = its value (scalar or string)
  // The char array at the address in addr_slot as a D string of e's type:
  // zero-padded scratch, at most `limit` bytes read; r0 = its address.
  void GenCharArrayString(const ast::Expr& e, int16_t addr_slot, uint32_t limit);
  void GenTranslated(const ast::Expr& e);
  void GenXlateInput(const ast::Expr& e);
  void GenUserArgs(const ast::Expr& e);

  void GenCleanpath(const ast::Expr& e);  // cleanpath_gen.cc
  // --- json() (json_gen.cc): a bpf_loop over the text and the selector
  void GenJson(const ast::Expr& e);
  void GenJsonCallback();       // one step of the scan (GenCallbacks)
  uint32_t JsonRegion() const;  // bytes of each of the scan's buffers
  // --- inet_ntoa(), inet_ntoa6(), inet_ntop() (inet_gen.cc)
  enum class InetKind { kNtoa, kNtoa6, kNtop };
  void GenInet(const ast::Expr& e, InetKind kind);  // r0 = the text, in scratch
  void GenInetPut(uint32_t out);                    // r3 at r7+out+r9 if r4, r9 += r4
  void GenInetPutChar(uint32_t out, char c, int16_t flag);
  void GenInetDecimal(uint32_t out, int16_t flag);  // the byte in r8
  void GenInetHex(uint32_t out, int16_t flag);      // the 16-bit group in r8
  void GenInetDotted(uint32_t out, int16_t addr, int16_t flag);
  void GenZeroRun(int16_t addr, int16_t first, int16_t length);
  void GenEmbeddedV4(int16_t addr);  // r4 = the address ends in an IPv4 one

  // --- cwd and root: __path() (path_gen.cc)
  void GenPath(const ast::Expr& e);
  struct PathSlots;
  // One step of the walk up from a dentry; its name's address to `name`.
  void GenPathStep(const std::vector<uint32_t>& offsets, const PathSlots& s, int16_t name);
  void GenPathJoin(uint32_t off, int32_t size, int16_t names);
  void GenReadAt(int16_t base_slot, uint32_t offset);  // r0 = the word at *slot + offset
  void GenZeroMask(bpf::Reg x, bpf::Reg tmp);          // x = (x == 0) ? ~0 : 0
  // out = ~0 when the step from `self` leads nowhere (0) or back to itself.
  void GenWalkEnds(bpf::Reg out, int16_t next, int16_t self);
  // *dst = (*mask & *if_set) | (~*mask & *if_clear)
  void GenSelectSlot(int16_t dst, int16_t mask, int16_t if_set, int16_t if_clear);

  // --- variables (var_gen.cc)
  void GenLoadVariable(const ast::Expr& e);
  void GenAssign(const ast::Expr& e);
  void GenStoreTo(const ast::Expr& lhs, int16_t value_slot);
  // --- structs, unions and arrays in D variables (struct_var_gen.cc)
  // r0 = where the object `e` (a variable or a part of one) lies; for_write
  // makes a missing self->/associative entry (zeroed) first, and gives 0
  // when there is no room for it.
  void GenVariableObjectAddress(const ast::Expr& e, bool for_write);
  void GenEntryForWrite(const ast::Expr& e);
  void GenVariablePartValue(const ast::Expr& e);  // r0 = a member's or element's value
  void GenStoreToVariablePart(const ast::Expr& lhs, int16_t value_slot);
  // r0 = `value` (in r0) in whole words: a part copied to scratch when its
  // size is not a multiple of 8 (a whole variable's value already is).
  void PadVariablePart(const ast::Expr& value);
  void CopyExactBytes(bpf::Reg dst, int16_t dst_off, bpf::Reg src, uint32_t size);  // uses r2
  // print()'s argument is a D variable's struct, union or array.
  bool PrintsVariableObject(const ast::Expr& arg) const;
  // `lhs = 0` for a string self-> variable or associative element: deletes
  // it, so that it reads as "" again.
  void GenFreeDynamic(const ast::Expr& lhs);
  // The key (a stack slot) and map of a self-> variable or an associative
  // array element, for storing or freeing it.
  std::pair<int16_t, int> GenDynamicKey(const ast::Expr& lhs);
  void GenIncDec(const ast::Expr& e);
  void GenAssocLookup(const ast::Expr& index);
  // Builds the key of an associative array or aggregation on the stack;
  // returns its slot. `key_types` gives the stored layout.
  // `prefix` bytes at the start are left for the caller (a thread-local
  // array's thread id).
  int16_t GenKey(const std::vector<ast::ExprPtr>& keys, const std::vector<const Type*>& key_types,
                 uint32_t* key_size, uint32_t prefix = 0);
  // The variable of an associative element, global or thread-local.
  const Variable& DynamicVariable(const ast::Expr& e) const;
  // Where an aggregation key was built: the stack, or scratch memory (r7)
  // for keys too large for the 512-byte stack (deep stack() keys).
  struct KeyPlace {
    bpf::Reg base;
    int16_t offset;
  };
  KeyPlace GenAggKey(const std::vector<ast::ExprPtr>& keys,
                     const std::vector<const Type*>& key_types, uint32_t* key_size);
  void GenThreadKey(int16_t slot);
  void LoadGlobalAddr(bpf::Reg dst, int var_id);

  // --- aggregations (agg_gen.cc)
  void GenAggregate(const ast::Stmt& s);
  // Stores the value (0 when none) and increment (1 when none) arguments.
  void GenAggArguments(const ast::Stmt& s, AggFunc kind, int16_t value_slot, int16_t incr_slot);
  KeyPlace GenAggKeyOf(const ast::Stmt& s, const Aggregation& agg);
  // r0 = this CPU's entry for `key` in `map`, created zeroed when missing.
  // Returns the label jumped to (r0 = 0) when it cannot be created.
  bpf::Label GenAggEntryLookup(const KeyPlace& key, int map, uint32_t value_words);
  // A keyless aggregation's element, its fired word set; R0 points to it.
  bpf::Label GenKeylessAggLookup(const KeyPlace& key, int map, uint32_t fired_word);
  // The updates of the entry at r0 with value r1 and increment r2; they
  // clobber r1-r5 (and r9 for the buckets).
  void GenAddToAggWord(int word, bpf::Reg amount);
  void GenMinMaxUpdate(AggFunc kind);
  void GenStddevUpdate();  // count, sum and the 128-bit sum of squares
  void GenBucketUpdate(const Aggregation& agg, uint32_t value_words, int16_t incr_slot);
  // Counts one lost record or aggregation update for this CPU (clobbers r0-r2).
  void GenCountDrop(DropKind kind);
  void GenCountDynamicDrop();
  void GenQuantizeIndex(bpf::Reg value, bpf::Reg out);
  void GenLquantizeIndex(const Aggregation& a, bpf::Reg value, bpf::Reg out);
  void GenLlquantizeIndex(const Aggregation& a, bpf::Reg value, bpf::Reg out);

  // --- provider context (probe_context.cc)
  void GenPrologue(const std::vector<ClauseProbes>& clauses);
  void GenProbeFilter(const ClauseProbes& cp, bpf::Label skip) {
    context_->GenClauseFilter(*cp.clause, cp.probes, skip);
  }
  void GenBuiltin(const ast::Expr& e);
  void GenProbeId() { context_->GenProbeId(); }
  const ProgramInfo::TaskOffsets& TaskOffsets() const;  // sema found them
  const ast::Expr* ContextTask() const { return context_->ContextTask(); }
  bool GenContextTaskBuiltin(Builtin which);  // false: not overridden here
  // r0 = the `size`-byte kernel value at the address in `addr` (0 when
  // unreadable); clobbers r1-r5.
  void GenKernelRead(bpf::Reg addr, int size);
  void GenVtimestamp();  // vtime_gen.cc

  ProgramInfo& info_;
  TypeTable& types_;
  const CodegenOptions& options_;
  MapRegistry& maps_;
  SharedMaps& shared_;
  CompiledProgram& out_;
  bpf::Builder b_;

  ProgramShape shape_;                     // of the provider whose probes fire it
  std::unique_ptr<ProbeContext> context_;  // the provider's part in this program
  std::string raw_tracepoint_;             // the raw tracepoint it attaches to, if any
  int stack_top_ = 0;                      // bytes used below r10
  bool scratch_loaded_ = false;
  ChainLink chain_;
  const std::vector<const Probe*>* group_probes_ = nullptr;
  bpf::Label exit_label_;  // the prologue's early exit, bound right after it
  // chill()'s bpf_loop callback, once a clause uses it.
  std::optional<bpf::Label> chill_callback_;
  // json()'s bpf_loop callback, once a clause uses it.
  std::optional<bpf::Label> json_callback_;

  // Per clause.
  const ClauseProbes* clause_ = nullptr;
  bpf::Label clause_end_;
  int action_index_ = 0;
  RecordDesc* record_ = nullptr;
  int record_id_ = -1;
  uint32_t record_off_ = 0;  // scratch offset of the record being built
  uint32_t record_size_ = 0;
  int branch_depth_ = 0;    // if/else statements being generated
  uint32_t ran_flags_ = 0;  // "ran" bytes in the clause's record
  uint32_t next_ran_flag_ = 0;
  uint32_t speculation_offset_ = 0;  // the record's speculation token, when speculative
  bool fill_counts_ = false;         // bufpolicy=fill: the clause's record counts toward the limit
  std::vector<CodeSpan> statement_spans_;  // of the program being generated
  uint32_t scratch_clause_base_ = 0;
  bool has_arena_ = false;  // the clause's scratch memory (scratch_gen.cc)
  uint32_t arena_ = 0;      // its scratch offset
  uint32_t scratch_top_ = 0;
  // this-> scalar variable -> stack slot, or scratch offset when
  // chain_.this_in_scratch.
  std::map<int, int16_t> this_slots_;
  std::map<int, uint32_t> this_strings_;    // this-> string variable -> scratch offset
  std::vector<int16_t> xlate_input_slots_;  // translators being expanded, innermost last
};

}  // namespace dt
