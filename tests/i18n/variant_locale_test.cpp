// Translations of variants: a variant's own strings (those it adds or
// changes) have their own locale file, data/locales/<lang>/<game>.<variant>.yaml,
// and never touch the base game's translation.
#include <gtest/gtest.h>

#include "i18n/catalog.h"
#include "model/model.h"
#include "model/strings.h"
#include "support/mini_project.h"

namespace kw::i18n {
namespace {

using test::MiniProject;

// The mini game with variant "v": beta renamed, gamma added; the base
// French translates the base game, the variant's file the two changes.
void write_variant_and_french(const MiniProject& p) {
  p.write("data/variants/mini/v.yaml",
          "variant:\n"
          "  game: mini\n"
          "  patch:\n"
          "    - { card: beta, set: { name: Khamûl } }\n"
          "  add:\n"
          "    - { deck: main, card: { id: gamma, name: Gandalf, region: north, points: 3 } }\n");
  p.write("data/locales/fr/mini.yaml",
          "language: fr\ngame: mini\nstrings:\n"
          "  game.name: { de: Mini Müll, text: Mini Déchets }\n"
          "  deck.main.name: { de: Main, text: Principal }\n"
          "  table.regions.north.name: { de: Nord, text: Nord }\n"
          "  table.regions.south.name: { de: Süd, text: Sud }\n"
          "  card.alpha.name: { de: Éomer, text: Éomer }\n"
          "  card.beta.name: { de: Nazgûl, text: Le Nazgûl }\n");
  p.write("data/locales/fr/mini.v.yaml",
          "language: fr\ngame: mini\nvariant: v\nstrings:\n"
          "  card.beta.name: { de: Khamûl, text: Khamûl l'Oriental }\n"
          "  card.gamma.name: { de: Gandalf, text: Gandalf le Gris }\n");
}

std::vector<CatalogEntry> catalog_of(const MiniProject& p, const std::string& variant) {
  model::LoadOptions options;
  options.variant = variant;
  auto loaded = model::load_model(p.project(), options);
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  if (!loaded.model) return {};
  Diagnostics diags;
  return catalog(*loaded.model, *loaded.model->game("mini"), diags);
}

std::vector<std::string> ids(const std::vector<const CatalogEntry*>& entries) {
  std::vector<std::string> out;
  out.reserve(entries.size());
  for (const auto* e : entries) out.push_back(e->id);
  return out;
}

TEST(VariantLocale, TheVariantsOwnStringsAreTheOnesItAddsOrChanges) {
  MiniProject p;
  write_variant_and_french(p);
  auto own = variant_strings(catalog_of(p, "v"), catalog_of(p, ""));
  std::vector<std::string> own_ids;
  own_ids.reserve(own.size());
  for (const auto& e : own) own_ids.push_back(e.id);
  EXPECT_EQ(own_ids, (std::vector<std::string>{"card.beta.name", "card.gamma.name"}));
  EXPECT_EQ(own[0].source, "Khamûl");
  EXPECT_EQ(own[0].loc.file, "data/variants/mini/v.yaml");  // the PO reference: where the German is

  Diagnostics diags;
  auto locales = model::load_locales(p.project(), diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  const model::Locale* base_fr = model::find_locale(locales, "fr", "mini");
  const model::Locale* variant_fr = model::find_locale(locales, "fr", "mini", "v");
  ASSERT_TRUE(base_fr && variant_fr);
  EXPECT_EQ(variant_fr->file, "data/locales/fr/mini.v.yaml");
  // Both complete, neither lists the other's strings as unused or stale.
  // status() points into the catalog it is given: keep it.
  const auto base_catalog = catalog_of(p, "");
  auto base = status(base_catalog, base_fr);
  EXPECT_TRUE(base.missing.empty() && base.stale.empty() && base.unused.empty()) << base.unused.size();
  auto variant = status(own, variant_fr);
  EXPECT_EQ(variant.total, 2u);
  EXPECT_TRUE(variant.missing.empty() && variant.stale.empty() && variant.unused.empty());
}

TEST(VariantLocale, LoadingAVariantInALanguageTakesItsOwnStringsFromItsFile) {
  MiniProject p;
  write_variant_and_french(p);
  model::LoadOptions options;
  options.language = "fr";
  options.variant = "v";
  auto loaded = model::load_model(p.project(), options);
  ASSERT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  EXPECT_EQ(format_diagnostics(loaded.diagnostics), "");  // nothing missing, nothing stale
  const auto& g = *loaded.model->game("mini");
  std::vector<std::string> names;
  for (const auto& c : g.decks[0].cards) names.push_back(model::lookup(g, c, "name")->scalar);
  EXPECT_EQ(names, (std::vector<std::string>{"Éomer", "Éomer", "Khamûl l'Oriental", "Gandalf le Gris"}));

  // The base game in French still says what the base translation says.
  options.variant.clear();
  auto base = model::load_model(p.project(), options);
  ASSERT_TRUE(base.model);
  const auto& bg = *base.model->game("mini");
  EXPECT_EQ(model::lookup(bg, bg.decks[0].cards[2], "name")->scalar, "Le Nazgûl");
}

// A German change to one of the variant's strings makes exactly that
// translation stale: in the status and as a warning when it is loaded.
TEST(VariantLocale, AGermanChangeToAVariantStringMarksExactlyItStale) {
  MiniProject p;
  write_variant_and_french(p);
  p.write("data/variants/mini/v.yaml",
          test::replace(p.text("data/variants/mini/v.yaml"), "name: Gandalf", "name: Gandalf der Weiße"));
  Diagnostics diags;
  auto locales = model::load_locales(p.project(), diags);
  const auto base_catalog = catalog_of(p, "");
  auto base = status(base_catalog, model::find_locale(locales, "fr", "mini"));
  EXPECT_TRUE(base.stale.empty() && base.missing.empty());
  const auto own = variant_strings(catalog_of(p, "v"), base_catalog);
  auto variant = status(own, model::find_locale(locales, "fr", "mini", "v"));
  EXPECT_EQ(ids(variant.stale), (std::vector<std::string>{"card.gamma.name"}));
  EXPECT_TRUE(variant.missing.empty());

  model::LoadOptions options;
  options.language = "fr";
  options.variant = "v";
  auto loaded = model::load_model(p.project(), options);
  ASSERT_TRUE(loaded.model);
  EXPECT_TRUE(loaded.diagnostics.empty()) << format_diagnostics(loaded.diagnostics);
  const auto& status = *loaded.model->game("mini")->translation;
  EXPECT_EQ(status.own.stale, 1u);
  EXPECT_TRUE(status.base.complete());
  const std::string summary = format_diagnostics(model::translation_summary({status}));
  EXPECT_EQ(
      summary,
      "data/locales/fr/mini.v.yaml: warning: fr: variant v: 1 stale — kartenwerk i18n status --game mini --lang fr "
      "[mini: translation]\n");
}

// Without its own translation, a variant's string falls back to its source
// text, counted as the variant's missing string, never to the base game's
// translation of another text.
TEST(VariantLocale, AMissingVariantStringIsNotTakenFromTheBaseGame) {
  MiniProject p;
  write_variant_and_french(p);
  p.write("data/locales/fr/mini.v.yaml", "language: fr\ngame: mini\nvariant: v\nstrings: {}\n");
  model::LoadOptions options;
  options.language = "fr";
  options.variant = "v";
  auto loaded = model::load_model(p.project(), options);
  ASSERT_TRUE(loaded.model);
  const auto& g = *loaded.model->game("mini");
  EXPECT_EQ(model::lookup(g, g.decks[0].cards[2], "name")->scalar, "Khamûl");  // not "Le Nazgûl"
  ASSERT_TRUE(g.translation);
  EXPECT_GE(g.translation->own.missing, 1u);
  EXPECT_EQ(g.translation->variant_file, "data/locales/fr/mini.v.yaml");
  const std::string summary = format_diagnostics(model::translation_summary({*g.translation}));
  // A variant's build counts the game as the variant shows it: its own
  // strings and the base game's it keeps.
  const size_t missing = g.translation->own.missing + g.translation->base.missing;
  const size_t total = g.translation->own.total + g.translation->base.total;
  EXPECT_NE(summary.find("data/locales/fr/mini.v.yaml: warning: fr: variant v: " + std::to_string(missing) + " of " +
                         std::to_string(total) + " strings missing"),
            std::string::npos)
      << summary;
}

TEST(VariantLocale, LocaleFileNamesAndTheirVariantKeyAreChecked) {
  MiniProject p;
  p.write("data/locales/fr/mini.Bad.yaml", "language: fr\ngame: mini\nstrings: {}\n");
  p.write("data/locales/fr/mini.w.yaml", "language: fr\ngame: mini\nvariant: v\nstrings: {}\n");
  Diagnostics diags;
  auto locales = model::load_locales(p.project(), diags);
  const std::string errors = format_diagnostics(diags);
  EXPECT_EQ(diags.error_count(), 2u) << errors;
  EXPECT_NE(errors.find("data/locales/fr/mini.Bad.yaml: error: 'mini.Bad.yaml' is no locale file name"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("data/locales/fr/mini.w.yaml:3:10: error: variant 'v' does not match the file name"),
            std::string::npos)
      << errors;
}

// A PO entry whose German is not the catalog's (a variant's PO read as the
// base game's) is skipped with a warning: the base translation keeps what
// it had, recorded against the German it was made from.
TEST(VariantLocale, APoEntryOfOtherGermanIsNotImported) {
  MiniProject p;
  write_variant_and_french(p);
  Diagnostics diags;
  auto locales = model::load_locales(p.project(), diags);
  model::Locale base = *model::find_locale(locales, "fr", "mini");
  PoFile po;
  po.language = "fr";
  po.game = "mini";
  PoEntry entry;
  entry.context = "card.beta.name";
  entry.source = "Khamûl";
  entry.translation = "Khamûl l'Oriental";
  po.entries.push_back(entry);
  EXPECT_EQ(merge_po(po, catalog_of(p, ""), base, "mini.v.po", diags), 0u);
  EXPECT_FALSE(diags.has_errors());
  EXPECT_NE(format_diagnostics(diags).find("'card.beta.name': the PO's source text (msgid) is not the text of game "
                                           "mini now; not imported"),
            std::string::npos)
      << format_diagnostics(diags);
  EXPECT_EQ(base.find("card.beta.name")->text, "Le Nazgûl");
  EXPECT_EQ(base.find("card.beta.name")->source, "Nazgûl");
}

}  // namespace
}  // namespace kw::i18n
