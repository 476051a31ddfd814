#pragma once
// A print PDF joined from parts (pdf/pdf_rewrite.h PdfJoiner), each part a
// run of consecutive pages rendered as one small PDF and kept in the build
// cache under a key of everything that decides its bytes: a rebuild after a
// one-card edit renders only the part that holds the card (a run of the
// game PDF, its PnP sheet's page) and joins the rest as they were. A build
// without the cache renders every part and joins them the same way, so both
// write the same bytes.
//
// How long a run is trades an edit's cost against the file's size: fonts
// are subset per part, so a font is in the file once per part that uses
// it. Card pages (a few hundred microseconds each in a run, a few
// milliseconds alone, mostly the font subsets) go 64 to a part: an edit
// renders 64 pages, and a deck of text cards grows by a fifth; a PnP sheet
// page (nine cards) is a part of its own.
//
// What a part cannot be shared for: its document info (title, dates) is in
// its key, as the first part's becomes the document's.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "infra/build_cache.h"
#include "infra/timings.h"
#include "page/page.h"
#include "pdf/pdf_boxes.h"
#include "pdf/pdf_rewrite.h"
#include "render/pdf.h"

namespace kw::products {

// A conversion every part goes through before it is joined (a shop's CMYK,
// exporters/cmyk.h convert_part_to_cmyk), kept in the cache beside the part
// under the part's key and `key`: an edit converts the part that holds it
// only. convert() gets the part's PDF and its name ("card 01-a to card
// 16-p") and returns the converted PDF (same pages, same boxes) and a note
// for people ("" when none).
struct PartConversion {
  std::string key;  // everything besides the part that decides the result (settings, profile bytes)
  std::function<std::pair<std::string, std::string>(std::string_view pdf, const std::string& what)> convert;
};

struct PartedPdfOptions {
  render::PdfOptions pdf;                      // title and dates (each part's, and so the document's)
  const infra::BuildCache* cache = nullptr;    // null: every part rendered
  bool actual_size = false;                    // viewers print at 100 % (PnP sheets)
  infra::Timings* timings = nullptr;           // a "pdf page" span per page rendered
  std::string game;                            // for the spans
  size_t pages_per_part = 1;                   // consecutive pages rendered (and kept) together
  const PartConversion* conversion = nullptr;  // null: parts joined as rendered
  // Also `first_pages_file`, the document of the first `first_pages` pages,
  // made while joining (pdf::PdfJoiner::also_write_first_pages); empty: none.
  std::filesystem::path first_pages_file{};
  size_t first_pages = 0;
  // The file the last build joined, at its final place, and its digest when
  // it is still as that build left it (by its stamp; nullopt: it is not, or
  // unknown). Then the parts that are the same as that build's are copied
  // from it, not taken from the cache and joined again: the first ones
  // (pdf::PdfJoiner::resume), and those after an edited part as long as
  // they come out the same (pdf::PdfJoiner::copy_part); where this join
  // stood after each part is kept in the cache under the file's name for
  // the next. With `cache` and no conversion only.
  std::filesystem::path previous_file{};
  std::optional<FileDigest> previous_digest{};
};

constexpr size_t kCardPagesPerPart = 64;  // see above
// A shop's CMYK PDF: each part is also converted and its ink checked
// (PartConversion), which costs several times rendering it, so an edit's
// part is shorter; the file grows by the font subsets of the more parts.
constexpr size_t kCmykPagesPerPart = 16;

class PartedPdf {
 public:
  PartedPdf(std::filesystem::path file, PartedPdfOptions options);

  using Make = std::function<std::shared_ptr<const page::Page>()>;
  // Adds a page whose bytes `key` decides (with the options' title and
  // dates): from its part in the cache when there, else make()'s page,
  // rendered with the other pages of its part and kept. make() is called
  // later (when the part is complete): it must own what it reads. `what`
  // names the page in the timings and in errors ("card 07-duell").
  void add(const std::string& key, Make make, const std::string& what);
  // Writes the file (atomically). Throws std::runtime_error.
  void finish();

  const std::filesystem::path& path() const { return file_; }
  size_t rendered() const { return rendered_; }  // pages rendered (not from the cache)
  // After finish(): whether options.first_pages_file was written
  // (pdf::PdfJoiner::first_pages_written).
  bool first_pages_written() const { return joiner_->first_pages_written(); }
  // After finish(): the file's size and SHA-256, and the first pages' file's
  // (pdf::PdfJoiner::digest), hashed as they were written.
  const FileDigest& digest() const { return joiner_->digest(); }
  const FileDigest& first_pages_digest() const { return joiner_->first_pages_digest(); }
  // The conversion's notes, "card 01-a to card 16-p: ..." in part order.
  const std::vector<std::string>& notes() const { return notes_; }

  // A part: its pages' boxes, its PDF and the note its conversion left.
  struct Part {
    std::vector<pdf::PageBoxes> boxes;
    std::string pdf, note;
  };

 private:
  struct Pending {
    std::string key;
    Make make;
    std::string what;
  };
  void flush();
  void join_pending();  // the part gathered, from the cache or rendered, joined
  static std::string what_of(const std::vector<Pending>& part);  // "card 01-a to card 64-z"
  void note_copied(const std::vector<Pending>& part) const;
  // The part gathered's key as rendered, and as converted (the same without a conversion).
  std::pair<std::string, std::string> pending_keys() const;
  Part render_part(const std::string& key);
  std::unique_ptr<pdf::PdfJoiner> make_joiner() const;
  // From the first part that differs from the last join's, or at the end:
  // the joiner follows the last join (once), and the parts matched so far
  // are copied from the previous file; when that fails (the file is not what
  // its record says), they are joined anew, and nothing is copied.
  void follow();
  bool resumes() const { return options_.cache && !options_.conversion && !options_.previous_file.empty(); }

  std::filesystem::path file_;
  PartedPdfOptions options_;
  std::unique_ptr<pdf::PdfJoiner> joiner_;  // made again when a resume fails
  std::vector<Pending> pending_;            // the part being gathered
  size_t rendered_ = 0;
  std::vector<std::string> notes_;
  std::string last_key_;  // the last part converted, and how (a run repeated is converted once)
  Part last_part_;
  // Resuming (options.previous_file): the last join's part keys and where it
  // stood (until the joiner follows it); this join's part keys, for the next.
  std::optional<pdf::JoinCheckpoint> last_join_;
  std::vector<std::string> last_keys_, keys_;
  std::vector<std::vector<Pending>> skipped_;  // the first parts matched, kept for joining should the copy fail
  bool followed_ = false;                      // follow() ran
};

// Where a join stood after each part, as the cache keeps it beside the
// file's name: the parts' keys, then the joiner's checkpoint; and back
// (nullopt for bytes that are not one). Exposed for tests.
std::string pack_join(std::span<const std::string> keys, const pdf::JoinCheckpoint& checkpoint);
std::optional<std::pair<std::vector<std::string>, pdf::JoinCheckpoint>> unpack_join(std::string_view bytes);

// A part as the cache keeps it: its pages' boxes, then its PDF; and back
// (nullopt for bytes that are not one). Exposed for tests.
std::string pack_part(std::span<const pdf::PageBoxes> boxes, std::string_view pdf);
std::optional<std::pair<std::vector<pdf::PageBoxes>, std::string>> unpack_part(std::string_view bytes);

}  // namespace kw::products
