// Running a program (Ghostscript) with posix_spawn, from several threads.
#include "exporters/run_program.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <future>
#include <vector>

namespace kw::exporters {
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

// The program sees PATH and the C locale, nothing of ours: what it would
// read from the environment (GS_OPTIONS, a locale, a time zone) is no
// input of the build.
TEST(RunProgram, TheProgramGetsAnEnvironmentOfItsOwn) {
  ::setenv("GS_OPTIONS", "-dNOSAFER", 1);
  ::setenv("TZ", "Pacific/Kiritimati", 1);
  ProgramResult r = run_program({"env"});
  ::unsetenv("GS_OPTIONS");
  ::unsetenv("TZ");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output.find("GS_OPTIONS"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("TZ="), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("LC_ALL=C\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("PATH="), std::string::npos) << r.output;
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
}  // namespace kw::exporters
