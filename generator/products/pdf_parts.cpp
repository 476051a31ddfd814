#include "products/pdf_parts.h"

#include <fmt/format.h>

#include <charconv>
#include <stdexcept>
#include <utility>

#include "core/binary_record.h"
#include "infra/staging.h"

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

std::string pack_part(std::span<const pdf::PageBoxes> boxes, std::string_view pdf) {
  std::string out(kMagic);
  out += std::to_string(boxes.size()) + "\n";
  for (const pdf::PageBoxes& b : boxes)
    for (const Rect* r : {&b.media, &b.bleed, &b.trim})
      for (double v : {r->x, r->y, r->w, r->h}) put_number(out, v);
  out += '\n';
  out += pdf;
  return out;
}

std::optional<std::pair<std::vector<pdf::PageBoxes>, std::string>> unpack_part(std::string_view in) {
  if (!in.starts_with(kMagic)) return std::nullopt;
  in.remove_prefix(kMagic.size());
  const size_t line = in.find('\n');
  size_t count = 0;
  if (line == std::string_view::npos || line == 0) return std::nullopt;
  auto [end, ec] = std::from_chars(in.data(), in.data() + line, count);
  if (ec != std::errc() || end != in.data() + line || count == 0 || count > in.size()) return std::nullopt;
  in.remove_prefix(line + 1);
  std::vector<pdf::PageBoxes> boxes(count);
  for (pdf::PageBoxes& b : boxes)
    for (Rect* r : {&b.media, &b.bleed, &b.trim})
      for (double* v : {&r->x, &r->y, &r->w, &r->h})
        if (!get_number(in, *v)) return std::nullopt;
  if (!in.starts_with('\n')) return std::nullopt;
  in.remove_prefix(1);
  return std::make_pair(std::move(boxes), std::string(in));
}

namespace {

// A converted part as the cache keeps it: its note's length on a line, the
// note, then the part (pack_part).
std::string pack_converted(const PartedPdf::Part& part) {
  return std::to_string(part.note.size()) + "\n" + part.note + pack_part(part.boxes, part.pdf);
}

// A part as rendered (pack_part).
std::optional<PartedPdf::Part> unpack_rendered(std::string_view in) {
  auto part = unpack_part(in);
  if (!part) return std::nullopt;
  return PartedPdf::Part{std::move(part->first), std::move(part->second), {}};
}

std::optional<PartedPdf::Part> unpack_converted(std::string_view in) {
  const size_t line = in.find('\n');
  size_t n = 0;
  if (line == std::string_view::npos) return std::nullopt;
  auto [end, ec] = std::from_chars(in.data(), in.data() + line, n);
  if (ec != std::errc() || end != in.data() + line || n > in.size() - line - 1) return std::nullopt;
  std::string note(in.substr(line + 1, n));
  auto part = unpack_rendered(in.substr(line + 1 + n));
  if (part) part->note = std::move(note);
  return part;
}

}  // namespace

namespace {

// A sealed record of our own (core/binary_record.h): the parts' keys, then
// the joiner's checkpoint (sealed itself).
constexpr std::string_view kJoinMagic = "kartenwerk parted pdf join 2\n";

// The cache's record of the join of `file` (its final place).
std::string join_record(const fs::path& file) { return "pdf join " + file.lexically_normal().string(); }

}  // namespace

std::string pack_join(std::span<const std::string> keys, const pdf::JoinCheckpoint& checkpoint) {
  BinaryWriter w;
  w.begin_sealed(kJoinMagic);
  w.u64(keys.size());
  for (const std::string& key : keys) w.text(key);
  w.text(checkpoint.pack());
  return w.take_sealed();
}

std::optional<std::pair<std::vector<std::string>, pdf::JoinCheckpoint>> unpack_join(std::string_view bytes) {
  const auto body = sealed_body(bytes, kJoinMagic);
  if (!body) return std::nullopt;
  BinaryReader r(*body);
  std::vector<std::string> keys(r.count(8 + 1));  // a length and a key of at least a byte, each
  for (std::string& key : keys) key = r.text();
  auto checkpoint = pdf::JoinCheckpoint::unpack(r.text_view());
  if (!r.done() || !checkpoint || checkpoint->marks.size() != keys.size()) return std::nullopt;
  return std::make_pair(std::move(keys), std::move(*checkpoint));
}

std::unique_ptr<pdf::PdfJoiner> PartedPdf::make_joiner() const {
  auto joiner = std::make_unique<pdf::PdfJoiner>(file_, options_.actual_size);
  if (!options_.first_pages_file.empty())
    joiner->also_write_first_pages(options_.first_pages_file, options_.first_pages);
  return joiner;
}

PartedPdf::PartedPdf(fs::path file, PartedPdfOptions options) : file_(std::move(file)), options_(std::move(options)) {
  if (options_.pages_per_part == 0) options_.pages_per_part = 1;
  joiner_ = make_joiner();
  // The last join of the file, when the file is still the one it wrote.
  if (resumes() && options_.previous_digest)
    if (auto bytes = options_.cache->record(join_record(options_.previous_file)))
      if (auto last = unpack_join(*bytes); last && last->second.file.bytes == options_.previous_digest->bytes &&
                                           last->second.file.sha256 == options_.previous_digest->sha256) {
        last_keys_ = std::move(last->first);
        last_join_ = std::move(last->second);
      }
}

void PartedPdf::add(const std::string& key, Make make, const std::string& what) {
  pending_.push_back({key, std::move(make), what});
  if (pending_.size() >= options_.pages_per_part) flush();
}

