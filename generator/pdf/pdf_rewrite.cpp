#include "pdf/pdf_rewrite.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <set>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "core/binary_record.h"
#include "core/output_files.h"
#include "core/sha256.h"

namespace kw::pdf {

namespace fs = std::filesystem;

namespace {

constexpr double kPtPerMm = 72.0 / 25.4;
// The longest object text (a dictionary, a page tree's /Kids) read whole.
constexpr uint64_t kMaxText = 16u << 20;
// The first read of an object: enough for the dictionary of nearly all.
constexpr uint64_t kFirstRead = 4096;
constexpr size_t kChunk = 1u << 16;
// The deepest nesting of arrays and dictionaries in one object.
constexpr size_t kMaxDepth = 64;

// ---- Tokens of PDF object text (never stream data) ----

enum class T { end, bad, name, integer, real, keyword, string, open_array, close_array, open_dict, close_dict };

struct Token {
  T type = T::end;
  size_t begin = 0, end = 0;
};

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0'; }
bool is_delimiter(char c) {
  return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/' ||
         c == '%';
}
bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Tokens of `s` from `pos`. T::end: the text ran out (at its end, or inside
// a token when `complete` is false: the token may go on past it).
class Lexer {
 public:
  Lexer(std::string_view s, size_t pos, bool complete) : s_(s), pos_(pos), complete_(complete) {}
  size_t pos() const { return pos_; }
  void seek(size_t pos) { pos_ = pos; }
  std::string_view text(const Token& t) const { return s_.substr(t.begin, t.end - t.begin); }

  Token next() {
    for (;;) {
      while (pos_ < s_.size() && is_space(s_[pos_])) ++pos_;
      if (pos_ >= s_.size()) return ran_out(pos_);
      if (s_[pos_] != '%') break;
      while (pos_ < s_.size() && s_[pos_] != '\n' && s_[pos_] != '\r') ++pos_;
    }
    const size_t b = pos_;
    const char c = s_[pos_++];
    switch (c) {
      case '(': {
        int depth = 1;
        while (pos_ < s_.size()) {
          char d = s_[pos_++];
          if (d == '\\')
            ++pos_;
          else if (d == '(')
            ++depth;
          else if (d == ')' && --depth == 0)
            return {T::string, b, pos_};
        }
        return ran_out(b);
      }
      case '<':
        if (pos_ >= s_.size()) return ran_out(b);
        if (s_[pos_] == '<') return {T::open_dict, b, ++pos_};
        while (pos_ < s_.size()) {
          char d = s_[pos_++];
          if (d == '>') return {T::string, b, pos_};
          if (!is_hex(d) && !is_space(d)) return {T::bad, b, pos_};
        }
        return ran_out(b);
      case '>':
        if (pos_ >= s_.size()) return ran_out(b);
        if (s_[pos_] == '>') return {T::close_dict, b, ++pos_};
        return {T::bad, b, pos_};
      case '[':
        return {T::open_array, b, pos_};
      case ']':
        return {T::close_array, b, pos_};
      case ')':
      case '{':
      case '}':
        return {T::bad, b, pos_};
      default:
        break;
    }
    while (pos_ < s_.size() && !is_space(s_[pos_]) && !is_delimiter(s_[pos_])) ++pos_;
    if (pos_ >= s_.size() && !complete_) return ran_out(b);
    if (c == '/') return {T::name, b, pos_};
    return {classify(s_.substr(b, pos_ - b)), b, pos_};
  }

 private:
  Token ran_out(size_t b) {
    pos_ = s_.size();
    return {T::end, b, s_.size()};
  }
  static T classify(std::string_view w) {
    size_t i = (w[0] == '+' || w[0] == '-') ? 1 : 0;
    if (i == w.size()) return T::keyword;
    int dots = 0, digits = 0;
    for (; i < w.size(); ++i) {
      if (w[i] == '.')
        ++dots;
      else if (w[i] >= '0' && w[i] <= '9')
        ++digits;
      else
        return T::keyword;
    }
    if (digits == 0 || dots > 1) return T::keyword;
    return dots ? T::real : T::integer;
  }

  std::string_view s_;
  size_t pos_;
  bool complete_;
};

// An unsigned integer token that fits `limit`.
bool unsigned_value(std::string_view w, uint64_t limit, uint64_t& v) {
  if (w.empty() || w[0] < '0' || w[0] > '9') return false;
  auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
  return ec == std::errc() && p == w.data() + w.size() && v <= limit;
}

enum class P { ok, more, bad };

// Skips the value that starts with `t`; `end` is where it ends. A reference
// `N G R` is one value.
P skip_value(Lexer& lx, Token t, size_t& end) {
  switch (t.type) {
    case T::end:
      return P::more;
    case T::integer: {
      const size_t save = lx.pos();
      Token g = lx.next();
      if (g.type == T::end) return P::more;
      if (g.type == T::integer) {
        Token r = lx.next();
        if (r.type == T::end) return P::more;
        if (r.type == T::keyword && lx.text(r) == "R") {
          end = r.end;
          return P::ok;
        }
      }
      lx.seek(save);
      end = t.end;
      return P::ok;
    }
    case T::real:
    case T::name:
    case T::string:
      end = t.end;
      return P::ok;
    case T::keyword: {
      auto w = lx.text(t);
      if (w != "true" && w != "false" && w != "null") return P::bad;
      end = t.end;
      return P::ok;
    }
    case T::open_array:
    case T::open_dict: {
      std::string closers(1, t.type == T::open_array ? ']' : '>');
      for (;;) {
        Token u = lx.next();
        switch (u.type) {
          case T::end:
            return P::more;
          case T::bad:
            return P::bad;
          case T::open_array:
          case T::open_dict:
            if (closers.size() >= kMaxDepth) return P::bad;
            closers.push_back(u.type == T::open_array ? ']' : '>');
            break;
          case T::close_array:
          case T::close_dict:
            if (closers.back() != (u.type == T::close_array ? ']' : '>')) return P::bad;
            closers.pop_back();
            if (closers.empty()) {
              end = u.end;
              return P::ok;
            }
            break;
          case T::keyword: {
            auto w = lx.text(u);
            if (w != "R" && w != "true" && w != "false" && w != "null") return P::bad;
            break;
          }
          default:
            break;
        }
      }
    }
    default:
      return P::bad;
  }
}

struct Entry {
  std::string_view key;
  size_t begin, value_begin, value_end;
};

// The entries of the dictionary whose `<<` is `open`; `close` is where its
// `>>` begins, `end` where it ends.
P parse_dict(Lexer& lx, std::string_view s, std::vector<Entry>& entries, size_t& close, size_t& end) {
  entries.clear();
  for (;;) {
    Token k = lx.next();
    if (k.type == T::close_dict) {
      close = k.begin;
      end = k.end;
      return P::ok;
    }
    if (k.type == T::end) return P::more;
    if (k.type != T::name) return P::bad;
    Token v = lx.next();
    size_t value_end = 0;
    if (P p = skip_value(lx, v, value_end); p != P::ok) return p;
    entries.push_back({s.substr(k.begin, k.end - k.begin), k.begin, v.begin, value_end});
  }
}

struct Ref {
  size_t begin, end;
  uint32_t num;
  uint32_t gen;
};

// Every `N G R` in `text` (complete object text). false: text it cannot read.
bool find_refs(std::string_view text, std::vector<Ref>& refs) {
  refs.clear();
  Lexer lx(text, 0, true);
  Token a, b;
  for (;;) {
    Token t = lx.next();
    if (t.type == T::end) return true;
    if (t.type == T::bad) return false;
    if (t.type == T::keyword && lx.text(t) == "R") {
      uint64_t num = 0, gen = 0;
      if (a.type != T::integer || b.type != T::integer || !unsigned_value(lx.text(a), 0xffffffffu, num) ||
          !unsigned_value(lx.text(b), 65535, gen))
        return false;
      refs.push_back({a.begin, t.end, static_cast<uint32_t>(num), static_cast<uint32_t>(gen)});
    }
    a = b;
    b = t;
  }
}

const Entry* find_key(const std::vector<Entry>& entries, std::string_view key) {
  for (const auto& e : entries)
    if (e.key == key) return &e;
  return nullptr;
}

// The value of `e` as a reference to a generation-0 object.
bool ref_value(std::string_view s, const Entry& e, uint32_t& num) {
  std::vector<Ref> refs;
  std::string_view v = s.substr(e.value_begin, e.value_end - e.value_begin);
  if (!find_refs(v, refs) || refs.size() != 1 || refs[0].begin != 0 || refs[0].end != v.size() || refs[0].gen != 0)
    return false;
  num = refs[0].num;
  return true;
}

std::string_view value_text(std::string_view s, const Entry& e) {
  return s.substr(e.value_begin, e.value_end - e.value_begin);
}

// A number as qpdf writes QPDFObjectHandle::newReal(v, 3, true): fixed with
// three decimals (std::to_chars rounds as printf's "%.3f" does, in no
// locale), trailing zeros dropped. Twelve per page of every side PDF: a
// string stream each took a tenth of copying 5000 pages.
std::string number(double v) {
  char buf[400];  // room for any double in fixed notation
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 3);
  if (ec != std::errc()) throw std::runtime_error("a page box coordinate that cannot be written");
  std::string s(buf, end);
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (s.size() > 1 && s.back() == '.') s.pop_back();
  return s;
}

std::string box_text(const Rect& r, double h) {
  auto p = box_points(r, h);
  return "[ " + number(p[0]) + " " + number(p[1]) + " " + number(p[2]) + " " + number(p[3]) + " ]";
}

bool is_box_key(std::string_view key) { return key == "/MediaBox" || key == "/BleedBox" || key == "/TrimBox"; }

std::string obj_header(uint32_t num) { return std::to_string(num) + " 0 obj\n"; }

// The tokens of s[begin, end) one space apart (white space and comments are
// not worth copying: Cairo indents its dictionaries).
std::string compact(std::string_view s, size_t begin, size_t end) {
  std::string out;
  Lexer lx(s.substr(0, end), begin, true);
  for (Token t = lx.next(); t.type != T::end; t = lx.next()) {
    if (!out.empty()) out += ' ';
    out += lx.text(t);
  }
  return out;
}

// compact() and find_refs() of its result in one pass over the tokens (the
// joiner reads every object of every part: lexing each twice, and a third
// time to renumber, was a third of joining a 5000-card game). The
// references' places are in `out`. false: text find_refs cannot read.
bool compact_refs(std::string_view s, size_t begin, size_t end, std::string& out, std::vector<Ref>& refs) {
  out.clear();
  refs.clear();
  Lexer lx(s.substr(0, end), begin, true);
  // The last two tokens, as places in `out`.
  Token a, b;
  for (Token t = lx.next(); t.type != T::end; t = lx.next()) {
    if (t.type == T::bad) return false;
    if (!out.empty()) out += ' ';
    const std::string_view w = lx.text(t);
    const Token placed{t.type, out.size(), out.size() + w.size()};
    out += w;
    if (t.type == T::keyword && w == "R") {
      uint64_t num = 0, gen = 0;
      const auto at = [&out](const Token& x) { return std::string_view(out).substr(x.begin, x.end - x.begin); };
      if (a.type != T::integer || b.type != T::integer || !unsigned_value(at(a), 0xffffffffu, num) ||
          !unsigned_value(at(b), 65535, gen))
        return false;
      refs.push_back({a.begin, placed.end, static_cast<uint32_t>(num), static_cast<uint32_t>(gen)});
    }
    a = b;
    b = placed;
  }
  return true;
}

// `text` with each of its references `refs` (find_refs) to object N
// written as one to new_num[N]; ok false when one has no new number.
std::string renumber(std::string_view text, std::span<const Ref> refs, const std::vector<uint32_t>& new_num, bool& ok) {
  std::string out;
  out.reserve(text.size() + 16);
  size_t copied = 0;
  for (const auto& r : refs) {
    if (r.gen != 0 || r.num >= new_num.size() || new_num[r.num] == 0) {
      ok = false;
      return {};
    }
    out.append(text.substr(copied, r.begin - copied));
    out += std::to_string(new_num[r.num]) + " 0 R";
    copied = r.end;
  }
  out.append(text.substr(copied));
  return out;
}

// A stream's dictionary, compact, with `length` as its /Length (Cairo
// writes it as a reference to an object of its own: the number is shorter).
std::string stream_dict(std::string_view s, const std::vector<Entry>& entries, uint64_t length) {
  std::string out = "<<";
  for (const auto& e : entries) {
    out += ' ';
    out += e.key;
    out += ' ';
    out += e.key == "/Length" ? std::to_string(length) : compact(s, e.value_begin, e.value_end);
  }
  return out + " >>";
}

}  // namespace

std::array<double, 4> box_points(const Rect& r, double page_h_mm) {
  auto pt = [](double mm) { return std::round(mm * kPtPerMm * 1000) / 1000; };
  return {pt(r.x), pt(page_h_mm - r.bottom()), pt(r.right()), pt(page_h_mm - r.y)};
}

// ---- One object's text ----

struct PdfRewriter::Object {
  std::string buf;  // the bytes from the object's offset (all, or its start)
  size_t value_begin = 0, value_end = 0;
  bool stream = false;
  size_t data_begin = 0;  // a stream's data, after `stream` and its end of line

