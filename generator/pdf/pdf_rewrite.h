#pragma once
// A streaming rewriter for the PDFs we write: re-emits a PDF with a classic
// cross-reference table (what Cairo 1.16 writes) with a new page list, each
// page optionally with new boxes, without holding the document in memory.
//
// It reads the file's tail (startxref), the `xref` table and the trailer, the
// catalog and its /Pages node, whose /Kids must all be /Type /Page objects
// (a flat page tree). Writing keeps what the new file still reaches from the
// trailer (the catalog, the document info, /OutputIntents, /Metadata, the
// chosen pages and what they use), found by following every `N G R` in the
// objects' dictionaries (stream data is never parsed: it is copied by its
// /Length), renumbers the kept objects densely, and writes a fresh xref and
// trailer. A page used more than once gets a new page object per further use
// that shares its /Contents and /Resources. Memory is a few bytes per object
// (offsets, new numbers) plus one object's dictionary at a time and a
// megabyte of the file read ahead.
//
// Anything else (an xref stream or object streams, an incremental update, a
// nested page tree, a box that is an indirect reference, a dictionary it
// cannot read or that is longer than a sane limit, encryption) is not
// rewritten: open() or write() return false and say why, and nothing is
// written. The callers (pdf_boxes.cpp) then take the qpdf path.
#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/sha256.h"
#include "pdf/pdf_boxes.h"

namespace kw::pdf {

// A box in millimetres (y down from the top of a page `page_h_mm` high) as a
// PDF rectangle in points {llx, lly, urx, ury}, rounded to 1/1000 pt.
std::array<double, 4> box_points(const Rect& r, double page_h_mm);

class PdfJoiner;

class PdfRewriter {
 public:
  PdfRewriter();
  ~PdfRewriter();
  PdfRewriter(const PdfRewriter&) = delete;
  PdfRewriter& operator=(const PdfRewriter&) = delete;

  // Reads the structure of `src` (its xref, trailer, catalog and page list).
  // false when the file cannot be read or is not one this rewriter handles
  // (why() says which).
  bool open(const std::filesystem::path& src);
  // The same of a PDF in memory (a one-page part from the build cache).
  bool open_bytes(std::string bytes);
  int page_count() const { return static_cast<int>(kids_.size()); }

  // Writes `out` (through a PendingFile: complete or not at all; it may be
  // the file open() read) with the pages `order` (0-based indices into the
  // source's pages, an index may repeat). `boxes` is empty (the pages keep
  // their boxes) or holds one set per entry of `order`, which replaces the
  // page's MediaBox, BleedBox and TrimBox. The output is a function of the
  // input only (the /ID is derived from the content). false (with why(),
  // nothing written) when the file turns out to be one this rewriter does not
  // handle. Throws std::runtime_error for an index out of range, a count of
  // boxes that differs from the count of pages, or when `out` cannot be
  // written.
  // `document`: Same when `out` is the source with new boxes (the first /ID
  // element, the document's permanent one, is kept, as qpdf does); Another
  // when `out` is a new document made of its pages (meinspiel/backs.pdf):
  // both elements come from its own content, so it keeps its bytes while
  // its pages do, whatever else changed in the source.
  enum class Document { Same, Another };
  bool write(std::span<const int> order, std::span<const PageBoxes> boxes, const std::filesystem::path& out,
             Document document = Document::Same);

  const std::string& why() const { return why_; }

 private:
  struct Object;  // one object's text as read (pdf_rewrite.cpp)
  struct Output;

  friend class PdfJoiner;
  struct Joined;  // what PdfJoiner has written so far (pdf_rewrite.cpp)
  static void write_tail(Output& out, std::vector<uint64_t>& at, std::span<const uint32_t> kids,
                         const std::string& info, const std::string& version, const std::string& header_version,
                         bool actual_size);

  bool fail(std::string why);
  bool read_structure();
  bool join_pages(Joined& joined, std::span<const PageBoxes> boxes);
  bool join_object(uint32_t num, Joined& joined, std::vector<uint8_t>& state, int depth);
  bool stream_extent(uint32_t num, const Object& obj, std::string& dict, uint64_t& len);
  bool read_xref(uint64_t at);
  bool read_object(uint32_t num, Object& obj);
  bool read_bytes(uint64_t at, uint64_t n, std::string& buf);
  // `n` bytes at `at`: a view of the PDF when it is in memory, else read
  // into `storage`; nullopt (and why()) when they cannot be read.
  std::optional<std::string_view> view_bytes(uint64_t at, uint64_t n, std::string& storage);
  bool page_text(uint32_t num, const PageBoxes* boxes, std::string& text);
  bool write_object(uint32_t num, Output& out);
  bool write_pages_node(std::span<const int> order, Output& out);
  std::string remap(std::string_view text, bool& ok) const;

