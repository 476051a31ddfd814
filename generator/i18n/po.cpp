#include "i18n/po.h"

#include <cstdio>

namespace kw::i18n {

namespace {

// A C-style quoted PO string; text with newlines is split after each "\n"
// into continuation lines, as gettext tools write it.
std::string po_string(const std::string& s) {
  auto quote = [](const std::string& part) {
    std::string out = "\"";
    for (unsigned char c : part) {
      switch (c) {
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\t':
          out += "\\t";
          break;
        default:
          if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\%03o", c);
            out += buf;
          } else {
            out += static_cast<char>(c);
          }
      }
    }
    return out + "\"";
  };
  if (s.find('\n') == std::string::npos || s.find('\n') == s.size() - 1) return quote(s);
  std::string out = "\"\"";
  size_t start = 0;
  while (start < s.size()) {
    size_t nl = s.find('\n', start);
    size_t end = nl == std::string::npos ? s.size() : nl + 1;
    out += "\n" + quote(s.substr(start, end - start));
    start = end;
  }
  return out;
}

}  // namespace

std::string write_po(const PoFile& po) {
  std::string out;
  out += "# kartenwerk strings of " + po.game + ", German source, " + po.language + " translation.\n";
  out += "msgid \"\"\nmsgstr \"\"\n";
  out += "\"Project-Id-Version: kartenwerk " + po.game + "\\n\"\n";
  out += "\"Language: " + po.language + "\\n\"\n";
  out += "\"MIME-Version: 1.0\\n\"\n";
  out += "\"Content-Type: text/plain; charset=UTF-8\\n\"\n";
  out += "\"Content-Transfer-Encoding: 8bit\\n\"\n";
  out += "\"X-Kartenwerk-Game: " + po.game + "\\n\"\n";
  out += "\"X-Source-Language: de\\n\"\n";
  for (const auto& e : po.entries) {
    out += "\n";
    if (!e.comment.empty()) out += "#. " + e.comment + "\n";
    if (!e.reference.empty()) out += "#: " + e.reference + "\n";
    if (e.fuzzy) out += "#, fuzzy\n";
    out += "msgctxt " + po_string(e.context) + "\n";
    out += "msgid " + po_string(e.source) + "\n";
    out += "msgstr " + po_string(e.translation) + "\n";
  }
  return out;
}

namespace {

class Parser {
 public:
  Parser(const std::string& text, std::string file, Diagnostics& diags)
      : text_(text), file_(std::move(file)), diags_(diags) {}

  PoFile run() {
    PoFile po;
    PoEntry entry;
    std::string* target = nullptr;  // the string continuation lines append to
    bool have_entry = false;        // an entry has begun (a comment, msgctxt or msgid)
    bool complete = false;          // ... and its msgstr was read
    auto flush = [&] {
      if (have_entry && complete) {
        if (entry.context.empty() && entry.source.empty())
          read_header(entry.translation, po);
        else
          po.entries.push_back(entry);
      }
      if (have_entry && !complete) error("an entry without msgstr");
      entry = PoEntry{};
      have_entry = complete = false;
      target = nullptr;
    };
    // A comment, msgctxt or msgid after a complete entry starts the next one.
    auto begin = [&] {
      if (complete) flush();
      have_entry = true;
    };
    size_t start = 0;
    while (start <= text_.size()) {
      size_t nl = text_.find('\n', start);
      std::string line = text_.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
      ++line_no_;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.rfind("#,", 0) == 0) {
        begin();
        if (line.find("fuzzy") != std::string::npos) entry.fuzzy = true;
      } else if (line.rfind("#.", 0) == 0) {
        begin();
        entry.comment = trim(line.substr(2));
      } else if (line.rfind("#:", 0) == 0) {
        begin();
        entry.reference = trim(line.substr(2));
      } else if (line.empty() || line[0] == '#') {
        // blank line or translator comment
      } else if (line.rfind("msgctxt ", 0) == 0) {
        begin();
        target = &entry.context;
        *target = unquote(line.substr(8));
      } else if (line.rfind("msgid ", 0) == 0) {
        begin();
        target = &entry.source;
        *target = unquote(line.substr(6));
      } else if (line.rfind("msgstr ", 0) == 0) {
        if (!have_entry) error("msgstr without msgid");
        target = &entry.translation;
        *target = unquote(line.substr(7));
        complete = true;
      } else if (line[0] == '"') {
        if (!target)
          error("a string line outside an entry");
        else
          *target += unquote(line);
      } else {
        error("cannot read this line (expected msgctxt, msgid, msgstr, a \"string\" or a # comment)");
      }
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
    flush();
    return po;
  }

 private:
  static std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(' ');
    return b == std::string::npos ? std::string() : s.substr(b);
  }

  void error(const std::string& message) { diags_.error({file_, line_no_, 1}, message); }

  std::string unquote(const std::string& raw) {
    std::string s = trim(raw);
    if (s.size() < 2 || s.front() != '"' || s.back() != '"') {
      error("expected a \"quoted string\"");
      return {};
    }
    std::string out;
    for (size_t i = 1; i + 1 < s.size(); ++i) {
      char c = s[i];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i + 2 >= s.size()) {
        error("a backslash at the end of a string");
        break;
      }
      char n = s[++i];
      switch (n) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        default:
          if (n >= '0' && n <= '7') {
            int v = 0, digits = 0;
            while (digits < 3 && i < s.size() - 1 && s[i] >= '0' && s[i] <= '7') {
              v = v * 8 + (s[i] - '0');
              ++i;
              ++digits;
            }
            --i;
            out += static_cast<char>(v);
          } else {
            error(std::string("unknown escape \\") + n);
          }
      }
    }
    return out;
  }

  static void read_header(const std::string& header, PoFile& po) {
    size_t start = 0;
    while (start < header.size()) {
      size_t nl = header.find('\n', start);
      std::string line = header.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
      if (line.rfind("Language: ", 0) == 0) po.language = line.substr(10);
      if (line.rfind("X-Kartenwerk-Game: ", 0) == 0) po.game = line.substr(19);
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
  }

  const std::string& text_;
  std::string file_;
  Diagnostics& diags_;
  int line_no_ = 0;
};

}  // namespace

PoFile read_po(const std::string& text, const std::string& file_name, Diagnostics& diags) {
  return Parser(text, file_name, diags).run();
}

}  // namespace kw::i18n
