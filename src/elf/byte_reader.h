// A bounds-checked little-endian reader over bytes taken from a file that
// may be malformed: every read says whether it fit, and a failed read leaves
// the reader in a failed state (ok() false) instead of reading past the end.
// The parsers of notes and call-frame information read through this only,
// so a truncated or hostile file ends a parse with an error, never a crash.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace dt::elf {

class ByteReader {
 public:
  ByteReader() = default;
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}

  bool ok() const { return ok_; }
  size_t position() const { return pos_; }
  size_t size() const { return bytes_.size(); }
  size_t remaining() const { return ok_ ? bytes_.size() - pos_ : 0; }
  bool at_end() const { return remaining() == 0; }
  std::string_view bytes() const { return bytes_; }

  // Moves to an absolute position; past the end fails.
  bool Seek(size_t pos) {
    if (!ok_ || pos > bytes_.size()) return Fail();
    pos_ = pos;
    return true;
  }
  bool Skip(uint64_t n) {
    if (!ok_ || n > remaining()) return Fail();
    pos_ += n;
    return true;
  }

  bool U8(uint8_t* v) { return Fixed(v); }
  bool U16(uint16_t* v) { return Fixed(v); }
  bool U32(uint32_t* v) { return Fixed(v); }
  bool U64(uint64_t* v) { return Fixed(v); }
  bool I32(int32_t* v) { return Fixed(v); }

  // Unsigned/signed LEB128 of at most 10 bytes; bits past 64 are dropped
  // (a longer encoding is treated as malformed).
  bool Uleb128(uint64_t* v) {
    uint64_t result = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      uint8_t byte;
      if (!U8(&byte)) return false;
      if (shift < 64) result |= uint64_t(byte & 0x7f) << shift;
      if (!(byte & 0x80)) {
        *v = result;
        return true;
      }
    }
    return Fail();
  }
  bool Sleb128(int64_t* v) {
    uint64_t result = 0;
    int shift = 0;
    uint8_t byte = 0x80;
    while (byte & 0x80) {
      if (shift >= 70 || !U8(&byte)) return Fail();
      if (shift < 64) result |= uint64_t(byte & 0x7f) << shift;
      shift += 7;
    }
    if (shift < 64 && (byte & 0x40)) result |= ~uint64_t(0) << shift;
    *v = static_cast<int64_t>(result);
    return true;
  }

  // A NUL-terminated string; the terminator is consumed, not returned.
  bool CString(std::string_view* s) {
    if (!ok_) return false;
    size_t end = bytes_.find('\0', pos_);
    if (end == std::string_view::npos) return Fail();
    *s = bytes_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return true;
  }

  // n bytes as a view into the input.
  bool Bytes(uint64_t n, std::string_view* out) {
    if (!ok_ || n > remaining()) return Fail();
    *out = bytes_.substr(pos_, n);
    pos_ += n;
    return true;
  }

 private:
  template <typename T>
  bool Fixed(T* v) {
    if (!ok_ || sizeof(T) > remaining()) return Fail();
    std::memcpy(v, bytes_.data() + pos_, sizeof(T));  // the host is little-endian x86-64
    pos_ += sizeof(T);
    return true;
  }
  bool Fail() {
    ok_ = false;
    return false;
  }

  std::string_view bytes_;
  size_t pos_ = 0;
  bool ok_ = true;
};

}  // namespace dt::elf
