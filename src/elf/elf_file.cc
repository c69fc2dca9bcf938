#include "elf/elf_file.h"

#include <fcntl.h>
#include <gelf.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>

#include "elf/byte_reader.h"

namespace dt::elf {
namespace {

constexpr uint32_t kNtGnuBuildId = 3;
// Largest file we map; anything bigger is not a program we trace.
constexpr uint64_t kMaxFileSize = uint64_t(4) << 30;

void InitLibelf() {
  static std::once_flag once;
  std::call_once(once, [] { elf_version(EV_CURRENT); });
}

std::string LibelfError(const std::string& name) {
  const char* msg = elf_errmsg(-1);
  return name + ": " + (msg != nullptr ? msg : "unknown libelf error");
}

bool RangeInside(uint64_t offset, uint64_t size, uint64_t total) {
  return offset <= total && size <= total - offset;
}

uint64_t AlignUp(uint64_t v, uint64_t align) { return (v + align - 1) & ~(align - 1); }

}  // namespace

bool LoadSegment::executable() const { return (flags & PF_X) != 0; }

std::unique_ptr<ElfFile> ElfFile::Open(const std::string& path, std::string* error) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *error = path + ": " + std::strerror(errno);
    return nullptr;
  }
  auto f = OpenFd(fd, path, error);
  close(fd);
  return f;
}

