#include <iomanip>
#include <ostream>

#include "cli/commands.h"
#include "cli/session.h"

namespace kw::cli {

int run_list(const Invocation& inv, std::ostream& out, std::ostream& err) {
  Session s = open_session(inv, open_project(inv), err);
  if (!s.model) return 1;
  for (const auto* g : s.games) {
    const auto& f = *g->format;
    out << g->id << "  " << g->name << "  (" << g->card_count() << " cards, format " << f.id << ": " << f.width << " x "
        << f.height << " mm + " << f.bleed << " mm bleed)\n";
    for (const auto& d : g->decks) {
      size_t definitions = 0;
      std::string last;
      for (const auto& c : d.cards)
        if (c.def_id != last) {
          ++definitions;
          last = c.def_id;
        }
      out << "  " << std::left << std::setw(12) << d.id << std::right << std::setw(4) << d.cards.size();
      if (d.product == "cards")
        out << " cards (" << definitions << " different)";
      else
        out << (d.cards.size() == 1 ? " page  (" : " pages (") << d.product
            << (d.product == "booklet" ? " " + d.file : std::string()) << ", format " << (d.format ? d.format->id : "?")
            << ")";
      out << "  " << d.name << "  [layout " << d.layout << (d.back_layout.empty() ? "" : ", back " + d.back_layout)
          << "]\n";
    }
  }
  return 0;
}

}  // namespace kw::cli
