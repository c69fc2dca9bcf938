#include "elf/cfa_program.h"

#include <cstdio>

#include "elf/byte_reader.h"

namespace dt::elf {
namespace {

// DW_CFA_* opcodes. The top two bits select the three compact forms.
enum : uint8_t {
  kAdvanceLocHigh = 0x40,
  kOffsetHigh = 0x80,
  kRestoreHigh = 0xc0,
  kNop = 0x00,
  kSetLoc = 0x01,
  kAdvanceLoc1 = 0x02,
  kAdvanceLoc2 = 0x03,
  kAdvanceLoc4 = 0x04,
  kOffsetExtended = 0x05,
  kRestoreExtended = 0x06,
  kUndefined = 0x07,
  kSameValue = 0x08,
  kRegister = 0x09,
  kRememberState = 0x0a,
  kRestoreState = 0x0b,
  kDefCfa = 0x0c,
  kDefCfaRegister = 0x0d,
  kDefCfaOffset = 0x0e,
  kDefCfaExpression = 0x0f,
  kExpression = 0x10,
  kOffsetExtendedSf = 0x11,
  kDefCfaSf = 0x12,
  kDefCfaOffsetSf = 0x13,
  kValOffset = 0x14,
  kValOffsetSf = 0x15,
  kValExpression = 0x16,
  kGnuWindowSave = 0x2d,
  kGnuArgsSize = 0x2e,
  kGnuNegativeOffsetExtended = 0x2f,
};

constexpr size_t kMaxRememberDepth = 64;

struct State {
  CfaRule cfa;
  RegisterRule rbp;
  RegisterRule ra;
};

class Interpreter {
 public:
  Interpreter(const Cie& cie, const Fde& fde, const CfiSectionInfo& info, std::vector<CfiRow>* rows)
      : cie_(cie),
        fde_(fde),
        info_(info),
        rows_(rows),
        loc_(fde.pc_begin),
        end_(fde.pc_begin + fde.pc_range) {}

  bool Run(std::string* error) {
    emitting_ = false;
    if (!Execute(cie_.initial_instructions, error)) return Stop(error);
    initial_ = state_;
    emitting_ = true;
    if (!Execute(fde_.instructions, error)) return Stop(error);
    Emit();
    return true;
  }

 private:
  // The rule slot of a DWARF register, or nullptr for one we do not track.
  RegisterRule* Slot(State* s, uint64_t reg) {
    if (reg == dwarf_reg::kRbp) return &s->rbp;
    if (reg == cie_.return_register) return &s->ra;
    return nullptr;
  }

  void Emit() {
    if (!emitting_ || loc_ >= end_) return;
    if (!rows_->empty() && rows_->size() > first_row_ && rows_->back().pc == loc_)
      rows_->pop_back();
    rows_->push_back(CfiRow{loc_, state_.cfa, state_.rbp, state_.ra});
  }

  bool Advance(uint64_t delta) {
    if (!emitting_) return true;  // no locations in a CIE's initial instructions
    uint64_t next = loc_ + delta * cie_.code_alignment;
    if (next < loc_) return false;
    if (next != loc_) Emit();
    loc_ = next;
    return true;
  }

  bool Stop(std::string* error) {
    if (emitting_ && loc_ < end_) {
      if (rows_->size() > first_row_ && rows_->back().pc == loc_) rows_->pop_back();
      CfiRow bad;
      bad.pc = loc_;
      bad.cfa.kind = CfaRule::Kind::kInvalid;
      rows_->push_back(bad);
    } else if (!emitting_) {
      CfiRow bad;
      bad.pc = fde_.pc_begin;
      bad.cfa.kind = CfaRule::Kind::kInvalid;
      rows_->push_back(bad);
    }
    char where[64];
    snprintf(where, sizeof where,
             "FDE at 0x%llx (pc 0x%llx): ", static_cast<unsigned long long>(fde_.offset),
             static_cast<unsigned long long>(fde_.pc_begin));
    *error = where + *error;
    return false;
  }

