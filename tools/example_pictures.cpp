// Draws the pictures of the Monddämmerung variant "bilder" (README, "Raster
// art"): night-sky portraits of the yellow gods, made from nothing but
// arithmetic, so they are ours to ship under the project's licence. The
// same program writes the same bytes every time (its own noise, fixed
// encoder settings). Usage:
//   build/tools/example_pictures templates/monddaemmerung/bilder
#include <webp/encode.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "render/jpeg.h"
#include "render/png.h"

namespace {

using kw::page::Raster;

struct Rgb {
  double r, g, b;
};
Rgb mix(Rgb a, Rgb b, double t) {
  t = std::clamp(t, 0.0, 1.0);
  return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}
double smooth(double edge0, double edge1, double x) {
  double t = std::clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0);
  return t * t * (3 - 2 * t);
}

// Integer hash noise: the same on every machine (no library distribution).
double hash(int x, int y, unsigned seed) {
  std::uint32_t h = static_cast<std::uint32_t>(x) * 374761393u + static_cast<std::uint32_t>(y) * 668265263u + seed;
  h = (h ^ (h >> 13)) * 1274126177u;
  return ((h ^ (h >> 16)) & 0xFFFF) / 65535.0;
}
double value_noise(double x, double y, unsigned seed) {
  int ix = static_cast<int>(std::floor(x)), iy = static_cast<int>(std::floor(y));
  double fx = x - ix, fy = y - iy;
  fx = fx * fx * (3 - 2 * fx);
  fy = fy * fy * (3 - 2 * fy);
  double a = hash(ix, iy, seed), b = hash(ix + 1, iy, seed), c = hash(ix, iy + 1, seed), d = hash(ix + 1, iy + 1, seed);
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

// One figure: head and shoulders at `cx` (fraction of the width), with a
// halo; `robe` its colour.
struct Figure {
  double cx;
  Rgb robe;
  double halo;  // radius of the halo, fraction of the height
};

struct Portrait {
  std::string file;  // name.jpg | name.png | name.webp
  int width, height;
  Rgb sky_top, sky_bottom;
  std::vector<Figure> figures;
  unsigned seed;
  bool poster;  // flat colours (the PNGs: they compress well)
};

Rgb shade(const Portrait& p, double u, double v) {  // u, v in 0..1 of width and height
  const double aspect = static_cast<double>(p.width) / p.height;
  Rgb c = mix(p.sky_top, p.sky_bottom, v * 1.1);
  // Stars, and a crescent moon top right.
  double star = hash(static_cast<int>(u * 180), static_cast<int>(v * 180), p.seed);
  if (star > 0.992 && v < 0.6) c = mix(c, {1, 0.97, 0.85}, 0.9);
  const double mx = (u - 0.8) * aspect, my = v - 0.16;
  const double moon = std::hypot(mx, my), bite = std::hypot(mx - 0.035, my + 0.02);
  if (moon < 0.075 && bite > 0.07) c = mix(c, {0.98, 0.93, 0.76}, smooth(0.075, 0.07, moon));
  for (const Figure& f : p.figures) {
    const double x = (u - f.cx) * aspect, y = v;
    // Halo: a bright ring behind the head.
    const double hr = std::hypot(x, y - 0.4);
    c = mix(c, {1, 0.85, 0.45}, 0.55 * smooth(f.halo + 0.02, f.halo, hr) * smooth(f.halo - 0.06, f.halo - 0.01, hr));
    // Shoulders and robe, lit from the left.
    const double body = std::hypot(x / 0.36, (y - 1.02) / 0.42);
    if (body < 1) c = mix(f.robe, mix(f.robe, {1, 1, 1}, 0.35), smooth(0.1, -0.25, x) * (1 - body));
    // Neck and head.
    if (std::abs(x) < 0.05 && y > 0.45 && y < 0.62) c = {0.55, 0.4, 0.32};
    const double head = std::hypot(x / 0.105, (y - 0.4) / 0.13);
    if (head < 1) c = mix({0.86, 0.68, 0.55}, {0.45, 0.32, 0.26}, smooth(-0.06, 0.09, x) * 0.9 + head * 0.1);
  }
  if (!p.poster) {  // brush-like grain
    const double grain = value_noise(u * 60, v * 60, p.seed) - 0.5 + (value_noise(u * 9, v * 9, p.seed + 7) - 0.5);
    c = {c.r + grain * 0.08, c.g + grain * 0.08, c.b + grain * 0.08};
  }
  return c;
}

Raster draw(const Portrait& p) {
  Raster r;
  r.width = p.width;
  r.height = p.height;
  r.dpi = 300;
  r.rgba.reserve(static_cast<size_t>(p.width) * p.height * 4);
  for (int y = 0; y < p.height; ++y)
    for (int x = 0; x < p.width; ++x) {
      Rgb sum{0, 0, 0};
      for (int s = 0; s < 4; ++s) {  // 2 x 2 samples per pixel: smooth edges
        const int sx = s % 2, sy = s / 2;
        Rgb c = shade(p, (x + 0.25 + 0.5 * sx) / p.width, (y + 0.25 + 0.5 * sy) / p.height);
        sum = {sum.r + c.r / 4, sum.g + c.g / 4, sum.b + c.b / 4};
      }
      for (double ch : {sum.r, sum.g, sum.b}) {
        double v = std::clamp(ch, 0.0, 1.0) * 255;
        if (p.poster) v = std::round(v / 24) * 24;
        r.rgba.push_back(static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L)));
      }
      r.rgba.push_back(255);
    }
  return r;
}

