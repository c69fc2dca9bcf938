// Every provider in the table has its part in code generation: a provider
// registered in providers/provider_table.cc but not in
// provider_codegen_table.cc would only fail when a program used it.
#include <gtest/gtest.h>

#include "codegen/probe_context.h"
#include "providers/provider.h"

namespace dt {
namespace {

TEST(ProviderCodegenTest, EveryProviderHasCodeGeneration) {
  for (const Provider* provider : AllProviders()) EXPECT_NO_THROW(CodegenOf(*provider));
}

}  // namespace
}  // namespace dt
