#include "studio/before_after.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/enum_names.h"
#include "engine/changes.h"
#include "studio/card_renderer.h"

namespace kw::studio {

namespace {

constexpr EnumNames<engine::CardChange::Kind, 3> kKindNames{{{engine::CardChange::Kind::Added, "added"},
                                                             {engine::CardChange::Kind::Removed, "removed"},
                                                             {engine::CardChange::Kind::Changed, "changed"}}};

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
  render_cards(pages, views, SessionState{}, dpi, threads);
  for (size_t i = 0; i < views.size(); ++i) {
    ChangedCard& c = out->changes[of[i]];
    c.before_png = views[i].png;
    c.width_px = views[i].width_px;
    c.height_px = views[i].height_px;
  }
  return out;
}

}  // namespace kw::studio
