// The layouts a build keeps for the next (engine/layout_store.h): what is
// written comes back exactly (the frames' doubles bit for bit, the findings
// and values read whole), and a record that is damaged, truncated or names
// a file outside the system's dictionary folders is refused whole.
#include "engine/layout_store.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/sha256.h"

namespace kw::engine {
namespace {

layout::KnownLayouts::Entries sample() {
  layout::KnownLayouts::Entry e;
  e.fingerprint = std::string(64, 'a');
  e.frame.id = "bench/card-1";
  e.frame.size = {65.0, 97.0};
  e.frame.trim = {3.0, 3.0, 59.0, 91.0};
  e.frame.safe = {6.0, 6.0, 1.0 / 3.0, std::nextafter(85.0, 86.0)};
  e.frame.corner_radius = 3.175;
  e.frame.edge_color = {0x11, 0x41, 0x2d, 0x80};
  Diagnostic d{Severity::Warning, {"layouts/bench/card.yaml", 12, 5}, "the text does not fit", "card-1", "a hint"};
  d.game = "bench";
  d.check = "layout";
  d.languages = {"de", "en"};
  e.findings.add(d);
  e.findings.note({}, "no place");
  e.values["rules.trumps"] = "Gondor";
  e.values["rules.none"] = std::nullopt;
  e.values["#game.decks.0.cards"] = "12";
  e.painted = std::make_shared<const layout::PaintedFiles>(layout::PaintedFiles{
      {"templates/bench/icon.svg", std::string(64, 'a')}, {"fonts/Bench-Regular.ttf", std::string(64, 'b')}});
  layout::KnownLayouts::Entries entries;
  entries.emplace(std::string(64, '1'), std::make_shared<const layout::KnownLayouts::Entry>(e));
  auto other = e;
  other.findings = {};
  other.values = {};
  entries.emplace(std::string(64, '2'), std::make_shared<const layout::KnownLayouts::Entry>(other));
  return entries;
}

TEST(LayoutStore, WhatIsWrittenComesBackExactly) {
  const auto entries = sample();
  const SystemInputs system{{"/usr/share/hyphen/hyph_de_DE.dic", std::string(64, 'f')}};
  const std::string bytes = encode_layouts(entries, system);
  std::string why;
  auto back = decode_layouts(bytes, why);
  ASSERT_TRUE(back) << why;
  EXPECT_EQ(back->system, system);
  ASSERT_EQ(back->entries.size(), 2u);
  // Written again, the same bytes: nothing was lost or rounded.
  EXPECT_EQ(encode_layouts(back->entries, back->system), bytes);
  const auto& e = *back->entries.at(std::string(64, '1'));
  EXPECT_EQ(e.frame.safe.h, std::nextafter(85.0, 86.0));
  EXPECT_EQ(e.frame.safe.w, 1.0 / 3.0);
  EXPECT_EQ(e.frame.edge_color, (Color{0x11, 0x41, 0x2d, 0x80}));
  ASSERT_EQ(e.findings.size(), 2u);
  const Diagnostic& d = e.findings.items()[0];
  EXPECT_EQ(d.severity, Severity::Warning);
  EXPECT_EQ(d.loc.str(), "layouts/bench/card.yaml:12:5");
  EXPECT_EQ(d.hint, "a hint");
  EXPECT_EQ(d.languages, (std::vector<std::string>{"de", "en"}));
  EXPECT_EQ(e.findings.items()[1].severity, Severity::Note);
  EXPECT_EQ(e.values.at("rules.trumps"), "Gondor");
  EXPECT_FALSE(e.values.at("rules.none").has_value());
  // What the page paints, for the manifest's card record.
  ASSERT_TRUE(e.painted);
  EXPECT_EQ(e.painted->at("templates/bench/icon.svg"), std::string(64, 'a'));
  EXPECT_EQ(e.painted->size(), 2u);
  // Two cards that paint the same files share one copy of the list.
  EXPECT_EQ(back->entries.at(std::string(64, '2'))->painted, e.painted);
}

TEST(LayoutStore, ADamagedRecordIsRefusedWhole) {
  const std::string bytes = encode_layouts(sample(), {});
  std::string why;
  for (size_t at : {size_t{0}, size_t{30}, bytes.size() / 2, bytes.size() - 1}) {
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x04);
    EXPECT_FALSE(decode_layouts(damaged, why)) << at;
  }
  EXPECT_FALSE(decode_layouts(bytes.substr(0, bytes.size() - 1), why));
  EXPECT_EQ(why, "its bytes do not match its hash");
  EXPECT_FALSE(decode_layouts("", why));
  EXPECT_EQ(why, "it is not a layouts record");
}

// A body whose hash is right but that is not what encode_layouts writes (a
// count larger than the bytes that follow, bytes after the end): refused,
// without allocating what the count says.
TEST(LayoutStore, ARecordWithARightHashButAWrongShapeIsRefused) {
  auto with_body = [](const std::string& body) { return "kartenwerk layouts 2\n" + sha256_hex(body) + "\n" + body; };
  std::string why;
  EXPECT_FALSE(decode_layouts(with_body(std::string(8, '\xff')), why));
  EXPECT_EQ(why, "it is truncated or has bytes after its end");
  const std::string good = encode_layouts(sample(), {});
  const std::string body = good.substr(good.find('\n', 21) + 1);
  ASSERT_TRUE(decode_layouts(with_body(body), why)) << why;
  EXPECT_FALSE(decode_layouts(with_body(body + "x"), why));
  EXPECT_EQ(why, "it is truncated or has bytes after its end");
}

TEST(LayoutStore, ARecordNamingAFileOutsideTheDictionariesIsRefused) {
  std::string why;
  EXPECT_FALSE(decode_layouts(encode_layouts(sample(), {{"/etc/passwd", std::string(64, 'f')}}), why));
  EXPECT_EQ(why, "it names a system input outside kartenwerk's own folders");
}

}  // namespace
}  // namespace kw::engine
