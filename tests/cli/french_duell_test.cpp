// End-to-end: Das Duell in French, the third language, made as the README's
// "Translations" section says (i18n export, the PO translated, i18n import:
// data/locales/fr/duell.yaml). What a French player would check: every card
// and the board in French, nothing falling back to German, and the words
// hyphenated where French (Debian's hyphen-fr) breaks them.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

#include "core/files.h"
#include "core/utf8.h"
#include "support/project_copy.h"
#include "support/test_support.h"
#include "text/hyphenator.h"

namespace kw {
namespace {

namespace fs = std::filesystem;
using test::kartenwerk;
using test::quoted;

// pdftotext's text of a PDF in the order it was typeset (-raw: lines as set,
// hyphens kept at their ends), its non-breaking spaces (French puts them before
// ; : ! ?) read as spaces.
std::string pdf_text(const fs::path& pdf) {
  std::string text;
  EXPECT_EQ(test::run_command("pdftotext -raw " + quoted(pdf) + " -", &text), 0) << pdf;
  for (const std::string nbsp : {"\u00a0", "\u202f"})
    for (std::size_t at; (at = text.find(nbsp)) != std::string::npos;) text.replace(at, nbsp.size(), " ");
  return text;
}

std::u32string u32(const std::string& s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) out += utf8::next(s, i);
  return out;
}

// Latin letters, with those of French and German (Latin-1 and Extended-A).
bool is_letter(char32_t c) {
  return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= 0xC0 && c <= 0x17F && c != 0xD7 && c != 0xF7);
}

// The words (4 letters or more) of a text.
std::set<std::string> words(const std::string& text) {
  std::set<std::string> out;
  const std::u32string t = u32(text);
  for (std::size_t i = 0; i < t.size();) {
    std::size_t j = i;
    while (j < t.size() && is_letter(t[j])) ++j;
    if (j - i >= 4) {
      std::string w;
      for (std::size_t k = i; k < j; ++k) utf8::append(w, t[k]);
      out.insert(w);
    }
    i = j + 1;
  }
  return out;
}

// A word the typesetter hyphenated at a line's end: the letters before the
// hyphen and those that begin the next line.
struct Break {
  std::u32string before, after;
};

std::vector<Break> hyphenated_words(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<Break> out;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::u32string line = u32(lines[i]), next = u32(lines[i + 1]);
    if (line.size() < 2 || (line.back() != U'-' && line.back() != U'\u2010') || !is_letter(line[line.size() - 2]))
      continue;
    Break b;
    for (std::size_t k = line.size() - 1; k > 0 && is_letter(line[k - 1]);) b.before.insert(0, 1, line[--k]);
    for (char32_t c : next) {
      if (!is_letter(c)) break;
      b.after += c;
    }
    if (!b.after.empty()) out.push_back(b);
  }
  return out;
}

std::string utf8(const std::u32string& s) {
  std::string out;
  for (char32_t c : s) utf8::append(out, c);
  return out;
}

bool breaks_at(const text::Hyphenator* h, const Break& b) {
  if (!h) return false;
  const auto points = h->points(b.before + b.after);
  return std::find(points.begin(), points.end(), b.before.size()) != points.end();
}

// The French names of the cards and specials, as i18n import wrote them.
std::vector<std::string> french_names(const std::string& locale) {
  std::vector<std::string> out;
  static const std::regex entry(
      R"re("(card\.[^"]+\.name|table\.specials\.[^"]+\.name)":\n +de: ".*"\n +text: "(.*)")re");
  for (auto it = std::sregex_iterator(locale.begin(), locale.end(), entry); it != std::sregex_iterator(); ++it) {
    std::string name = (*it)[2];
    for (const std::string nbsp : {"\u00a0", "\u202f"})
      for (std::size_t at; (at = name.find(nbsp)) != std::string::npos;) name.replace(at, nbsp.size(), " ");
    out.push_back(name);
  }
  return out;
}

