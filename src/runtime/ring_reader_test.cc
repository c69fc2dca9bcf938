#include "runtime/ring_reader.h"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>

#include "runtime/bpf_map.h"
#include "runtime/bpf_prog.h"
#include "runtime/kernel_info.h"
#include "runtime/test_insns.h"

namespace dt::runtime {
namespace {

// Writes the 8-byte `marker` into the ring with bpf_ringbuf_output.
std::vector<bpf_insn> OutputMarker(int ring_fd, int32_t marker) {
  using namespace bpf;
  Builder b;
  b.StoreImm(8, R10, -8, marker);
  b.LoadMapFd(R1, 0);
  b.Mov(R2, R10);
  b.AluImm(BPF_ADD, R2, -8);
  b.MovImm(R3, 8);
  b.MovImm(R4, 0);
  b.Call(BPF_FUNC_ringbuf_output);
  b.Exit();  // r0 = the helper's result, 0 on success
  std::vector<bpf_insn> insns = b.Finish();
  ResolveMapFds(insns, [&](int) { return ring_fd; });
  return insns;
}

Map MakeRing() {
  return CreateMap(
      {"test_ring", BPF_MAP_TYPE_RINGBUF, 0, 0, static_cast<uint32_t>(PageSize() * 4)});
}

TEST(RingReaderTest, ReadsWhatAProgramWrote) {
  DT_REQUIRE_ROOT();
  Map ring = MakeRing();
  Program program =
      LoadProgram(BPF_PROG_TYPE_RAW_TRACEPOINT, OutputMarker(ring.fd(), 0x5eed), "BEGIN");
  std::vector<int64_t> seen;
  RingReader reader(ring.fd(), [&seen](const uint8_t* data, size_t size) {
    ASSERT_EQ(size, 8u);
    int64_t value;
    std::memcpy(&value, data, 8);
    seen.push_back(value);
  });
  EXPECT_EQ(reader.Poll(0), 0);
  EXPECT_EQ(RunProgramOnce(program.fd()), 0u);
  EXPECT_EQ(RunProgramOnce(program.fd()), 0u);
  EXPECT_EQ(reader.Poll(1000), 2);
  EXPECT_EQ(seen, (std::vector<int64_t>{0x5eed, 0x5eed}));
  EXPECT_EQ(reader.Drain(), 0);
  EXPECT_GE(reader.epoll_fd(), 0);
}

TEST(RingReaderTest, CallbackExceptionStopsAndPropagates) {
  DT_REQUIRE_ROOT();
  Map ring = MakeRing();
  Program program = LoadProgram(BPF_PROG_TYPE_RAW_TRACEPOINT, OutputMarker(ring.fd(), 1), "BEGIN");
  int calls = 0;
  RingReader reader(ring.fd(), [&calls](const uint8_t*, size_t) {
    if (++calls == 1) throw std::runtime_error("exit requested");
  });
  for (int i = 0; i < 3; ++i) RunProgramOnce(program.fd());
  EXPECT_THROW(reader.Drain(), std::runtime_error);
  EXPECT_EQ(calls, 1);
  // The record that threw was consumed; the other two remain.
  EXPECT_EQ(reader.Drain(), 2);
  EXPECT_EQ(calls, 3);
}

TEST(RingReaderTest, ConsumeStopsAfterABatch) {
  DT_REQUIRE_ROOT();
  Map ring = MakeRing();
  Program program = LoadProgram(BPF_PROG_TYPE_RAW_TRACEPOINT, OutputMarker(ring.fd(), 7), "BEGIN");
  int calls = 0;
  RingReader reader(ring.fd(), [&calls](const uint8_t*, size_t) { ++calls; });
  for (int i = 0; i < 5; ++i) RunProgramOnce(program.fd());
  EXPECT_EQ(reader.Consume(2), 2);
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(reader.Consume(2), 2);
  EXPECT_EQ(reader.Consume(2), 1);
  EXPECT_EQ(reader.Consume(2), 0);
  EXPECT_EQ(calls, 5);
  // A batch limit does not outlive its call.
  for (int i = 0; i < 3; ++i) RunProgramOnce(program.fd());
  EXPECT_EQ(reader.Drain(), 3);
}

TEST(RingReaderTest, RejectsANonRingMap) {
  DT_REQUIRE_ROOT();
  Map array = CreateMap({"test_array", BPF_MAP_TYPE_ARRAY, 4, 8, 1});
  EXPECT_THROW(RingReader(array.fd(), [](const uint8_t*, size_t) {}), RuntimeError);
}

}  // namespace
}  // namespace dt::runtime
