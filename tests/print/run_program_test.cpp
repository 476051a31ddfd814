// Running a program (Ghostscript) with posix_spawn, from several threads.
#include "print/colour/run_program.h"

#include <gtest/gtest.h>

#include <future>
#include <vector>

namespace kw::print {
namespace {

TEST(RunProgram, OutputAndStatus) {
  ProgramResult r = run_program({"sh", "-c", "echo out; echo err >&2; exit 3"});
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.output, "out\nerr\n");
}

TEST(RunProgram, StdinIsEmpty) {
  ProgramResult r = run_program({"cat"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output, "");
}

TEST(RunProgram, AMissingProgramIs127) {
  ProgramResult r = run_program({"kartenwerk-no-such-program"});
  EXPECT_EQ(r.status, 127);
  EXPECT_NE(r.output.find("cannot run kartenwerk-no-such-program"), std::string::npos) << r.output;
}

TEST(RunProgram, FromManyThreadsAtOnce) {
  std::vector<std::future<ProgramResult>> runs;
  runs.reserve(16);
  for (int i = 0; i < 16; ++i)
    runs.push_back(std::async(std::launch::async, [i] {
      return run_program({"sh", "-c", "echo " + std::to_string(i)});
    }));
  for (int i = 0; i < 16; ++i) {
    ProgramResult r = runs[static_cast<size_t>(i)].get();
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.output, std::to_string(i) + "\n");
  }
}

}  // namespace
}  // namespace kw::print
