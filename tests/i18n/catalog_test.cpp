// Translation: catalog of strings, status (missing, stale), fallback, PO import.
#include <gtest/gtest.h>

#include "core/files.h"
#include "i18n/catalog.h"
#include "model/model.h"
#include "model/strings.h"
#include "support/mini_project.h"

namespace kw::i18n {
namespace {

using test::MiniProject;

// A partial French translation of the mini game: one string missing (beta's
// name), one stale (its German source was "Nord" but is now "Nord" -> changed
// below), the region of the south translated.
void write_partial_french(const MiniProject& p) {
  p.write("data/locales/fr/mini.yaml",
          "language: fr\n"
          "game: mini\n"
          "strings:\n"
          "  game.name: { de: Mini Müll, text: Mini Déchets }\n"
          "  deck.main.name: { de: Main, text: Principal }\n"
          "  table.regions.north.name: { de: Norden, text: Nord }\n"
          "  table.regions.south.name: { de: Süd, text: Sud }\n"
          "  card.alpha.name: { de: Éomer, text: Éomer }\n");
}

TEST(Catalog, ListsDataAndLayoutStringsWithIds) {
  MiniProject p;
  p.write("layouts/mini/card.yaml",
          "elements:\n"
          "  - { type: text, name: title, text: \"{{name}}\", box: [5, 40, 49, 10] }\n"
          "  - { type: text, name: points, text: \"{{points}} Punkte\", box: [5, 60, 49, 10] }\n");
  auto loaded = model::load_model(p.project());
  ASSERT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  Diagnostics diags;
  auto entries = catalog(*loaded.model, *loaded.model->game("mini"), diags);
  std::vector<std::string> ids;
  ids.reserve(entries.size());
  for (const auto& e : entries) ids.push_back(e.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"game.name", "table.regions.north.name", "table.regions.south.name",
                                           "deck.main.name", "card.alpha.name", "card.beta.name",
                                           "layout.mini/card.points"}));
  EXPECT_EQ(entries.back().source, "{{points}} Punkte");
}

// A literal layout text used twice is one PO entry naming both places, and
// its translation, imported, translates both.
TEST(Catalog, ALayoutTextUsedTwiceIsOneEntry) {
  MiniProject p;
  p.write("layouts/mini/card.yaml",
          "elements:\n"
          "  - { type: text, name: top, text: Siegpunkte, box: [5, 40, 49, 10] }\n"
          "  - { type: text, name: bottom, text: Siegpunkte, box: [5, 60, 49, 10] }\n");
  auto loaded = model::load_model(p.project());
  ASSERT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  Diagnostics diags;
  auto entries = catalog(*loaded.model, *loaded.model->game("mini"), diags);
  PoFile po = to_po(entries, nullptr, "en", "mini");
  std::vector<const PoEntry*> shared;
  for (const auto& e : po.entries)
    if (e.source == "Siegpunkte") shared.push_back(&e);
  ASSERT_EQ(shared.size(), 1u);
  EXPECT_EQ(shared[0]->context, "layout.mini/card.top");
  EXPECT_EQ(shared[0]->reference, "layouts/mini/card.yaml:2:5 layouts/mini/card.yaml:3:5");
  EXPECT_EQ(shared[0]->comment, "also layout.mini/card.bottom");

  for (auto& e : po.entries)
    if (e.source == "Siegpunkte") e.translation = "Victory points";
  PoFile reread = read_po(write_po(po), "mini.en.po", diags);
  model::Locale locale;
  EXPECT_EQ(merge_po(reread, entries, locale, "mini.en.po", diags), 2u);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  for (const char* id : {"layout.mini/card.top", "layout.mini/card.bottom"}) {
    ASSERT_TRUE(locale.find(id)) << id;
    EXPECT_EQ(locale.find(id)->text, "Victory points");
    EXPECT_EQ(locale.find(id)->source, "Siegpunkte");
  }
}

TEST(Catalog, StatusReportsMissingAndStale) {
  MiniProject p;
  write_partial_french(p);
  auto loaded = model::load_model(p.project());
  ASSERT_TRUE(loaded.model);
  Diagnostics diags;
  auto locales = model::load_locales(p.project(), diags);
  ASSERT_EQ(locales.size(), 1u);
  auto entries = catalog(*loaded.model, *loaded.model->game("mini"), diags);
  auto st = status(entries, &locales[0]);
  EXPECT_EQ(st.total, 6u);
  ASSERT_EQ(st.missing.size(), 1u);
  EXPECT_EQ(st.missing[0]->id, "card.beta.name");
  ASSERT_EQ(st.stale.size(), 1u);  // north's German is "Nord", the translation was made from "Norden"
  EXPECT_EQ(st.stale[0]->id, "table.regions.north.name");
}

