#include "products/pdf_parts.h"

#include <fmt/format.h>

#include <charconv>
#include <stdexcept>
#include <utility>

#include "core/sha256.h"
#include "page/fingerprint.h"

namespace kw::products {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kMagic = "kartenwerk pdf part 1\n";

// A number as text that reads back to the same double.
void put_number(std::string& out, double v) { out += fmt::format("{} ", v); }

bool get_number(std::string_view& in, double& v) {
  const size_t space = in.find(' ');
  if (space == std::string_view::npos) return false;
  auto [end, ec] = std::from_chars(in.data(), in.data() + space, v);
  if (ec != std::errc() || end != in.data() + space) return false;
  in.remove_prefix(space + 1);
  return true;
}

}  // namespace

std::string pack_part(const pdf::PageBoxes& boxes, std::string_view pdf) {
  std::string out(kMagic);
  for (const Rect* r : {&boxes.media, &boxes.bleed, &boxes.trim})
    for (double v : {r->x, r->y, r->w, r->h}) put_number(out, v);
  out += '\n';
  out += pdf;
  return out;
}

std::optional<std::pair<pdf::PageBoxes, std::string>> unpack_part(std::string_view in) {
  if (!in.starts_with(kMagic)) return std::nullopt;
  in.remove_prefix(kMagic.size());
  pdf::PageBoxes boxes;
  for (Rect* r : {&boxes.media, &boxes.bleed, &boxes.trim})
    for (double* v : {&r->x, &r->y, &r->w, &r->h})
      if (!get_number(in, *v)) return std::nullopt;
  if (!in.starts_with('\n')) return std::nullopt;
  in.remove_prefix(1);
  return std::make_pair(boxes, std::string(in));
}

PartedPdf::PartedPdf(fs::path file, PartedPdfOptions options)
    : file_(file), options_(std::move(options)), joiner_(std::move(file), options_.actual_size) {}

void PartedPdf::add(const std::string& key, const std::function<std::shared_ptr<const page::Page>()>& make,
                    const std::string& what) {
  const infra::BuildCache* cache = options_.cache;
  const std::string full_key = infra::cache_key({"pdf part", options_.pdf.title, options_.pdf.clock.key(), key});
  if (cache) {
    if (auto hit = cache->get(full_key)) {
      if (auto part = unpack_part(*hit)) {
        joiner_.add(std::move(part->second), part->first, what);
        return;
      }
    }
  }
  auto span = infra::timed(options_.timings, "pdf page", options_.game, {}, what);
  const std::shared_ptr<const page::Page> page = make();
  render::PdfDocument doc(options_.pdf);
  doc.add_page(*page);
  std::string bytes = doc.finish();
  const pdf::PageBoxes boxes = pdf::boxes_of(*page);
  span.end();
  ++rendered_;
  if (cache) cache->put(full_key, pack_part(boxes, bytes));
  joiner_.add(std::move(bytes), boxes, what);
}

void PartedPdf::add(const page::Page& page, const std::string& what) {
  // Not owned: the caller's page outlives the call.
  add(
      kw::hex(page::fingerprint(page)),
      [&page] { return std::shared_ptr<const page::Page>(std::shared_ptr<void>(), &page); }, what);
}

void PartedPdf::finish() {
  try {
    joiner_.finish();
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot write " + file_.string() + ": " + e.what());
  }
}

}  // namespace kw::products