  std::string_view value() const { return std::string_view(buf).substr(value_begin, value_end - value_begin); }
};

namespace {

// `N 0 obj value endobj` (then only white space) or `N 0 obj <<dict>> stream`.
P parse_object(std::string_view s, bool complete, uint32_t num, size_t& value_begin, size_t& value_end, bool& stream,
               size_t& data_begin) {
  Lexer lx(s, 0, complete);
  Token n = lx.next(), g = n.type == T::end ? n : lx.next(), o = g.type == T::end ? g : lx.next();
  if (o.type == T::end) return P::more;
  uint64_t v = 0;
  if (n.type != T::integer || !unsigned_value(lx.text(n), 0xffffffffu, v) || v != num || g.type != T::integer ||
      lx.text(g) != "0" || o.type != T::keyword || lx.text(o) != "obj")
    return P::bad;
  Token first = lx.next();
  value_begin = first.begin;
  if (P p = skip_value(lx, first, value_end); p != P::ok) return p;
  Token k = lx.next();
  if (k.type == T::end) return P::more;
  if (k.type != T::keyword) return P::bad;
  if (lx.text(k) == "endobj") {
    if (!complete) return P::more;  // what follows must be seen to be white space
    for (size_t i = k.end; i < s.size(); ++i)
      if (!is_space(s[i])) return P::bad;
    stream = false;
    return P::ok;
  }
  if (lx.text(k) != "stream" || s[value_begin] != '<') return P::bad;
  size_t p = k.end;
  if (p + 1 >= s.size()) return complete ? P::bad : P::more;
  if (s[p] == '\r' && s[p + 1] == '\n')
    p += 2;
  else if (s[p] == '\n')
    p += 1;
  else
    return P::bad;
  stream = true;
  data_begin = p;
  return P::ok;
}

}  // namespace

// ---- The output: buffered, hashed for the /ID ----

struct PdfRewriter::Output {
  explicit Output(PendingFile& f) : file(f) {}
  // Going on from where `other` is (its bytes so far, and their digest) into
  // `f`, which already holds those bytes.
  Output(PendingFile& f, const Output& other) : file(f), md(other.md), pos(other.pos) {}
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  void put(std::string_view s) {
    md.update(s);
    buf.append(s);
    pos += s.size();
    if (buf.size() >= kChunk) flush();
  }
  void flush() {
    file.append(buf);
    if (tee) tee->append(buf);
    buf.clear();
  }
  // The /ID of the bytes so far: the first 16 bytes of their SHA-256 (as
  // long as the MD5 it was), in hex. The digest goes on.
  std::string id() const { return hex_prefix(md.so_far(), 32); }
  // The SHA-256 of the bytes so far; the digest goes on.
  Sha256 so_far() const { return md.so_far(); }
  // After the last put(): the size and SHA-256 of every byte put, which is
  // the file's (what a manifest lists; the file is not read again for it).
  FileDigest file_digest() { return {pos, kw::hex(md.finish())}; }

