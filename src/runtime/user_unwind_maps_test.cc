#include "runtime/user_unwind_maps.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "format/user_stack_layout.h"
#include "runtime/kernel_info.h"
#include "runtime/test_insns.h"

namespace dt::runtime {
namespace {

struct UnwinderMaps {
  Map mappings = CreateMap({"t_mappings", BPF_MAP_TYPE_HASH, sizeof(UserMappingKey),
                            sizeof(UserMappingEntry), 4096, BPF_F_NO_PREALLOC});
  Map inner_template =
      CreateMap({"t_inner", BPF_MAP_TYPE_ARRAY, 4, kUnwindRowSize, 1, BPF_F_INNER_MAP});
  Map rows = CreateMap({"t_rows", BPF_MAP_TYPE_ARRAY_OF_MAPS, 4, 4, 64, 0, inner_template.fd()});
};

TEST(UserUnwindMapsTest, DescribesThisProcessSortedWithItsObjectsTables) {
  DT_REQUIRE_ROOT();
  UnwinderMaps maps;
  UserUnwindMaps unwinder(maps.mappings, maps.rows);
  elf::ObjectCache cache;
  std::string error;
  auto self = elf::ProcessSnapshot::Take(getpid(), &cache, &error);
  ASSERT_NE(self, nullptr) << error;
  ASSERT_TRUE(unwinder.Describe(*self)) << unwinder.error();

  uint32_t tgid = static_cast<uint32_t>(getpid());
  UserMappingKey count_key{tgid, kMappingCountIndex};
  UserMappingEntry count{};
  ASSERT_TRUE(maps.mappings.Lookup(&count_key, &count));
  size_t executable = 0;
  for (const elf::Mapping& m : self->maps().mappings()) executable += m.exec ? 1 : 0;
  EXPECT_EQ(count.start, executable);

  // Sorted, and this test's own code (the executable) has a table.
  uint64_t last_start = 0;
  bool own_code_has_rows = false;
  auto here = reinterpret_cast<uint64_t>(&CreateMap);
  for (uint32_t i = 0; i < count.start; ++i) {
    UserMappingKey key{tgid, i};
    UserMappingEntry e{};
    ASSERT_TRUE(maps.mappings.Lookup(&key, &e));
    EXPECT_GE(e.start, last_start);
    EXPECT_LT(e.start, e.end);
    last_start = e.start;
    if (e.start <= here && here < e.end) own_code_has_rows = e.rows > 0 && e.object != kNoObject;
  }
  EXPECT_TRUE(own_code_has_rows);
  EXPECT_GE(unwinder.objects_loaded(), 2u);  // the test binary and libc at least
  EXPECT_GT(unwinder.rows_loaded(), 1000u);

  // Objects are loaded once: describing the process again adds none.
  size_t objects = unwinder.objects_loaded();
  ASSERT_TRUE(unwinder.Describe(*self));
  EXPECT_EQ(unwinder.objects_loaded(), objects);
}

}  // namespace
}  // namespace dt::runtime
