// The pattern index against libhyphen itself: hand-written dictionaries,
// each read by Hyphenator::open (cut-down dictionaries per word and per
// batch) and by Hyphenator::open_whole (the whole file, as before the index).
#include "text/hyphen_patterns.h"

#include <gtest/gtest.h>

#include <random>

#include "text/hyphenator.h"

namespace kw::text {
namespace {

struct Opened {
  std::unique_ptr<Hyphenator> indexed;
  std::unique_ptr<Hyphenator> whole;
};

Opened open_both(const std::string& dictionary) {
  const project::Input dic("/usr/share/hyphen/hyph_xx.dic", dictionary);
  return {Hyphenator::open(dic), Hyphenator::open_whole(dic)};
}

std::string utf8_of(std::u32string_view word) {
  std::string out;
  for (char32_t c : word) out += c < 0x80 ? static_cast<char>(c) : '?';
  return out;
}

// Every word hyphenated three ways: the index one word at a time, the index
// with all words in one batch, and the whole file. All must agree.
void expect_same(const std::string& dictionary, const std::vector<std::u32string>& words) {
  const Opened single = open_both(dictionary);
  const Opened batch = open_both(dictionary);
  ASSERT_NE(single.indexed, nullptr);
  ASSERT_NE(single.whole, nullptr);
  EXPECT_EQ(single.indexed->charset(), single.whole->charset());
  EXPECT_EQ(single.indexed->left_min, single.whole->left_min);
  EXPECT_EQ(single.indexed->right_min, single.whole->right_min);
  const std::vector<std::u32string_view> views(words.begin(), words.end());
  const auto batched = batch.indexed->points(views);
  int failures = 0;
  for (std::size_t i = 0; i < words.size() && failures < 10; ++i) {
    const auto expected = single.whole->points(words[i]);
    const auto one = single.indexed->points(words[i]);
    failures += one != expected || batched[i] != expected;
    EXPECT_EQ(one, expected) << utf8_of(words[i]);
    EXPECT_EQ(batched[i], expected) << utf8_of(words[i]) << " (in a batch)";
  }
}

std::u32string hyphenated(const Hyphenator& h, std::u32string word) {
  const auto points = h.points(word);
  for (std::size_t i = points.size(); i-- > 0;) word.insert(points[i], 1, U'-');
  return word;
}

// Every word of `min`..`max` letters from `alphabet`.
std::vector<std::u32string> all_words(std::u32string_view alphabet, std::size_t min, std::size_t max) {
  std::vector<std::u32string> out;
  std::vector<std::u32string> current{U""};
  for (std::size_t length = 1; length <= max; ++length) {
    std::vector<std::u32string> next;
    for (const auto& w : current)
      for (char32_t c : alphabet) next.push_back(w + c);
    current = std::move(next);
    if (length >= min) out.insert(out.end(), current.begin(), current.end());
  }
  return out;
}

// `count` random words of `min`..`max` letters from `alphabet`.
std::vector<std::u32string> random_words(std::u32string_view alphabet, std::size_t count, std::size_t min,
                                         std::size_t max) {
  std::mt19937 random(7);
  std::vector<std::u32string> out(count);
  for (auto& w : out) {
    const std::size_t length = min + random() % (max - min + 1);
    while (w.size() < length) w += alphabet[random() % alphabet.size()];
  }
  return out;
}

std::unique_ptr<const PatternIndex> index_of(const std::string& dictionary) {
  return PatternIndex::build(std::make_shared<const std::string>(dictionary));
}

TEST(PatternIndex, CompoundLevelAndNonStandardPatternsHyphenateAsTheWholeFile) {
  // Level 1 finds compound boundaries; each part is hyphenated again by level
  // 1, then by level 2. "c1k/k=k,1,2" is the old German "Zuk-ker".
  const std::string dic =
      "ISO8859-1\n"
      "LEFTHYPHENMIN 2\n"
      "RIGHTHYPHENMIN 3\n"
      "COMPOUNDLEFTHYPHENMIN 2\n"
      "COMPOUNDRIGHTHYPHENMIN 3\n"
      "% compound level\n"
      "ring1tr\n"
      "turm1wach\n"
      "zucker1ring\n"
      "NEXTLEVEL\n"
      "% word level\n"
      "1ger\n"
      "wa1che\n"
      "tr\xe4\x31g\n"  // trä1g
      "c1k/k=k,1,2\n"
      "1ri\n";
  expect_same(dic, {U"Ringträger", U"Turmwache", U"Zucker", U"Zuckerringträger", U"Turmwachturmwache", U"Ring",
                    U"ringtr", U"Wachturmwachturm", U"Träger", U"Ringträgerturmwache"});
  const Opened h = open_both(dic);
  EXPECT_EQ(hyphenated(*h.indexed, U"Ringträger"), U"Ring-trä-ger");
  EXPECT_EQ(hyphenated(*h.indexed, U"Turmwache"), U"Turm-wa-che");
  // The non-standard break would change the letters: left out.
  EXPECT_EQ(hyphenated(*h.indexed, U"Zucker"), U"Zucker");
}

TEST(PatternIndex, StatesOnTheWayToLongerPatternsAreKept) {
  // libhyphen applies only the longest pattern prefix ending at a position.
  // In "xxabcxxx" that is "abc" (on the way to "abcd"), which has no values,
  // so "b1c" never applies there. A dictionary of just the patterns found in
  // the word ("b1c") would break it; the index must keep "abc" as a state.
  const std::string dic = "ISO8859-1\nb1c\nabcd\n";
  const Opened h = open_both(dic);
  EXPECT_EQ(hyphenated(*h.whole, U"xxabcxxx"), U"xxabcxxx");
  EXPECT_EQ(hyphenated(*h.indexed, U"xxabcxxx"), U"xxabcxxx");
  EXPECT_EQ(hyphenated(*h.indexed, U"xxbcxxx"), U"xxb-cxxx");
}

TEST(PatternIndex, RandomDictionariesOverSmallAlphabets) {
  // Random patterns over three letters and '.', on one level or two, and
  // every word of five or six letters (digits read as '.'): every state and
  // fallback the automaton has is met by some word.
  std::mt19937 random(20240601);
  for (int round = 0; round < 6; ++round) {
    std::string dic = "ISO8859-1\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\n";
    for (int i = 0; i < 60; ++i) {
      if (round % 2 == 1 && i == 25) dic += "NEXTLEVEL\n";
      const std::size_t length = 1 + random() % 5;
      std::string line;
      if (random() % 4 == 0) line += '.';
      for (std::size_t k = 0; k < length; ++k) {
        if (random() % 2) line += static_cast<char>('0' + random() % 6);
        line += "abc"[random() % 3];
      }
      if (random() % 4 == 0) line += '.';
      dic += line + "\n";
    }
    SCOPED_TRACE(dic);
    auto words = all_words(U"abc", 5, 6);
    for (const auto& w : all_words(U"ab1", 5, 5)) words.push_back(w);
    expect_same(dic, words);
  }
}

TEST(PatternIndex, LinesAreReadAsLibhyphenReadsThem) {
  // fgets(buf, 100): a long line is several lines, and only its first part
  // can be a comment. A '/' anywhere (a URL in a comment) makes a line a
  // non-standard pattern. NUL ends a line's text. The last of several lines
  // with the same letters, and the last LEFTHYPHENMIN, win.
  std::string dic = "ISO8859-1\r\n";
  dic += "% a long comment " + std::string(90, '-') + " ab1cd1ef zz\n";
  dic += "# see http://example.org/ab1cd\n";
  dic += std::string(97, 'x') + "1ab1cd\n";
  dic += "LEFTHYPHENMIN 4\nLEFTHYPHENMIN 2\n";
  dic += "d1e\r\n";
  dic += "  1ff\n\n123\n";
  dic += std::string("c1d\0junk\n", 9);
  dic += "e1f\ne2f\n";
  dic += "NOHYPHEN fe";  // no newline at the end: libhyphen cuts its last letter
  expect_same(dic, random_words(U"abcdef1", 1500, 5, 8));
}

TEST(PatternIndex, SecondNextLevelEndsTheFileAndLongCharsetLinesAreCut) {
  const std::string dic =
      "ISO8859-1 and some words after it\n"
      "a1b\nNEXTLEVEL\nb1c\nNEXTLEVEL\nc1d\n";
  expect_same(dic, all_words(U"abcd", 5, 5));
  EXPECT_EQ(open_both(dic).indexed->charset(), "ISO8859-1 and some ");
}

TEST(PatternIndex, Utf8DictionariesCountCharactersNotBytes) {
  const std::string dic =
      "UTF-8\n"
      "\xc3\xbc\x31\x62\n"                             // ü1b
      "1\xc3\x9f\n"                                    // 1ß
      "\xc5\x91\x31\xc5\x91/\xc5\x91=\xc5\x91,1,2\n";  // ő1ő/ő=ő,1,2
  expect_same(dic, random_words(U"üßbőa", 1500, 5, 8));
}

TEST(PatternIndex, NonStandardPatternsOnTheCompoundLevelLoadTheWholeFile) {
  // The replacement would be spliced into the word parts the compound level
  // hands on: texts the index does not foresee.
  // (libhyphen 2.8.8 itself recurses without end on some such patterns, e.g.
  // "f1f/ff=f" on the compound level with "Schiffahrt"; this one it handles.)
  const std::string dic = "ISO8859-1\nc1k/k=k,1,2\nNEXTLEVEL\n1ke\nu1c\n";
  EXPECT_TRUE(index_of(dic)->needs_whole_file());
  expect_same(dic, {U"Zucker", U"Zuckerbäcker", U"Dackeldecke", U"Kuckuck"});
  // On the word level they are fine, and so is a '/' in a pattern that
  // allows no hyphen (a URL in a comment).
  EXPECT_FALSE(index_of("ISO8859-1\nf1f/ff=f,1,2\n")->needs_whole_file());
  EXPECT_FALSE(index_of("ISO8859-1\n# http://x\nNEXTLEVEL\n")->needs_whole_file());
}

TEST(PatternIndex, NohyphenLinesThatBreakLibhyphenRefuseTheDictionary) {
  // An empty entry makes libhyphen 2.8.8 search for "" without end; nothing
  // after the keyword makes it write before its buffer. Only the first
  // level's list is used when a NEXTLEVEL follows.
  for (const std::string bad :
       {"ISO8859-1\nNOHYPHEN\nNEXTLEVEL\n", "ISO8859-1\nNOHYPHEN -,,'\nNEXTLEVEL\n",
        "ISO8859-1\nNOHYPHEN -,\nNEXTLEVEL\n", "ISO8859-1\nNOHYPHEN -,'\nNOHYPHEN -\nNEXTLEVEL\n",
        "ISO8859-1\nc1d\nNOHYPHEN", "ISO8859-1\nNOHYPHEN  \t"}) {
    EXPECT_TRUE(index_of(bad)->breaks_libhyphen()) << bad;
    EXPECT_EQ(Hyphenator::open(project::Input("/usr/share/hyphen/hyph_xx.dic", bad)), nullptr) << bad;
  }
  for (const std::string good : {"ISO8859-1\nNOHYPHEN -,'\nNEXTLEVEL\n1-1\n", "ISO8859-1\nNOHYPHEN ,,a\nNEXTLEVEL\n",
                                 "ISO8859-1\nNOHYPHEN -\nNOHYPHEN -,'\nNEXTLEVEL\n", "ISO8859-1\nNOHYPHEN\n",
                                 "ISO8859-1\nNOHYPHEN -\nNEXTLEVEL\nNOHYPHEN\n", "ISO8859-1\nNOHYPHEN -,'"}) {
    EXPECT_FALSE(index_of(good)->breaks_libhyphen()) << good;
    expect_same(good, {U"Ring-Träger", U"don't", U"a,,abc", U"Turm'wache", U"ringträger"});
  }
}

TEST(PatternIndex, EmptyAndHugeFilesAreRefused) {
  EXPECT_EQ(PatternIndex::build(std::make_shared<const std::string>()), nullptr);
  EXPECT_EQ(PatternIndex::build(std::make_shared<const std::string>(PatternIndex::kMaxBytes + 1, 'a')), nullptr);
  // Any other bytes are a dictionary to libhyphen, and so to the index.
  expect_same("\xff\xfe garbage\n\x01\x02\n", {U"garbage", U"Ringträger"});
}

}  // namespace
}  // namespace kw::text