std::string encode(const Portrait& p, const Raster& r) {
  const std::string ext = p.file.substr(p.file.rfind('.') + 1);
  if (ext == "jpg") return kw::render::encode_jpeg(r, {82, true});
  if (ext == "png") return kw::render::encode_png(r, kw::render::PngCompression::Small);
  uint8_t* out = nullptr;
  size_t size = WebPEncodeRGBA(r.rgba.data(), r.width, r.height, r.width * 4, 80, &out);
  std::string bytes(reinterpret_cast<const char*>(out), size);
  WebPFree(out);
  return bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: example_pictures DIR\n");
    return 2;
  }
  const Rgb night{0.05, 0.06, 0.16}, dusk{0.55, 0.35, 0.3}, dawn{0.95, 0.6, 0.35}, violet{0.3, 0.18, 0.4};
  const Rgb gold{0.85, 0.62, 0.12}, crimson{0.62, 0.12, 0.14}, sea{0.1, 0.35, 0.5}, moss{0.22, 0.4, 0.18},
      ivory{0.88, 0.84, 0.72}, ink{0.16, 0.14, 0.28};
  const std::vector<Portrait> portraits = {
      {"allmutter.jpg", 400, 400, night, dusk, {{0.5, gold, 0.2}}, 1, false},
      {"himmelsvater.jpg", 400, 400, night, sea, {{0.5, ink, 0.22}}, 2, false},
      {"weltenrichter.jpg", 400, 400, violet, night, {{0.5, crimson, 0.2}}, 3, false},
      {"weberin.png", 400, 400, night, violet, {{0.5, moss, 0.18}}, 4, true},
      {"morgenroete.png", 400, 400, violet, dawn, {{0.5, ivory, 0.21}}, 5, true},
      {"seherin.webp", 400, 400, night, {0.2, 0.3, 0.55}, {{0.5, sea, 0.19}}, 6, false},
      // Two figures on one wide picture: two cards show it, each its own half (focus).
      {"hueter.webp", 640, 400, night, dusk, {{0.25, crimson, 0.19}, {0.75, moss, 0.19}}, 7, false},
  };
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  for (const Portrait& p : portraits) {
    const std::string bytes = encode(p, draw(p));
    std::ofstream(dir / p.file, std::ios::binary) << bytes;
    std::printf("%s %zu bytes\n", (dir / p.file).c_str(), bytes.size());
  }
  return 0;
}
