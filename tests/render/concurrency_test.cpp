// Pages are rendered on several threads at once (kartenwerk -j): the font and
// SVG caches must hold up and the output must not depend on the thread.
#include <gtest/gtest.h>

#include <future>
#include <string>
#include <vector>

#include "render/jpeg.h"
#include "render/pdf.h"
#include "render/png.h"
#include "render_test_util.h"

namespace kw::render {
namespace {

using namespace test;

page::Page busy_page(int i) {
  page::Page p = page_with_background(kBleed);
  p.id = "test/card-" + std::to_string(i);
  const char* fonts[] = {"fonts/eb-garamond/EBGaramond12-Regular.otf", "fonts/cardo/Cardo104s.ttf",
                         "fonts/junicode/JunicodeTwoBeta-Regular.otf"};
  p.items.push_back(glyph_item(glyph_run("Karte " + std::to_string(i), 18, {8, 30}, kWhite, font_path(fonts[i % 3]))));
  p.items.push_back(svg_item(i % 2 ? "a" : "b", {10, 50, 40, 30}, i % 2 ? ".fg{fill:#ff0000}" : ".fg{fill:#00ff00}"));
  p.items.push_back(rect_item({5, 85, 55, 5}, kRed, "bar", Affine::rotate_about(i * 7.0, {32, 87})));
  return p;
}

TEST(Concurrency, ThreadsProduceTheSameFilesAsSerialRendering) {
  constexpr int kPages = 8;
  std::vector<std::string> serial_png, serial_pdf;
  for (int i = 0; i < kPages; ++i) {
    serial_png.push_back(render_png(busy_page(i), 150));
    std::vector<page::Page> one = {busy_page(i)};
    serial_pdf.push_back(render_pdf(one));
  }
  std::vector<std::future<std::pair<std::string, std::string>>> jobs;
  jobs.reserve(kPages);
  for (int i = 0; i < kPages; ++i)
    jobs.push_back(std::async(std::launch::async, [i] {
      std::vector<page::Page> one = {busy_page(i)};
      render_jpeg(busy_page(i), 150);  // exercise the JPEG path concurrently too
      return std::make_pair(render_png(busy_page(i), 150), render_pdf(one));
    }));
  for (int i = 0; i < kPages; ++i) {
    auto [png, pdf] = jobs[i].get();
    EXPECT_TRUE(png == serial_png[i]) << "PNG of page " << i;
    EXPECT_TRUE(pdf == serial_pdf[i]) << "PDF of page " << i;
  }
}

}  // namespace
}  // namespace kw::render
