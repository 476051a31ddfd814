// Hyphenator::open (the pattern index) against libhyphen with the whole
// dictionary loaded (Hyphenator::open_whole, the way before the index), on
// the system's German and English dictionaries and several thousand words:
// every word of the project's data and locale files, compounds made of them,
// and edge cases. End-to-end: libhyphen takes seconds to load all German
// patterns.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <unicode/uchar.h>

#include "core/utf8.h"
#include "support/test_support.h"
#include "text/hyphenator.h"

namespace kw::text {
namespace {

bool is_letter(char32_t c) {
  return u_hasBinaryProperty(static_cast<UChar32>(c), UCHAR_ALPHABETIC) ||
         (U_GET_GC_MASK(static_cast<UChar32>(c)) & U_GC_M_MASK) != 0;
}
bool is_digit(char32_t c) { return u_isdigit(static_cast<UChar32>(c)); }
bool is_joiner(char32_t c) { return c == U'-' || c == U'\'' || c == U'’' || c == U'–'; }

// Runs of code points for which `in_word` holds.
template <class In>
void add_runs(const std::u32string& text, In in_word, std::set<std::u32string>& out) {
  for (std::size_t i = 0; i < text.size();) {
    std::size_t j = i;
    while (j < text.size() && in_word(text[j])) ++j;
    if (j > i) out.insert(text.substr(i, j - i));
    i = j + 1;
  }
}

// Every word in data/ (the German cards and the English locales): letters
// only, letters with digits, and letters joined by hyphens and apostrophes.
std::set<std::u32string> data_words() {
  std::set<std::u32string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(test::source_root() / "data")) {
    if (!entry.is_regular_file() || entry.path().extension() != ".yaml") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    const std::string s = bytes.str();
    std::u32string text;
    for (std::size_t i = 0; i < s.size();) text += utf8::next(s, i);
    add_runs(text, is_letter, out);
    add_runs(
        text, [](char32_t c) { return is_letter(c) || is_digit(c); }, out);
    add_runs(
        text, [](char32_t c) { return is_letter(c) || is_joiner(c); }, out);
  }
  return out;
}

// German-style compounds of the capitalised words: "Ring" + "träger".
std::vector<std::u32string> compounds(const std::set<std::u32string>& words) {
  std::vector<std::u32string> nouns;
  for (const auto& w : words)
    if (w.size() >= 3 && w.size() <= 10 && u_isupper(static_cast<UChar32>(w[0])) &&
        std::all_of(w.begin(), w.end(), is_letter))
      nouns.push_back(w);
  std::vector<std::u32string> out;
  if (nouns.empty()) return out;
  auto tail = [](std::u32string w) {
    w[0] = static_cast<char32_t>(u_tolower(static_cast<UChar32>(w[0])));
    return w;
  };
  for (std::size_t i = 0; i < std::min<std::size_t>(nouns.size(), 1500); ++i) {
    out.push_back(nouns[i] + tail(nouns[(i * 7 + 3) % nouns.size()]));
    if (i % 3 == 0) out.push_back(out.back() + tail(nouns[(i * 13 + 5) % nouns.size()]));
  }
  return out;
}

std::vector<std::u32string> edge_cases() {
  std::vector<std::u32string> out = {U"",
                                     U"a",
                                     U"ab",
                                     U"Ast",
                                     U"Haus",
                                     U"Hause",
                                     U"Straße",
                                     U"Fußball",
                                     U"Größe",
                                     U"Ärger",
                                     U"Übermut",
                                     U"Öl",
                                     U"ÖLSTAND",
                                     U"RINGTRÄGER",
                                     U"ringträger",
                                     U"RingTräger",
                                     U"Ringtrӓger",
                                     U"Ελληνικά",
                                     U"ﬁnden",
                                     U"Œuvre",
                                     U"naïve",
                                     U"résumé",
                                     U"façade",
                                     U"Zoë",
                                     U"4fach",
                                     U"x2y",
                                     U"Ringträger2",
                                     U"2Ringträger",
                                     U"Ring1träger",
                                     U"Turm-wache",
                                     U"Ring-Träger-Versammlung",
                                     U"Nord-Süd-Gefälle",
                                     U"rock'n'roll",
                                     U"don't",
                                     U"Gefährten’",
                                     U"Ring–Träger",
                                     U"Mont.Blanc",
                                     U"#hashtag",
                                     U"a%b",
                                     U"Kuckuck",
                                     U"Schiffahrt",
                                     U"Schifffahrt",
                                     U"Zucker",
                                     U"Rhythmus",
                                     U"ßßßßßßßßßß",
                                     U"aaaaaaaaaaaa",
                                     U"Donaudampfschifffahrtsgesellschaftskapitänsmütze",
                                     U"hyphenation",
                                     U"supercalifragilisticexpialidocious",
                                     U"Ring\u0301träger",
                                     U"e\u0301clair"};
  std::u32string longest;
  for (int i = 0; i < 40; ++i) longest += U"Ringträger";
  out.push_back(longest);
  return out;
}

void expect_same_as_whole(const std::string& path, const std::vector<std::u32string>& words) {
  project::InputPtr dic = test::source_project().read_system(path);
  if (!dic) GTEST_SKIP() << path << " is not installed";
  const auto whole = Hyphenator::open_whole(*dic);
  const auto single = Hyphenator::open(*dic);
  const auto batched = Hyphenator::open(*dic);
  ASSERT_NE(whole, nullptr);
  ASSERT_NE(single, nullptr);
  EXPECT_EQ(single->charset(), whole->charset());
  EXPECT_EQ(single->left_min, whole->left_min);
  EXPECT_EQ(single->right_min, whole->right_min);
  // Batches the size of a paragraph, as the typesetter asks.
  std::vector<std::vector<std::size_t>> in_batches;
  for (std::size_t i = 0; i < words.size(); i += 25) {
    const std::vector<std::u32string_view> batch(words.begin() + i, words.begin() + std::min(words.size(), i + 25));
    for (auto& p : batched->points(batch)) in_batches.push_back(std::move(p));
  }
  int differences = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const auto expected = whole->points(words[i]);
    if (single->points(words[i]) == expected && in_batches[i] == expected) continue;
    std::string shown;
    for (char32_t c : words[i]) utf8::append(shown, c);
    if (++differences <= 20) ADD_FAILURE() << path << ": " << shown << " hyphenates differently";
  }
  EXPECT_EQ(differences, 0);
}

std::vector<std::u32string> all_words() {
  const std::set<std::u32string> found = data_words();
  std::vector<std::u32string> words(found.begin(), found.end());
  for (auto& w : compounds(found)) words.push_back(std::move(w));
  for (auto& w : edge_cases()) words.push_back(std::move(w));
  return words;
}

TEST(HyphenatorEquivalence, GermanIndexHyphenatesAsTheWholeDictionary) {
  const auto words = all_words();
  EXPECT_GT(words.size(), 5000u);
  expect_same_as_whole("/usr/share/hyphen/hyph_de_DE.dic", words);
}

TEST(HyphenatorEquivalence, EnglishIndexHyphenatesAsTheWholeDictionary) {
  expect_same_as_whole("/usr/share/hyphen/hyph_en_US.dic", all_words());
}

}  // namespace
}  // namespace kw::text
