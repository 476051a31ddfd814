// The studio's engine on the mini project on disk: what a reload renders,
// what an edit changes, how broken input is shown and recovered from.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/files.h"
#include "render/png.h"
#include "studio/badges.h"
#include "studio/card_renderer.h"
#include "studio/preview.h"
#include "studio/studio.h"
#include "support/mini_project.h"
#include "support/test_support.h"
#include "yaml/edit.h"

namespace kw::studio {
namespace {

using test::MiniProject;
using test::replace;

struct Fixture {
  MiniProject mini;
  Workspace workspace{mini.root()};
  Preview preview{{"mini", "de", ""}};
};

std::vector<std::string> stems(const SessionState& s) {
  std::vector<std::string> out;
  for (const auto& c : s.cards) out.push_back(c.stem);
  return out;
}

// A finding names a card by its id or its definition's ("gondor-hobbit" for
// the copies gondor-hobbit-1 and -2), never a card whose id only starts so.
TEST(StudioBadges, AFindingGoesToTheCardsItNamesInItsOrder) {
  std::vector<CardView> views(7);
  const char* ids[] = {"a", "a-1", "a-2", "a-1-2", "ab", "b-x", ""};
  for (size_t i = 0; i < views.size(); ++i) views[i].card_id = ids[i];
  Diagnostics diags;
  diags.error({}, "one", "a");
  diags.warning({}, "two", "a-1");
  diags.note({}, "a note is no badge", "a");
  diags.error({}, "three", "b");
  diags.warning({}, "four", "a-1-2");
  diags.error({}, "no card");
  diags.warning({}, "five", "a");
  add_badges(diags, Badge::Kind::Rules, views);
  auto messages = [&](size_t i) {
    std::string out;
    for (const auto& b : views[i].badges) out += (out.empty() ? "" : ",") + b.message + (b.error ? "!" : "");
    return out;
  };
  EXPECT_EQ(messages(0), "one!,five");
  EXPECT_EQ(messages(1), "one!,two,five");
  EXPECT_EQ(messages(2), "one!,five");
  EXPECT_EQ(messages(3), "two,four");
  EXPECT_EQ(messages(4), "");
  EXPECT_EQ(messages(5), "");
  EXPECT_EQ(messages(6), "");
}

TEST(StudioPreview, RendersEveryCardAndBackAsPngOfTheFormatsPixelSize) {
  Fixture f;
  f.preview.reload(f.workspace);
  auto s = f.preview.state();
  EXPECT_FALSE(s->stale) << s->diagnostics;
  EXPECT_EQ(stems(*s), (std::vector<std::string>{"01-alpha-1", "02-alpha-2", "03-beta", "00-back"}));
  for (const auto& c : s->cards) {
    ASSERT_TRUE(c.image) << c.stem;
    EXPECT_FALSE(c.image->rendered()) << "painted when the page asks for it, not by the reload";
    // The grid's image at 150 dpi; the large view's at the format's 300 dpi.
    auto raster = render::decode_png(*c.image->png());
    EXPECT_TRUE(c.image->rendered());
    EXPECT_EQ(raster.width, 384) << c.stem;
    EXPECT_EQ(raster.height, 573) << c.stem;
    EXPECT_EQ(c.width_px, 768) << c.stem;  // (59 + 2 * 3) mm at 300 dpi
    EXPECT_EQ(c.height_px, 1146) << c.stem;
    ASSERT_TRUE(c.page) << c.stem;
    auto full = render::decode_png(render_full_png(*c.page, s->dpi));
    EXPECT_EQ(full.width, 768) << c.stem;
    EXPECT_EQ(full.height, 1146) << c.stem;
    // The same picture at half the resolution (each rendered from the
    // page): a grid pixel is close to the mean of the four it covers.
    for (auto [x, y] : {std::pair{10, 10}, std::pair{192, 100}, std::pair{200, 400}}) {
      const Color g = raster.pixel(x, y);
      int sum = 0;
      for (int dy = 0; dy < 2; ++dy)
        for (int dx = 0; dx < 2; ++dx) sum += full.pixel(2 * x + dx, 2 * y + dy).r;
      EXPECT_NEAR(g.r, sum / 4.0, 2) << c.stem << " at " << x << "," << y;
    }
    EXPECT_FALSE(c.preflighted) << c.stem;  // judged afterwards (Preview::judge_preflight)
    EXPECT_EQ(c.fingerprint.size(), 64u);
  }
  EXPECT_EQ(s->cards[2].label, "Nazgûl");
  EXPECT_EQ(s->cards[2].card_id, "beta");
  EXPECT_EQ(s->cards[2].deck, "main");
  auto title = std::find_if(s->cards[2].boxes.begin(), s->cards[2].boxes.end(),
                            [](const ElementBox& b) { return b.name == "title"; });
  ASSERT_NE(title, s->cards[2].boxes.end());
  EXPECT_GT(title->bounds.w, 0);
  EXPECT_EQ(s->languages.front(), "de");
  ASSERT_EQ(s->games.size(), 1u);
  EXPECT_EQ(s->games[0].first, "mini");
}

TEST(StudioPreview, EditingOneCardsNameChangesExactlyThatCard) {
  Fixture f;
  f.preview.reload(f.workspace);
  auto before = f.preview.state();
  f.mini.write(f.mini.game_file(), replace(MiniProject::game_yaml(), "name: Nazgûl", "name: Kankra"));
  f.workspace.refresh({f.mini.game_file()});
  Change change = f.preview.reload(f.workspace);
  auto after = f.preview.state();
  ASSERT_EQ(change.cards.size(), 1u);
  EXPECT_EQ(change.cards[0].first, "03-beta");
  EXPECT_EQ(change.cards[0].second, after->cards[2].fingerprint);
  EXPECT_NE(before->cards[2].fingerprint, after->cards[2].fingerprint);
  EXPECT_NE(before->cards[2].image, after->cards[2].image);
  for (size_t i : {0u, 1u, 3u}) {
    EXPECT_EQ(before->cards[i].fingerprint, after->cards[i].fingerprint) << i;
    EXPECT_EQ(before->cards[i].image, after->cards[i].image) << i;  // not rendered again
  }
  EXPECT_EQ(after->cards[2].label, "Kankra");
}

// What a user sees of a state: each card's page (its fingerprint) and the
// messages.
void expect_same_cards(const SessionState& a, const SessionState& b) {
  ASSERT_EQ(stems(a), stems(b));
  for (size_t i = 0; i < a.cards.size(); ++i) {
    EXPECT_EQ(a.cards[i].fingerprint, b.cards[i].fingerprint) << a.cards[i].stem;
    EXPECT_EQ(a.cards[i].badges.size(), b.cards[i].badges.size()) << a.cards[i].stem;
  }
  EXPECT_EQ(a.diagnostics, b.diagnostics);
}

// A fresh session on the same files: every card laid out from nothing.
std::shared_ptr<const SessionState> clean_state(Fixture& f) {
  Preview clean{{"mini", "de", ""}};
  clean.reload(f.workspace);
  auto s = clean.state();
  EXPECT_EQ(s->laid_out, s->cards.size());
  return s;
}

TEST(StudioPreview, AnEditOfOneCardLaysOutOnlyThatCardAndEqualsACleanLayout) {
  Fixture f;
  f.preview.reload(f.workspace);
  EXPECT_EQ(f.preview.state()->laid_out, 4u);  // nothing laid out before
  f.preview.reload(f.workspace);
  EXPECT_EQ(f.preview.state()->laid_out, 0u);  // nothing changed

  // A name too long for its box: the card's overflow finding comes with it.
  f.mini.write(f.mini.game_file(), replace(MiniProject::game_yaml(), "name: Nazgûl", "name: " + std::string(60, 'W')));
  f.workspace.refresh({f.mini.game_file()});
  f.preview.reload(f.workspace);
  auto edited = f.preview.state();
  EXPECT_EQ(edited->laid_out, 1u);
  EXPECT_NE(edited->diagnostics.find("does not fit"), std::string::npos) << edited->diagnostics;
  expect_same_cards(*edited, *clean_state(f));

  // Another card's edit keeps the first card's finding (taken from the memo).
  f.mini.write(f.mini.game_file(),
               replace(replace(MiniProject::game_yaml(), "name: Nazgûl", "name: " + std::string(60, 'W')), "points: 11",
                       "points: 12"));
  f.workspace.refresh({f.mini.game_file()});
  f.preview.reload(f.workspace);
  auto second = f.preview.state();
  EXPECT_EQ(second->laid_out, 2u);  // alpha's two copies
  EXPECT_NE(second->diagnostics.find("does not fit"), std::string::npos) << second->diagnostics;
  expect_same_cards(*second, *clean_state(f));
}

TEST(StudioPreview, AnEditOutsideTheCardEntriesLaysOutEveryCardItReaches) {
  Fixture f;
  f.preview.reload(f.workspace);
  // A table row every card may read (a layout may repeat over the table).
  f.mini.write(f.mini.game_file(), replace(MiniProject::game_yaml(), "#112233", "#223344"));
  f.workspace.refresh({f.mini.game_file()});
  f.preview.reload(f.workspace);
  EXPECT_EQ(f.preview.state()->laid_out, 4u);
  expect_same_cards(*f.preview.state(), *clean_state(f));
  // A template: its drawing is in the pages.
  f.mini.write("templates/mini/emblem.svg",
               "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><style>.fg{fill:#000}</style>"
               "<rect class=\"fg\" width=\"8\" height=\"8\"/></svg>\n");
  f.workspace.refresh({"templates/mini/emblem.svg"});
  auto before = f.preview.state();
  f.preview.reload(f.workspace);
  auto after = f.preview.state();
  EXPECT_EQ(after->laid_out, 4u);
  EXPECT_NE(before->cards[0].fingerprint, after->cards[0].fingerprint);
  expect_same_cards(*after, *clean_state(f));
  // A layout file.
  f.mini.write("layouts/mini/back.yaml", replace(f.mini.text("layouts/mini/back.yaml"), "size: 14", "size: 13"));
  f.workspace.refresh({"layouts/mini/back.yaml"});
  f.preview.reload(f.workspace);
  EXPECT_EQ(f.preview.state()->laid_out, 4u);
  expect_same_cards(*f.preview.state(), *clean_state(f));
}

// A save through a temporary beside the file (the studio's own edits, sed -i,
// many editors) reports the temporary too; it is gone by the reload.
TEST(StudioPreview, ATemporaryThatCameAndWentLaysOutNoOtherCard) {
  Fixture f;
  f.preview.reload(f.workspace);
  f.mini.write(f.mini.game_file(), replace(MiniProject::game_yaml(), "name: Nazgûl", "name: Nazgul"));
  f.workspace.refresh({f.mini.game_file(), f.mini.game_file() + ".tmp-4242", "data/4913"});
  f.preview.reload(f.workspace);
  EXPECT_EQ(f.preview.state()->laid_out, 1u);
  expect_same_cards(*f.preview.state(), *clean_state(f));

  // A file there now counts, whatever its name.
  f.mini.write("templates/mini/notes.txt", "not read by any layout\n");
  f.workspace.refresh({"templates/mini/notes.txt"});
  f.preview.reload(f.workspace);
  EXPECT_EQ(f.preview.state()->laid_out, 4u);

  // So does one the sandbox will not read (a link out of the project): the
  // card that names it says so.
  std::filesystem::create_symlink("/etc/hostname", f.mini.root() / "templates/mini/outside.svg");
  f.workspace.refresh({"templates/mini/outside.svg"});
  f.preview.reload(f.workspace);
  EXPECT_EQ(f.preview.state()->laid_out, 4u);
  std::filesystem::remove(f.mini.root() / "templates/mini/outside.svg");

  // So does a file gone that an earlier reload read, even when the last
  // reload took every card from the memo and read it no more.
  f.workspace.refresh({});
  f.preview.reload(f.workspace);
  f.workspace.refresh({f.mini.game_file()});
  f.preview.reload(f.workspace);
  ASSERT_EQ(f.preview.state()->laid_out, 0u);
  std::filesystem::remove_all(f.mini.root() / "templates/mini");
  f.workspace.refresh({"templates/mini"});
  f.preview.reload(f.workspace);
  EXPECT_TRUE(f.preview.state()->stale);
  EXPECT_NE(f.preview.state()->diagnostics.find("emblem.svg"), std::string::npos) << f.preview.state()->diagnostics;
}

// Each card's data entry (where the page writes its edits) is the list item
// that holds the card: its `id` there is the card's. The game's own file is
// read from the model's tree, not parsed again; both ways must agree with
// the file's text.
TEST(StudioPreview, EachCardsEntryIsTheItemThatHoldsIt) {
  for (const std::string game : {"palantir", "duell", "gelfdrakkar"}) {
    Workspace workspace{test::source_root()};
    Preview preview{{game, "de", ""}};
    preview.reload(workspace);
    auto state = preview.state();
    ASSERT_EQ(state->errors, 0u) << state->diagnostics;
    size_t checked = 0;
    for (const auto& card : state->cards) {
      if (!card.entry || card.entry->id_column != 0) continue;
      const std::string text = read_file(test::source_root() / card.entry->file).value();
      yaml::KeyPath path(card.entry->path.begin(), card.entry->path.end());
      path.emplace_back(card.entry->index);
      path.emplace_back(std::string("id"));
      EXPECT_EQ(yaml::scalar_at(text, path, card.entry->file), card.def_id) << game << " " << card.stem;
      ++checked;
    }
    EXPECT_GT(checked, 40u) << game;
  }
  // A deck added by an `extend:` beside the `game:` map of the same file
  // is not in that map: its cards' entries come from the file parsed.
  MiniProject mini;
  mini.write(mini.game_file(), MiniProject::game_yaml() +
                                   "extend:\n"
                                   "  game: mini\n"
                                   "  decks:\n"
                                   "    - id: more\n"
                                   "      name: More\n"
                                   "      layout: mini/card\n"
                                   "      back: mini/back\n"
                                   "      cards:\n"
                                   "        - { id: gamma, name: Gamma, region: north, points: 1 }\n");
  Workspace workspace{mini.root()};
  Preview preview{{"mini", "de", ""}};
  preview.reload(workspace);
  auto state = preview.state();
  ASSERT_EQ(state->errors, 0u) << state->diagnostics;
  const auto gamma =
      std::find_if(state->cards.begin(), state->cards.end(), [](const CardView& c) { return c.card_id == "gamma"; });
  ASSERT_NE(gamma, state->cards.end());
  ASSERT_TRUE(gamma->entry);
  EXPECT_EQ(yaml::path_text(gamma->entry->path), "extend.decks[0].cards");
  EXPECT_EQ(gamma->entry->index, 0u);
  const auto beta =
      std::find_if(state->cards.begin(), state->cards.end(), [](const CardView& c) { return c.card_id == "beta"; });
  ASSERT_TRUE(beta != state->cards.end() && beta->entry);
  EXPECT_EQ(yaml::path_text(beta->entry->path), "game.decks[0].cards");
  EXPECT_EQ(beta->entry->index, 1u);
}

TEST(StudioPreview, AnEditThatMovesLinesLaysOutTheCardsBelowIt) {
  Fixture f;
  f.preview.reload(f.workspace);
  // A line added in alpha's entry: beta's entry (and its findings' lines) moves.
  f.mini.write(f.mini.game_file(),
               replace(MiniProject::game_yaml(), "          copies: 2\n", "          copies: 2\n\n"));
  f.workspace.refresh({f.mini.game_file()});
  f.preview.reload(f.workspace);
  EXPECT_EQ(f.preview.state()->laid_out, 1u);  // beta; alpha's copies and the back stay
  expect_same_cards(*f.preview.state(), *clean_state(f));
}

TEST(StudioPreview, BrokenYamlKeepsTheLastGoodCardsStaleWithDiagnosticsAndFixingRecovers) {
  Fixture f;
  f.preview.reload(f.workspace);
  auto good = f.preview.state();
  // A bad indent: "name" no longer belongs to the card.
  f.mini.write(f.mini.game_file(),
               replace(MiniProject::game_yaml(), "          name: Nazgûl", "         name: Nazgûl"));
  f.workspace.refresh({f.mini.game_file()});
  Change broken_change = f.preview.reload(f.workspace);
  auto broken = f.preview.state();
  EXPECT_TRUE(broken_change.diagnostics);
  EXPECT_TRUE(broken_change.cards.empty());
  EXPECT_TRUE(broken->stale);
  EXPECT_GT(broken->errors, 0u);
  EXPECT_NE(broken->diagnostics.find("data/games/mini.yaml:29:"), std::string::npos) << broken->diagnostics;
  EXPECT_NE(broken->diagnostics.find('^'), std::string::npos) << broken->diagnostics;
  ASSERT_EQ(broken->cards.size(), good->cards.size());
  for (size_t i = 0; i < good->cards.size(); ++i) EXPECT_EQ(broken->cards[i].image, good->cards[i].image);

  f.mini.write(f.mini.game_file(), MiniProject::game_yaml());
  f.workspace.refresh({f.mini.game_file()});
  Change fixed_change = f.preview.reload(f.workspace);
  auto fixed = f.preview.state();
  EXPECT_FALSE(fixed->stale);
  EXPECT_TRUE(fixed->diagnostics.empty()) << fixed->diagnostics;
  EXPECT_TRUE(fixed_change.diagnostics);
  EXPECT_TRUE(fixed_change.cards.empty());  // the same cards as the last good ones
}

TEST(StudioPreview, AMissingTemplateIsAnErrorThatKeepsTheCards) {
  Fixture f;
  f.preview.reload(f.workspace);
  std::filesystem::remove(f.mini.root() / "templates/mini/emblem.svg");
  f.workspace.refresh({"templates/mini/emblem.svg"});
  f.preview.reload(f.workspace);
  auto s = f.preview.state();
  EXPECT_TRUE(s->stale);
  EXPECT_NE(s->diagnostics.find("emblem.svg"), std::string::npos) << s->diagnostics;
  EXPECT_EQ(s->cards.size(), 4u);
}

TEST(StudioPreview, TextThatDoesNotFitIsDrawnAndBadgedAsOverflowOnItsCard) {
  Fixture f;
  f.mini.write(f.mini.game_file(),
               replace(MiniProject::game_yaml(), "name: Nazgûl", "name: " + std::string(60, 'W') + " the Long"));
  f.preview.reload(f.workspace);
  auto s = f.preview.state();
  EXPECT_FALSE(s->stale) << s->diagnostics;
  EXPECT_GT(s->warnings, 0u);
  EXPECT_NE(s->diagnostics.find("warning"), std::string::npos);
  auto overflow = [](const CardView& c) {
    return std::any_of(c.badges.begin(), c.badges.end(),
                       [](const Badge& b) { return b.kind == Badge::Kind::Overflow; });
  };
  EXPECT_TRUE(overflow(s->cards[2]));
  EXPECT_FALSE(overflow(s->cards[0]));
}

TEST(StudioPreview, TheEnglishSessionShowsTheTranslation) {
  Fixture f;
  f.mini.write("data/locales/en/mini.yaml",
               "language: en\ngame: mini\nstrings:\n  \"card.beta.name\":\n    de: Nazgûl\n    text: Ringwraith\n");
  Preview english({"mini", "en", ""});
  english.reload(f.workspace);
  auto s = english.state();
  EXPECT_FALSE(s->stale) << s->diagnostics;
  ASSERT_EQ(s->cards.size(), 4u);
  EXPECT_EQ(s->cards[2].label, "Ringwraith");
  // Alpha's name has no English yet: the page may add it, into that file, under its id.
  const TextField& missing = s->cards[0].texts.at(0);
  EXPECT_EQ(missing.value, "Éomer");
  ASSERT_TRUE(missing.add) << missing.why_not;
  EXPECT_EQ(missing.add->file, "data/locales/en/mini.yaml");
  EXPECT_EQ(missing.add->id, "card.alpha.name");
  EXPECT_EQ(missing.add->source_key, "de");
  EXPECT_EQ(missing.add->source, "Éomer");
  EXPECT_NE(missing.why_not.find("add the translation here"), std::string::npos) << missing.why_not;
  const TextField& translated = s->cards[2].texts.at(0);
  EXPECT_FALSE(translated.add);
  EXPECT_EQ(translated.file, "data/locales/en/mini.yaml");
  EXPECT_EQ(translated.why_not, "");
}

// Without a locale file there is nothing to add a translation to: the
// page says how to make one.
TEST(StudioPreview, NoLocaleFileNoAddition) {
  Fixture f;
  f.mini.write(f.mini.game_file(),
               replace(MiniProject::game_yaml(), "  name: Mini Müll\n", "  name: Mini Müll\n  translations: [fr]\n"));
  Preview french({"mini", "fr", ""});
  french.reload(f.workspace);
  auto s = french.state();
  ASSERT_FALSE(s->stale) << s->diagnostics;
  const TextField& name = s->cards[0].texts.at(0);
  EXPECT_FALSE(name.add);
  EXPECT_NE(name.why_not.find("kartenwerk i18n export --lang fr"), std::string::npos) << name.why_not;
}

TEST(Studio, ReloadPublishesTheChangedCardsAsAnEvent) {
  MiniProject mini;
  Studio studio(mini.root());
  std::string error;
  auto s = studio.state({"mini", "de", ""}, error);
  ASSERT_TRUE(s) << error;
  studio.wait_for_preflight();  // its badges are an event of their own
  std::uint64_t seen = studio.last_event();
  mini.write(mini.game_file(), replace(MiniProject::game_yaml(), "name: Nazgûl", "name: Kankra"));
  studio.reload({mini.game_file()});
  auto events = studio.events_after(seen, std::chrono::milliseconds(0));
  std::erase_if(events, [](const Event& e) { return e.json.find("\"badges\":true") != std::string::npos; });
  ASSERT_EQ(events.size(), 1u);
  EXPECT_NE(events[0].json.find("\"stem\":\"03-beta\""), std::string::npos) << events[0].json;
  EXPECT_EQ(events[0].json.find("01-alpha-1"), std::string::npos);
}

// A reload renews the session asked for last first (the page being looked
// at) and tells of each change as soon as it is made.
TEST(Studio, ReloadRenewsTheSessionAskedForLastFirst) {
  MiniProject mini;
  mini.write("data/locales/en/mini.yaml",
             "language: en\ngame: mini\nstrings:\n  \"card.beta.name\":\n    de: Nazgûl\n    text: Ringwraith\n");
  Studio studio(mini.root());
  std::string error;
  ASSERT_TRUE(studio.state({"mini", "en", ""}, error)) << error;
  ASSERT_TRUE(studio.state({"mini", "de", ""}, error)) << error;
  studio.wait_for_preflight();
  const auto first_reloaded = [&] {
    const std::uint64_t seen = studio.last_event();
    studio.reload({mini.game_file()});
    auto events = studio.events_after(seen, std::chrono::milliseconds(0));
    std::erase_if(events, [](const Event& e) { return e.json.find("\"badges\":true") != std::string::npos; });
    EXPECT_EQ(events.size(), 2u);  // every session's reload is told, changed or not
    return events.empty() ? std::string() : events[0].json;
  };
  EXPECT_NE(first_reloaded().find("\"lang\":\"de\""), std::string::npos);
  ASSERT_TRUE(studio.state({"mini", "en", ""}, error)) << error;
  EXPECT_NE(first_reloaded().find("\"lang\":\"en\""), std::string::npos);
}

bool has_preflight(const CardView& c, const std::string& check) {
  return std::any_of(c.badges.begin(), c.badges.end(), [&](const Badge& b) {
    return b.kind == Badge::Kind::Preflight && b.message.starts_with(check + ": ");
  });
}

// A reload renders the grid's images only; preflight judges the pages at
// full resolution afterwards, each page once.
TEST(StudioPreview, PreflightJudgesTheNewPagesAfterTheirImages) {
  Fixture f;
  // The points (on alpha's two copies) 1 mm from the trim: outside the 4 mm safe area.
  const std::string layout = f.mini.text("layouts/mini/card.yaml");
  f.mini.write("layouts/mini/card.yaml", replace(layout, "box: [25, 5, 9, 8]", "box: [1, 5, 9, 8]"));
  f.preview.reload(f.workspace);
  auto shown = f.preview.state();
  ASSERT_FALSE(shown->stale) << shown->diagnostics;
  for (const auto& c : shown->cards) {
    EXPECT_FALSE(c.preflighted) << c.stem;
    EXPECT_FALSE(has_preflight(c, "safe-area")) << c.stem;
  }
  EXPECT_TRUE(f.preview.preflight_pending());
  Change judged = f.preview.judge_preflight([] { return true; });
  EXPECT_TRUE(judged.badges);
  EXPECT_TRUE(judged.cards.empty());  // no image changed
  auto s = f.preview.state();
  EXPECT_EQ(s->generation, shown->generation);
  EXPECT_FALSE(f.preview.preflight_pending());
  for (const auto& c : s->cards) EXPECT_TRUE(c.preflighted) << c.stem;
  EXPECT_TRUE(has_preflight(s->cards[0], "safe-area"));
  EXPECT_TRUE(has_preflight(s->cards[1], "safe-area"));
  EXPECT_FALSE(has_preflight(s->cards[2], "safe-area"));  // beta has no points
  EXPECT_FALSE(has_preflight(s->cards[3], "safe-area"));  // the back
  EXPECT_EQ(s->cards[0].image, shown->cards[0].image);
  EXPECT_FALSE(f.preview.judge_preflight([] { return true; }).badges);  // nothing left to judge
  // Moving the points back: the two cards are new pages, pending until
  // judged, and then without the finding; the others keep their badges.
  f.mini.write("layouts/mini/card.yaml", layout);
  f.workspace.refresh({"layouts/mini/card.yaml"});
  f.preview.reload(f.workspace);
  s = f.preview.state();
  EXPECT_FALSE(s->cards[0].preflighted);
  EXPECT_FALSE(has_preflight(s->cards[0], "safe-area"));
  EXPECT_TRUE(s->cards[2].preflighted);
  EXPECT_TRUE(s->cards[3].preflighted);
  // Judging that stops at once judges nothing.
  EXPECT_FALSE(f.preview.judge_preflight([] { return false; }).badges);
  EXPECT_TRUE(f.preview.preflight_pending());
  EXPECT_TRUE(f.preview.judge_preflight([] { return true; }).badges);
  s = f.preview.state();
  EXPECT_TRUE(s->cards[0].preflighted);
  EXPECT_FALSE(has_preflight(s->cards[0], "safe-area"));
}

// The studio judges on a thread of its own and says so on the event stream.
TEST(Studio, PreflightBadgesFollowTheImagesAsAnEvent) {
  MiniProject mini;
  const std::string layout = mini.text("layouts/mini/card.yaml");
  mini.write("layouts/mini/card.yaml", replace(layout, "box: [25, 5, 9, 8]", "box: [1, 5, 9, 8]"));
  Studio studio(mini.root());
  std::string error;
  const std::uint64_t seen = studio.last_event();
  ASSERT_TRUE(studio.state({"mini", "de", ""}, error)) << error;
  studio.wait_for_preflight();
  auto s = studio.shown({"mini", "de", ""});
  ASSERT_TRUE(s);
  for (const auto& c : s->cards) EXPECT_TRUE(c.preflighted) << c.stem;
  EXPECT_TRUE(has_preflight(s->cards[0], "safe-area"));
  auto events = studio.events_after(seen, std::chrono::milliseconds(0));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_NE(events[0].json.find("\"badges\":true"), std::string::npos) << events[0].json;
  EXPECT_NE(events[0].json.find("\"cards\":[]"), std::string::npos) << events[0].json;
}

TEST(Studio, RefusesUnknownLanguagesVariantsAndGames) {
  MiniProject mini;
  Studio studio(mini.root());
  std::string error;
  ASSERT_TRUE(studio.state({"mini", "de", ""}, error)) << error;
  EXPECT_FALSE(studio.state({"mini", "xx", ""}, error));
  EXPECT_EQ(error, "game 'mini' is not in 'xx' (its languages: de)");
  EXPECT_FALSE(studio.state({"mini", "de", "nope"}, error));
  EXPECT_EQ(error, "game 'mini' has no variant 'nope'");
  EXPECT_FALSE(studio.state({"maxi", "de", ""}, error));
  EXPECT_EQ(error, "unknown game 'maxi'");
}

}  // namespace
}  // namespace kw::studio

