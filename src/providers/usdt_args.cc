#include "providers/usdt_args.h"

namespace dt {

namespace {

// The first site whose arguments are known, or nullptr.
const UsdtSite* KnownSite(const UsdtProbeData& probe) {
  for (const UsdtSite& site : probe.sites)
    if (site.argument_error.empty()) return &site;
  return nullptr;
}

bool IsPointerType(const std::string& type) { return type.find('*') != std::string::npos; }

}  // namespace

const char* SizedIntegerType(int size, bool is_signed) {
  switch (size) {
    case 1:
      return is_signed ? "int8_t" : "uint8_t";
    case 2:
      return is_signed ? "int16_t" : "uint16_t";
    case 4:
      return is_signed ? "int32_t" : "uint32_t";
    default:
      return is_signed ? "int64_t" : "uint64_t";
  }
}

std::vector<ProbeArg> UsdtProbeArgs(const UsdtProbeData& probe) {
  const UsdtSite* known = KnownSite(probe);
  std::vector<ProbeArg> args;
  if (!probe.translated_args.empty()) {
    for (const UsdtTranslatedArg& translated : probe.translated_args) {
      ProbeArg a;
      a.type = a.element_type = translated.type;
      a.size = 8;  // unused: the analyzer types args[N] from UsdtArgInD's D
      args.push_back(std::move(a));
    }
    return args;
  }
  if (probe.declared_types) {
    for (size_t i = 0; i < probe.declared_types->size(); ++i) {
      ProbeArg a;
      a.type = a.element_type = (*probe.declared_types)[i];
      // The fallback when the type does not resolve: a pointer is 8
      // unsigned bytes; an integer is what the site passes.
      a.size = 8;
      a.is_signed = false;
      if (!IsPointerType(a.type) && known != nullptr && i < known->arguments.size()) {
        a.size = known->arguments[i].size;
        a.is_signed = known->arguments[i].is_signed;
      }
      args.push_back(std::move(a));
    }
    return args;
  }
  if (known == nullptr) return args;
  for (size_t i = 0; i < known->arguments.size(); ++i) {
    int size = known->arguments[i].size;
    bool is_signed = known->arguments[i].is_signed;
    bool agree = true;
    for (const UsdtSite& site : probe.sites) {
      if (!site.argument_error.empty()) continue;
      if (i >= site.arguments.size()) {
        agree = false;
        continue;
      }
      const elf::SdtArgument& other = site.arguments[i];
      if (other.size != size || other.is_signed != is_signed) agree = false;
      is_signed = is_signed || other.is_signed;
    }
    if (!agree) size = 8;
    ProbeArg a;
    a.type = a.element_type = SizedIntegerType(size, is_signed);
    a.size = static_cast<uint32_t>(size);
    a.is_signed = is_signed;
    args.push_back(std::move(a));
  }
  return args;
}

std::string UsdtArgInD(const UsdtProbeData& probe, size_t n) {
  if (n >= probe.translated_args.size()) return "";
  const UsdtTranslatedArg& translated = probe.translated_args[n];
  std::string arg = "arg" + std::to_string(translated.from);
  std::string native;
  if (probe.declared_types && translated.from < probe.declared_types->size()) {
    native = (*probe.declared_types)[translated.from];
  } else if (const UsdtSite* known = KnownSite(probe);
             known != nullptr && translated.from < known->arguments.size()) {
    const elf::SdtArgument& operand = known->arguments[translated.from];
    native = SizedIntegerType(operand.size, operand.is_signed);
  } else {
    native = "uint64_t";
  }
  std::string value = "((" + native + ")" + arg + ")";
  if (translated.type == native) return value;
  if (translated.type == "string" && IsPointerType(native))
    return "copyinstr((uintptr_t)" + arg + ")";
  // What translators give is a pointer to the translated struct; an
  // integer translates to another integer by C's conversion.
  if (!IsPointerType(translated.type)) return "((" + translated.type + ")" + value + ")";
  return "xlate <" + translated.type + "> " + value;
}

}  // namespace dt