TEST(Catalog, LoadingALanguageFallsBackToTheSourceAndSaysSoOnce) {
  MiniProject p;
  write_partial_french(p);
  model::LoadOptions options;
  options.language = "fr";
  auto loaded = model::load_model(p.project(), options);
  ASSERT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  const auto& g = *loaded.model->game("mini");
  EXPECT_EQ(g.language, "fr");
  EXPECT_EQ(g.source_language, "de");
  EXPECT_EQ(g.name, "Mini Déchets");
  EXPECT_EQ(model::lookup(g, g.decks[0].cards[2], "region.name")->scalar, "Sud");
  EXPECT_EQ(model::lookup(g, g.decks[0].cards[2], "name")->scalar, "Nazgûl");  // missing: the source text
  // Nothing per string: the status of the translation, said once.
  EXPECT_TRUE(loaded.diagnostics.empty()) << format_diagnostics(loaded.diagnostics);
  ASSERT_TRUE(g.translation);
  EXPECT_EQ(g.translation->base.total, 6u);
  EXPECT_EQ(g.translation->base.missing, 1u);
  EXPECT_EQ(g.translation->base.stale, 1u);
  const std::string summary = format_diagnostics(model::translation_summary({*g.translation}));
  EXPECT_EQ(summary,
            "data/locales/fr/mini.yaml: warning: fr: 1 of 6 strings missing, 1 stale — kartenwerk i18n status --game "
            "mini --lang fr [mini: translation]\n");

  // A language the game is not in leaves it in its source language.
  options.language = "xx";
  auto none = model::load_model(p.project(), options);
  ASSERT_TRUE(none.model);
  EXPECT_EQ(none.model->game("mini")->language, "de");
  EXPECT_FALSE(none.model->game("mini")->has_language("xx"));
}

// Each {{…}} placeholder gets a translator's note saying what it stands for,
// once however often it appears; the PO export writes it as "#." lines.
TEST(Catalog, PlaceholdersHaveTranslatorNotes) {
  EXPECT_EQ(placeholder_note("Keine Platzhalter", {}), "");
  EXPECT_EQ(placeholder_note("{{rules.cards}} Karten, {{ region.name }}: {{points}} Punkte, {{rules.cards}} "
                             "{{rules.ranks}} {{rules.unknown}}",
                             {{"cards", "48"}, {"ranks", "A\nB"}}),
            "{{rules.cards}}: filled in by the game's rules (now \"48\")\n"
            "{{region.name}}: the name of the card's region, filled in per card\n"
            "{{points}}: the card's points, filled in per card\n"
            "{{rules.ranks}}: filled in by the game's rules (several lines)\n"
            "{{rules.unknown}}: filled in by the game's rules\n"
            "Keep each {{…}} as it is; it may move within the sentence.");
  PoFile po = to_po({{"card.x.text", "{{points}} Punkte", {}, placeholder_note("{{points}} Punkte", {})}}, nullptr,
                    "en", "mini");
  const std::string text = write_po(po);
  EXPECT_NE(text.find("#. {{points}}: the card's points, filled in per card\n"
                      "#. Keep each {{…}} as it is; it may move within the sentence.\n"),
            std::string::npos)
      << text;
}

TEST(Catalog, PoExportImportRoundTripsTheLocale) {
  MiniProject p;
  write_partial_french(p);
  auto loaded = model::load_model(p.project());
  Diagnostics diags;
  auto locales = model::load_locales(p.project(), diags);
  auto entries = catalog(*loaded.model, *loaded.model->game("mini"), diags);
  PoFile po = to_po(entries, &locales[0], "fr", "mini");
  // Stale entries go out fuzzy; the translator fills the missing one.
  for (auto& e : po.entries) {
    if (e.context == "table.regions.north.name") {
      EXPECT_TRUE(e.fuzzy);
    }
    if (e.context == "card.beta.name") e.translation = "Nazgûl \"le Noir\"\net plus";
  }
  PoFile reread = read_po(write_po(po), "mini.fr.po", diags);
  model::Locale merged = locales[0];
  EXPECT_EQ(merge_po(reread, entries, merged, "mini.fr.po", diags), 6u);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  EXPECT_EQ(merged.find("card.beta.name")->text, "Nazgûl \"le Noir\"\net plus");
  EXPECT_EQ(merged.find("card.beta.name")->source, "Nazgûl");
  EXPECT_EQ(merged.find("table.regions.north.name")->source, "Norden");  // still fuzzy: still stale

  // The YAML written for the locale reads back identically.
  p.write("data/locales/fr/mini.yaml", model::format_locale(merged, "de"));
  auto again = model::load_locales(p.project(), diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  ASSERT_EQ(again[0].strings.size(), merged.strings.size());
  for (const auto& [id, e] : merged.strings) {
    EXPECT_EQ(again[0].find(id)->text, e.text) << id;
    EXPECT_EQ(again[0].find(id)->source, e.source) << id;
  }
}

TEST(Catalog, ImportRejectsUnknownIds) {
  MiniProject p;
  auto loaded = model::load_model(p.project());
  Diagnostics diags;
  auto entries = catalog(*loaded.model, *loaded.model->game("mini"), diags);
  PoFile po;
  po.language = "fr";
  po.game = "mini";
  PoEntry unknown;
  unknown.context = "card.gamma.name";
  unknown.source = "X";
  unknown.translation = "Y";
  po.entries.push_back(unknown);
  model::Locale locale;
  merge_po(po, entries, locale, "x.po", diags);
  ASSERT_TRUE(diags.has_errors());
  EXPECT_NE(diags.items()[0].message.find("card.gamma.name"), std::string::npos);
}

TEST(Catalog, ImportRefusesPluralEntries) {
  MiniProject p;
  auto loaded = model::load_model(p.project());
  Diagnostics diags;
  auto entries = catalog(*loaded.model, *loaded.model->game("mini"), diags);
  PoFile po;
  po.language = "fr";
  po.game = "mini";
  PoEntry plural;
  plural.context = "card.beta.name";
  plural.source = plural.source_plural.emplace("Nazgûl");
  plural.plural_translations = {"a", "b"};
  po.entries.push_back(plural);
  model::Locale locale;
  EXPECT_EQ(merge_po(po, entries, locale, "x.po", diags), 0u);
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_NE(diags.items()[0].message.find("plural forms"), std::string::npos);
  EXPECT_TRUE(locale.strings.empty());
}

}  // namespace
}  // namespace kw::i18n