namespace kw::studio {
namespace {

// Where each text of a card lives, as the page edits it: the game's data in
// the source language, a variant's patch when a variant is shown (a text it
// does not change yet gets a new patch, never the base game's data).
TEST(StudioPreview, EachTextSaysWhereItLives) {
  Fixture f;
  f.preview.reload(f.workspace);
  auto s = f.preview.state();
  ASSERT_FALSE(s->stale) << s->diagnostics;
  const CardView& alpha = s->cards[0];
  EXPECT_EQ(alpha.def_id, "alpha");
  ASSERT_EQ(alpha.texts.size(), 1u);
  const TextField& name = alpha.texts[0];
  EXPECT_EQ(name.path, "name");
  EXPECT_EQ(name.value, "Éomer");
  EXPECT_EQ(name.file, "data/games/mini.yaml");
  EXPECT_EQ(name.line, 24);
  EXPECT_EQ(name.column, 17);
  EXPECT_FALSE(name.patch);
  EXPECT_EQ(name.why_not, "");
  EXPECT_EQ(s->file_hashes.at("data/games/mini.yaml").size(), 64u);

  f.mini.write("data/variants/mini/dunkel.yaml",
               "variant:\n  game: mini\n  name: Dunkel\n  patch:\n    - card: alpha\n      set: { name: Eomer }\n");
  f.workspace.refresh({});
  Preview variant({"mini", "de", "dunkel"});
  variant.reload(f.workspace);
  auto v = variant.state();
  ASSERT_FALSE(v->stale) << v->diagnostics;
  const TextField& patched = v->cards[0].texts.at(0);
  EXPECT_EQ(patched.value, "Eomer");
  EXPECT_EQ(patched.file, "data/variants/mini/dunkel.yaml");
  EXPECT_EQ(patched.line, 6);
  EXPECT_EQ(patched.column, 20);
  EXPECT_FALSE(patched.patch);
  const TextField& unpatched = v->cards[2].texts.at(0);  // beta: the variant does not rename it

  EXPECT_EQ(unpatched.value, "Nazgûl");
  EXPECT_EQ(unpatched.file, "data/variants/mini/dunkel.yaml");
  EXPECT_TRUE(unpatched.patch);
  EXPECT_EQ(unpatched.why_not, "");
}

}  // namespace
}  // namespace kw::studio

