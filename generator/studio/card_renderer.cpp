#include "studio/card_renderer.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <map>
#include <mutex>
#include <thread>

#include "render/render.h"
#include "studio/badges.h"

namespace kw::studio {

namespace {

// A rendering carried over from the previous state.
struct Rendered {
  std::shared_ptr<const GridImage> image;
  std::shared_ptr<const page::Page> page;
  int width = 0, height = 0;
  bool preflighted = false;
  std::vector<Badge> preflight;
};

std::map<std::string, Rendered> renderings(const SessionState& before) {
  std::map<std::string, Rendered> out;
  for (const auto& c : before.cards) {
    Rendered r{c.image, c.page, c.width_px, c.height_px, c.preflighted, {}};
    for (const auto& b : c.badges)
      if (b.kind == Badge::Kind::Preflight) r.preflight.push_back(b);
    out.emplace(c.fingerprint, std::move(r));
  }
  return out;
}

// The grid's image: the page at the game's resolution divided by a whole
// factor (about kGridDpi), so that its pixels fall on whole pixels of the
// full resolution; rendered when first asked for.
void prepare_one(const layout::LaidOutCard& page, CardView& view, double dpi) {
  const long k = std::lround(dpi / kGridDpi);
  const double grid_dpi = k >= 2 ? dpi / static_cast<double>(k) : dpi;
  const render::PixelSize full = render::pixel_size(page.page, dpi);
  view.width_px = full.width;
  view.height_px = full.height;
  view.page = std::make_shared<const page::Page>(page.page);
  view.image = std::make_shared<const GridImage>(view.page, grid_dpi);
}

}  // namespace

std::shared_ptr<const std::string> GridImage::png() const {
  std::lock_guard lock(mutex_);
  if (!png_)
    png_ = std::make_shared<const std::string>(
        render::encode_png(render::render_raster(*page_, dpi_), render::PngCompression::Fast));
  return png_;
}

bool GridImage::rendered() const {
  std::lock_guard lock(mutex_);
  return png_ != nullptr;
}

size_t render_cards(std::span<const layout::LaidOutCard> pages, std::span<CardView> views, const SessionState& before,
                    double dpi) {
  const auto old = renderings(before);
  size_t fresh = 0;
  for (size_t i = 0; i < views.size(); ++i) {
    auto it = old.find(views[i].fingerprint);
    if (it == old.end() || !it->second.image) {
      prepare_one(pages[i], views[i], dpi);
      ++fresh;
      continue;
    }
    views[i].image = it->second.image;
    views[i].page = it->second.page;
    views[i].width_px = it->second.width;
    views[i].height_px = it->second.height;
    views[i].preflighted = it->second.preflighted;
    views[i].badges.insert(views[i].badges.end(), it->second.preflight.begin(), it->second.preflight.end());
  }
  return fresh;
}

void render_now(std::span<const CardView> views, unsigned threads) {
  // Cards are independent: render them on the machine's cores. The first
  // exception is rethrown once every worker has stopped.
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto work = [&] {
    for (size_t k; (k = next++) < views.size();) try {
        if (views[k].image) views[k].image->png();
      } catch (...) {
        std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
      }
  };
  std::vector<std::jthread> workers;
  const size_t n = std::min<size_t>(std::max(1u, threads), views.size());
  for (size_t t = 1; t < n; ++t) workers.emplace_back(work);
  work();
  workers.clear();
  if (failure) std::rethrow_exception(failure);
}

std::string render_full_png(const page::Page& page, double dpi) {
  return render::encode_png(render::render_raster(page, dpi), render::PngCompression::Fast);
}

std::vector<Badge> judge_preflight(const page::Page& page, const verify::PrintProfile& profile, double dpi) {
  return preflight_badges(page, render::render_raster(page, dpi), profile);
}

}  // namespace kw::studio