  bool Execute(std::string_view program, std::string* error) {
    ByteReader r(program);
    uint64_t program_vaddr =
        program.data() == fde_.instructions.data() ? fde_.instructions_vaddr : 0;
    while (!r.at_end()) {
      uint8_t op;
      r.U8(&op);
      uint8_t high = op & 0xc0, low = op & 0x3f;
      uint64_t reg = 0, u = 0;
      int64_t s = 0;
      std::string_view block;
      bool ok = true;
      if (high == kAdvanceLocHigh) {
        ok = Advance(low);
      } else if (high == kOffsetHigh) {
        ok = r.Uleb128(&u);
        SetRule(low, RegisterRule::Kind::kOffset, Factor(u));
      } else if (high == kRestoreHigh) {
        Restore(low);
      } else {
        switch (op) {
          case kNop:
            break;
          case kSetLoc: {
            uint64_t loc;
            std::string why;
            uint8_t enc =
                info_.format == CfiFormat::kDebugFrame ? eh_pe::kAbsptr : cie_.fde_encoding;
            ok = ReadEncodedPointer(&r, enc, program_vaddr + r.position(), info_, &loc, &why) &&
                 loc >= loc_;
            if (ok && emitting_ && loc != loc_) {
              Emit();
              loc_ = loc;
            }
            break;
          }
          case kAdvanceLoc1: {
            uint8_t d;
            ok = r.U8(&d) && Advance(d);
            break;
          }
          case kAdvanceLoc2: {
            uint16_t d;
            ok = r.U16(&d) && Advance(d);
            break;
          }
          case kAdvanceLoc4: {
            uint32_t d;
            ok = r.U32(&d) && Advance(d);
            break;
          }
          case kOffsetExtended:
            ok = r.Uleb128(&reg) && r.Uleb128(&u);
            SetRule(reg, RegisterRule::Kind::kOffset, Factor(u));
            break;
          case kOffsetExtendedSf:
            ok = r.Uleb128(&reg) && r.Sleb128(&s);
            SetRule(reg, RegisterRule::Kind::kOffset, Factor(uint64_t(s)));
            break;
          case kGnuNegativeOffsetExtended:
            ok = r.Uleb128(&reg) && r.Uleb128(&u);
            SetRule(reg, RegisterRule::Kind::kOffset, Factor(0 - u));
            break;
          case kValOffset:
            ok = r.Uleb128(&reg) && r.Uleb128(&u);
            SetRule(reg, RegisterRule::Kind::kValOffset, Factor(u));
            break;
          case kValOffsetSf:
            ok = r.Uleb128(&reg) && r.Sleb128(&s);
            SetRule(reg, RegisterRule::Kind::kValOffset, Factor(uint64_t(s)));
            break;
          case kRestoreExtended:
            ok = r.Uleb128(&reg);
            Restore(reg);
            break;
          case kUndefined:
            ok = r.Uleb128(&reg);
            SetRule(reg, RegisterRule::Kind::kUndefined, 0);
            break;
          case kSameValue:
            ok = r.Uleb128(&reg);
            SetRule(reg, RegisterRule::Kind::kSameValue, 0);
            break;
          case kRegister:
            ok = r.Uleb128(&reg) && r.Uleb128(&u);
            if (RegisterRule* rule = Slot(&state_, reg)) {
              *rule = RegisterRule{RegisterRule::Kind::kRegister, 0, u, {}};
            }
            break;
          case kExpression:
          case kValExpression:
            ok = r.Uleb128(&reg) && r.Uleb128(&u) && r.Bytes(u, &block);
            if (RegisterRule* rule = Slot(&state_, reg)) {
              *rule = RegisterRule{op == kExpression ? RegisterRule::Kind::kExpression
                                                     : RegisterRule::Kind::kValExpression,
                                   0, 0, block};
            }
            break;
          case kRememberState:
            if (stack_.size() >= kMaxRememberDepth) {
              *error = "remember_state nested too deep";
              return false;
            }
            stack_.push_back(state_);
            break;
          case kRestoreState:
            if (stack_.empty()) {
              *error = "restore_state without remember_state";
              return false;
            }
            state_ = stack_.back();
            stack_.pop_back();
            break;
          case kDefCfa:
            ok = r.Uleb128(&reg) && r.Uleb128(&u);
            state_.cfa = CfaRule{CfaRule::Kind::kRegisterOffset, reg, int64_t(u), {}};
            break;
          case kDefCfaSf:
            ok = r.Uleb128(&reg) && r.Sleb128(&s);
            state_.cfa = CfaRule{CfaRule::Kind::kRegisterOffset, reg, Factor(uint64_t(s)), {}};
            break;
          case kDefCfaRegister:
            ok = r.Uleb128(&reg);
            if (state_.cfa.kind != CfaRule::Kind::kRegisterOffset) state_.cfa.offset = 0;
            state_.cfa.kind = CfaRule::Kind::kRegisterOffset;
            state_.cfa.reg = reg;
            state_.cfa.expression = {};
            break;
          case kDefCfaOffset:
            ok = r.Uleb128(&u);
            state_.cfa.offset = int64_t(u);
            break;
          case kDefCfaOffsetSf:
            ok = r.Sleb128(&s);
            state_.cfa.offset = Factor(uint64_t(s));
            break;
          case kDefCfaExpression:
            ok = r.Uleb128(&u) && r.Bytes(u, &block);
            state_.cfa = CfaRule{CfaRule::Kind::kExpression, 0, 0, block};
            break;
          case kGnuArgsSize:
            ok = r.Uleb128(&u);  // the callee-popped argument area: no effect on the CFA
            break;
          case kGnuWindowSave:
            break;  // SPARC register windows; nothing on x86-64
          default: {
            char buf[64];
            snprintf(buf, sizeof buf, "unknown call-frame instruction 0x%02x", op);
            *error = buf;
            return false;
          }
        }
      }
      if (!ok || !r.ok()) {
        *error = "truncated or invalid call-frame instruction";
        return false;
      }
    }
    return true;
  }

  // A factored offset; wraps instead of overflowing on hostile operands.
  int64_t Factor(uint64_t v) const { return int64_t(v * uint64_t(cie_.data_alignment)); }

  void SetRule(uint64_t reg, RegisterRule::Kind kind, int64_t offset) {
    if (RegisterRule* rule = Slot(&state_, reg)) *rule = RegisterRule{kind, offset, 0, {}};
  }

  void Restore(uint64_t reg) {
    RegisterRule* rule = Slot(&state_, reg);
    if (rule != nullptr) *rule = *Slot(&initial_, reg);
  }

  const Cie& cie_;
  const Fde& fde_;
  const CfiSectionInfo& info_;
  std::vector<CfiRow>* rows_;
  size_t first_row_ = rows_->size();
  uint64_t loc_;
  uint64_t end_;
  bool emitting_ = false;
  State state_;
  State initial_;
  std::vector<State> stack_;
};

}  // namespace

bool RunCfaProgram(const Cie& cie, const Fde& fde, const CfiSectionInfo& info,
                   std::vector<CfiRow>* rows, std::string* error) {
  return Interpreter(cie, fde, info, rows).Run(error);
}

}  // namespace dt::elf