  PendingFile& file;
  Sha256Stream md;
  std::string buf;
  uint64_t pos = 0;
  PendingFile* tee = nullptr;  // gets the same bytes too (PdfJoiner's first pages)
};

PdfRewriter::PdfRewriter() = default;
PdfRewriter::~PdfRewriter() = default;

bool PdfRewriter::fail(std::string why) {
  why_ = std::move(why);
  return false;
}

std::optional<std::string_view> PdfRewriter::view_bytes(uint64_t at, uint64_t n, std::string& storage) {
  if (!in_memory_) {
    if (!read_bytes(at, n, storage)) return std::nullopt;
    return std::string_view(storage);
  }
  if (at > mem_.size() || n > mem_.size() - at) {
    fail("cannot read " + std::to_string(n) + " bytes at " + std::to_string(at));
    return std::nullopt;
  }
  return std::string_view(mem_).substr(at, n);
}

bool PdfRewriter::read_bytes(uint64_t at, uint64_t n, std::string& buf) {
  if (in_memory_) {
    const auto view = view_bytes(at, n, buf);
    if (view) buf.assign(*view);
    return view.has_value();
  }
  if (at >= window_at_ && at - window_at_ <= window_.size() && n <= window_.size() - (at - window_at_)) {
    buf.assign(window_, at - window_at_, n);
    return true;
  }
  // Objects are read in file order, a few hundred bytes each: one read of
  // the next stretch of the file serves many (a seek and a read per object
  // were 85,000 system calls for the fronts of a 5,000-card game). Large
  // reads (stream data) go past the window.
  constexpr uint64_t kWindow = uint64_t{1} << 20;
  // Forward only: a read behind the window (pages copied out of order) reads
  // what it needs.
  const bool windowed = n <= kWindow / 4 && at < size_ && (window_.empty() || at >= window_at_);
  std::string& into = windowed ? window_ : buf;
  const uint64_t want = windowed ? std::min(kWindow, size_ - at) : n;
  into.resize(want);
  in_.clear();
  in_.seekg(static_cast<std::streamoff>(at));
  in_.read(into.data(), static_cast<std::streamsize>(want));
  const auto got = static_cast<uint64_t>(in_.gcount());
  if (windowed) {
    window_.resize(got);
    window_at_ = at;
  }
  if (got < n) {
    window_.clear();
    return fail("cannot read " + std::to_string(n) + " bytes at " + std::to_string(at));
  }
  if (windowed) buf.assign(window_, 0, n);
  return true;
}

bool PdfRewriter::read_object(uint32_t num, Object& obj) {
  if (num >= offset_.size() || offset_[num] == 0) return fail("object " + std::to_string(num) + " is not in the file");
  const uint64_t at = offset_[num], len = end_[num] - at;
  uint64_t n = std::min(len, kFirstRead);
  for (;;) {
    if (!read_bytes(at, n, obj.buf)) return false;
    P p = parse_object(obj.buf, n == len, num, obj.value_begin, obj.value_end, obj.stream, obj.data_begin);
    if (p == P::ok) return true;
    if (p == P::bad || n == len) return fail("cannot read object " + std::to_string(num));
    if (n == kMaxText) return fail("object " + std::to_string(num) + " is too long");
    n = std::min(len, kMaxText);
  }
}

// Over 80 lines: the table and its trailer are read by one chunked tokenizer whose buffer and position both parts
// share.
// NOLINTNEXTLINE(readability-function-size)
bool PdfRewriter::read_xref(uint64_t at) {
  // The table, read in chunks: "xref", then subsections "start count" of
  // 20-byte entries, then "trailer".
  std::string buf;
  uint64_t base = at;
  size_t i = 0;
  auto token = [&](std::string& t) -> bool {
    t.clear();
    for (;;) {
      if (i >= buf.size()) {
        base += buf.size();
        uint64_t n = std::min<uint64_t>(kChunk, size_ - base);
        if (n == 0) return !t.empty();
        if (!read_bytes(base, n, buf)) return false;
        i = 0;
      }
      char c = buf[i];
      if (is_space(c)) {
        if (!t.empty()) return true;
        ++i;
        continue;
      }
      if (t.size() > 32) return false;
      t += c;
      ++i;
    }
  };
  std::string t;
  if (!token(t) || t != "xref") return fail("no classic xref table (an xref stream?)");
  for (;;) {
    if (!token(t)) return fail("the xref table ends early");
    if (t == "trailer") break;
    uint64_t start = 0, count = 0;
    std::string c;
    if (!unsigned_value(t, 0xffffffu, start) || !token(c) || !unsigned_value(c, 0xffffffu, count) ||
        start + count > 0xffffffu || count * 18 > size_)
      return fail("a bad xref subsection");
    if (offset_.size() < start + count) offset_.resize(start + count, 0);
    for (uint64_t k = 0; k < count; ++k) {
      std::string off, gen, type;
      uint64_t o = 0, g = 0;
      if (!token(off) || !token(gen) || !token(type) || off.size() != 10 || gen.size() != 5 ||
          !unsigned_value(off, UINT64_MAX, o) || !unsigned_value(gen, 65535, g) || (type != "n" && type != "f"))
        return fail("a bad xref entry");
      const uint64_t num = start + k;
      if (type == "f" || num == 0) {
        offset_[num] = 0;
        continue;
      }
      if (g != 0) return fail("object " + std::to_string(num) + " has generation " + gen);
      if (o == 0 || o >= at) return fail("object " + std::to_string(num) + " lies outside the file's body");
      offset_[num] = o;
    }
  }
  // The trailer dictionary, in one bounded read.
  const uint64_t trailer_at = base + i;
  if (!read_bytes(trailer_at, std::min<uint64_t>(size_ - trailer_at, 1u << 16), buf)) return false;
  Lexer lx(buf, 0, true);
  std::vector<Entry> entries;
  size_t close = 0, end = 0;
  if (lx.next().type != T::open_dict || parse_dict(lx, buf, entries, close, end) != P::ok)
    return fail("cannot read the trailer");
  bool root = false;
  for (const auto& e : entries) {
    if (e.key == "/Prev") return fail("an incremental update (/Prev)");
    if (e.key == "/XRefStm") return fail("a hybrid file (/XRefStm)");
    if (e.key == "/Encrypt") return fail("an encrypted file");
    if (e.key.find('#') != std::string_view::npos) return fail("a trailer key with # escapes");
    if (e.key == "/Size") continue;
    if (e.key == "/ID") {
      Lexer id(value_text(buf, e), 0, true);
      Token open = id.next(), a = id.next(), b = id.next(), close_id = id.next();
      if (open.type != T::open_array || a.type != T::string || b.type != T::string || close_id.type != T::close_array ||
          id.next().type != T::end)
        return fail("a trailer /ID that is not two strings");
      id_first_ = std::string(id.text(a));
      continue;
    }
    if (e.key == "/Root") {
      if (!ref_value(buf, e, root_)) return fail("a trailer /Root that is no reference");
      root = true;
    }
    trailer_.emplace_back(std::string(e.key), std::string(value_text(buf, e)));
  }
  if (!root) return fail("no /Root in the trailer");
  return true;
}

// Over 80 lines: header, xref, object ends and the flat page tree, each checked in the order a reader meets them; every
// step refuses what the next would misread.
// NOLINTNEXTLINE(readability-function-size)
bool PdfRewriter::open(const fs::path& src) {
  in_.open(src, std::ios::binary);
  if (!in_) return fail("cannot open " + src.string());
  in_.seekg(0, std::ios::end);
  size_ = static_cast<uint64_t>(in_.tellg());
  return read_structure();
}

bool PdfRewriter::open_bytes(std::string bytes) {
  mem_ = std::move(bytes);
  in_memory_ = true;
  size_ = mem_.size();
  return read_structure();
}

// Over 80 lines: see open().
// NOLINTNEXTLINE(readability-function-size)
bool PdfRewriter::read_structure() {
  std::string buf;
  if (size_ < 64 || !read_bytes(0, 16, buf)) return fail("too short for a PDF");
  if (buf.compare(0, 7, "%PDF-1.") != 0 || buf[7] < '0' || buf[7] > '9' || !is_space(buf[8]))
    return fail("no %PDF-1.x header");
  version_ = buf.substr(5, 3);

  // startxref, in the last kilobyte.
  const uint64_t tail = std::min<uint64_t>(size_, 1024);
  if (!read_bytes(size_ - tail, tail, buf)) return false;
  size_t sx = buf.rfind("startxref");
  if (sx == std::string::npos || buf.find("%%EOF", sx) == std::string::npos) return fail("no startxref");
  Lexer lx(buf, sx + 9, true);
  Token t = lx.next();
  if (t.type != T::integer || !unsigned_value(lx.text(t), size_ - 1, xref_at_) || xref_at_ < 16)
    return fail("a bad startxref");
  if (!read_xref(xref_at_)) return false;

  // Where each object ends: where the next one (or the xref) begins.
  for (uint32_t n = 0; n < offset_.size(); ++n)
    if (offset_[n]) by_offset_.push_back(n);
  std::sort(by_offset_.begin(), by_offset_.end(), [&](uint32_t a, uint32_t b) { return offset_[a] < offset_[b]; });
  end_.assign(offset_.size(), 0);
  for (size_t k = 0; k < by_offset_.size(); ++k) {
    const uint64_t next = k + 1 < by_offset_.size() ? offset_[by_offset_[k + 1]] : xref_at_;
    if (next <= offset_[by_offset_[k]]) return fail("two objects at one offset");
    end_[by_offset_[k]] = next;
  }
  if (by_offset_.empty() || offset_[by_offset_[0]] < 9) return fail("no objects");

  // The catalog and its flat page tree.
  Object obj;
  std::vector<Entry> entries;
  size_t close = 0, end = 0;
  auto dict_of = [&](uint32_t num) -> bool {
    if (!read_object(num, obj)) return false;
    Lexer d(obj.buf, obj.value_begin, true);
    if (obj.stream || d.next().type != T::open_dict || parse_dict(d, obj.buf, entries, close, end) != P::ok)
      return fail("object " + std::to_string(num) + " is no dictionary");
    for (const auto& e : entries)
      if (e.key.find('#') != std::string_view::npos)
        return fail("a key with # escapes in object " + std::to_string(num));
    return true;
  };
  auto name_is = [&](const char* key, std::string_view want) {
    const Entry* e = find_key(entries, key);
    return e && value_text(obj.buf, *e) == want;
  };
  if (!dict_of(root_)) return false;
  const Entry* pages = find_key(entries, "/Pages");
  if (!pages || !ref_value(obj.buf, *pages, pages_)) return fail("the catalog has no /Pages reference");
  for (const auto& e : entries) catalog_only_pages_ &= e.key == "/Type" || e.key == "/Pages";
  if (!dict_of(pages_)) return false;
  if (!name_is("/Type", "/Pages") || find_key(entries, "/Parent"))
    return fail("the /Pages node is not a page tree's root");
  const Entry* kids = find_key(entries, "/Kids");
  const Entry* count = find_key(entries, "/Count");
  if (!kids || !count) return fail("the /Pages node has no /Kids or /Count");
  {
    std::string_view k = value_text(obj.buf, *kids);
    std::vector<Ref> refs;
    if (k.front() != '[' || !find_refs(k, refs)) return fail("a bad /Kids");
    // Nothing but references between the brackets.
    size_t at = 1;
    for (const auto& r : refs) {
      for (; at < r.begin; ++at)
        if (!is_space(k[at])) return fail("a /Kids entry that is no reference");
      if (r.gen != 0) return fail("a /Kids entry of generation " + std::to_string(r.gen));
      kids_.push_back(r.num);
      at = r.end;
    }
    for (; at + 1 < k.size(); ++at)
      if (!is_space(k[at])) return fail("a /Kids entry that is no reference");
  }
  uint64_t n_count = 0;
  if (!unsigned_value(value_text(obj.buf, *count), UINT32_MAX, n_count) || n_count != kids_.size())
    return fail("/Count is not the number of /Kids");
  for (const auto& e : entries)
    if (e.key != "/Type" && e.key != "/Kids" && e.key != "/Count")
      pages_extra_.emplace_back(std::string(e.key), std::string(value_text(obj.buf, e)));
  page_of_.assign(offset_.size(), -1);
  for (size_t i = 0; i < kids_.size(); ++i) {
    const uint32_t kid = kids_[i];
    if (kid >= offset_.size() || offset_[kid] == 0 || kid == root_ || kid == pages_ || page_of_[kid] >= 0)
      return fail("a bad page object " + std::to_string(kid));
    page_of_[kid] = static_cast<int32_t>(i);
    if (!dict_of(kid)) return false;
    uint32_t parent = 0;
    const Entry* p = find_key(entries, "/Parent");
    if (!name_is("/Type", "/Page") || !p || !ref_value(obj.buf, *p, parent) || parent != pages_)
      return fail("object " + std::to_string(kid) + " is no page of a flat page tree");
  }
  if (kids_.empty()) return fail("no pages");
  return true;
}

// The page's dictionary with its boxes replaced by `boxes` (or, when boxes
// are replaced but `boxes` is null, without them: for finding references).
bool PdfRewriter::page_text(uint32_t num, const PageBoxes* boxes, std::string& text) {
  Object obj;
  if (!read_object(num, obj)) return false;
  std::vector<Entry> entries;
  size_t close = 0, end = 0;
  Lexer lx(obj.buf, obj.value_begin, true);
  if (obj.stream || lx.next().type != T::open_dict || parse_dict(lx, obj.buf, entries, close, end) != P::ok)
    return fail("page object " + std::to_string(num) + " is no dictionary");
  // Written compactly (tokens one space apart, no comments), as a further
  // use of the page costs its dictionary again.
  std::string_view s = obj.buf;
  text = "<<";
  for (const auto& e : entries) {
    if (replace_boxes_ && is_box_key(e.key)) {
      if (s[e.value_begin] != '[') return fail("a page box that is no array in object " + std::to_string(num));
      continue;
    }
    text += ' ';
    text += e.key;
    text += ' ';
    text += compact(s, e.value_begin, e.value_end);
  }
  if (boxes && replace_boxes_) {
    const double h = boxes->media.h;
    text += " /MediaBox " + box_text(boxes->media, h) + " /BleedBox " + box_text(boxes->bleed, h) + " /TrimBox " +
            box_text(boxes->trim, h);
  }
  text += " >>";
  return true;
}

std::string PdfRewriter::remap(std::string_view text, bool& ok) const {
  std::vector<Ref> refs;
  if (!find_refs(text, refs)) {
    ok = false;
    return {};
  }
  return renumber(text, refs, new_num_, ok);
}

// The stream `num`'s dictionary (compact, its /Length a number, not yet
// renumbered) and data length, after checking that /Length bytes of data end
// with `endstream endobj` where the object ends.
bool PdfRewriter::stream_extent(uint32_t num, const Object& obj, std::string& dict, uint64_t& len) {
  std::vector<Entry> entries;
  size_t close = 0, end = 0;
  Lexer lx(obj.buf, obj.value_begin, true);
  lx.next();
  if (parse_dict(lx, obj.buf, entries, close, end) != P::ok) return fail("cannot read object " + std::to_string(num));
  const Entry* length = find_key(entries, "/Length");
  if (!length) return fail("stream " + std::to_string(num) + " has no /Length");
  std::string_view lv = value_text(obj.buf, *length);
  if (!unsigned_value(lv, UINT64_MAX, len)) {
    uint32_t len_num = 0;
    Object len_obj;
    if (!ref_value(obj.buf, *length, len_num) || !read_object(len_num, len_obj) || len_obj.stream ||
        !unsigned_value(len_obj.value(), UINT64_MAX, len))
      return fail("stream " + std::to_string(num) + " has a /Length that is no number");
  }
  const uint64_t at = offset_[num], data_at = at + obj.data_begin;
  if (data_at + len > end_[num] || end_[num] - (data_at + len) > 256)
    return fail("stream " + std::to_string(num) + " does not end where its /Length says");
  std::string tail;
  if (!read_bytes(data_at + len, end_[num] - (data_at + len), tail)) return false;
  size_t p = 0;
  if (tail.compare(p, 2, "\r\n") == 0)
    p += 2;
  else if (p < tail.size() && (tail[p] == '\n' || tail[p] == '\r'))
    ++p;
  Lexer tl(tail, p, true);
  Token a = tl.next(), b = tl.next(), c = tl.next();
  if (a.type != T::keyword || tl.text(a) != "endstream" || b.type != T::keyword || tl.text(b) != "endobj" ||
      c.type != T::end || tail.find('%') != std::string::npos)
    return fail("stream " + std::to_string(num) + " does not end where its /Length says");
  dict = stream_dict(obj.buf, entries, len);
  return true;
}

bool PdfRewriter::write_object(uint32_t num, Output& out) {
  Object obj;
  if (!read_object(num, obj)) return false;
  bool ok = true;
  if (!obj.stream) {
    std::string text;
    std::vector<Ref> refs;
    if (!compact_refs(obj.buf, obj.value_begin, obj.value_end, text, refs))
      return fail("cannot renumber object " + std::to_string(num));
    std::string v = renumber(text, refs, new_num_, ok);
    if (!ok) return fail("cannot renumber object " + std::to_string(num));
    out.put(obj_header(new_num_[num]));
    out.put(v);
    out.put("\nendobj\n");
    return true;
  }
  // A stream: its dictionary renumbered, its data copied as it is.
  std::string dict;
  uint64_t len = 0;
  if (!stream_extent(num, obj, dict, len)) return false;
  const uint64_t data_at = offset_[num] + obj.data_begin;
  dict = remap(dict, ok);
  if (!ok) return fail("cannot renumber object " + std::to_string(num));
  out.put(obj_header(new_num_[num]));
  out.put(dict);
  out.put("\nstream\n");
  std::string chunk;
  for (uint64_t done = 0; done < len;) {
    const uint64_t n = std::min<uint64_t>(kChunk, len - done);
    if (!read_bytes(data_at + done, n, chunk)) return false;
    out.put(chunk);
    done += n;
  }
  out.put("\nendstream\nendobj\n");
  return true;
}

// Over 80 lines: what is reachable, the dense numbering and the objects written in one pass share the marks in new_num_
// and the pages' first uses.
// NOLINTNEXTLINE(readability-function-size)
bool PdfRewriter::write(std::span<const int> order, std::span<const PageBoxes> boxes, const fs::path& out_path,
                        Document document) {
  const size_t pages = kids_.size();
  if (pages == 0) return fail(why_.empty() ? "not open" : why_);
  for (int index : order)
    if (index < 0 || static_cast<size_t>(index) >= pages)
      throw std::runtime_error("no page " + std::to_string(index + 1) + " (of " + std::to_string(pages) + ")");
  if (!boxes.empty() && boxes.size() != order.size())
    throw std::runtime_error(std::to_string(order.size()) + " pages but " + std::to_string(boxes.size()) +
                             " sets of boxes");
  if (order.empty()) return fail("no pages to write");
  replace_boxes_ = !boxes.empty();

  // Each page's first use in `order` (that use keeps the page object).
  std::vector<int32_t> first_use(pages, -1);
  for (size_t k = 0; k < order.size(); ++k)
    if (first_use[static_cast<size_t>(order[k])] < 0)
      first_use[static_cast<size_t>(order[k])] = static_cast<int32_t>(k);

  // What the new file reaches from its trailer: the marks are new_num_ != 0.
  new_num_.assign(offset_.size(), 0);
  std::vector<uint32_t> todo;
  std::vector<Ref> refs;
  auto reach = [&](const Ref& r) -> bool {
    if (r.gen != 0 || r.num >= offset_.size() || offset_[r.num] == 0)
      return fail("a reference to object " + std::to_string(r.num) + " " + std::to_string(r.gen) +
                  ", which is not in the file");
    if (page_of_[r.num] >= 0 && first_use[static_cast<size_t>(page_of_[r.num])] < 0)
      return fail("a reference to page " + std::to_string(page_of_[r.num] + 1) + ", which is left out");
    if (!new_num_[r.num]) {
      new_num_[r.num] = 1;
      todo.push_back(r.num);
    }
    return true;
  };
  auto reach_all = [&](std::string_view text, uint32_t from) -> bool {
    if (!find_refs(text, refs)) return fail("cannot read object " + std::to_string(from));
    for (const auto& r : refs)
      if (!reach(r)) return false;
    return true;
  };
  for (const auto& [key, value] : trailer_)
    if (!reach_all(value, 0)) return false;
  if (!reach({0, 0, pages_, 0})) return false;
  for (size_t i = 0; i < pages; ++i)
    if (first_use[i] >= 0 && !reach({0, 0, kids_[i], 0})) return false;
  Object obj;
  std::string text;
  std::vector<Entry> entries;
  while (!todo.empty()) {
    const uint32_t n = todo.back();
    todo.pop_back();
    if (n == pages_) {
      for (const auto& [key, value] : pages_extra_)
        if (!reach_all(value, n)) return false;
    } else if (page_of_[n] >= 0) {
      if (!page_text(n, nullptr, text) || !reach_all(text, n)) return false;
    } else {
      if (!read_object(n, obj)) return false;
      if (obj.stream) {
        // No object streams or xref streams: their objects are not in the
        // xref table this reads.
        Lexer lx(obj.buf, obj.value_begin, true);
        size_t close = 0, end = 0;
        lx.next();
        if (parse_dict(lx, obj.buf, entries, close, end) != P::ok)
          return fail("cannot read object " + std::to_string(n));
        const Entry* type = find_key(entries, "/Type");
        if (type && (value_text(obj.buf, *type) == "/ObjStm" || value_text(obj.buf, *type) == "/XRef"))
          return fail("an object stream or xref stream (object " + std::to_string(n) + ")");
        // Not the /Length object: the length is written as a number.
        if (!reach_all(stream_dict(obj.buf, entries, 0), n)) return false;
      } else if (!reach_all(obj.value(), n)) {
        return false;
      }
    }
  }

  // Dense numbers: the kept objects in their old order, then the further
  // uses of repeated pages in page order.
  uint32_t kept = 0;
  for (uint32_t n = 1; n < new_num_.size(); ++n)
    if (new_num_[n]) new_num_[n] = ++kept;
  const size_t total = kept +
                       (order.size() - static_cast<size_t>(std::count_if(first_use.begin(), first_use.end(),
                                                                         [](int32_t k) { return k >= 0; }))) +
                       1;

  PendingFile file(out_path);
  Output out(file);
  out.put("%PDF-" + version_ + "\n%\xb5\xed\xae\xfb\n");
  std::vector<uint64_t> at(total, 0);
  bool ok = true;
  for (uint32_t n : by_offset_) {
    if (!new_num_[n]) continue;
    at[new_num_[n]] = out.pos;
    if (n == pages_) {
      // The new page tree: the kept page objects, and a new number for each
      // further use of a page.
      out.put(obj_header(new_num_[n]));
      out.put("<< /Type /Pages\n   /Kids [");
      uint32_t copy = kept;
      for (size_t k = 0; k < order.size(); ++k) {
        const auto index = static_cast<size_t>(order[k]);
        const uint32_t kid = first_use[index] == static_cast<int32_t>(k) ? new_num_[kids_[index]] : ++copy;
        out.put(" " + std::to_string(kid) + " 0 R");
      }
      out.put(" ]\n   /Count " + std::to_string(order.size()) + "\n");
      for (const auto& [key, value] : pages_extra_) {
        std::string v = remap(value, ok);
        if (!ok) return fail("cannot renumber the /Pages node");
        out.put("   " + key + " " + v + "\n");
      }
      out.put(">>\nendobj\n");
    } else if (page_of_[n] >= 0) {
      const auto k = static_cast<size_t>(first_use[static_cast<size_t>(page_of_[n])]);
      if (!page_text(n, replace_boxes_ ? &boxes[k] : nullptr, text)) return false;
      std::string v = remap(text, ok);
      if (!ok) return fail("cannot renumber page object " + std::to_string(n));
      out.put(obj_header(new_num_[n]));
      out.put(v);
      out.put("\nendobj\n");
    } else if (!write_object(n, out)) {
      return false;
    }
  }
  // Further uses of pages: the page dictionary again (its own boxes), with
  // the same /Contents and /Resources.
  uint32_t copy = kept;
  int last = -1;
  std::string last_text;
  for (size_t k = 0; k < order.size(); ++k) {
    const auto index = static_cast<size_t>(order[k]);
    if (first_use[index] == static_cast<int32_t>(k)) continue;
    at[++copy] = out.pos;
    if (replace_boxes_ || last != order[k]) {
      if (!page_text(kids_[index], replace_boxes_ ? &boxes[k] : nullptr, text)) return false;
      last_text = remap(text, ok);
      if (!ok) return fail("cannot renumber page object " + std::to_string(kids_[index]));
      last = order[k];
    }
    out.put(obj_header(copy));
    out.put(last_text);
    out.put("\nendobj\n");
  }

  const uint64_t xref_at = out.pos;
  out.put("xref\n0 " + std::to_string(total) + "\n0000000000 65535 f \n");
  char line[32];
  for (size_t n = 1; n < total; ++n) {
    std::snprintf(line, sizeof line, "%010llu 00000 n \n", static_cast<unsigned long long>(at[n]));
    out.put(line);
  }
  std::string trailer = "trailer\n<< /Size " + std::to_string(total);
  for (const auto& [key, value] : trailer_) {
    std::string v = remap(value, ok);
    if (!ok) return fail("cannot renumber the trailer");
    trailer += " " + key + " " + v;
  }
  // As qpdf does for the same document: the source's first /ID element
  // kept, the second new.
  const std::string id = "<" + out.id() + ">";
  const bool keep_first = document == Document::Same && !id_first_.empty();
  trailer +=
      " /ID [" + (keep_first ? id_first_ : id) + id + "] >>\nstartxref\n" + std::to_string(xref_at) + "\n%%EOF\n";
  out.put(trailer);
  out.flush();
  in_.close();
  window_ = {};
  file.commit();
  return true;
}

// ---- Joining one-page parts ----

namespace {

// The pages node, the catalog and the document info get the first numbers;
// they are written last, when the page list is known.
constexpr uint32_t kPagesNum = 1, kCatalogNum = 2, kInfoNum = 3, kFirstPartNum = 4;

struct DigestHash {
  size_t operator()(const Sha256& d) const {
    size_t h = 0;
    for (size_t i = 0; i < sizeof h; ++i) h = (h << 8) | d[i];
    return h;
  }
};

}  // namespace

struct PdfRewriter::Joined {
  explicit Joined(fs::path path) : file(std::move(path)), out(file) {}