std::unique_ptr<ElfFile> ElfFile::OpenFd(int fd, const std::string& name, std::string* error) {
  struct stat st;
  if (fstat(fd, &st) != 0) {
    *error = name + ": " + std::strerror(errno);
    return nullptr;
  }
  if (!S_ISREG(st.st_mode)) {
    *error = name + ": not a regular file";
    return nullptr;
  }
  if (st.st_size == 0 || uint64_t(st.st_size) > kMaxFileSize) {
    *error = name + (st.st_size == 0 ? ": empty file" : ": file too large");
    return nullptr;
  }
  // Private and writable so libelf may convert in place if it ever wants to;
  // nothing reaches the file.
  void* p = mmap(nullptr, st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  if (p == MAP_FAILED) {
    *error = name + ": " + std::strerror(errno);
    return nullptr;
  }
  std::unique_ptr<ElfFile> f(new ElfFile());
  f->name_ = name;
  f->mapping_ = p;
  f->mapping_size_ = st.st_size;
  f->data_ = static_cast<const char*>(p);
  f->size_ = st.st_size;
  return Parse(std::move(f), error);
}

std::unique_ptr<ElfFile> ElfFile::FromBytes(std::string bytes, const std::string& name,
                                            std::string* error) {
  std::unique_ptr<ElfFile> f(new ElfFile());
  f->name_ = name;
  f->owned_ = std::move(bytes);
  f->data_ = f->owned_.data();
  f->size_ = f->owned_.size();
  return Parse(std::move(f), error);
}

ElfFile::~ElfFile() {
  if (elf_ != nullptr) elf_end(elf_);
  if (mapping_ != nullptr) munmap(mapping_, mapping_size_);
}

std::unique_ptr<ElfFile> ElfFile::Parse(std::unique_ptr<ElfFile> f, std::string* error) {
  InitLibelf();
  if (f->size_ < EI_NIDENT || std::memcmp(f->data_, ELFMAG, SELFMAG) != 0) {
    *error = f->name_ + ": not an ELF file";
    return nullptr;
  }
  f->elf_ = elf_memory(const_cast<char*>(f->data_), f->size_);
  if (f->elf_ == nullptr || elf_kind(f->elf_) != ELF_K_ELF) {
    *error = f->name_ + ": not an ELF file";
    return nullptr;
  }
  if (!f->ReadHeaders(error)) return nullptr;
  f->ReadSections();
  f->ReadDynamicFlags();
  f->ReadBuildIdAndDebugLink();
  return f;
}

bool ElfFile::ReadHeaders(std::string* error) {
  GElf_Ehdr ehdr;
  if (gelf_getehdr(elf_, &ehdr) == nullptr) {
    *error = LibelfError(name_);
    return false;
  }
  if (ehdr.e_ident[EI_DATA] != ELFDATA2LSB) {
    *error = name_ + ": big-endian ELF files are not supported";
    return false;
  }
  is_64bit_ = ehdr.e_ident[EI_CLASS] == ELFCLASS64;
  machine_ = ehdr.e_machine;
  entry_ = ehdr.e_entry;
  switch (ehdr.e_type) {
    case ET_REL:
      type_ = ElfType::kRelocatable;
      break;
    case ET_EXEC:
      type_ = ElfType::kExecutable;
      break;
    case ET_DYN:
      type_ = ElfType::kSharedObject;
      break;
    case ET_CORE:
      type_ = ElfType::kCore;
      break;
    default:
      type_ = ElfType::kOther;
      break;
  }
  size_t phnum = 0;
  if (elf_getphdrnum(elf_, &phnum) != 0) phnum = 0;  // unreadable: no segments
  for (size_t i = 0; i < phnum; ++i) {
    GElf_Phdr ph;
    if (gelf_getphdr(elf_, i, &ph) == nullptr) break;
    if (ph.p_type == PT_INTERP) has_interp_ = true;
    if (ph.p_type == PT_NOTE && RangeInside(ph.p_offset, ph.p_filesz, size_)) {
      note_segments_.push_back({ph.p_offset, ph.p_filesz, ph.p_align});
    }
    if (ph.p_type != PT_LOAD) continue;
    LoadSegment s;
    s.vaddr = ph.p_vaddr;
    s.memsz = ph.p_memsz;
    s.offset = ph.p_offset;
    // A segment claiming more file bytes than the file has keeps only what
    // is there, so offsets past the end never translate.
    s.filesz = ph.p_offset <= size_ ? std::min<uint64_t>(ph.p_filesz, size_ - ph.p_offset) : 0;
    s.align = ph.p_align;
    s.flags = ph.p_flags;
    load_segments_.push_back(s);
  }
  is_pie_ = type_ == ElfType::kSharedObject && has_interp_;  // refined by ReadDynamicFlags
  return true;
}

void ElfFile::ReadSections() {
  size_t shstrndx = 0;
  if (elf_getshdrstrndx(elf_, &shstrndx) != 0) shstrndx = SHN_UNDEF;
  for (Elf_Scn* scn = elf_nextscn(elf_, nullptr); scn != nullptr; scn = elf_nextscn(elf_, scn)) {
    GElf_Shdr sh;
    if (gelf_getshdr(scn, &sh) == nullptr) continue;
    Section s;
    s.index = elf_ndxscn(scn);
    const char* n = shstrndx != SHN_UNDEF ? elf_strptr(elf_, shstrndx, sh.sh_name) : nullptr;
    s.name = n != nullptr ? n : "";
    s.type = sh.sh_type;
    s.flags = sh.sh_flags;
    s.addr = sh.sh_addr;
    s.offset = sh.sh_offset;
    s.size = sh.sh_size;
    s.link = sh.sh_link;
    s.info = sh.sh_info;
    s.addralign = sh.sh_addralign;
    s.entsize = sh.sh_entsize;
    sections_.push_back(std::move(s));
  }
}

// A PIE is marked DF_1_PIE by current linkers. Older ones did not: then an
// interpreter and no DT_SONAME say it (libc.so.6 has an interpreter too, to
// run as a program, but it has a soname).
void ElfFile::ReadDynamicFlags() {
  if (type_ != ElfType::kSharedObject) return;
  const Section* dyn = FindSectionByType(SHT_DYNAMIC);
  if (dyn == nullptr) return;
  Elf_Scn* scn = elf_getscn(elf_, dyn->index);
  Elf_Data* data = scn != nullptr ? elf_getdata(scn, nullptr) : nullptr;
  if (data == nullptr) return;
  size_t entsize = gelf_fsize(elf_, ELF_T_DYN, 1, EV_CURRENT);
  if (entsize == 0) return;
  bool flagged_pie = false, has_soname = false;
  for (size_t i = 0; i < data->d_size / entsize; ++i) {
    GElf_Dyn d;
    if (gelf_getdyn(data, i, &d) == nullptr || d.d_tag == DT_NULL) break;
    if (d.d_tag == DT_FLAGS_1 && (d.d_un.d_val & DF_1_PIE)) flagged_pie = true;
    if (d.d_tag == DT_SONAME) has_soname = true;
  }
  is_pie_ = flagged_pie || (has_interp_ && !has_soname);
}

void ElfFile::ReadBuildIdAndDebugLink() {
  static constexpr char kHex[] = "0123456789abcdef";
  for (const ElfNote& n : Notes()) {
    if (n.owner == "GNU" && n.type == kNtGnuBuildId && !n.desc.empty()) {
      build_id_.clear();
      for (unsigned char c : n.desc) {
        build_id_ += kHex[c >> 4];
        build_id_ += kHex[c & 15];
      }
      break;
    }
  }
  std::string ignored;
  if (const Section* s = FindSection(".gnu_debuglink")) {
    if (auto data = SectionData(*s, &ignored)) {
      ByteReader r(*data);
      std::string_view file;
      uint32_t crc;
      if (r.CString(&file) && r.Seek(AlignUp(r.position(), 4)) && r.U32(&crc) && !file.empty()) {
        debug_link_ = DebugLink{std::string(file), crc};
      }
    }
  }
}

const Section* ElfFile::FindSection(std::string_view name) const {
  for (const Section& s : sections_)
    if (s.name == name) return &s;
  return nullptr;
}

const Section* ElfFile::FindSectionByType(uint32_t type) const {
  for (const Section& s : sections_)
    if (s.type == type) return &s;
  return nullptr;
}

std::optional<std::string_view> ElfFile::SectionData(const Section& s, std::string* error) const {
  std::string where =
      name_ + ": section " + (s.name.empty() ? "#" + std::to_string(s.index) : s.name);
  if (s.type == SHT_NOBITS) {
    *error = where + " has no file data";
    return std::nullopt;
  }
  if (s.flags & SHF_COMPRESSED) {
    *error = where + " is compressed";
    return std::nullopt;
  }
  auto r = FileRange(s.offset, s.size);
  if (!r) *error = where + " lies outside the file";
  return r;
}

std::optional<std::string_view> ElfFile::FileRange(uint64_t offset, uint64_t size) const {
  if (!RangeInside(offset, size, size_)) return std::nullopt;
  return std::string_view(data_ + offset, size);
}

const LoadSegment* ElfFile::SegmentForVaddr(uint64_t vaddr) const {
  for (const LoadSegment& s : load_segments_)
    if (s.ContainsVaddr(vaddr)) return &s;
  return nullptr;
}

std::optional<uint64_t> ElfFile::VaddrToFileOffset(uint64_t vaddr) const {
  for (const LoadSegment& s : load_segments_) {
    if (vaddr >= s.vaddr && vaddr - s.vaddr < s.filesz) return s.offset + (vaddr - s.vaddr);
  }
  return std::nullopt;
}

std::optional<uint64_t> ElfFile::FileOffsetToVaddr(uint64_t offset) const {
  for (const LoadSegment& s : load_segments_) {
    if (offset >= s.offset && offset - s.offset < s.filesz) return s.vaddr + (offset - s.offset);
  }
  return std::nullopt;
}

std::vector<ElfNote> ElfFile::Notes(std::string_view section_name) const {
  std::vector<ElfNote> out;
  bool any_note_section = false;
  for (const Section& s : sections_) {
    if (s.type != SHT_NOTE) continue;
    any_note_section = true;
    if (!section_name.empty() && s.name != section_name) continue;
    auto data = FileRange(s.offset, s.size);
    if (!data) continue;
    auto notes = NotesIn(*data, s.addralign);
    out.insert(out.end(), notes.begin(), notes.end());
  }
  if (!any_note_section && section_name.empty()) {
    for (const NoteSegment& seg : note_segments_) {
      auto notes = NotesIn(*FileRange(seg.offset, seg.size), seg.align);
      out.insert(out.end(), notes.begin(), notes.end());
    }
  }
  return out;
}

// Note records: namesz, descsz, type (4 bytes each), then the name and the
// descriptor, each padded to the section's alignment (4, or 8 for
// .note.gnu.property).
std::vector<ElfNote> ElfFile::NotesIn(std::string_view bytes, uint64_t align) const {
  uint64_t a = align == 8 ? 8 : 4;
  std::vector<ElfNote> out;
  ByteReader r(bytes);
  while (r.remaining() >= 12) {
    uint32_t namesz, descsz, type;
    r.U32(&namesz);
    r.U32(&descsz);
    r.U32(&type);
    std::string_view name, desc;
    if (!r.Bytes(namesz, &name) ||
        !r.Seek(std::min<uint64_t>(AlignUp(r.position(), a), r.size())) ||
        !r.Bytes(descsz, &desc)) {
      break;
    }
    if (!name.empty() && name.back() == '\0') name.remove_suffix(1);
    out.push_back({name, type, desc});
    if (!r.Seek(std::min<uint64_t>(AlignUp(r.position(), a), r.size()))) break;
  }
  return out;
}

}  // namespace dt::elf
