#include "studio/card_renderer.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "render/render.h"
#include "studio/badges.h"

namespace kw::studio {

namespace {

// A rendering carried over from the previous state.
struct Rendered {
  std::shared_ptr<const std::string> png;
  std::shared_ptr<const page::Page> page;
  int width = 0, height = 0;
  std::vector<Badge> preflight;
};

std::map<std::string, Rendered> renderings(const SessionState& before) {
  std::map<std::string, Rendered> out;
  for (const auto& c : before.cards) {
    Rendered r{c.png, c.page, c.width_px, c.height_px, {}};
    for (const auto& b : c.badges)
      if (b.kind == Badge::Kind::Preflight) r.preflight.push_back(b);
    out.emplace(c.fingerprint, std::move(r));
  }
  return out;
}

// `raster` shrunk by a whole factor to about kGridDpi, each pixel the mean
// of the k x k it covers (of those there are, at the right and bottom
// edges), colour weighted by alpha; nullopt when it is not twice that.
// Hand-written rather than render::detail::box_scale: that one takes any
// rectangle with partly covered pixels and was 28 % of a reload's CPU time
// here; a whole factor is two integer loops.
std::optional<render::Raster> for_grid(const render::Raster& raster, double dpi) {
  const int k = static_cast<int>(std::lround(dpi / kGridDpi));
  if (k < 2) return std::nullopt;
  render::Raster out;
  out.width = (raster.width + k - 1) / k;
  out.height = (raster.height + k - 1) / k;
  out.dpi = dpi / k;
  out.rgba.resize(static_cast<size_t>(out.width) * static_cast<size_t>(out.height) * 4);
  const auto* in = raster.rgba.data();
  const auto stride = static_cast<size_t>(raster.width) * 4;
  if (k == 2 && raster.width % 2 == 0 && raster.height % 2 == 0 && raster.opaque()) {
    // The common case (an opaque card, twice the grid's resolution): plain
    // means of 2 x 2, in loops the compiler vectorises.
    for (int ty = 0; ty < out.height; ++ty) {
      const auto* r0 = in + static_cast<size_t>(2 * ty) * stride;
      const auto* r1 = r0 + stride;
      auto* o = out.rgba.data() + static_cast<size_t>(ty) * static_cast<size_t>(out.width) * 4;
      for (size_t x = 0; x < static_cast<size_t>(out.width) * 4; ++x) {
        const size_t i = (x / 4) * 8 + x % 4;
        o[x] = static_cast<std::uint8_t>((r0[i] + r0[i + 4] + r1[i] + r1[i + 4] + 2) / 4);
      }
    }
    return out;
  }
  std::vector<std::uint32_t> sums(static_cast<size_t>(out.width) * 5);  // per target pixel: a, r*a, g*a, b*a, count
  for (int ty = 0; ty < out.height; ++ty) {
    std::fill(sums.begin(), sums.end(), 0);
    for (int y = ty * k; y < std::min(raster.height, ty * k + k); ++y) {
      const auto* row = in + static_cast<size_t>(y) * stride;
      for (int x = 0; x < raster.width; ++x) {
        const auto* p = row + static_cast<size_t>(x) * 4;
        auto* sum = &sums[static_cast<size_t>(x / k) * 5];
        const std::uint32_t a = p[3];
        sum[0] += a;
        sum[1] += p[0] * a;
        sum[2] += p[1] * a;
        sum[3] += p[2] * a;
        sum[4] += 1;
      }
    }
    auto* row = out.rgba.data() + static_cast<size_t>(ty) * static_cast<size_t>(out.width) * 4;
    for (int tx = 0; tx < out.width; ++tx) {
      const auto* sum = &sums[static_cast<size_t>(tx) * 5];
      auto* p = row + static_cast<size_t>(tx) * 4;
      p[3] = static_cast<std::uint8_t>((sum[0] + sum[4] / 2) / sum[4]);
      for (int c = 0; c < 3; ++c)
        p[c] = static_cast<std::uint8_t>(sum[0] == 0 ? 0 : (sum[1 + c] + sum[0] / 2) / sum[0]);
    }
  }
  return out;
}

void render_one(const layout::LaidOutCard& page, CardView& view, const verify::PrintProfile& profile, double dpi) {
  render::Raster raster = render::render_raster(page.page, dpi);
  view.width_px = raster.width;
  view.height_px = raster.height;
  const auto grid = for_grid(raster, dpi);
  view.png =
      std::make_shared<const std::string>(render::encode_png(grid ? *grid : raster, render::PngCompression::Fast));
  view.page = std::make_shared<const page::Page>(page.page);
  auto badges = preflight_badges(page.page, raster, profile);
  view.badges.insert(view.badges.end(), badges.begin(), badges.end());
}

}  // namespace

size_t render_cards(std::span<const layout::LaidOutCard> pages, std::span<CardView> views, const SessionState& before,
                    const verify::PrintProfile& profile, double dpi, unsigned threads) {
  const auto old = renderings(before);
  std::vector<size_t> todo;
  for (size_t i = 0; i < views.size(); ++i) {
    auto it = old.find(views[i].fingerprint);
    if (it == old.end() || !it->second.png) {
      todo.push_back(i);
      continue;
    }
    views[i].png = it->second.png;
    views[i].page = it->second.page;
    views[i].width_px = it->second.width;
    views[i].height_px = it->second.height;
    views[i].badges.insert(views[i].badges.end(), it->second.preflight.begin(), it->second.preflight.end());
  }
  // Cards are independent: render them on the machine's cores. The first
  // exception is rethrown once every worker has stopped.
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto work = [&] {
    for (size_t k; (k = next++) < todo.size();) try {
        render_one(pages[todo[k]], views[todo[k]], profile, dpi);
      } catch (...) {
        std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
      }
  };
  std::vector<std::jthread> workers;
  const size_t n = std::min<size_t>(std::max(1u, threads), todo.size());
  for (size_t t = 1; t < n; ++t) workers.emplace_back(work);
  work();
  workers.clear();
  if (failure) std::rethrow_exception(failure);
  return todo.size();
}

std::string render_full_png(const page::Page& page, double dpi) {
  return render::encode_png(render::render_raster(page, dpi), render::PngCompression::Fast);
}

}  // namespace kw::studio
