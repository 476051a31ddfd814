#include <fmt/ostream.h>

#include <algorithm>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "cli/check_report.h"
#include "cli/commands.h"
#include "cli/print_setup.h"
#include "cli/session.h"
#include "layout/card_layout.h"
#include "layout/game_layout.h"
#include "layout/icons.h"
#include "model/locale.h"
#include "print/products/game_products.h"
#include "rules/rules.h"
#include "text/typesetter.h"

namespace kw::cli {

int build_language(const Invocation& inv, const std::shared_ptr<const project::Project>& project,
                   print::BuildOptions options, std::ostream& out, std::ostream& err);

int run_build(const Invocation& inv, std::ostream& out, std::ostream& err) {
  print::BuildOptions options;
  options.out_dir = inv.out_dir;
  if (!inv.formats.empty()) {  // the command line let only these through
    options.formats = {false, false, false};
    for (const auto& f : inv.formats) {
      options.formats.png |= f == "png";
      options.formats.jpeg |= f == "jpg" || f == "jpeg";
      options.formats.pdf |= f == "pdf";
    }
  }
  const auto project = open_project(inv);
  if (int status = setup_print_options(inv, *project, options.print, err)) return status;
  std::vector<std::string> languages = {"de"};
  if (inv.language == "all")
    languages = model::available_languages(*project);
  else if (!inv.language.empty())
    languages = {inv.language};
  int status = 0;
  for (const auto& language : languages) {
    options.language = language;
    // output/<game>/[<variant>/][<language>/]
    std::filesystem::path sub = inv.variant;
    if (language != model::kSourceLanguage) sub /= language;
    options.subdir = sub.string();
    int s = build_language(inv, project, options, out, err);
    status = std::max(status, s);
  }
  return status;
}

int build_language(const Invocation& inv, const std::shared_ptr<const project::Project>& project,
                   print::BuildOptions options, std::ostream& out, std::ostream& err) {
  Session s = open_session(inv, project, err, options.language);
  if (!s.model) return 1;
  // The rules judge the data, not a translation of it (card names on the
  // rules' lists, suits, ranks are German facts): check the source model.
  Session source;
  if (options.language != model::kSourceLanguage) {
    std::ostringstream ignored;  // the same data was just loaded and reported
    source = open_session(inv, project, ignored, model::kSourceLanguage);
    if (!source.model) return 1;
  }
  const model::Model& checked = source.model ? *source.model : *s.model;

  Diagnostics diags;
  auto fonts = text::FontLibrary::load(*project, diags);
  if (!fonts || diags.has_errors()) {
    err << format_diagnostics(diags, project.get());
    return 1;
  }
  int status = 0;
  for (const auto* game : s.games) {
    // The rules engine guards the build: a deck that breaks its game's rules
    // is not printed unless the user insists.
    Diagnostics findings = rules::check_game(checked, *checked.game(game->id));
    if (findings.has_errors()) {
      err << format_report_text(findings, project.get());
      if (!inv.force) {
        fmt::print(err, "kartenwerk: {}: not built because the rules check failed (use --force to build anyway)\n",
                   game->id);
        status = 1;
        continue;
      }
    }
    text::Typesetter typesetter(*fonts, layout::icon_aspect_for(*s.model, *game));
    layout::Layouter layouter(*s.model, *fonts, typesetter);
    layout::ValueMap rule_values = rules::rule_values(*s.model, *game);
    Diagnostics game_diags;
    try {
      // Layout runs for the whole game first; only when no page has an error
      // is anything written.
      auto laid_out = layout::layout_game(*game, layouter, {options.language, &rule_values}, game_diags,
                                          /*booklets=*/options.formats.pdf);
      print::BuildReport report;
      if (!game_diags.has_errors())
        report = print::write_game_products(*game, laid_out, layouter.typesetter(), options, game_diags);
      err << format_diagnostics(game_diags, project.get());
      if (game_diags.has_errors()) {
        fmt::print(err, "kartenwerk: {}: {} error(s); nothing written\n", game->id, game_diags.error_count());
        status = 1;
        continue;
      }
      fmt::print(out, "{}{}: {} files in {}\n", game->id, options.subdir.empty() ? "" : " [" + options.subdir + "]",
                 report.written.size(), (options.out_dir / game->id / options.subdir).string());
    } catch (const std::exception& e) {
      fmt::print(err, "kartenwerk: {}: {}\n", game->id, e.what());
      status = 1;
    }
  }
  return status;
}

}  // namespace kw::cli
