#include "cli/print_setup.h"

#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <cmath>
#include <map>
#include <ostream>
#include <stdexcept>

#include "core/diagnostic.h"
#include "products/input_snapshot.h"
#include "products/shop_package.h"
#include "settings/print_config.h"
#include "verify/preflight.h"
#include "verify/profile_fit.h"

namespace kw::cli {

namespace {

// What of the command line changes output, for the manifest's input hash.
std::string options_text(const BuildArgs& inv, const products::PrintOptions& print) {
  std::string text =
      inv.formats.empty() ? "formats=png,jpg,pdf" : fmt::format("formats={}", fmt::join(inv.formats, ","));
  if (!inv.variant.empty()) text += " variant=" + inv.variant;
  if (inv.color == ColorSpace::Cmyk) text += " color=cmyk";
  if (!inv.profile.empty()) text += " profile=" + inv.profile;
  if (inv.fit) text += " fit";
  if (inv.png == PngSize::Small) text += " png=small";  // other bytes in every PNG file
  if (!inv.tabletops.empty()) text += fmt::format(" tabletop={}", fmt::join(inv.tabletops, ","));
  if (!inv.tts_url.empty()) text += " tts-url=" + inv.tts_url;
  if (print.pnp)
    text += fmt::format(" cut-lines={} duplex-offset={:g},{:g}", print.pnp->cut_lines ? "yes" : "no",
                        print.pnp->duplex_offset.x, print.pnp->duplex_offset.y);
  return text;
}

// Each game's shop package: the profile build --profile names, else the
// one the game names, else the profiles' default; its card chosen by the
// same profile method (PrintProfile::for_card) that preflight checks
// against.
class ProfileShop : public products::ShopChooser {
 public:
  ProfileShop(verify::PrintProfiles profiles, std::string asked, bool fit, const project::Project& project)
      : profiles_(std::move(profiles)), asked_(std::move(asked)), fit_(fit) {
    // Each press condition read once; what cannot be read is said when a
    // game's package needs it.
    for (const auto& p : profiles_.profiles) {
      if (!p.cmyk_condition) continue;
      Diagnostics diags;
      auto cmyk = exporters::load_cmyk_settings(project, diags, *p.cmyk_condition);
      if (cmyk) cmyk->pdfx = p.pdfx.value_or(exporters::PdfxLevel::X4);
      if (cmyk) cmyk->keep_away_pt = p.keep_away_pt;
      cmyk_[p.id] = cmyk;
      if (!cmyk) unreadable_[p.id] = format_diagnostics(diags, &project);
    }
  }

  const verify::PrintProfile* profile_of(const model::Game& game) const {
    return asked_.empty() ? verify::profile_for_game(profiles_, game) : profiles_.find(asked_);
  }
  const verify::PrintProfiles& profiles() const { return profiles_; }
  const std::string& asked() const { return asked_; }
  bool fit() const { return fit_; }

  std::optional<products::ShopPackage> package_for(const model::Game& game, Size game_trim) const override {
    const verify::PrintProfile* profile = profile_of(game);
    if (!profile || (game.format && !fit_ && !verify::fit_problem(*profile, *game.format).empty())) return std::nullopt;
    if (auto bad = unreadable_.find(profile->id); bad != unreadable_.end())
      throw std::runtime_error("the press condition of profile '" + profile->id + "' cannot be read: " + bad->second);
    const verify::PrintProfile p = profile->for_card(game_trim);
    products::ShopPackage shop;
    shop.id = p.id;
    shop.card = {.trim = p.trim, .bleed = p.bleed, .safe = p.safe, .corner_radius = 0};
    shop.card_name = p.card_id;
    shop.fronts_pdf = p.fronts_pdf;
    shop.backs_pdf = p.backs_pdf;
    shop.deck_pdf = p.deck_pdf;
    shop.deck_back_first = p.deck_back_first;
    shop.images_dir = p.image_px ? p.images_dir : "";  // else the game's own JPEGs are the images
    shop.image_format = p.image_format;
    shop.image_px = p.image_px;
    // The game's own JPEGs are the shop's when its pages are the shop's
    // (the same card and bleed); else, for a shop that takes the game's
    // JPEGs, the package renders them fitted, at the shop's resolution,
    // where the shop looks.
    const bool same_page =
        same_card(game_trim, p.trim) && (!game.format || std::abs(game.format->bleed - p.bleed) < 1e-6);
    if (!p.image_px && !p.images_dir.empty() && same_page) shop.card_jpegs_dir = p.images_dir;
    if (!p.image_px && !p.images_dir.empty() && !same_page) {
      const auto px = [&](double mm) { return static_cast<int>(std::lround(mm / 25.4 * p.image_dpi)); };
      shop.images_dir = p.images_dir;
      shop.image_px = std::pair{px(p.trim.w + 2 * p.bleed), px(p.trim.h + 2 * p.bleed)};
      shop.images_flat = true;
    }
    if (auto c = cmyk_.find(p.id); c != cmyk_.end()) shop.cmyk = c->second;
    return shop;
  }

 private:
  static bool same_card(Size a, Size b) { return std::abs(a.w - b.w) < 0.05 && std::abs(a.h - b.h) < 0.05; }