  // The document of the first pages (PdfJoiner::also_write_first_pages):
  // its file gets the joined bytes until its last page is written; then
  // where the output was, its object offsets, its pages and the digest of
  // its bytes are taken, and finish() writes its own tail after them.
  struct FirstPages {
    FirstPages(fs::path path, size_t count) : file(std::move(path)), pages(count) {}
    PendingFile file;
    size_t pages;
    std::unique_ptr<Output> out;  // set when its pages are written
    std::vector<uint64_t> at;
    std::vector<uint32_t> kids;
    std::string version;
  };

  PendingFile file;
  Output out;
  std::unique_ptr<FirstPages> first;
  // Whether an object refers to a page object (a link's /Dest, an
  // annotation's /P): then the first pages may refer to a later one, which
  // is not in their document, and it is not written (the caller copies them).
  bool page_referenced = false;
  std::vector<uint64_t> at{0, 0, 0, 0};  // per new object number: its offset (0: not yet written)
  uint32_t next = kFirstPartNum;
  std::vector<uint32_t> pages;  // the page objects, in order
  // Every object written, by the digest of its bytes: the number to use for
  // another of the same bytes.
  std::unordered_map<Sha256, uint32_t, DigestHash> written;
  // The part being joined: its first object number, the numbers of earlier
  // parts' objects it uses, and what it added to `written`.
  uint32_t part_first = kFirstPartNum;
  std::vector<uint32_t> reused;
  std::vector<std::pair<Sha256, uint32_t>> added;
  std::string info;                     // the first part's document info, renumbered ("" until a part is added)
  std::string version, header_version;  // the highest a part needs; the header's

