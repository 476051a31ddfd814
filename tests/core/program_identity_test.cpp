// What a build cache keys its entries with: this program, the libraries it
// loaded (by build ID), and the instruction sets they choose their code by.
#include "core/program_identity.h"

#include <gtest/gtest.h>

#include <string>

namespace kw {
namespace {

TEST(ProgramIdentity, NamesTheProgramItsLibrariesAndTheProcessor) {
  const std::string& identity = program_identity();
  EXPECT_TRUE(identity.starts_with("kartenwerk ")) << identity;
  EXPECT_NE(identity.find("libc.so"), std::string::npos) << "every loaded library";
  const size_t cpu = identity.rfind("\ncpu");
  ASSERT_NE(cpu, std::string::npos) << identity;
  EXPECT_EQ(identity.find('\n', cpu + 1), identity.size() - 1) << "the processor's line comes last";
#if defined(__x86_64__)
  // The line names what the processor has.
  if (__builtin_cpu_supports("avx2")) {
    EXPECT_NE(identity.find(" avx2", cpu), std::string::npos);
  }
#endif
  EXPECT_EQ(&program_identity(), &identity) << "computed once";
}

}  // namespace
}  // namespace kw
