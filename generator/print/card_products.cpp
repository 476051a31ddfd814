#include "print/card_products.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <stdexcept>
#include <unistd.h>

#include "core/files.h"
#include "render/render.h"

namespace kw::print {

namespace fs = std::filesystem;

namespace {

std::string numbered(size_t n, const std::string& id) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%02zu-", n);
  return buf + id;
}

// A PDF streamed page by page into a temporary file, renamed into place only
// when complete (no half-written PDF survives a failure).
class PdfFile {
 public:
  explicit PdfFile(fs::path path)
      : path_(std::move(path)), tmp_(path_.string() + ".tmp-" + std::to_string(::getpid())),
        out_((fs::create_directories(path_.parent_path()), tmp_), std::ios::binary | std::ios::trunc),
        doc_([this](std::string_view bytes) { out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size())); },
             render::PdfOptions{}) {
    if (!out_) throw std::runtime_error("cannot write " + tmp_.string());
  }
  ~PdfFile() {
    if (!done_) {
      std::error_code ec;
      out_.close();
      fs::remove(tmp_, ec);
    }
  }
  void add(const layout::Page& page) { doc_.add_page(page); }
  void finish() {
    doc_.finish();
    out_.close();
    if (!out_) throw std::runtime_error("cannot write " + path_.string());
    fs::rename(tmp_, path_);
    done_ = true;
  }

 private:
  fs::path path_, tmp_;
  std::ofstream out_;
  render::PdfDocument doc_;
  bool done_ = false;
};

}  // namespace

std::vector<LaidOutCard> layout_game(const model::Game& game, layout::Layouter& layouter, const BuildOptions& options,
                                     Diagnostics& diags) {
  const std::string& language = options.language;
  const layout::ValueMap* values = &options.rule_values;
  std::vector<LaidOutCard> cards;
  size_t number = 0;
  for (const auto& deck : game.decks) {
    if (deck.product != "cards") continue;
    const layout::LayoutDef* def = layouter.definition(deck.layout, diags);
    for (const auto& card : deck.cards) {
      ++number;
      if (!def) continue;
      cards.push_back({numbered(number, card.id), layouter.layout(*def, game, &card, diags, language, values)});
    }
  }
  std::set<std::string> backs;
  for (const auto& deck : game.decks)
    if (deck.product == "cards" && !deck.back_layout.empty()) backs.insert(deck.back_layout);
  for (const auto& deck : game.decks) {
    if (deck.product != "cards" || deck.back_layout.empty() || !backs.count(deck.back_layout)) continue;
    backs.erase(deck.back_layout);  // each distinct back once
    const layout::LayoutDef* def = layouter.definition(deck.back_layout, diags);
    if (!def) continue;
    bool shared = std::all_of(game.decks.begin(), game.decks.end(), [&](const model::Deck& d) {
      return d.product != "cards" || d.back_layout == deck.back_layout;
    });
    std::string stem = shared ? "00-back" : "00-back-" + deck.id;
    cards.push_back({stem, layouter.layout(*def, game, nullptr, diags, language, values, &deck)});
  }
  return cards;
}

std::vector<LaidOutBooklet> layout_booklets(const model::Game& game, layout::Layouter& layouter,
                                            const BuildOptions& options, Diagnostics& diags) {
  std::vector<LaidOutBooklet> booklets;
  for (const auto& deck : game.decks) {
    if (deck.product != "booklet") continue;
    const layout::LayoutDef* def = layouter.definition(deck.layout, diags);
    if (!def) continue;
    LaidOutBooklet booklet{deck.file, {}};
    for (const auto& card : deck.cards)
      booklet.pages.push_back(layouter.layout(*def, game, &card, diags, options.language, &options.rule_values));
    booklets.push_back(std::move(booklet));
  }
  return booklets;
}

BuildReport build_card_products(const model::Game& game, layout::Layouter& layouter, const BuildOptions& options,
                                Diagnostics& diags) {
  BuildReport report;
  size_t errors_before = diags.error_count();
  auto cards = layout_game(game, layouter, options, diags);
  auto booklets = options.formats.pdf ? layout_booklets(game, layouter, options, diags) : std::vector<LaidOutBooklet>{};
  if (diags.error_count() > errors_before) return report;

  const double dpi = game.format->dpi;
  fs::path dir = options.out_dir / game.id;
  std::unique_ptr<PdfFile> pdf;
  if (options.formats.pdf) pdf = std::make_unique<PdfFile>(dir / (game.id + ".pdf"));
  for (const auto& card : cards) {
    if (options.formats.png || options.formats.jpeg) {
      render::Raster raster = render::render_raster(card.page, dpi);
      if (options.formats.png) {
        fs::path file = dir / "cards" / (card.stem + ".png");
        write_file_atomic(file, render::encode_png(raster));
        report.written.push_back(file);
      }
      if (options.formats.jpeg) {
        fs::path file = dir / "meinspiel" / (card.stem + ".jpg");
        write_file_atomic(file, render::encode_jpeg(raster, 95));
        report.written.push_back(file);
      }
    }
    if (pdf) pdf->add(card.page);
  }
  if (pdf) {
    pdf->finish();
    report.written.push_back(dir / (game.id + ".pdf"));
  }
  for (const auto& booklet : booklets) {
    PdfFile file(dir / booklet.file);
    for (const auto& page : booklet.pages) file.add(page);
    file.finish();
    report.written.push_back(dir / booklet.file);
  }
  return report;
}

}  // namespace kw::print
