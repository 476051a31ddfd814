#include "layout/game_layout.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "core/parallel.h"
#include "layout/card_record.h"
#include "model/field_path.h"
#include "page/fingerprint.h"
#include "project/path.h"

namespace kw::layout {

namespace {

bool prints_cards(const model::Deck& deck) { return deck.product == model::Product::Cards; }

size_t card_count(const model::Game& game) {
  size_t total = 0;
  for (const auto& deck : game.decks)
    if (prints_cards(deck)) total += deck.cards.size();
  return total;
}

// "07-gondor-erbe-1": zero-padded so that file names sort in card order
// (three digits once a game has 100 cards or more).
std::string numbered(size_t n, size_t total, const std::string& id) {
  return fmt::format("{:0{}}-{}", n, total >= 100 ? 3 : 2, id);
}

// One page to lay out: with which definition, which card (nullptr for a
// back), under what file stem, and where its findings go.
struct CardJob {
  const LayoutDef* def = nullptr;
  const model::Card* card = nullptr;
  const model::Deck* back_of = nullptr;
  std::string stem;
  size_t findings = 0;  // index into the findings in report order
};

// Each distinct back once, in deck order: 00-back, or 00-back-<deck> when the
// decks do not all share it.
void back_jobs(const model::Game& game, Layouter& layouter, std::vector<Diagnostics>& findings,
               std::vector<CardJob>& jobs) {
  std::set<std::string> backs;
  for (const auto& deck : game.decks)
    if (prints_cards(deck) && !deck.back_layout.empty()) backs.insert(deck.back_layout);
  const std::string zero = card_count(game) >= 100 ? "000" : "00";
  for (const auto& deck : game.decks) {
    if (!prints_cards(deck) || deck.back_layout.empty() || !backs.count(deck.back_layout)) continue;
    backs.erase(deck.back_layout);
    const LayoutDef* def = layouter.definition(deck.back_layout, findings.emplace_back());
    if (!def) continue;
    bool shared = std::all_of(game.decks.begin(), game.decks.end(), [&](const model::Deck& d) {
      return !prints_cards(d) || d.back_layout == deck.back_layout;
    });
    findings.emplace_back();
    jobs.push_back({def, nullptr, &deck, shared ? zero + "-back" : zero + "-back-" + deck.id, findings.size() - 1});
  }
}

}  // namespace

namespace {

// Every page of the game's `cards` decks to lay out, in layout_cards' order,
// and a findings slot for each definition and each card, in report order.
struct CardPlan {
  std::vector<CardJob> jobs;
  std::vector<Diagnostics> findings;
};

CardPlan plan_cards(const model::Game& game, Layouter& layouter) {
  CardPlan plan;
  const size_t total = card_count(game);
  size_t number = 0;
  for (const auto& deck : game.decks) {
    if (!prints_cards(deck)) continue;
    const LayoutDef* def = layouter.definition(deck.layout, plan.findings.emplace_back());
    for (const auto& card : deck.cards) {
      ++number;
      if (!def) continue;
      plan.findings.emplace_back();
      plan.jobs.push_back({def, &card, nullptr, numbered(number, total, card.id), plan.findings.size() - 1});
    }
  }
  back_jobs(game, layouter, plan.findings, plan.jobs);
  return plan;
}

page::Page lay_out(const CardJob& job, const model::Game& game, const Layouter& layouter,
                   const GameLayoutContext& context, Diagnostics& findings, ValuesRead* read = nullptr) {
  page::Page page =
      layouter.layout(*job.def, game, job.card, findings, context.language, context.rule_values, job.back_of, read);
  if (context.draft_mark) layouter.add_draft_mark(page);
  return page;
}

// Whether each rules' value, game text and game list length in `read` is
// what it was.
bool same_values(const ValuesRead& read, const model::Game& game, const GameLayoutContext& context) {
  for (const auto& [path, text] : read) {
    if (path.starts_with("#")) {
      if (text != game_list_length(game, path.substr(1))) return false;
    } else if (path.starts_with("game.")) {
      if (text != game_text(game, path)) return false;
    } else {
      const std::string* now = context.rule_values ? model::rules_value(*context.rule_values, path) : nullptr;
      if (now ? !text || *text != *now : text.has_value()) return false;
    }
  }
  return true;
}

}  // namespace

std::vector<LaidOutCard> layout_cards(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                                      Diagnostics& diags) {
  // The definitions are looked up in card order first, then the cards are
  // laid out on up to context.jobs threads, each into its own findings; the
  // findings are reported in the order a single thread would have found
  // them (a definition's problems before its cards'), so neither the
  // messages nor the pages depend on the number of threads.
  CardPlan plan = plan_cards(game, layouter);
  std::vector<LaidOutCard> cards(plan.jobs.size());
  parallel_for(plan.jobs.size(), context.jobs, [&](size_t i) {
    const CardJob& job = plan.jobs[i];
    cards[i] = {job.stem, lay_out(job, game, layouter, context, plan.findings[job.findings])};
  });
  for (const auto& found : plan.findings) layouter.merge_findings(diags, found);
  return cards;
}

std::vector<LaidOutCard> layout_cards(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                                      Diagnostics& diags, CardMemo& memo) {
  // As layout_cards; the findings of a card taken from the memo are merged
  // in its place in report order, so the messages are the same too.
  CardPlan plan = plan_cards(game, layouter);
  const size_t n = plan.jobs.size();
  std::vector<std::string> keys(n);
  std::vector<std::shared_ptr<const CardMemo::Entry>> found(n);
  for (size_t i = 0; i < n; ++i) {
    const CardJob& job = plan.jobs[i];
    keys[i] = memo.key(job.card, job.back_of, job.stem);
    if (auto it = memo.entries.find(keys[i]);
        it != memo.entries.end() && same_values(it->second->values, game, context))
      found[i] = it->second;
  }
  std::vector<size_t> fresh;
  for (size_t i = 0; i < n; ++i)
    if (!found[i]) fresh.push_back(i);
  parallel_for(fresh.size(), context.jobs, [&](size_t k) {
    const size_t i = fresh[k];
    auto entry = std::make_shared<CardMemo::Entry>();
    entry->page = lay_out(plan.jobs[i], game, layouter, context, entry->findings, &entry->values);
    entry->fingerprint = page::fingerprint(entry->page);
    found[i] = std::move(entry);
  });
  std::vector<LaidOutCard> cards(n);
  std::map<std::string, std::shared_ptr<const CardMemo::Entry>> kept;
  memo.fingerprints.assign(n, {});
  for (size_t i = 0; i < n; ++i) {
    const CardJob& job = plan.jobs[i];
    plan.findings[job.findings] = found[i]->findings;
    cards[i] = {job.stem, found[i]->page};
    memo.fingerprints[i] = found[i]->fingerprint;
    kept.emplace(keys[i], found[i]);
  }
  for (const auto& f : plan.findings) layouter.merge_findings(diags, f);
  memo.entries = std::move(kept);
  memo.laid_out = fresh.size();
  memo.reused = n - fresh.size();
  return cards;
}

namespace {

// Each job's entry in `known` that still holds (same key, same values read),
// or null: to be laid out. Backs are never taken from it.
std::vector<std::shared_ptr<const KnownLayouts::Entry>> known_entries(const CardPlan& plan, const model::Game& game,
                                                                      const GameLayoutContext& context,
                                                                      const KnownLayouts* known,
                                                                      std::vector<std::string>& keys) {
  const size_t n = plan.jobs.size();
  std::vector<std::shared_ptr<const KnownLayouts::Entry>> found(n);
  keys.assign(n, {});
  if (!known) return found;
  for (size_t i = 0; i < n; ++i) {
    const CardJob& job = plan.jobs[i];
    if (!job.card) continue;
    keys[i] = known->key(job.card, job.back_of, job.stem);
    if (auto it = known->entries.find(keys[i]);
        it != known->entries.end() && same_values(it->second->values, game, context))
      found[i] = it->second;
  }
  return found;
}

}  // namespace

CardPages layout_card_pages(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                            Diagnostics& diags, KnownLayouts* known) {
  // As layout_cards, but each page is kept only while it is among the first
  // context.pages_held fronts or is a back: the rest are laid out again when
  // asked for (card_pages.h). The findings of a card taken from `known` are
  // merged in its place in report order, so the messages are the same.
  auto plan = std::make_shared<CardPlan>(plan_cards(game, layouter));
  const size_t n = plan->jobs.size();
  std::vector<std::string> keys;
  std::vector<std::shared_ptr<const KnownLayouts::Entry>> found = known_entries(*plan, game, context, known, keys);
  std::vector<CardPages::Entry> entries(n);
  std::vector<std::shared_ptr<const page::Page>> first(n);
  std::vector<size_t> fresh;
  for (size_t i = 0; i < n; ++i) {
    const CardJob& job = plan->jobs[i];
    if (!found[i]) {
      fresh.push_back(i);
      continue;
    }
    entries[i] = {job.stem, found[i]->fingerprint, found[i]->frame, nullptr, found[i]->painted};
    plan->findings[job.findings] = found[i]->findings;
  }
  PaintedPool painted_pool;
  parallel_for(fresh.size(), context.jobs, [&](size_t k) {
    const size_t i = fresh[k];
    const CardJob& job = plan->jobs[i];
    const bool keep = known && job.card;
    ValuesRead read;
    page::Page page = lay_out(job, game, layouter, context, plan->findings[job.findings], keep ? &read : nullptr);
    CardPages::Entry& e = entries[i];
    e.stem = job.stem;
    e.fingerprint = kw::hex(page::fingerprint(page));
    e.frame = frame_of(page);
    e.painted = painted_pool.share(painted_inputs(page));
    if (keep)
      found[i] = std::make_shared<const KnownLayouts::Entry>(
          KnownLayouts::Entry{e.fingerprint, e.frame, plan->findings[job.findings], std::move(read), e.painted});
    const bool back = job.card == nullptr;
    if (back || i < context.pages_held) {
      auto held = std::make_shared<const page::Page>(std::move(page));
      (back ? e.page : first[i]) = std::move(held);
    }
  });
  for (const auto& f : plan->findings) layouter.merge_findings(diags, f);
  if (known) {
    KnownLayouts::Entries kept;
    for (size_t i = 0; i < n; ++i)
      if (found[i]) kept.emplace(keys[i], found[i]);
    known->entries = std::move(kept);
    known->laid_out = 0;
    for (size_t i : fresh) known->laid_out += plan->jobs[i].card ? 1 : 0;
    known->reused = known->entries.size() - known->laid_out;
  }
  std::vector<std::pair<size_t, std::shared_ptr<const page::Page>>> recent;
  for (size_t i = n; i-- > 0;)  // the first card most recently used: it is evicted last
    if (first[i]) recent.emplace_back(i, std::move(first[i]));
  auto relayout = [plan, &game, &layouter, context](size_t i) {
    Diagnostics ignored;  // reported by the first layout
    return lay_out(plan->jobs.at(i), game, layouter, context, ignored);
  };
  return CardPages(std::move(entries), relayout, context.pages_held, std::move(recent));
}

std::vector<LaidOutBooklet> layout_booklets(const model::Game& game, Layouter& layouter,
                                            const GameLayoutContext& context, Diagnostics& diags) {
  std::vector<LaidOutBooklet> booklets;
  for (const auto& deck : game.decks) {
    if (deck.product != model::Product::Booklet) continue;
    const LayoutDef* def = layouter.definition(deck.layout, diags);
    if (!def) continue;
    LaidOutBooklet booklet{deck.file, {}};
    for (const auto& card : deck.cards) {
      Diagnostics found;
      booklet.pages.push_back(layouter.layout(*def, game, &card, found, context.language, context.rule_values));
      layouter.merge_findings(diags, found);
    }
    booklets.push_back(std::move(booklet));
  }
  return booklets;
}

std::vector<LaidOutBoard> layout_boards(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                                        Diagnostics& diags) {
  std::vector<LaidOutBoard> boards;
  for (const auto& deck : game.decks) {
    if (deck.product != model::Product::Board) continue;
    const LayoutDef* def = layouter.definition(deck.layout, diags);
    if (!def) continue;
    std::string stem = deck.file.empty() ? "board" : project::stem(deck.file);
    for (const auto& card : deck.cards) {
      LaidOutBoard board;
      board.stem = &card == &deck.cards.front() ? stem : stem + "-" + card.id;
      board.title = game.name + " – " + (deck.name.empty() ? deck.id : deck.name);
      board.loc = card.loc;
      Diagnostics found;
      board.page = layouter.layout(*def, game, &card, found, context.language, context.rule_values);
      layouter.merge_findings(diags, found);
      boards.push_back(std::move(board));
    }
  }
  return boards;
}

LaidOutGame layout_game(const model::Game& game, Layouter& layouter, const GameLayoutContext& context,
                        Diagnostics& diags, bool booklets, KnownLayouts* known) {
  LaidOutGame laid_out;
  layouter.check_font_swaps(game, diags);
  laid_out.cards = layout_card_pages(game, layouter, context, diags, known);
  if (booklets) laid_out.booklets = layout_booklets(game, layouter, context, diags);
  laid_out.boards = layout_boards(game, layouter, context, diags);
  if (context.draft_mark) {
    for (auto& booklet : laid_out.booklets)
      for (auto& page : booklet.pages) layouter.add_draft_mark(page);
    for (auto& board : laid_out.boards) layouter.add_draft_mark(board.page);
  }
  return laid_out;
}

std::vector<CardSide> card_sides(const model::Game& game, std::span<const LaidOutCard> cards) {
  return card_sides(game, cards.size());
}

std::vector<CardSide> card_sides(const model::Game& game, size_t laid_out) {
  size_t fronts = card_count(game);
  std::map<std::string, size_t> back_index;
  size_t next = fronts;
  for (const auto& deck : game.decks)
    if (prints_cards(deck) && !deck.back_layout.empty() && !back_index.count(deck.back_layout))
      back_index[deck.back_layout] = next++;
  if (next != laid_out)
    throw std::logic_error("game " + game.id + ": " + std::to_string(laid_out) + " laid-out cards, expected " +
                           std::to_string(next));
  std::vector<CardSide> sides;
  size_t i = 0;
  for (const auto& deck : game.decks) {
    if (!prints_cards(deck)) continue;
    for (size_t k = 0; k < deck.cards.size(); ++k, ++i) {
      CardSide side{i, std::nullopt};
      if (!deck.back_layout.empty()) side.back = back_index.at(deck.back_layout);
      sides.push_back(side);
    }
  }
  return sides;
}

}  // namespace kw::layout