  uint32_t number() {
    at.push_back(0);
    return next++;
  }
  void put_object(uint32_t num, std::string_view text) {
    at[num] = out.pos;
    out.put(obj_header(num));
    out.put(text);
  }
  // After each page: once the first document's pages are all written, its
  // file stops getting the joined bytes. `part_version`: the version of the
  // part being joined (the joined one is raised after the part).
  void page_written(const std::string& part_version) {
    if (!first || first->out || pages.size() != first->pages) return;
    out.flush();  // the bytes so far, to the first document's file too
    out.tee = nullptr;
    first->out = std::make_unique<Output>(first->file, out);
    first->at = at;
    first->kids = pages;
    first->version = std::max(version, part_version);
  }
};

// What follows the objects: the page tree (`kids`), the catalog, the
// document info and the cross-reference table of `at` (per object number
// its offset; 0: a number this document does not use, a free entry), and
// the trailer with the /ID of the bytes.
void PdfRewriter::write_tail(Output& out, std::vector<uint64_t>& at, std::span<const uint32_t> kids,
                             const std::string& info, const std::string& version, const std::string& header_version,
                             bool actual_size) {
  auto put_object = [&](uint32_t num, std::string_view text) {
    at[num] = out.pos;
    out.put(obj_header(num));
    out.put(text);
  };
  std::string list;
  for (uint32_t p : kids) list += " " + std::to_string(p) + " 0 R";
  put_object(kPagesNum,
             "<< /Type /Pages /Kids [" + list + " ] /Count " + std::to_string(kids.size()) + " >>\nendobj\n");
  put_object(kCatalogNum, "<< /Type /Catalog /Pages 1 0 R" +
                              (version != header_version ? " /Version /" + version : std::string()) +
                              (actual_size ? " /ViewerPreferences << /PrintScaling /None >>" : "") + " >>\nendobj\n");
  put_object(kInfoNum, info + "\nendobj\n");
  const uint64_t xref_at = out.pos;
  out.put("xref\n0 " + std::to_string(at.size()) + "\n");
  // The free entries are a list: each gives the next one's number (the last
  // 0); generation 65535, never to be used again.
  std::vector<size_t> free_numbers = {0};
  for (size_t n = 1; n < at.size(); ++n)
    if (at[n] == 0) free_numbers.push_back(n);
  size_t next_free = 1;
  char line[32];
  for (size_t n = 0; n < at.size(); ++n) {
    if (n == 0 || at[n] == 0) {
      const size_t next = next_free < free_numbers.size() ? free_numbers[next_free++] : 0;
      std::snprintf(line, sizeof line, "%010llu 65535 f \n", static_cast<unsigned long long>(next));
    } else {
      std::snprintf(line, sizeof line, "%010llu 00000 n \n", static_cast<unsigned long long>(at[n]));
    }
    out.put(line);
  }
  const std::string id = "<" + out.id() + ">";
  out.put("trailer\n<< /Size " + std::to_string(at.size()) + " /Root 2 0 R /Info 3 0 R /ID [" + id + id +
          "] >>\nstartxref\n" + std::to_string(xref_at) + "\n%%EOF\n");
  out.flush();
}

// Writes object `num` after what it uses (depth first, so that its text
// holds their final numbers), unless an object of the same bytes was written
// before. `state`: 0 not seen, 1 on the way down, 2 written. An object met
// again on the way down (a cycle) gets its number at once and is never
// shared.
bool PdfRewriter::join_object(uint32_t num, Joined& joined, std::vector<uint8_t>& state, int depth) {
  if (depth > static_cast<int>(kMaxDepth)) return fail("objects nested too deep");
  state[num] = 1;
  Object obj;
  if (!read_object(num, obj)) return false;
  std::string text;
  uint64_t len = 0;
  std::vector<Ref> refs;
  if (obj.stream) {
    if (!stream_extent(num, obj, text, len)) return false;
    if (!find_refs(text, refs)) return fail("cannot read object " + std::to_string(num));
  } else if (!compact_refs(obj.buf, obj.value_begin, obj.value_end, text, refs)) {
    return fail("cannot read object " + std::to_string(num));
  }
  for (const auto& r : refs) {
    if (r.gen != 0 || r.num >= offset_.size() || offset_[r.num] == 0)
      return fail("a reference to object " + std::to_string(r.num) + ", which is not in the file");
    if (page_of_[r.num] >= 0) joined.page_referenced = true;
    if (state[r.num] == 0) {
      if (!join_object(r.num, joined, state, depth + 1)) return false;
    } else if (state[r.num] == 1 && new_num_[r.num] == 0) {
      new_num_[r.num] = joined.number();
    }
  }
  bool ok = true;
  text = renumber(text, refs, new_num_, ok);
  if (!ok) return fail("cannot renumber object " + std::to_string(num));
  // The stream's data: a view of the part in memory (no copy).
  std::string read_data;
  std::string_view data;
  if (obj.stream) {
    const auto view = view_bytes(offset_[num] + obj.data_begin, len, read_data);
    if (!view) return false;
    data = *view;
  }
  // Taken by a cycle: others already use its number. Its text holds a
  // number given out in this part, so no earlier part's object has its
  // bytes, and a copied part never needed it in `written`.
  const bool pinned = new_num_[num] != 0;
  const Sha256 digest = obj.stream ? sha256_of_pieces({text, "\nstream\n", data}) : sha256(text);
  if (auto same = joined.written.find(digest); !pinned && same != joined.written.end()) {
    new_num_[num] = same->second;
    if (same->second < joined.part_first) joined.reused.push_back(same->second);
  } else {
    if (!pinned) new_num_[num] = joined.number();
    if (joined.written.emplace(digest, new_num_[num]).second) joined.added.emplace_back(digest, new_num_[num]);
    joined.put_object(new_num_[num], text);
    if (obj.stream) {
      joined.out.put("\nstream\n");
      joined.out.put(data);
      joined.out.put("\nendstream\nendobj\n");
    } else {
      joined.out.put("\nendobj\n");
    }
  }
  state[num] = 2;
  return true;
}

bool PdfRewriter::join_pages(Joined& joined, std::span<const PageBoxes> boxes) {
  if (kids_.size() != boxes.size())
    return fail("a part of " + std::to_string(kids_.size()) + " pages, with boxes for " + std::to_string(boxes.size()));
  if (!catalog_only_pages_) return fail("a part whose catalog holds more than its pages");
  if (!pages_extra_.empty()) return fail("a part whose page tree holds " + pages_extra_.front().first);
  new_num_.assign(offset_.size(), 0);
  std::vector<uint8_t> state(offset_.size(), 0);
  replace_boxes_ = true;
  // The pages are never shared (each has its own boxes and place); their
  // parent is the new page tree.
  new_num_[pages_] = kPagesNum;
  state[pages_] = 1;
  for (uint32_t page : kids_) {
    new_num_[page] = joined.number();
    state[page] = 1;
  }
  std::string text;
  std::vector<Ref> refs;
  for (size_t k = 0; k < kids_.size(); ++k) {
    const uint32_t page = kids_[k];
    if (!page_text(page, &boxes[k], text)) return false;
    if (!find_refs(text, refs)) return fail("cannot read page object " + std::to_string(page));
    for (const auto& r : refs) {
      if (r.gen != 0 || r.num >= offset_.size() || offset_[r.num] == 0)
        return fail("a reference to object " + std::to_string(r.num) + ", which is not in the file");
      if (page_of_[r.num] >= 0) joined.page_referenced = true;
      if (state[r.num] == 0 && !join_object(r.num, joined, state, 1)) return false;
    }
    bool ok = true;
    text = renumber(text, refs, new_num_, ok);
    if (!ok) return fail("cannot renumber page object " + std::to_string(page));
    joined.put_object(new_num_[page], text);
    joined.out.put("\nendobj\n");
    joined.pages.push_back(new_num_[page]);
    joined.page_written(version_);
  }
  if (joined.info.empty()) {
    // The document info: the first part's (its title and dates).
    for (const auto& [key, value] : trailer_) {
      if (key != "/Info") continue;
      std::vector<Ref> info_ref;
      if (!find_refs(value, info_ref) || info_ref.size() != 1 || info_ref[0].num >= offset_.size() ||
          offset_[info_ref[0].num] == 0)
        return fail("a bad /Info");
      Object obj;
      if (!read_object(info_ref[0].num, obj) || obj.stream) return fail("a bad /Info");
      joined.info = compact(obj.buf, obj.value_begin, obj.value_end);
      std::vector<Ref> inner;
      if (!find_refs(joined.info, inner) || !inner.empty()) return fail("an /Info that refers to other objects");
    }
    if (joined.info.empty()) joined.info = "<< >>";
  }
  joined.version = std::max(joined.version, version_);
  return true;
}

namespace {

// The first of `written` (ascending by number) numbered `n` or more.
std::vector<std::pair<Sha256, uint32_t>>::const_iterator first_numbered(
    const std::vector<std::pair<Sha256, uint32_t>>& written, uint32_t n) {
  return std::lower_bound(written.begin(), written.end(), n, [](const auto& w, uint32_t k) { return w.second < k; });
}

}  // namespace

// The file the followed join wrote (PdfJoiner::follow): read once, from its
// start, each byte hashed (so that what is copied is checked against the
// digest that join took where it ends), and what differs between that join
// and this one, as far as this one has written parts of its own.
struct PdfJoiner::Followed {
  Followed(JoinCheckpoint checkpoint, const fs::path& previous)
      : last(std::move(checkpoint)), path(previous), fd(::open(previous.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) {
    if (fd < 0) throw fail(std::strerror(errno));
  }
  ~Followed() { ::close(fd); }
  Followed(const Followed&) = delete;
  Followed& operator=(const Followed&) = delete;

  std::runtime_error fail(const std::string& why) const {
    return std::runtime_error("cannot take the pages joined before from " + path.string() + ": " + why);
  }

  // Reads the file on to `upto`, giving each chunk to `sink` (may be null)
  // and, once `digest` is set, hashing it. Throws when the file ends first.
  void read_to(uint64_t upto, const std::function<void(std::string_view)>& sink) {
    std::string chunk(static_cast<size_t>(std::min<uint64_t>(upto > read ? upto - read : 0, uint64_t{1} << 20)), '\0');
    while (read < upto) {
      const auto want = static_cast<size_t>(std::min<uint64_t>(chunk.size(), upto - read));
      const ssize_t n = ::read(fd, chunk.data(), want);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw fail(n == 0 ? "it is shorter than its record says" : std::strerror(errno));
      const std::string_view bytes(chunk.data(), static_cast<size_t>(n));
      if (digest) digest->update(bytes);
      if (sink) sink(bytes);
      read += bytes.size();
    }
  }

  const JoinCheckpoint last;
  const fs::path path;
  const int fd;
  uint64_t read = 0;                   // bytes read so far
  std::optional<Sha256Stream> digest;  // of those (set by resume(), or from the start)
  bool spoilt = false;                 // bytes read were not those the record says: nothing more is copied
  // Set once this join writes a part of its own: the followed join's
  // objects by digest; the numbers whose object here is not the followed
  // join's; the numbers of that join's objects whose bytes this join wrote
  // before them (a part written there finds them written, and uses them).
  std::unordered_map<Sha256, uint32_t, DigestHash> number_of;
  std::set<uint32_t> changed, taken;
};

PdfJoiner::PdfJoiner(fs::path out, bool actual_size)
    : joined_(std::make_unique<PdfRewriter::Joined>(std::move(out))), actual_size_(actual_size) {
  // What Cairo writes; /PrintScaling is PDF 1.6. A part that says more sets
  // the catalog's /Version.
  joined_->version = joined_->header_version = actual_size ? "1.6" : "1.5";
  joined_->out.put("%PDF-" + joined_->version + "\n%\xb5\xed\xae\xfb\n");
}

PdfJoiner::~PdfJoiner() = default;

int PdfJoiner::page_count() const { return static_cast<int>(joined_->pages.size()); }

void PdfJoiner::add(std::string part, std::span<const PageBoxes> boxes, const std::string& what) {
  PdfRewriter::Joined& j = *joined_;
  j.part_first = j.next;
  j.reused.clear();
  j.added.clear();
  PdfRewriter reader;
  if (!reader.open_bytes(std::move(part)) || !reader.join_pages(j, boxes))
    throw std::runtime_error("cannot join " + what + ": " + reader.why());
  std::sort(j.reused.begin(), j.reused.end());
  j.reused.erase(std::unique(j.reused.begin(), j.reused.end()), j.reused.end());
  mark(j.reused);
  if (followed_) note_part_joined(j.part_first);
}

void PdfJoiner::mark(const std::vector<uint32_t>& reused) {
  const PdfRewriter::Joined& j = *joined_;
  marks_.push_back({j.out.pos, j.next, static_cast<uint32_t>(j.pages.size()), j.page_referenced,
                    j.first && !j.first->out, j.version, j.out.so_far(), reused});
}

void PdfJoiner::also_write_first_pages(fs::path file, size_t pages) {
  PdfRewriter::Joined& j = *joined_;
  if (pages == 0 || !j.pages.empty() || j.first) throw std::logic_error("first pages: before the first part, once");
  j.first = std::make_unique<PdfRewriter::Joined::FirstPages>(std::move(file), pages);
  j.out.tee = &j.first->file;
  first_pages_ = pages;
}

namespace {

// A sealed record of our own (core/binary_record.h).
constexpr std::string_view kCheckpointMagic = "kartenwerk join checkpoint 4\n";

}  // namespace

std::string JoinCheckpoint::pack() const {
  BinaryWriter w;
  w.reserve(1024 + 8 * at.size() + 4 * pages.size() + 36 * written.size() + 96 * marks.size());
  w.begin_sealed(kCheckpointMagic);
  w.text(header_version);
  w.text(info);
  w.u64(first_pages);
  w.u64(file.bytes);
  w.text(file.sha256);
  w.u64(at.size());
  for (uint64_t a : at) w.u64(a);
  w.u64(pages.size());
  for (uint32_t p : pages) w.u32(p);
  w.u64(written.size());
  for (const auto& [digest, num] : written) {
    w.raw(std::string_view(reinterpret_cast<const char*>(digest.data()), digest.size()));
    w.u32(num);
  }
  w.u64(marks.size());
  for (const Mark& m : marks) {
    w.u64(m.pos);
    w.u32(m.next);
    w.u32(m.pages);
    w.u32((m.page_referenced ? 1u : 0u) | (m.first_open ? 2u : 0u));
    w.text(m.version);
    w.raw(std::string_view(reinterpret_cast<const char*>(m.prefix.data()), m.prefix.size()));
    w.u64(m.reused.size());
    for (uint32_t n : m.reused) w.u32(n);
  }
  return w.take_sealed();
}

std::optional<JoinCheckpoint> JoinCheckpoint::unpack(std::string_view bytes) {
  const auto body = sealed_body(bytes, kCheckpointMagic);
  if (!body) return std::nullopt;
  BinaryReader r(*body);
  auto digest = [&r](Sha256& d) {
    const std::string_view b = r.bytes(d.size());
    if (b.size() == d.size()) std::copy(b.begin(), b.end(), d.begin());
  };
  JoinCheckpoint c;
  c.header_version = r.text();
  c.info = r.text();
  c.first_pages = r.u64();
  c.file.bytes = r.u64();
  c.file.sha256 = r.text();
  c.at.resize(r.count(8));
  for (uint64_t& a : c.at) a = r.u64();
  c.pages.resize(r.count(4));
  for (uint32_t& p : c.pages) p = r.u32();
  c.written.resize(r.count(36));
  for (auto& [d, num] : c.written) {
    digest(d);
    num = r.u32();
  }
  c.marks.resize(r.count(60));
  for (Mark& m : c.marks) {
    m.pos = r.u64();
    m.next = r.u32();
    m.pages = r.u32();
    const uint32_t flags = r.u32();
    m.page_referenced = (flags & 1u) != 0;
    m.first_open = (flags & 2u) != 0;
    m.version = r.text();
    digest(m.prefix);
    m.reused.resize(r.count(4));
    for (uint32_t& n : m.reused) n = r.u32();
  }
  if (!r.done()) return std::nullopt;
  // What resume() relies on beyond the seal: the marks grow with the parts
  // and stay inside the file and the tables; each object below a mark's
  // next number was written before the mark's place; its pages are objects
  // written before it.
  if (c.header_version.empty() || c.info.empty() || c.file.sha256.size() != 64) return std::nullopt;
  for (size_t n = kFirstPartNum; n < c.at.size(); ++n)
    if (c.at[n] == 0 || c.at[n] >= c.file.bytes) return std::nullopt;
  uint32_t last_num = 0;
  for (const auto& [d, num] : c.written) {
    if (num < kFirstPartNum || num >= c.at.size() || num <= last_num) return std::nullopt;  // ascending
    last_num = num;
  }
  const Mark* before = nullptr;
  for (const Mark& m : c.marks) {
    if (m.pos > c.file.bytes || m.next > c.at.size() || m.next < kFirstPartNum || m.pages > c.pages.size() ||
        m.version.empty())
      return std::nullopt;
    if (before && (m.pos < before->pos || m.next < before->next || m.pages < before->pages)) return std::nullopt;
    // A part's objects lie between its marks (copy_part moves them as one).
    const uint32_t part_first = before ? before->next : kFirstPartNum;
    for (size_t n = part_first; n < m.next; ++n)
      if (c.at[n] >= m.pos || (before && c.at[n] < before->pos)) return std::nullopt;
    // It reuses objects of earlier parts only, each named once, ascending.
    for (size_t i = 0; i < m.reused.size(); ++i)
      if (m.reused[i] < kFirstPartNum || m.reused[i] >= part_first || (i > 0 && m.reused[i] <= m.reused[i - 1]))
        return std::nullopt;
    for (size_t i = before ? before->pages : 0; i < m.pages; ++i)
      if (c.pages[i] < kFirstPartNum || c.pages[i] >= m.next) return std::nullopt;
    before = &m;
  }
  return c;
}

bool JoinCheckpoint::resumable_at(size_t parts, size_t first) const {
  if (parts == 0 || parts > marks.size()) return false;
  const Mark& m = marks[parts - 1];
  // The first pages' document is made while the joined bytes are copied to
  // it: only from a mark where it was still being written, for as many pages.
  if (first != first_pages) return false;
  return first == 0 || (m.first_open && m.pages < first);
}

void PdfJoiner::follow(JoinCheckpoint checkpoint, const fs::path& previous) {
  if (followed_ || !marks_.empty()) throw std::logic_error("follow a join once, before the first part");
  followed_ = std::make_unique<Followed>(std::move(checkpoint), previous);
}

void PdfJoiner::resume(size_t parts) {
  PdfRewriter::Joined& j = *joined_;
  const size_t first = j.first ? j.first->pages : 0;
  if (!followed_ || followed_->read != 0 || !j.pages.empty() || !marks_.empty() ||
      followed_->last.header_version != j.header_version || !followed_->last.resumable_at(parts, first))
    throw std::logic_error("cannot resume this join at part " + std::to_string(parts));
  Followed& f = *followed_;
  const JoinCheckpoint& c = f.last;
  const JoinCheckpoint::Mark& m = c.marks[parts - 1];
  // The bytes up to the mark, the header (already written) first, hashed
  // once: on their way out, the same bytes.
  uint64_t done = 0;
  f.read_to(m.pos, [&](std::string_view bytes) {
    if (done < j.out.pos) {  // the header this join has written: the same bytes
      const auto header = static_cast<size_t>(std::min<uint64_t>(j.out.pos - done, bytes.size()));
      if (bytes.substr(0, header) != std::string_view(j.out.buf).substr(static_cast<size_t>(done), header))
        throw f.fail("its header is not this join's");
      bytes.remove_prefix(header);
      done += header;
    }
    j.out.put(bytes);
    done += bytes.size();
  });
  if (j.out.so_far() != m.prefix) throw f.fail("its bytes are not those its record was made with");
  f.digest.emplace(j.out.md);
  j.at.assign(c.at.begin(), c.at.begin() + m.next);
  j.at[kPagesNum] = j.at[kCatalogNum] = j.at[kInfoNum] = 0;  // written by the tail
  j.next = m.next;
  j.pages.assign(c.pages.begin(), c.pages.begin() + m.pages);
  j.page_referenced = m.page_referenced;
  j.version = m.version;
  j.info = c.info;
  j.written.clear();
  for (const auto& [digest, num] : c.written)
    if (num < m.next) j.written.emplace(digest, num);
  marks_.assign(c.marks.begin(), c.marks.begin() + static_cast<std::ptrdiff_t>(parts));
  parts_copied_ = parts;
}

// Where this join's part (its objects from `first` on) differs from the
// followed join's: objects of the same numbers that are not the same, and
// objects that join wrote later (a part of it that found them written here
// would use them, not write them).
void PdfJoiner::note_part_joined(uint32_t first) {
  Followed& f = *followed_;
  const PdfRewriter::Joined& j = *joined_;
  const auto& old = f.last.written;
  if (f.number_of.empty())
    for (const auto& [digest, num] : old) f.number_of.emplace(digest, num);
  std::vector<std::pair<uint32_t, Sha256>> here;
  here.reserve(j.added.size());
  for (const auto& [digest, num] : j.added) here.emplace_back(num, digest);
  std::sort(here.begin(), here.end());
  auto was = first_numbered(old, first);
  auto now = here.begin();
  // Both ascending by number: a number in one and not the other, or with
  // other bytes, changed.
  while (now != here.end() || (was != old.end() && was->second < j.next)) {
    const bool was_open = was != old.end() && was->second < j.next;
    if (!was_open || (now != here.end() && now->first < was->second)) {
      f.changed.insert((now++)->first);
    } else if (now == here.end() || was->second < now->first) {
      f.changed.insert((was++)->second);
    } else {
      if (was->first != now->second) f.changed.insert(now->first);
      ++was;
      ++now;
    }
  }
  for (const auto& [num, digest] : here)
    if (const auto it = f.number_of.find(digest); it != f.number_of.end() && it->second > num)
      f.taken.insert(it->second);
}

bool PdfJoiner::lines_up(size_t index) const {
  const Followed& f = *followed_;
  const auto& marks = f.last.marks;
  if (index == 0 || index >= marks.size() || marks_.size() != index) return false;
  const JoinCheckpoint::Mark &before = marks[index - 1], &after = marks[index];
  const PdfRewriter::Joined& j = *joined_;
  // Where the followed join stood before the part; the first pages'
  // document neither ends within it nor differs in being written.
  // (The same count of first pages, too: a part that ended another count's
  // document here would be copied past where this one's ends.)
  const bool first_open = j.first && !j.first->out;
  if (j.next != before.next || j.pages.size() != before.pages || j.page_referenced != before.page_referenced ||
      j.version != before.version || first_open != before.first_open || after.first_open != before.first_open ||
      first_pages_ != f.last.first_pages)
    return false;
  for (uint32_t n : after.reused)
    if (f.changed.count(n) > 0) return false;
  const auto taken = f.taken.lower_bound(before.next);
  return taken == f.taken.end() || *taken >= after.next;
}

bool PdfJoiner::copy_part(size_t index) {
  if (!followed_ || followed_->spoilt || !lines_up(index)) return false;
  Followed& f = *followed_;
  const JoinCheckpoint& c = f.last;
  const JoinCheckpoint::Mark &before = c.marks[index - 1], &after = c.marks[index];
  if (f.read > before.pos) return false;  // read past the part already: it is read once, in order
  std::string bytes;
  try {
    if (!f.digest) f.digest.emplace();  // from the file's start: nothing resumed
    f.read_to(before.pos, nullptr);     // what this join wrote in their place: hashed only
    bytes.reserve(static_cast<size_t>(after.pos - before.pos));
    f.read_to(after.pos, [&bytes](std::string_view b) { bytes.append(b); });
  } catch (const std::runtime_error&) {
    f.spoilt = true;
    return false;
  }
  if (f.digest->so_far() != after.prefix) {
    f.spoilt = true;
    return false;
  }
  PdfRewriter::Joined& j = *joined_;
  for (uint32_t n = before.next; n < after.next; ++n) j.at.push_back(c.at[n] - before.pos + j.out.pos);
  j.out.put(bytes);
  j.next = after.next;
  j.pages.insert(j.pages.end(), c.pages.begin() + before.pages, c.pages.begin() + after.pages);
  for (auto e = first_numbered(c.written, before.next); e != c.written.end() && e->second < after.next; ++e)
    j.written.emplace(e->first, e->second);
  j.page_referenced = after.page_referenced;
  j.version = after.version;
  mark(after.reused);
  ++parts_copied_;
  return true;
}

JoinCheckpoint PdfJoiner::checkpoint() const {
  const PdfRewriter::Joined& j = *joined_;
  JoinCheckpoint c;
  c.at = j.at;
  c.pages = j.pages;
  c.written.assign(j.written.begin(), j.written.end());
  std::sort(c.written.begin(), c.written.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  c.info = j.info;
  c.header_version = j.header_version;
  c.first_pages = first_pages_;
  c.marks = marks_;
  c.file = digest_;
  return c;
}

void PdfJoiner::finish() {
  PdfRewriter::Joined& j = *joined_;
  if (j.pages.empty()) throw std::runtime_error("cannot write " + j.file.path().string() + ": no pages");
  if (j.first && !j.first->out)
    throw std::runtime_error("cannot write " + j.first->file.path().string() + ": " + std::to_string(j.pages.size()) +
                             " pages joined, not " + std::to_string(j.first->pages));
  PdfRewriter::write_tail(j.out, j.at, j.pages, j.info, j.version, j.header_version, actual_size_);
  if (j.first && j.page_referenced) j.first.reset();  // its file is removed: first_pages_written() says so
  if (j.first) {
    PdfRewriter::Joined::FirstPages& f = *j.first;
    PdfRewriter::write_tail(*f.out, f.at, f.kids, j.info, f.version, j.header_version, actual_size_);
    f.file.commit();
    first_digest_ = f.out->file_digest();
  }
  j.file.commit();
  digest_ = j.out.file_digest();
  first_written_ = j.first != nullptr;
}

}  // namespace kw::pdf