  verify::PrintProfiles profiles_;
  std::string asked_;  // build --profile; "": each game's own
  bool fit_ = false;   // build --fit
  std::map<std::string, std::optional<exporters::CmykSettings>> cmyk_;
  std::map<std::string, std::string> unreadable_;  // profile -> why its press condition cannot be read
};

// The print profiles and the press conditions. A project without
// data/print/profiles.yaml has no shop and no package (unless --profile
// asks for one: then it is an error).
int setup_shop(const BuildArgs& inv, const project::Project& project, products::PrintOptions& print,
               std::ostream& err) {
  if (inv.profile.empty() && !project.exists("data/print/profiles.yaml")) return 0;
  Diagnostics diags;
  auto profiles = verify::load_print_profiles(project, diags);
  if (!profiles) {
    err << format_diagnostics(diags, &project);
    return 1;
  }
  if (!inv.profile.empty() && !profiles->find(inv.profile)) {
    std::vector<std::string> known;
    for (const auto& p : profiles->profiles) known.push_back(p.id);
    fmt::print(err, "kartenwerk: unknown profile '{}' (profiles: {})\n", inv.profile, fmt::join(known, ", "));
    return 2;
  }
  auto shop = std::make_shared<ProfileShop>(std::move(*profiles), inv.profile, inv.fit, project);
  if (!inv.profile.empty()) {  // the press condition asked for must be readable: said now
    if (const auto& p = *shop->profiles().find(inv.profile); p.cmyk_condition) {
      auto cmyk = exporters::load_cmyk_settings(project, diags, *p.cmyk_condition);
      if (!cmyk) {
        err << format_diagnostics(diags, &project);
        return 1;
      }
    }
  }
  print.shop = std::move(shop);
  print.shop_asked = !inv.profile.empty();
  return 0;
}

}  // namespace

int setup_print_options(const BuildArgs& inv, const project::Project& project, products::PrintOptions& print,
                        std::ostream& err) {
  print.jobs = inv.jobs;  // the command line checked it (1 to 1024, or 0: all cores)
  print.png = inv.png == PngSize::Small ? render::PngCompression::Small : render::PngCompression::Fast;
  print.progress = &err;
  print.progress_terminal = ::isatty(STDERR_FILENO) == 1;

  Diagnostics diags;
  print.pnp = settings::load_pnp_settings(project, diags);
  if (diags.has_errors()) {
    err << format_diagnostics(diags, &project);
    return 1;
  }
  if (print.pnp) {
    if (inv.cut_lines) print.pnp->cut_lines = true;
    if (inv.duplex_offset) print.pnp->duplex_offset = *inv.duplex_offset;
  }
  if (inv.color == ColorSpace::Cmyk) {
    print.cmyk = exporters::load_cmyk_settings(project, diags);
    if (!print.cmyk) {
      err << format_diagnostics(diags, &project);
      return 1;
    }
  }
  if (int status = setup_shop(inv, project, print, err)) return status;
  try {
    print.input = products::snapshot_inputs(project, options_text(inv, print));
  } catch (const std::exception& e) {
    fmt::print(err, "kartenwerk: {}\n", e.what());
    return 1;
  }
  return 0;
}

namespace {

// "--profile drivethrucards or makeplayingcards", "no profile cuts it".
std::string fitting_names(const verify::PrintProfiles& profiles, const model::CardFormat& format) {
  std::vector<std::string> ids;
  for (const auto* p : verify::fitting_profiles(profiles, format)) ids.push_back(p->id);
  if (ids.empty()) return "no profile of data/print/profiles.yaml cuts that size";
  return fmt::format("{} suit{} it", fmt::join(ids, ", "), ids.size() == 1 ? "s" : "");
}

}  // namespace

int check_shops(const products::PrintOptions& print, std::span<const model::Game* const> games,
                const project::Project& project, std::ostream& err) {
  const auto* shop = dynamic_cast<const ProfileShop*>(print.shop.get());
  if (!shop) return 0;
  int status = 0;
  Diagnostics diags;
  for (const model::Game* game : games) {
    const verify::PrintProfile* profile = shop->profile_of(*game);
    if (!profile) {
      std::vector<std::string> known;
      for (const auto& p : shop->profiles().profiles) known.push_back(p.id);
      diags.error(game->profile_loc,
                  fmt::format("game '{}': profile '{}' is not defined in data/print/profiles.yaml (profiles: {})",
                              game->id, game->profile, fmt::join(known, ", ")));
      continue;
    }
    if (!game->format || shop->fit()) continue;
    const std::string problem = verify::fit_problem(*profile, *game->format);
    if (problem.empty()) continue;
    const std::string others = fitting_names(shop->profiles(), *game->format);
    if (!shop->asked().empty()) {
      fmt::print(err,
                 "kartenwerk: {}: {}; nothing was built. Build for a shop that cuts this size ({}), or add --fit to "
                 "fit the cards to it anyway\n",
                 game->id, problem, others);
      status = 1;
    } else if (!game->profile.empty()) {
      diags.error(game->profile_loc, fmt::format("game '{}': {}; name a profile that suits it ({}), or build with "
                                                 "--profile {} --fit to fit the cards to it anyway",
                                                 game->id, problem, others, profile->id));
    } else {
      fmt::print(err,
                 "kartenwerk: warning: {}: {}, the default profile: no shop package is made ({}; name one as "
                 "`profile:` in {})\n",
                 game->id, problem, others, game->file);
    }
  }
  if (diags.has_errors()) {
    err << format_diagnostics(diags, &project);
    status = 1;
  }
  return status;
}

}  // namespace kw::cli
