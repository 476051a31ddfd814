#include "text/markup.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "core/utf8.h"

namespace kw::text {

StyleFlags Markup::flags_at(std::size_t byte) const {
  for (const MarkupSpan& s : spans)
    if (byte >= s.begin && byte < s.end) return s.flags;
  return spans.empty() ? StyleFlags{} : spans.back().flags;
}

const MarkupIcon* Markup::icon_at(std::size_t byte) const {
  auto it = std::lower_bound(icons.begin(), icons.end(), byte,
                             [](const MarkupIcon& i, std::size_t b) { return i.offset < b; });
  return it != icons.end() && it->offset == byte ? &*it : nullptr;
}

namespace {

bool is_icon_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

class Parser {
 public:
  explicit Parser(std::string_view src) : src_(src) {}

  MarkupResult run() {
    std::size_t i = 0;
    while (i < src_.size() && error_.empty()) {
      const char c = src_[i];
      if (c == '\\' && i + 1 < src_.size()) {
        const char n = src_[i + 1];
        if (n == 'n') {
          emit("\n");
        } else if (n == '*' || n == ':' || n == '[' || n == '\\') {
          emit(std::string(1, n));
        } else {
          emit("\\");  // not an escape: keep the backslash, look at `n` normally
          i += 1;
          continue;
        }
        i += 2;
      } else if (src_.substr(i, 2) == "**") {
        toggle(flags_.bold, bold_open_, i, "**");
        i += 2;
      } else if (c == '*') {
        toggle(flags_.italic, italic_open_, i, "*");
        i += 1;
      } else if (src_.substr(i, 4) == "[sc]") {
        if (flags_.small_caps) fail(i, "[sc] inside [sc]");
        flags_.small_caps = true;
        sc_open_ = i;
        i += 4;
      } else if (src_.substr(i, 5) == "[/sc]") {
        if (!flags_.small_caps) fail(i, "[/sc] without [sc]");
        flags_.small_caps = false;
        i += 5;
      } else if (c == ':' && icon_name_end(i) != std::string_view::npos) {
        const std::size_t end = icon_name_end(i);
        out_.icons.push_back({out_.text.size(), std::string(src_.substr(i + 1, end - i - 1))});
        emit(utf8::encode(kIconChar));
        i = end + 1;
      } else if (c == '\r') {
        i += 1;  // Windows line ends: the '\n' that follows does the work
      } else if (c == '\t') {
        emit(" ");
        i += 1;
      } else {
        std::size_t j = i;
        const std::optional<char32_t> cp = utf8::decode(src_, j);
        if (!cp) {
          fail(i, fmt::format("invalid UTF-8 (byte 0x{:02X})", static_cast<unsigned char>(c)));
        } else if (*cp == 0x2028 || *cp == 0x2029 || *cp == 0x0B || *cp == 0x85) {
          emit("\n");  // Unicode line/paragraph separators: same as a newline
        } else if (*cp < 0x20 && *cp != '\n') {
          fail(i, "control character " + utf8::hex(*cp));
        } else {
          emit(std::string(src_.substr(i, j - i)));
        }
        i = j;
      }
    }
    if (error_.empty()) {
      if (flags_.bold)
        fail(bold_open_, "unclosed ** (bold)");
      else if (flags_.italic)
        fail(italic_open_, "unclosed * (italic)");
      else if (flags_.small_caps)
        fail(sc_open_, "unclosed [sc]");
    }
    MarkupResult r;
    r.error = error_;
    r.markup = std::move(out_);
    return r;
  }

 private:
  // End (index of the closing ':') of an icon written at src_[i] == ':', or npos.
  std::size_t icon_name_end(std::size_t i) const {
    std::size_t j = i + 1;
    while (j < src_.size() && is_icon_name_char(src_[j])) ++j;
    if (j == i + 1 || j >= src_.size() || src_[j] != ':') return std::string_view::npos;
    return j;
  }

  void toggle(bool& flag, std::size_t& opened_at, std::size_t i, const char*) {
    flag = !flag;
    if (flag) opened_at = i;
  }

  void fail(std::size_t at, const std::string& what) {
    if (error_.empty()) error_ = "markup: " + what + " at byte " + std::to_string(at);
  }

  void emit(const std::string& bytes) {
    const std::size_t begin = out_.text.size();
    out_.text += bytes;
    if (!out_.spans.empty() && out_.spans.back().flags == flags_ && out_.spans.back().end == begin) {
      out_.spans.back().end = out_.text.size();
    } else {
      out_.spans.push_back({begin, out_.text.size(), flags_});
    }
  }

  std::string_view src_;
  Markup out_;
  StyleFlags flags_;
  std::size_t bold_open_ = 0, italic_open_ = 0, sc_open_ = 0;
  std::string error_;
};

}  // namespace

MarkupResult parse_markup(std::string_view source) { return Parser(source).run(); }

}  // namespace kw::text
