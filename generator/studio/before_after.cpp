#include "studio/before_after.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/enum_names.h"
#include "core/files.h"
#include "core/sha256.h"
#include "engine/changes.h"
#include "products/manifest.h"
#include "studio/card_renderer.h"

namespace kw::studio {

namespace {

constexpr EnumNames<engine::CardChange::Kind, 3> kKindNames{{{engine::CardChange::Kind::Added, "added"},
                                                             {engine::CardChange::Kind::Removed, "removed"},
                                                             {engine::CardChange::Kind::Changed, "changed"}}};

// A PNG's width and height from its IHDR chunk; {0, 0} when `png` is none.
std::pair<int, int> png_size(const std::string& png) {
  static constexpr std::string_view kSignature("\x89PNG\r\n\x1a\n", 8);
  if (png.size() < 24 || png.compare(0, 8, kSignature) != 0 || png.compare(12, 4, "IHDR") != 0) return {0, 0};
  auto be32 = [&png](size_t at) {
    std::uint32_t v = 0;
    for (size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(png[at + i]);
    return v;
  };
  const std::uint32_t w = be32(16), h = be32(20);
  if (w == 0 || h == 0 || w > 1U << 20 || h > 1U << 20) return {0, 0};
  return {static_cast<int>(w), static_cast<int>(h)};
}

// The build's image of `stem`: <game_dir>/cards/<stem>.png when its bytes
// are those `files` (the manifest's, path -> SHA-256) lists; null else (a
// file built over since, or no PNG built).
std::shared_ptr<const std::string> built_image(const std::filesystem::path& game_dir, const std::string& stem,
                                               const std::map<std::string, std::string>& files) {
  constexpr std::uintmax_t kMaxBytes = 64ULL << 20;  // a card image; no more is read
  const std::string rel = "cards/" + stem + ".png";
  const auto listed = files.find(rel);
  if (listed == files.end()) return nullptr;
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(game_dir / rel, ec);
  if (ec || bytes > kMaxBytes) return nullptr;
  auto png = read_file(game_dir / rel);
  if (!png || kw::sha256_hex(*png) != listed->second) return nullptr;
  return std::make_shared<const std::string>(std::move(*png));
}

}  // namespace

const ChangedCard* BeforeAfter::find(const std::string& stem) const {
  for (const auto& c : changes)
    if (c.stem == stem) return &c;
  return nullptr;
}

bool plain_revision(const std::string& revision) {
  return !revision.empty() && revision.size() <= 128 && revision.front() != '-' &&
         std::all_of(revision.begin(), revision.end(), [](char c) { return c > ' ' && c < 0x7f; });
}

std::shared_ptr<const BeforeAfter> compare_with_revision(Workspace& workspace, const SessionState& now,
                                                         const std::shared_ptr<const project::GitProject>& then,
                                                         const std::string& revision, double dpi, unsigned threads) {
  auto out = std::make_shared<BeforeAfter>();
  out->key = now.key;
  out->revision = revision;
  out->commit = then->commit();
  out->generation = now.generation;
  const project::Project& project = workspace.project();
  Diagnostics font_diags;
  // The working folder as the session read it, with the fonts it keeps; the
  // revision opens its own fonts (they may differ).
  const engine::World after(project, Clock{}, nullptr,
                            workspace.fonts(font_diags) ? workspace.shared_fonts() : nullptr);
  const engine::World before(then, Clock{});
  const engine::Comparison compared = engine::compare_worlds(
      before, after, {.language = now.key.language, .variant = now.key.variant}, {now.key.game}, true);
  std::string diagnostics = format_diagnostics(compared.now, &project);
  if (!compared.before.items().empty())
    diagnostics += fmt::format("in {} ({}):\n{}", revision, out->commit.substr(0, 12),
                               format_diagnostics(compared.before, then.get()));
  out->diagnostics = std::move(diagnostics);
  // The before pages, rendered as the session renders its cards.
  std::vector<layout::LaidOutCard> pages;
  std::vector<CardView> views;
  std::vector<size_t> of;  // views[i] is out->changes[of[i]]'s before
  for (const auto& game : compared.games) {
    if (game.game != now.key.game) continue;
    out->cards = game.cards;
    for (const auto& c : game.changes) {
      out->changes.push_back({std::string(name_of(kKindNames, c.kind)), c.stem, c.card, c.what, nullptr, 0, 0});
      if (!c.before) continue;
      pages.push_back({c.stem, *c.before});
      views.emplace_back().stem = c.stem;
      of.push_back(out->changes.size() - 1);
    }
  }
  render_cards(pages, views, SessionState{}, dpi);
  render_now(views, threads);
  for (size_t i = 0; i < views.size(); ++i) {
    ChangedCard& c = out->changes[of[i]];
    c.before_png = views[i].image->png();
    c.width_px = views[i].width_px;
    c.height_px = views[i].height_px;
  }
  return out;
}

std::shared_ptr<const BeforeAfter> compare_with_build(Workspace& workspace, const SessionState& now,
                                                      const std::filesystem::path& game_dir, std::string& error) {
  const std::filesystem::path manifest_path = game_dir / "manifest.json";
  const auto manifest = read_file(manifest_path);
  std::string why = "no build to compare with (kartenwerk build makes one)";
  const auto records = manifest ? products::manifest_cards(*manifest, &why) : std::nullopt;
  const auto input = manifest ? products::manifest_input(*manifest) : std::nullopt;
  if (!records || !input) {
    error = manifest_path.generic_string() + ": " + (records ? "has no input hash: build again" : why);
    return nullptr;
  }
  auto out = std::make_shared<BeforeAfter>();
  out->key = now.key;
  out->revision = kLastBuild;
  out->commit = input->sha256;
  out->generation = now.generation;
  const project::Project& project = workspace.project();
  Diagnostics font_diags;
  const engine::World after(project, Clock{}, nullptr,
                            workspace.fonts(font_diags) ? workspace.shared_fonts() : nullptr);
  auto built = [&records](const model::Game&, Diagnostics&) -> std::optional<std::vector<layout::CardRecord>> {
    return *records;
  };
  const engine::Comparison compared = engine::compare_with_build(
      after, {.language = now.key.language, .variant = now.key.variant}, {now.key.game}, built);
  out->diagnostics = format_diagnostics(compared.now, &project);
  const auto files = products::manifest_files(*manifest);
  for (const auto& game : compared.games) {
    if (game.game != now.key.game) continue;
    out->cards = game.cards;
    for (const auto& c : game.changes) {
      ChangedCard card{std::string(name_of(kKindNames, c.kind)), c.stem, c.card, c.what, nullptr, 0, 0};
      if (c.kind != engine::CardChange::Kind::Added) card.before_png = built_image(game_dir, c.stem, files);
      if (card.before_png) std::tie(card.width_px, card.height_px) = png_size(*card.before_png);
      out->changes.push_back(std::move(card));
    }
  }
  return out;
}

}  // namespace kw::studio