  std::ifstream in_;
  std::string mem_;  // the PDF, when opened from memory
  // The stretch of the file read last, from window_at_ (read_bytes).
  std::string window_;
  uint64_t window_at_ = 0;
  bool in_memory_ = false;
  bool catalog_only_pages_ = true;  // the catalog holds nothing but /Type and /Pages
  uint64_t size_ = 0, xref_at_ = 0;
  std::string version_, why_;
  // Per object number: its offset (0: not in use) and where its bytes end
  // (the next object's offset, or the xref's), and the objects by offset.
  std::vector<uint64_t> offset_, end_;
  std::vector<uint32_t> by_offset_;
  // Per object number: its page index, or -1.
  std::vector<int32_t> page_of_;
  std::vector<uint32_t> kids_;  // the page objects, in page order
  uint32_t root_ = 0, pages_ = 0;
  // The trailer's and the /Pages node's entries other than those rewritten
  // (key, value as text).
  std::vector<std::pair<std::string, std::string>> trailer_, pages_extra_;
  std::string id_first_;  // the first element of the source's /ID, if any
  // While writing: per object number its new number (0: dropped).
  std::vector<uint32_t> new_num_;
  bool replace_boxes_ = false;
};

// Where a PdfJoiner stood after each part it joined, and what it had
// written by then (PdfJoiner::checkpoint): the next join whose first parts
// are the same copies their bytes from the file it wrote instead of joining
// them again (PdfJoiner::resume), and goes on as if it had; after a part
// of its own, it copies the same parts that follow as long as they would
// come out the same (PdfJoiner::copy_part). Since the object numbers,
// offsets and the objects written for sharing only ever grow, the state
// after part k is the final one cut at that part's mark.
struct JoinCheckpoint {
  struct Mark {
    uint64_t pos = 0;              // bytes written
    uint32_t next = 0;             // the next object number
    uint32_t pages = 0;            // pages written
    bool page_referenced = false;  // PdfJoiner: an object referred to a page
    bool first_open = false;       // the first pages' document was still being written
    std::string version;           // the highest version a part needed
    Sha256 prefix{};               // of the bytes written: what is copied is checked against it
    // The objects of earlier parts this part uses (found written by their
    // bytes, not written again), ascending: its bytes stay the same only
    // while those are the same objects.
    std::vector<uint32_t> reused;
  };
  std::vector<uint64_t> at;                          // per object number, its offset
  std::vector<uint32_t> pages;                       // the page objects, in order
  std::vector<std::pair<Sha256, uint32_t>> written;  // objects by digest, ascending by number
  std::string info, header_version;
  uint64_t first_pages = 0;  // the first pages' document's count; 0: none
  std::vector<Mark> marks;   // after each part
  FileDigest file;           // the joined file this describes

  std::string pack() const;
  // nullopt for bytes pack() did not write, or that do not hold together.
  static std::optional<JoinCheckpoint> unpack(std::string_view bytes);
  // Whether a join writing a first pages' document of `first_pages` pages
  // (0: none) can resume after `parts` parts.
  bool resumable_at(size_t parts, size_t first_pages) const;
};

// Joins PDFs as Cairo writes them (the parts of a document, a page or a run
// of pages each, kept on their own in the build cache) into one document,
// streaming: each part is read (from memory), its pages and what they use
// are written renumbered, then the next part. An object whose bytes (its dictionary,
// renumbered, and its stream data) equal one written before is not written
// again: the page uses the first (a back repeated on every sheet, a font
// subset two pages share are in the file once). The catalog and the page
// tree are new; the document info is the first part's. The output is a
// function of the parts (the /ID is derived from the content), so a
// document joined from cached parts is byte for byte one joined from parts
// rendered anew.
//
// Each part's fonts are subset for its pages (Cairo subsets per document, and
// a part is one): a font used in many parts is in the file once per distinct
// subset, which is what keeps a part's bytes independent of the others'.
class PdfJoiner {
 public:
  // `actual_size`: the catalog asks viewers to print at 100 % (see
  // set_print_at_actual_size).
  PdfJoiner(std::filesystem::path out, bool actual_size);
  ~PdfJoiner();
  PdfJoiner(const PdfJoiner&) = delete;
  PdfJoiner& operator=(const PdfJoiner&) = delete;

