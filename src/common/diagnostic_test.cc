#include "common/diagnostic.h"

#include <gtest/gtest.h>

#include <string>

namespace dt {
namespace {

TEST(Excerpt, ShortTextIsKept) {
  EXPECT_EQ(Excerpt("count"), "count");
  EXPECT_EQ(Excerpt(std::string(64, 'a')), std::string(64, 'a'));
}

TEST(Excerpt, LongTextIsCutWithAnEllipsis) {
  std::string huge(954 * 1024, 'A');
  std::string e = Excerpt(huge);
  EXPECT_EQ(e, std::string(61, 'A') + "...");
  EXPECT_EQ(Excerpt(std::string(65, 'b')).size(), 64u);
  EXPECT_EQ(Excerpt("abcdefghij", 8), "abcde...");
}

TEST(Excerpt, ControlCharactersAreEscaped) {
  EXPECT_EQ(Excerpt(std::string("a\0b", 3)), "a\\0b");
  EXPECT_EQ(Excerpt("\x01\t\x7f"), "\\x01\\t\\x7f");
}

TEST(Excerpt, EscapesCountTowardsTheLimitAndAreNeverSplit) {
  std::string e = Excerpt(std::string(100, '\x01'), 16);
  EXPECT_EQ(e, "\\x01\\x01\\x01...");  // 12 bytes of whole escapes, then "..."
}

TEST(Excerpt, CutsNeverSplitUtf8Sequences) {
  std::string text;
  for (int i = 0; i < 40; i++) text += "\xc3\xa9";  // é
  std::string e = Excerpt(text, 10);
  EXPECT_EQ(e, "\xc3\xa9\xc3\xa9\xc3\xa9...");
}

TEST(CompileError, FormatsLineAndTag) {
  CompileError e("D_SYNTAX", 3, "syntax error near \"}\"");
  EXPECT_EQ(e.Format(false), "line 3: syntax error near \"}\"");
  EXPECT_EQ(e.Format(true), "[D_SYNTAX] line 3: syntax error near \"}\"");
}

}  // namespace
}  // namespace dt
