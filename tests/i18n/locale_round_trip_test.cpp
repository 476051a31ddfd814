// The shipped translations survive `i18n export` and `i18n import`: every
// data/locales/<lang>/<game>.yaml, exported to PO, read back and merged into
// itself (as the import does), is written byte for byte as it is.
#include <gtest/gtest.h>

#include "core/files.h"
#include "i18n/catalog.h"
#include "model/model.h"
#include "support/test_support.h"

namespace kw::i18n {
namespace {

// "line N: <expected> / <actual>" for the first line that differs.
std::string first_difference(const std::string& expected, const std::string& actual) {
  size_t start = 0;
  for (int line = 1;; ++line) {
    const size_t e = expected.find('\n', start), a = actual.find('\n', start);
    if (expected.compare(start, e - start, actual, start, a - start) != 0 || e != a)
      return "line " + std::to_string(line) + ":\n  shipped: " + expected.substr(start, e - start) +
             "\n  written: " + actual.substr(start, a - start);
    if (e == std::string::npos) return "(no difference)";
    start = e + 1;
  }
}

TEST(LocaleRoundTrip, ShippedLocalesComeBackByteForByte) {
  const auto& project = test::source_project();
  auto loaded = model::load_model(project);
  ASSERT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  Diagnostics diags;
  const auto locales = model::load_locales(project, diags);
  ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
  ASSERT_GE(locales.size(), 5u);
  for (const auto& locale : locales) {
    SCOPED_TRACE(locale.file);
    const model::Game* game = loaded.model->game(locale.game);
    ASSERT_TRUE(game);
    const auto entries = catalog(*loaded.model, *game, diags);
    const std::string po_text = write_po(to_po(entries, &locale, locale.language, locale.game));
    const PoFile po = read_po(po_text, locale.game + ".po", diags);
    model::Locale merged = locale;
    const size_t set = merge_po(po, entries, merged, locale.game + ".po", diags);
    ASSERT_FALSE(diags.has_errors()) << format_diagnostics(diags);
    EXPECT_GT(set, 0u);
    const auto shipped_input = project.read(locale.file);
    ASSERT_TRUE(shipped_input);
    const std::string shipped(shipped_input->bytes());
    const std::string written = model::format_locale(merged, game->source_language);
    EXPECT_TRUE(written == shipped) << first_difference(shipped, written);
  }
}

}  // namespace
}  // namespace kw::i18n