namespace kw::studio {
namespace {

// A deck whose cards come from a CSV file: a text lives in its cell
// (row and column), and is edited there.
TEST(StudioPreview, ATextOfACardTableLivesInItsCell) {
  Fixture f;
  std::string game = MiniProject::game_yaml();
  game = game.substr(0, game.find("      cards:\n")) + "      cards_csv: mini.csv\n";
  f.mini.write(f.mini.game_file(), game);
  f.mini.write("data/games/mini.csv", "id,name,region,points\nalpha,Éomer,north,11\nbeta,\"Nazgûl, der\",south,0\n");
  f.workspace.refresh({});
  f.preview.reload(f.workspace);
  auto s = f.preview.state();
  ASSERT_FALSE(s->stale) << s->diagnostics;
  const TextField& name = s->cards.at(1).texts.at(0);
  EXPECT_EQ(name.value, "Nazgûl, der");
  EXPECT_EQ(name.file, "data/games/mini.csv");
  EXPECT_EQ(name.line, 3);
  EXPECT_EQ(name.column, 2);
  EXPECT_EQ(name.why_not, "");
  // The card is its row: the page duplicates, moves and deletes it there, by its id.
  const auto& entry = s->cards.at(1).entry;
  ASSERT_TRUE(entry);
  EXPECT_EQ(entry->file, "data/games/mini.csv");
  EXPECT_EQ(entry->index, 3u);
  EXPECT_EQ(entry->id_column, 1);
  EXPECT_EQ(entry->id, "beta");
}

// Element boxes the page may drag: those with a `box:` of four numbers in
// the layout file, with the path to it; a box given by `area:` has none.
TEST(StudioPreview, ElementBoxesSayWhereTheirBoxIsWritten) {
  Fixture f;
  f.preview.reload(f.workspace);
  auto s = f.preview.state();
  ASSERT_FALSE(s->stale) << s->diagnostics;
  const CardView& alpha = s->cards[0];
  auto named = [&](const std::string& name) {
    auto it = std::find_if(alpha.boxes.begin(), alpha.boxes.end(), [&](const ElementBox& b) { return b.name == name; });
    EXPECT_NE(it, alpha.boxes.end()) << name;
    return *it;
  };
  const ElementBox title = named("title");
  ASSERT_TRUE(title.source);
  EXPECT_TRUE(title.text);
  EXPECT_EQ(title.source->file, "layouts/mini/card.yaml");
  EXPECT_EQ(yaml::path_text(title.source->path), "elements[2].box");
  EXPECT_EQ(title.source->box, (std::array<double, 4>{5, 40, 49, 10}));
  EXPECT_DOUBLE_EQ(title.bounds.x - alpha.trim.x, 5);  // the layout counts from the trim
  EXPECT_FALSE(named("background").source);
  EXPECT_FALSE(named("background").text);
  EXPECT_EQ(s->file_hashes.count("layouts/mini/card.yaml"), 1u);
}

// A name written twice in a layout file (Palantír's `points` in two
// components): each card's box is the element that card shows, told apart
// by where the layouter read it; a turned copy is not offered.
TEST(StudioPreview, AnElementNamedTwiceIsTheOneTheCardShows) {
  Fixture f;
  f.mini.write("layouts/mini/card.yaml",
               "components:\n"
               "  high:\n"
               "    - type: text\n"
               "      name: points\n"
               "      text: \"{{points}}\"\n"
               "      box: [25, 5, 9, 8]\n"
               "      size: 12\n"
               "  low:\n"
               "    - type: text\n"
               "      name: points\n"
               "      text: \"{{points}}\"\n"
               "      box: [30, 70, 9, 8]\n"
               "      size: 10\n"
               "elements:\n"
               "  - { type: rect, name: background, area: bleed, fill: \"{{region.color}}\" }\n"
               "  - { type: use, component: high, when: \"points != 0\" }\n"
               "  - { type: use, component: low, when: \"points == 0\" }\n"
               "  - { type: use, component: low, when: \"points == 0\", rotate: 180 }\n");
  f.workspace.refresh({});
  f.preview.reload(f.workspace);
  auto s = f.preview.state();
  ASSERT_FALSE(s->stale) << s->diagnostics;
  auto points = [](const CardView& card) {
    std::vector<ElementBox> out;
    for (const auto& b : card.boxes)
      if (b.name == "points") out.push_back(b);
    return out;
  };
  const auto alpha = points(s->cards[0]), beta = points(s->cards[2]);  // 11 points; 0 points
  ASSERT_EQ(alpha.size(), 1u);
  ASSERT_TRUE(alpha[0].source);
  EXPECT_EQ(yaml::path_text(alpha[0].source->path), "components.high[0].box");
  EXPECT_EQ(alpha[0].source->props.at("size"), "12");
  ASSERT_EQ(beta.size(), 2u);
  ASSERT_TRUE(beta[0].source);
  EXPECT_EQ(yaml::path_text(beta[0].source->path), "components.low[0].box");
  EXPECT_EQ(beta[0].source->box, (std::array<double, 4>{30, 70, 9, 8}));
  EXPECT_FALSE(beta[1].source);  // the turned copy
}

// A card's entry in the data, for duplicating, deleting and moving it from
// the page: the deck's list and the card's place in it (both copies of a
// definition share it).
TEST(StudioPreview, CardsSayWhereTheirEntryIs) {
  Fixture f;
  f.preview.reload(f.workspace);
  auto s = f.preview.state();
  ASSERT_FALSE(s->stale) << s->diagnostics;
  for (size_t i : {0, 1}) {
    ASSERT_TRUE(s->cards[i].entry) << s->cards[i].stem;
    EXPECT_EQ(s->cards[i].entry->file, "data/games/mini.yaml");
    EXPECT_EQ(yaml::path_text(s->cards[i].entry->path), "game.decks[0].cards");
    EXPECT_EQ(s->cards[i].entry->index, 0u);
  }
  ASSERT_TRUE(s->cards[2].entry);
  EXPECT_EQ(s->cards[2].entry->index, 1u);
  EXPECT_FALSE(s->cards[3].entry);  // the back
}

// "Add a blank card": the deck's required fields empty or defaulted, `id`
// first; inserted after a card (as the page does), it loads and is shown,
// written the minimal way (block style like its neighbours).
TEST(StudioPreview, ABlankCardOfTheDeckLoadsAndIsShown) {
  Fixture f;
  f.preview.reload(f.workspace);
  auto s = f.preview.state();
  ASSERT_TRUE(s->cards[2].entry);
  const auto& blank = s->cards[2].entry->blank;
  std::vector<std::string> keys;
  keys.reserve(blank.size());
  for (const auto& [key, value] : blank) keys.push_back(key + "=" + value.scalar);
  EXPECT_EQ(keys, (std::vector<std::string>{"id=", "name=", "region=north", "points=0"}));
  yaml::Value item;
  item.kind = yaml::Value::Kind::Map;
  for (const auto& [key, value] : blank) item.set(key, value);
  item.find("id")->scalar = "new-card";
  const std::string file = f.mini.game_file();
  f.mini.write(file, yaml::insert_item(MiniProject::game_yaml(), s->cards[2].entry->path, 2, item, file));
  f.workspace.refresh({file});
  f.preview.reload(f.workspace);
  auto after = f.preview.state();
  ASSERT_FALSE(after->stale) << after->diagnostics;
  ASSERT_EQ(after->cards.size(), s->cards.size() + 1);
  EXPECT_EQ(after->cards[3].card_id, "new-card");
}

}  // namespace
}  // namespace kw::studio
