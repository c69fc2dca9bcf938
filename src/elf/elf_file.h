// One ELF object (executable, shared library, [vdso] image) opened read-only
// for user-space tracing: its type, loadable segments, sections, notes,
// build id and debug link.
//
// Contract:
//  * The file is mapped once (private, read-only use) and parsed with libelf;
//    everything this class returns points into that mapping and lives as long
//    as the ElfFile. Once opened, the object no longer needs the path: a
//    process that exits, or a file deleted or replaced (renamed over) later,
//    does not matter. A file truncated in place would fault the mapping;
//    installers write a new file and rename it.
//  * Malformed input never crashes and never reads outside the mapping:
//    Open/FromBytes fail with a message ("<name>: not an ELF file") when the
//    headers are unusable. A section that lies outside the file is still
//    listed, but SectionData fails for it with a message; a segment's file
//    part is cut to the bytes that exist. One bad section does not hide
//    the good ones.
//  * Addresses are the object's link-time virtual addresses ("ELF vaddrs");
//    translating a process address to one is proc_maps' job. Uprobes take a
//    file offset: VaddrToFileOffset/FileOffsetToVaddr convert through the
//    PT_LOAD segment that maps the byte from the file.
#pragma once

#include <libelf.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dt::elf {

enum class ElfType { kRelocatable, kExecutable, kSharedObject, kCore, kOther };

// A PT_LOAD program header.
struct LoadSegment {
  uint64_t vaddr = 0;
  uint64_t memsz = 0;
  uint64_t offset = 0;  // file offset of the first byte
  uint64_t filesz = 0;
  uint64_t align = 0;
  uint32_t flags = 0;  // PF_R | PF_W | PF_X

  bool executable() const;
  bool ContainsVaddr(uint64_t v) const { return v >= vaddr && v - vaddr < memsz; }
};

struct Section {
  size_t index = 0;
  std::string name;
  uint32_t type = 0;  // SHT_*
  uint64_t flags = 0;
  uint64_t addr = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint32_t link = 0;
  uint32_t info = 0;
  uint64_t addralign = 0;
  uint64_t entsize = 0;
};

// One note record inside a SHT_NOTE section or PT_NOTE segment.
struct ElfNote {
  std::string_view owner;  // "GNU", "stapsdt", ...
  uint32_t type = 0;
  std::string_view desc;
};

// .gnu_debuglink: the file holding the stripped debug information.
struct DebugLink {
  std::string file;
  uint32_t crc = 0;
};

class ElfFile {
 public:
  // Maps and parses the file at path (nullptr and *error on failure).
  static std::unique_ptr<ElfFile> Open(const std::string& path, std::string* error);
  // Same through an open descriptor (e.g. /proc/PID/map_files/...); the
  // descriptor is not kept. name is used in messages.
  static std::unique_ptr<ElfFile> OpenFd(int fd, const std::string& name, std::string* error);
  // Parses an image held in memory (tests, fuzzing, a [vdso] copied from a
  // process); the ElfFile keeps its own copy.
  static std::unique_ptr<ElfFile> FromBytes(std::string bytes, const std::string& name,
                                            std::string* error);

  ~ElfFile();
  ElfFile(const ElfFile&) = delete;
  ElfFile& operator=(const ElfFile&) = delete;

  const std::string& name() const { return name_; }
  ElfType type() const { return type_; }
  uint16_t machine() const { return machine_; }
  bool is_64bit() const { return is_64bit_; }
  // An executable that is loaded at a random base: ET_DYN with an
  // interpreter (PT_INTERP) or DF_1_PIE. Shared libraries are ET_DYN
  // without either.
  bool is_pie() const { return is_pie_; }
  // Loaded at an address chosen at run time (PIE executables and shared
  // objects), so process addresses differ from ELF vaddrs by a load bias.
  bool is_relocatable_at_load() const { return type_ == ElfType::kSharedObject; }
  uint64_t entry() const { return entry_; }

  const std::vector<LoadSegment>& load_segments() const { return load_segments_; }
  const std::vector<Section>& sections() const { return sections_; }
  const Section* FindSection(std::string_view name) const;
  const Section* FindSectionByType(uint32_t type) const;
  // A section's bytes, checked to lie inside the file; fails with a message
  // for SHT_NOBITS, compressed or out-of-bounds sections.
  std::optional<std::string_view> SectionData(const Section& s, std::string* error) const;

  // The PT_LOAD segment whose memory image holds vaddr.
  const LoadSegment* SegmentForVaddr(uint64_t vaddr) const;
  // Translations through the file-backed part of a PT_LOAD segment (bytes
  // past filesz, e.g. .bss, have no file offset).
  std::optional<uint64_t> VaddrToFileOffset(uint64_t vaddr) const;
  std::optional<uint64_t> FileOffsetToVaddr(uint64_t offset) const;

  // Notes of the named section (".note.stapsdt"), or of every note section
  // when name is empty; from PT_NOTE segments when the file has no section
  // headers. Malformed records end that section's list.
  std::vector<ElfNote> Notes(std::string_view section_name = {}) const;

  // NT_GNU_BUILD_ID as lowercase hex, "" when absent.
  const std::string& build_id() const { return build_id_; }
  const std::optional<DebugLink>& debug_link() const { return debug_link_; }

  // The whole image, and a checked sub-range of it.
  std::string_view bytes() const { return std::string_view(data_, size_); }
  std::optional<std::string_view> FileRange(uint64_t offset, uint64_t size) const;

  // The libelf handle, for symbol tables (gelf_getsym). Valid while this
  // object lives.
  Elf* handle() const { return elf_; }

 private:
  ElfFile() = default;
  static std::unique_ptr<ElfFile> Parse(std::unique_ptr<ElfFile> f, std::string* error);
  bool ReadHeaders(std::string* error);
  void ReadSections();
  void ReadDynamicFlags();
  void ReadBuildIdAndDebugLink();
  std::vector<ElfNote> NotesIn(std::string_view bytes, uint64_t align) const;

  std::string name_;
  std::string owned_;  // FromBytes' copy
  void* mapping_ = nullptr;
  size_t mapping_size_ = 0;
  const char* data_ = nullptr;
  size_t size_ = 0;
  Elf* elf_ = nullptr;

  ElfType type_ = ElfType::kOther;
  uint16_t machine_ = 0;
  bool is_64bit_ = true;
  bool is_pie_ = false;
  bool has_interp_ = false;
  uint64_t entry_ = 0;
  std::vector<LoadSegment> load_segments_;
  struct NoteSegment {
    uint64_t offset, size, align;
  };
  std::vector<NoteSegment> note_segments_;
  std::vector<Section> sections_;
  std::string build_id_;
  std::optional<DebugLink> debug_link_;
};

}  // namespace dt::elf
