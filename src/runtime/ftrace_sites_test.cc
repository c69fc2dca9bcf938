#include "runtime/ftrace_sites.h"

#include <gtest/gtest.h>

namespace dt::runtime {
namespace {

// Two static s_show: the first has its ftrace site just past its endbr64,
// the second (built without ftrace, as kernel/trace/ is) has none.
constexpr const char* kSymbols =
    "ffffffff81000100 t s_show\n"
    "ffffffff81000200 t s_show\n"
    "ffffffff81000300 T vfs_read\n"
    "ffffffff81000400 T vfs_write\n"
    "ffffffffc0000100 t helper\t[ext4]\n";

TEST(FtraceSitesTest, MapsEachSiteToTheFunctionItIsIn) {
  KernelSymbols symbols = KernelSymbols::FromText(kSymbols);
  FtraceSites sites = FtraceSites::Parse(
      "ffffffff81000104 s_show\n"
      "ffffffff81000300 vfs_read\n"
      "ffffffffc0000104 helper [ext4]\n",
      symbols);
  EXPECT_TRUE(sites.known());
  EXPECT_TRUE(sites.Traceable(0xffffffff81000100u));
  EXPECT_FALSE(sites.Traceable(0xffffffff81000200u));
  EXPECT_TRUE(sites.Traceable(0xffffffff81000300u));
  EXPECT_FALSE(sites.Traceable(0xffffffff81000400u));
  EXPECT_TRUE(sites.Traceable(0xffffffffc0000100u));
}

TEST(FtraceSitesTest, ASiteFarIntoAFunctionDoesNotMakeItsStartTraceable) {
  KernelSymbols symbols = KernelSymbols::FromText(kSymbols);
  FtraceSites sites = FtraceSites::Parse("ffffffff81000280 s_show\n", symbols);
  EXPECT_FALSE(sites.Traceable(0xffffffff81000200u));
}

TEST(FtraceSitesTest, UnknownSitesRefuseNothing) {
  FtraceSites sites;
  EXPECT_FALSE(sites.known());
  EXPECT_TRUE(sites.Traceable(0xffffffff81000200u));
}

TEST(FtraceSitesTest, MalformedLinesAreSkipped) {
  KernelSymbols symbols = KernelSymbols::FromText(kSymbols);
  FtraceSites sites =
      FtraceSites::Parse("\nnot an address\n0 zero\nffffffff81000300 vfs_read", symbols);
  EXPECT_TRUE(sites.Traceable(0xffffffff81000300u));
  EXPECT_FALSE(sites.Traceable(0));
}

}  // namespace
}  // namespace dt::runtime
