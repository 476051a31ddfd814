#include <fmt/ostream.h>

#include <ostream>

#include "cli/commands.h"
#include "cli/session.h"

namespace kw::cli {

namespace {

// How many different card definitions a deck has (copies count once).
size_t definitions(const model::Deck& deck) {
  size_t n = 0;
  std::string last;
  for (const auto& c : deck.cards)
    if (c.def_id != last) {
      ++n;
      last = c.def_id;
    }
  return n;
}

}  // namespace

int run_list(const ListArgs& inv, std::ostream& out, std::ostream& err) {
  const auto world = open_world(inv, err);
  if (!world) return 2;
  Session s = open_session(inv, *world, err);
  if (!s.model) return 1;
  for (const auto* g : s.games) {
    const auto& f = *g->format;
    fmt::print(out, "{}  {}  ({} {}, format {}: {:g} x {:g} mm + {:g} mm bleed)\n", g->id, g->name, g->card_count(),
               g->card_count() == 1 ? "card" : "cards", f.id, f.width, f.height, f.bleed);
    for (const auto& d : g->decks) {
      std::string what;
      if (d.product == model::Product::Cards)
        what = fmt::format("{}({} different)", d.cards.size() == 1 ? " card  " : " cards ", definitions(d));
      else
        what = fmt::format("{}{}{}, format {})", d.cards.size() == 1 ? " page  (" : " pages (",
                           name_of(model::kProductNames, d.product),
                           d.product == model::Product::Booklet ? " " + d.file : std::string(),
                           d.format ? d.format->id : "?");
      fmt::print(out, "  {:<12}{:>4}{}  {}  [layout {}{}]\n", d.id, d.cards.size(), what, d.name, d.layout,
                 d.back_layout.empty() ? "" : ", back " + d.back_layout);
    }
  }
  return 0;
}

}  // namespace kw::cli
