// The real Palantír data laid out as a game: every card and its back, the
// reference cards' rankings taken from the rules model, the flavor booklet,
// and which back belongs to which front.
#include "layout/game_layout.h"

#include <gtest/gtest.h>

#include <set>

#include "layout/card_layout.h"
#include "layout/card_record.h"
#include "layout/icons.h"
#include "page/fingerprint.h"
#include "rules/rules.h"
#include "support/mini_project.h"

namespace kw::layout {
namespace {

struct Palantir {
  Palantir() {
    auto loaded = model::load_model(test::source_project());
    EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
    model = std::move(loaded.model);
    game = model->game("palantir");
    Diagnostics d;
    fonts = text::FontLibrary::load(test::source_project(), d);
    typesetter = std::make_unique<text::Typesetter>(*fonts, layout::icon_aspect_for(*model, *game));
    layouter = std::make_unique<Layouter>(*model, *fonts, *typesetter);
    rule_values = rules::rule_values(*model, *game);
  }
  GameLayoutContext context() const { return {"de", &rule_values}; }
  std::unique_ptr<model::Model> model;
  const model::Game* game = nullptr;
  std::unique_ptr<text::FontLibrary> fonts;
  std::unique_ptr<text::Typesetter> typesetter;
  std::unique_ptr<Layouter> layouter;
  ValueMap rule_values;
};

// All text of a page's glyph runs, in paint order, one item per line.
std::string page_text(const page::Page& page) {
  std::string out;
  for (const auto& item : page.items)
    if (const auto* run = std::get_if<page::GlyphRun>(&item.shape)) out += run->text + "\n";
  return out;
}

const LaidOutCard* by_stem(const std::vector<LaidOutCard>& cards, const std::string& stem) {
  for (const auto& c : cards)
    if (c.stem == stem) return &c;
  return nullptr;
}

TEST(PalantirProducts, EveryCardAndTheBackLayOutWithoutErrors) {
  Palantir p;
  Diagnostics diags;
  auto cards = layout_cards(*p.game, *p.layouter, p.context(), diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  ASSERT_EQ(cards.size(), 56u);  // 48 playing + 7 reference cards + the back
  EXPECT_EQ(cards.front().stem, "01-gondor-hobbit-1");
  EXPECT_EQ(cards[47].stem, "48-mordor-artefakt-2");
  EXPECT_EQ(cards[48].stem, "49-regionen-und-klassen");
  EXPECT_EQ(cards[54].stem, "55-siegesmarker");
  EXPECT_EQ(cards.back().stem, "00-back");
  for (const auto& c : cards) {
    EXPECT_EQ(c.page.size, (Size{65, 97})) << c.stem;
    for (const auto& item : c.page.items) {
      if (item.keep_in_safe_area) {
        EXPECT_TRUE(c.page.safe.contains(item.bounds, 1e-6)) << c.stem << " " << item.name;
      }
    }
  }
}

// The studio's incremental layout: a card is taken from the memo while its
// key and the rules' values it read are unchanged, and the pages are those
// of a fresh layout.
TEST(PalantirProducts, AMemoLaysOutOnlyTheCardsWhoseRulesValuesChanged) {
  Palantir p;
  CardMemo memo;
  memo.key = [](const model::Card*, const model::Deck*, const std::string& stem) { return stem; };
  Diagnostics first;
  layout_cards(*p.game, *p.layouter, p.context(), first, memo);
  EXPECT_EQ(memo.laid_out, 56u);
  Diagnostics again;
  layout_cards(*p.game, *p.layouter, p.context(), again, memo);
  EXPECT_EQ(memo.laid_out, 0u);
  EXPECT_EQ(format_diagnostics(first), format_diagnostics(again));

  // A value the standard game's reference card reads, and only some cards do.
  const auto& read = memo.entries.at("51-standardspiel")->values;
  ASSERT_FALSE(read.empty());
  const std::string path = read.begin()->first;
  size_t readers = 0;
  for (const auto& [stem, entry] : memo.entries) readers += entry->values.contains(path);
  ASSERT_LT(readers, 56u);
  ValueMap changed = p.rule_values;
  ASSERT_TRUE(path.starts_with("rules.")) << path;
  ASSERT_TRUE(changed.contains(path.substr(6))) << path;
  changed[path.substr(6)] = "Qxqz";
  GameLayoutContext context{"de", &changed};
  Diagnostics memo_diags, fresh_diags;
  auto cards = layout_cards(*p.game, *p.layouter, context, memo_diags, memo);
  EXPECT_EQ(memo.laid_out, readers);
  auto fresh = layout_cards(*p.game, *p.layouter, context, fresh_diags);
  ASSERT_EQ(cards.size(), fresh.size());
  for (size_t i = 0; i < cards.size(); ++i)
    EXPECT_EQ(page::fingerprint(cards[i].page), page::fingerprint(fresh[i].page)) << cards[i].stem;
  EXPECT_NE(page_text(by_stem(cards, "51-standardspiel")->page).find("Qxqz"), std::string::npos);
  EXPECT_EQ(format_diagnostics(memo_diags), format_diagnostics(fresh_diags));
}

TEST(PalantirProducts, ReferenceCardPrintsTheRulesModelsRanking) {
  Palantir p;
  Diagnostics diags;
  auto cards = layout_cards(*p.game, *p.layouter, p.context(), diags);
  const LaidOutCard* standard = by_stem(cards, "51-standardspiel");
  ASSERT_TRUE(standard);
  std::string text = page_text(standard->page);
  // The typesetter may break lines anywhere, so compare without line ends.
  auto flat = [](const std::string& s) {
    std::string out;
    for (char c : s) out += (c == '\n') ? ' ' : c;
    return out;
  };
  std::string printed = flat(text);
  EXPECT_NE(printed.find("26 Karten"), std::string::npos) << printed;
  // Trump order, highest first, as the rules model gives it.
  for (const char* in_order : {"Balrog", "Ringträger", "Erben", "Mordor"}) {
    auto pos = printed.find(in_order);
    EXPECT_NE(pos, std::string::npos) << in_order;
  }
  EXPECT_LT(printed.find("Balrog"), printed.find("Ringträger"));
  EXPECT_LT(printed.find("Ringträger"), printed.find("Erben"));
  EXPECT_EQ(p.rule_values.at("trump_count.standard"), "26");
  EXPECT_EQ(p.rule_values.at("trumps.standard").rfind("**Balrog**", 0), 0u);
}

TEST(PalantirProducts, ReferenceTextCannotInventRuleValues) {
  Palantir p;
  p.rule_values.erase("trump_count.standard");
  Diagnostics diags;
  layout_cards(*p.game, *p.layouter, p.context(), diags);
  ASSERT_TRUE(diags.has_errors());
  bool named = false;
  for (const auto& d : diags.items())
    named =
        named || (d.card_id == "standardspiel" && d.message.find("rules.trump_count.standard") != std::string::npos);
  EXPECT_TRUE(named) << format_diagnostics(diags);
}

TEST(PalantirProducts, FlavorBookletHasAnA5PagePerText) {
  Palantir p;
  Diagnostics diags;
  auto booklets = layout_booklets(*p.game, *p.layouter, p.context(), diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  ASSERT_EQ(booklets.size(), 1u);
  EXPECT_EQ(booklets[0].file, "flavor.pdf");
  ASSERT_EQ(booklets[0].pages.size(), 28u);  // 4 region introductions + 24 card pairs
  for (const auto& page : booklets[0].pages) EXPECT_EQ(page.size, (Size{148, 210}));
  std::string first = page_text(booklets[0].pages[0]);
  EXPECT_EQ(first.rfind("Gondor\n", 0), 0u) << first;
  // A card pair's page is headed by the card's names, read through the card reference.
  std::string second = page_text(booklets[0].pages[1]);
  EXPECT_EQ(second.rfind("Leuchtfeuer · Grond\n", 0), 0u) << second;
}

TEST(PalantirProducts, EveryFrontHasTheOneBack) {
  Palantir p;
  Diagnostics diags;
  auto cards = layout_cards(*p.game, *p.layouter, p.context(), diags);
  auto sides = card_sides(*p.game, cards);
  ASSERT_EQ(sides.size(), 55u);
  for (size_t i = 0; i < sides.size(); ++i) {
    EXPECT_EQ(sides[i].front, i);
    EXPECT_EQ(sides[i].back, std::optional<size_t>(55));
  }
  cards.pop_back();  // not what layout_cards gave
  EXPECT_THROW(card_sides(*p.game, cards), std::logic_error);
}

TEST(PalantirProducts, TheWholeGameBooksAndBoards) {
  Palantir p;
  Diagnostics diags;
  LaidOutGame all = layout_game(*p.game, *p.layouter, p.context(), diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  EXPECT_EQ(all.cards.size(), 56u);
  EXPECT_EQ(all.booklets.size(), 1u);
  EXPECT_TRUE(all.boards.empty());  // Palantír has no board
  EXPECT_TRUE(layout_game(*p.game, *p.layouter, p.context(), diags, /*booklets=*/false).booklets.empty());
}

// A big deck's pages are not all held: a page no longer in memory is laid
// out again, and must be the very page of the first layout (the fingerprint
// that keys the cache, the PNG and the PDF must agree).
TEST(CardPages, PagesNotHeldAreLaidOutAgainIdentically) {
  Palantir p;
  Diagnostics diags;
  const auto held = layout_cards(*p.game, *p.layouter, p.context(), diags);
  GameLayoutContext context = p.context();
  context.pages_held = 4;
  context.jobs = 2;
  const CardPages pages = layout_card_pages(*p.game, *p.layouter, context, diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  ASSERT_EQ(pages.size(), held.size());
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(page::dump(*pages.page(i)), page::dump(held[i].page)) << i;
  EXPECT_EQ(pages.relayouts(), 0u);  // the first four are held
  for (size_t i = 0; i < pages.size(); ++i) {
    EXPECT_EQ(pages.stem(i), held[i].stem);
    EXPECT_EQ(pages.fingerprint(i), kw::hex(page::fingerprint(held[i].page)));
    EXPECT_EQ(pages.frame(i).trim, held[i].page.trim);
    EXPECT_TRUE(pages.frame(i).items.empty());
    EXPECT_EQ(page::dump(*pages.page(i)), page::dump(held[i].page)) << held[i].stem;
  }
  // 51 fronts laid out again (the first four had been evicted by then); the back is held.
  EXPECT_EQ(pages.relayouts(), 51u);
  // The four most recent stay: asking again costs nothing.
  for (size_t i = 51; i < 55; ++i) pages.page(i);
  EXPECT_EQ(pages.relayouts(), 51u);
  pages.page(0);
  EXPECT_EQ(pages.relayouts(), 52u);
}

// The manifest's card records read what each page paints from its first
// layout: a big deck is not laid out a second time to write them.
TEST(CardPages, TheCardRecordsNeedNoPageLaidOutAgain) {
  Palantir p;
  Diagnostics diags;
  const auto held = layout_cards(*p.game, *p.layouter, p.context(), diags);
  GameLayoutContext context = p.context();
  context.pages_held = 4;
  context.jobs = 2;
  const CardPages pages = layout_card_pages(*p.game, *p.layouter, context, diags);
  const auto records = card_records(*p.game, pages, [](const std::string&) { return std::optional<std::string>(); });
  EXPECT_EQ(pages.relayouts(), 0u);
  ASSERT_EQ(records.size(), held.size());
  for (size_t i = 0; i < held.size(); ++i) {
    EXPECT_EQ(records[i].painted, painted_inputs(held[i].page)) << held[i].stem;
    EXPECT_FALSE(records[i].painted.empty()) << held[i].stem;  // every Palantír page paints a font
  }
  // Pages that paint the same files share one list of them (PaintedPool),
  // also when laid out on several threads: as many lists as distinct sets.
  std::set<PaintedFiles> distinct;
  std::set<const PaintedFiles*> lists;
  for (size_t i = 0; i < pages.size(); ++i) {
    distinct.insert(pages.painted(i));
    lists.insert(&pages.painted(i));
  }
  EXPECT_LT(distinct.size(), pages.size());
  EXPECT_EQ(lists.size(), distinct.size());
}

// A layout that does not give the same page twice would give the PNG of one
// page and the cache key of another: it is refused, naming the card.
TEST(CardPages, APageThatDiffersWhenLaidOutAgainIsRefused) {
  std::vector<CardPages::Entry> entries(2);
  entries[0].stem = "01-a";
  entries[1].stem = "02-b";
  page::Page first;
  first.id = "g/a";
  entries[0].fingerprint = kw::hex(page::fingerprint(first));
  entries[1].fingerprint = entries[0].fingerprint;
  int calls = 0;
  CardPages pages(
      std::move(entries),
      [&](size_t i) {
        ++calls;
        page::Page p;
        p.id = i == 0 ? "g/a" : "g/b";  // card 1 comes out otherwise
        return p;
      },
      1);
  EXPECT_EQ(pages.page(0)->id, "g/a");
  try {
    pages.page(1);
    FAIL() << "a changed page was accepted";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("02-b"), std::string::npos) << e.what();
  }
  EXPECT_EQ(calls, 2);
}

}  // namespace
}  // namespace kw::layout
