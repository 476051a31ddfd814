// The studio's "download for tabletop" on a port: a tabletop's folder of the
// last build (here laid out by hand under --out) comes back zipped, whole and
// byte for byte, for the game the page shows; nothing outside that folder is
// served (a symbolic link in it is left out), and what is not built is said
// with the command that builds it.
#include <gtest/gtest.h>
#include <httplib.h>
#include <minizip/unzip.h>

#include <map>
#include <thread>

#include "core/files.h"
#include "studio/http/server.h"
#include "studio/studio.h"
#include "support/mini_project.h"
#include "support/test_support.h"

namespace kw::studio::http {
namespace {

namespace fs = std::filesystem;

// The files of a zip by name.
std::map<std::string, std::string> unzipped(const std::string& zip, const fs::path& scratch) {
  write_file_atomic(scratch, zip);
  std::map<std::string, std::string> files;
  unzFile z = unzOpen64(scratch.c_str());
  EXPECT_NE(z, nullptr);
  if (!z) return files;
  for (int more = unzGoToFirstFile(z); more == UNZ_OK; more = unzGoToNextFile(z)) {
    char name[512];
    unz_file_info64 info;
    unzGetCurrentFileInfo64(z, &info, name, sizeof name, nullptr, 0, nullptr, 0);
    std::string bytes(info.uncompressed_size, '\0');
    unzOpenCurrentFile(z);
    EXPECT_EQ(unzReadCurrentFile(z, bytes.data(), static_cast<unsigned>(bytes.size())), static_cast<int>(bytes.size()));
    unzCloseCurrentFile(z);
    files[name] = bytes;
  }
  unzClose(z);
  return files;
}

class TabletopDownload : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path ttpg = out_.path() / "mini" / "ttpg";
    write_file_atomic(ttpg / "Templates" / "mini-main.json", "{\"Type\": \"Card\"}\n");
    write_file_atomic(ttpg / "Textures" / "mini-1.jpg", std::string("\xff\xd8 a sheet", 10));
    fs::create_symlink("/etc/hostname", ttpg / "Textures" / "elsewhere.jpg");  // never served
    server_.set_output(out_.path());
    port_ = server_.bind("127.0.0.1", 0);
    thread_ = std::jthread([this] { server_.run(); });
    client_.emplace("127.0.0.1", port_);
    client_->set_read_timeout(std::chrono::seconds(60));  // the first state renders the game
  }
  void TearDown() override {
    server_.stop();
    thread_.join();
  }

  test::TempDir out_, scratch_;
  test::MiniProject mini_;
  Studio studio_{mini_.root()};
  Server server_{studio_, {"mini", "de", ""}};
  int port_ = 0;
  std::jthread thread_;
  std::optional<httplib::Client> client_;
};

TEST_F(TabletopDownload, TheShownGamesFolderComesZippedWhole) {
  auto r = client_->Get("/tabletop/mini/de/-/ttpg.zip");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(r->get_header_value("Content-Type"), "application/zip");
  const auto files = unzipped(r->body, scratch_.path() / "a.zip");
  ASSERT_EQ(files.size(), 2u);  // not the link
  EXPECT_EQ(files.at("ttpg/Templates/mini-main.json"), "{\"Type\": \"Card\"}\n");
  EXPECT_EQ(files.at("ttpg/Textures/mini-1.jpg"), std::string("\xff\xd8 a sheet", 10));
  // The same folder, the same bytes.
  auto again = client_->Get("/tabletop/mini/de/-/ttpg.zip");
  ASSERT_TRUE(again);
  EXPECT_EQ(again->body, r->body);
}

TEST_F(TabletopDownload, WhatIsNotBuiltIsSaidWithItsCommand) {
  auto r = client_->Get("/tabletop/mini/de/-/playingcards.zip");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404);
  EXPECT_NE(r->body.find("is not built: kartenwerk build --game mini --tabletop playingcards"), std::string::npos)
      << r->body;
  auto unknown = client_->Get("/tabletop/mini/de/-/roll20.zip");
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->status, 400);
  EXPECT_NE(unknown->body.find("'roll20' is no tabletop"), std::string::npos) << unknown->body;
  for (const char* path : {"/tabletop/mini/../-/ttpg.zip", "/tabletop/mini/de/-/..%2Fttpg.zip",
                           "/tabletop/..%2F..%2Fetc/de/-/ttpg.zip", "/tabletop/mini/de/-/.zip"}) {
    auto bad = client_->Get(path);
    ASSERT_TRUE(bad) << path;
    EXPECT_GE(bad->status, 400) << path;
    EXPECT_NE(bad->get_header_value("Content-Type"), "application/zip") << path;
  }
  auto other = client_->Get("/tabletop/nogame/de/-/ttpg.zip");
  ASSERT_TRUE(other);
  EXPECT_EQ(other->status, 404);
}

}  // namespace
}  // namespace kw::studio::http