// The part of the pages gathered: from the cache, else rendered and kept;
// converted (and the conversion kept) when the options say so.
std::pair<std::string, std::string> PartedPdf::pending_keys() const {
  std::string key_text;
  for (const Pending& p : pending_) key_text += std::to_string(p.key.size()) + ":" + p.key + "\n";
  std::string full_key = infra::cache_key({"pdf part", options_.pdf.title, options_.pdf.clock.key(), key_text});
  const PartConversion* conversion = options_.conversion;
  std::string key = conversion ? infra::cache_key({"pdf part converted", full_key, conversion->key}) : full_key;
  return {std::move(full_key), std::move(key)};
}

void PartedPdf::flush() {
  if (pending_.empty()) return;
  if (!resumes()) return join_pending();
  const std::string key = pending_keys().second;
  const size_t index = keys_.size();
  keys_.push_back(key);
  const bool same = index < last_keys_.size() && last_keys_[index] == key;
  // The same part as the last join's at this place, and all before it too:
  // copied from its file later (follow), when a part differs or at the end.
  const size_t first_pages = options_.first_pages_file.empty() ? 0 : options_.first_pages;
  if (same && last_join_ && !followed_ && last_join_->resumable_at(index + 1, first_pages)) {
    skipped_.push_back(std::move(pending_));
    pending_.clear();
    return;
  }
  follow();
  // After a part of this join's own: the same part as the last join's,
  // copied when it comes out the same here (pdf::PdfJoiner::copy_part).
  if (same && joiner_->copy_part(index)) {
    note_copied(pending_);
    pending_.clear();
    return;
  }
  join_pending();
}

std::string PartedPdf::what_of(const std::vector<Pending>& part) {
  return part.size() == 1 ? part.front().what : part.front().what + " to " + part.back().what;
}

// A part copied from the last file: a span of no length in the trace (and
// a count in build -v), as a rendered page has one.
void PartedPdf::note_copied(const std::vector<Pending>& part) const {
  infra::timed(options_.timings, "pdf part copied", options_.game, {}, what_of(part));
}

void PartedPdf::join_pending() {
  if (pending_.empty()) return;
  const std::string what = what_of(pending_);
  const infra::BuildCache* cache = options_.cache;
  const PartConversion* conversion = options_.conversion;
  const auto [full_key, key] = pending_keys();
  std::optional<Part> part;
  // A run of pages the same as the one before (a back on every page of
  // backs.pdf) is converted once, with the cache or without.
  if (conversion && key == last_key_) part = last_part_;
  if (!part && cache) {
    if (auto hit = cache->get(key)) part = conversion ? unpack_converted(*hit) : unpack_rendered(*hit);
  }
  if (part && part->boxes.size() != pending_.size()) part.reset();
  if (!part) {
    // The part as rendered: from the cache when only the conversion changed.
    std::optional<Part> rendered;
    if (cache && conversion) {
      if (auto hit = cache->get(full_key)) rendered = unpack_rendered(*hit);
    }
    if (!rendered || rendered->boxes.size() != pending_.size()) rendered = render_part(full_key);
    part = std::move(rendered);
    if (conversion) {
      auto [converted, note] = conversion->convert(part->pdf, what);
      part->pdf = std::move(converted);
      part->note = std::move(note);
      if (cache) cache->put(key, pack_converted(*part));
    }
  }
  if (conversion) {
    last_key_ = key;
    last_part_ = *part;
  }
  if (!part->note.empty()) notes_.push_back(what + ": " + part->note);
  joiner_->add(std::move(part->pdf), part->boxes, what);
  pending_.clear();
}

// The pending pages rendered as one PDF, kept under `key`.
PartedPdf::Part PartedPdf::render_part(const std::string& key) {
  render::PdfDocument doc(options_.pdf);
  Part part;
  for (const Pending& p : pending_) {
    auto span = infra::timed(options_.timings, "pdf page", options_.game, {}, p.what);
    try {
      const std::shared_ptr<const page::Page> page = p.make();
      doc.add_page(*page);
      part.boxes.push_back(pdf::boxes_of(*page));
    } catch (const infra::Interrupted&) {
      throw;
    } catch (const std::exception& e) {
      throw std::runtime_error(p.what + ": " + e.what());
    }
    ++rendered_;
  }
  part.pdf = doc.finish();
  if (options_.cache) options_.cache->put(key, pack_part(part.boxes, part.pdf));
  return part;
}

void PartedPdf::follow() {
  if (followed_ || !last_join_) return;
  followed_ = true;
  std::vector<std::vector<Pending>> skipped = std::move(skipped_);
  skipped_.clear();
  try {
    joiner_->follow(std::move(*last_join_), options_.previous_file);
    last_join_.reset();
    if (!skipped.empty()) joiner_->resume(skipped.size());
    for (const std::vector<Pending>& part : skipped) note_copied(part);
    return;
  } catch (const std::runtime_error&) {
    // The file cannot be opened, or changed since its stamp was taken
    // (rewritten with its time and size put back, or while it was read):
    // what was copied is dropped with the joiner, and the parts are joined
    // as a clean build joins them.
  }
  last_join_.reset();
  joiner_ = make_joiner();
  std::vector<Pending> now = std::move(pending_);
  for (std::vector<Pending>& part : skipped) {
    pending_ = std::move(part);
    join_pending();
  }
  pending_ = std::move(now);
}

void PartedPdf::finish() {
  try {
    flush();
    follow();
    joiner_->finish();
    if (resumes())
      options_.cache->set_record(join_record(options_.previous_file), pack_join(keys_, joiner_->checkpoint()));
  } catch (const infra::Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot write " + file_.string() + ": " + e.what());
  }
}

}  // namespace kw::products