  // Appends the pages of `part` (a PDF this rewriter reads, whose catalog
  // holds only its page tree), each with its `boxes` (one per page). Throws
  // std::runtime_error (naming `what`) for a part it cannot read; the output
  // is then left unfinished (nothing is written in its place).
  void add(std::string part, std::span<const PageBoxes> boxes, const std::string& what);
  // Also writes `file`, the document of the first `pages` pages (a game's
  // fronts, whose distinct backs come after them), made while joining
  // instead of copied from the joined file afterwards: the joined file's
  // bytes up to its `pages`-th page object are its bytes (a page's objects
  // are written before it, and none of them after a later page's), with
  // its own page tree, catalog, document info and cross-reference table
  // after them (the numbers given to later pages' objects are free
  // entries). Before the first add(); finish() writes both files, unless a
  // part's objects refer to pages (links): then a first page might refer to
  // a later one, and only the joined file is written.
  void also_write_first_pages(std::filesystem::path file, size_t pages);
  // After finish(): whether the first pages' file was written.
  bool first_pages_written() const { return first_written_; }
  // Follows the join that left `checkpoint`, whose file is `previous`: the
  // caller makes sure it is that file (its digest is checkpoint.file).
  // resume() and copy_part() then take that join's bytes from it, read once
  // from its start and each checked against the digest that join took
  // there. After also_write_first_pages(), before the first add(). Throws
  // std::runtime_error when `previous` cannot be opened (not through a
  // link).
  void follow(JoinCheckpoint checkpoint, const std::filesystem::path& previous);
  // Instead of adding the first `parts` parts again (the same ones the
  // followed join began with): their bytes copied from its file, and the
  // join where that one stood after them. Before the first add(). Throws
  // std::logic_error when not following or the checkpoint cannot resume here
  // (resumable_at), std::runtime_error when the file cannot be read or its
  // bytes are not those (then this joiner is spoilt: make another).
  void resume(size_t parts);
  // Instead of adding part `index` (0-based, the same part as the followed
  // join's at that place) again: its bytes copied from that join's file,
  // when they come out the same here. They do when this join stands where
  // that one stood before the part (the next object number, the pages, the
  // version), the objects of earlier parts it uses are the same objects, and
  // none of those it writes was written before it here (then it would use
  // that one). false, with nothing written, when they do not (then add()
  // the part), or when the bytes read are not those that join wrote (then
  // nothing more is copied).
  bool copy_part(size_t index);
  // Parts copied so far, by resume() and copy_part().
  size_t parts_copied() const { return parts_copied_; }
  // After finish(): where the join stood after each part (JoinCheckpoint).
  JoinCheckpoint checkpoint() const;
  // After finish(): the size and SHA-256 of the joined file, and of the
  // first pages' file when it was written, as they were written (hashed on
  // the way out: a caller listing them need not read 15 MB again).
  const FileDigest& digest() const { return digest_; }
  const FileDigest& first_pages_digest() const { return first_digest_; }
  // Writes the page tree, the catalog, the first part's document info and
  // the cross-reference table, then renames the file into place. Throws
  // std::runtime_error when no page was added or the file cannot be written.
  void finish();
  int page_count() const;

 private:
  struct Followed;  // the join followed and its file, as far as read (pdf_rewrite.cpp)
  // After a part this join wrote itself: what differs from the followed join.
  void note_part_joined(uint32_t first_number);
  bool lines_up(size_t index) const;
  void mark(const std::vector<uint32_t>& reused);  // where the join stands now, after a part

  std::unique_ptr<PdfRewriter::Joined> joined_;
  std::unique_ptr<Followed> followed_;
  size_t parts_copied_ = 0;
  bool actual_size_;
  bool first_written_ = false;
  FileDigest digest_, first_digest_;
  std::vector<JoinCheckpoint::Mark> marks_;  // after each part (those resumed from included)
  size_t first_pages_ = 0;                   // also_write_first_pages' count
};

}  // namespace kw::pdf