TEST(FrenchDuell, EveryCardInFrenchHyphenatedTheFrenchWay) {
  test::ProjectCopy p;
  test::TempDir out;
  const std::string root = "--root " + quoted(p.dir.path()) + " ";
  // German (the source) and French side by side, as a user compares them:
  // the game PDFs; not the shop's CMYK package or the PnP sheets, whose
  // text is the same pages' (five sixths of the build's time).
  auto built =
      kartenwerk(root + "build --game duell --lang all --format pdf --skip shop,pnp --out " + quoted(out.path()));
  ASSERT_EQ(built.status, 0) << built.output;
  // Not one string of the game falls back to German.
  EXPECT_FALSE(std::regex_search(built.output, std::regex(R"(duell\.yaml:\d+:\d+: warning: no fr text)")))
      << built.output;
  auto status = kartenwerk(root + "i18n status --game duell --lang fr");
  EXPECT_EQ(status.status, 0) << status.output;
  EXPECT_TRUE(std::regex_search(status.output,
                                std::regex(R"(duell \[fr\]: (\d+) of \1 strings translated, 0 missing, 0 stale)")))
      << status.output;

  const fs::path de = out.path() / "duell", fr = out.path() / "duell/fr";
  const std::string german = pdf_text(de / "duell.pdf") + pdf_text(de / "board/board.pdf");
  const std::string french = pdf_text(fr / "duell.pdf") + pdf_text(fr / "board/board.pdf");

  // Every card's name and every special's name, in French.
  const std::string locale = *read_file(p.dir.path() / "data/locales/fr/duell.yaml");
  const std::vector<std::string> names = french_names(locale);
  EXPECT_EQ(names.size(), 42u + 12u);  // 21 names per side (the specials' come from their table), 12 specials
  for (const std::string& name : names) EXPECT_NE(french.find(name), std::string::npos) << name;
  for (const char* known : {"Vous ne passerez pas !", "Fléau de Durin", "Le Duel", "Départ", "Avance :"})
    EXPECT_NE(french.find(known), std::string::npos) << known << "\n" << french;

  // No German left: the words the French cards share with the German ones
  // are the names of Middle-earth and the few words both languages spell alike.
  const std::set<std::string> alike = {"Balrog",    "Gandalf",    "Glamdring", "Gondolin", "Gwaihir", "Istar",
                                       "Landroval", "Mithrandir", "Narya",     "Olórin",   "Udûn",    "Valaraukar",
                                       "Valinor",   "Flamme",     "Magie",     "Finale"};
  const std::set<std::string> in_french = words(french);
  std::size_t german_words = 0;
  for (const std::string& w : words(german)) {
    ++german_words;
    if (in_french.count(w) && !alike.count(w)) ADD_FAILURE() << "German word in the French game: " << w;
  }
  EXPECT_GT(german_words, 150u);  // the German texts were read

  // Hyphenated words: each broken where the French patterns allow, and some
  // where the German patterns would not, some where the English would not
  // (today "aussi-tôt": aus-sitôt for both).
  const std::vector<Break> breaks = hyphenated_words(french);
  EXPECT_GE(breaks.size(), 3u) << french;
  const text::Hyphenators& hyphenators = test::source_project().state<text::Hyphenators>();
  const text::Hyphenator* french_patterns = hyphenators.for_language("fr");
  ASSERT_NE(french_patterns, nullptr) << "no French hyphenation patterns: install hyphen-fr (scripts/install-deps.sh)";
  std::size_t not_german = 0, not_english = 0;
  for (const Break& b : breaks) {
    const std::string shown = utf8(b.before) + "-" + utf8(b.after);
    if (locale.find(shown) != std::string::npos) continue;  // a hyphen of the text itself (au-dessus)
    EXPECT_TRUE(breaks_at(french_patterns, b)) << shown << " is no French break point";
    if (!breaks_at(hyphenators.for_language("de"), b)) ++not_german;
    if (!breaks_at(hyphenators.for_language("en"), b)) ++not_english;
  }
  EXPECT_GE(not_german, 1u) << "every hyphen is also a German one: were the French patterns used?\n" << french;
  EXPECT_GE(not_english, 1u) << "every hyphen is also an English one: were the French patterns used?\n" << french;
}

}  // namespace
}  // namespace kw
