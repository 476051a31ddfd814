#include "layout/svg_transparency.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <cctype>
#include <charconv>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

namespace kw::layout {

namespace {

// librsvg exposes no tree, so the question is answered from the document
// itself (libxml2, the parser librsvg is built on). Only what decides
// translucency is read: presentation attributes, `style` attributes, <style>
// rules and the references between elements.

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A CSS number or percentage as a fraction ("0.5", "50%", ".5"); nullopt
// when it is neither (librsvg ignores such a value).
std::optional<double> fraction(std::string_view text) {
  std::string_view v = trim(text);
  bool percent = false;
  if (!v.empty() && v.back() == '%') {
    percent = true;
    v.remove_suffix(1);
  }
  if (!v.empty() && v.front() == '+') v.remove_prefix(1);  // CSS allows a sign; from_chars does not
  std::string s(v);
  if (!s.empty() && s.front() == '.') s.insert(s.begin(), '0');
  if (s.size() > 1 && s[0] == '-' && s[1] == '.') s.insert(s.begin() + 1, '0');
  double value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return percent ? value / 100 : value;
}

bool below_one(std::string_view value) {
  auto f = fraction(value);
  return f && *f < 1;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// A colour value with alpha below 1: #rgba, #rrggbbaa, rgb()/rgba()/hsl()/
// hsla() with a fourth component, `transparent`.
bool colour_translucent(std::string_view text) {
  const std::string v = lower(trim(text));
  if (v == "transparent") return true;
  if (v.size() == 5 && v[0] == '#') return hex_digit(v[4]) >= 0 && hex_digit(v[4]) < 15;
  if (v.size() == 9 && v[0] == '#') return hex_digit(v[7]) >= 0 && v.substr(7) != "ff";
  for (const char* fn : {"rgb(", "rgba(", "hsl(", "hsla("}) {
    if (v.rfind(fn, 0) != 0) continue;
    const auto close = v.find(')');
    std::string_view args =
        std::string_view(v).substr(std::string_view(fn).size(), close - std::string_view(fn).size());
    if (auto slash = args.find('/'); slash != std::string_view::npos) return below_one(args.substr(slash + 1));
    size_t commas = 0;
    size_t last = 0;
    for (size_t i = 0; i < args.size(); ++i)
      if (args[i] == ',') {
        ++commas;
        last = i;
      }
    return commas == 3 && below_one(args.substr(last + 1));
  }
  return false;
}

bool is_none(std::string_view value) {
  const std::string v = lower(trim(value));
  return v.empty() || v == "none";
}

// One property (an attribute or a CSS declaration) that makes its element
// paint something translucent.
bool property_blends(std::string_view name, std::string_view raw) {
  std::string_view value = trim(raw);
  if (auto important = value.find("!important"); important != std::string_view::npos)
    value = trim(value.substr(0, important));
  if (name == "opacity" || name == "fill-opacity" || name == "stroke-opacity" || name == "stop-opacity" ||
      name == "flood-opacity")
    return below_one(value);
  if (name == "fill" || name == "stroke" || name == "stop-color" || name == "flood-color" || name == "lighting-color" ||
      name == "color") {
    // "url(#g) red": the fallback colour after the paint server counts too.
    if (auto paren = value.find(')'); value.rfind("url(", 0) == 0 && paren != std::string_view::npos)
      value = value.substr(paren + 1);
    return colour_translucent(value);
  }
  if (name == "mask" || name == "filter") return !is_none(value);
  if (name == "mix-blend-mode") return lower(value) != "normal";
  return false;
}

// Properties inherited from an ancestor by an element drawn alone.
bool inherited(std::string_view name) {
  return name == "fill" || name == "stroke" || name == "fill-opacity" || name == "stroke-opacity" || name == "color" ||
         name == "marker" || name == "marker-start" || name == "marker-mid" || name == "marker-end";
}

struct Declaration {
  std::string name, value;
};

// `css` without its /* comments */.
std::string without_comments(std::string_view css) {
  std::string text;
  for (size_t i = 0; i < css.size(); ++i) {
    if (css.substr(i, 2) == "/*") {
      auto end = css.find("*/", i + 2);
      if (end == std::string_view::npos) break;
      i = end + 1;
      continue;
    }
    text += css[i];
  }
  return text;
}

// The declarations of a `style` attribute or of one CSS rule's body.
std::vector<Declaration> declarations(std::string_view css) {
  const std::string text = without_comments(css);
  const std::string_view body = text;
  std::vector<Declaration> out;
  size_t start = 0;
  while (start <= body.size()) {
    size_t end = body.find(';', start);
    if (end == std::string_view::npos) end = body.size();
    std::string_view decl = body.substr(start, end - start);
    if (auto colon = decl.find(':'); colon != std::string_view::npos)
      out.push_back({lower(trim(decl.substr(0, colon))), std::string(trim(decl.substr(colon + 1)))});
    start = end + 1;
  }
  return out;
}

// Every declaration of every rule of a style sheet (selectors are not
// matched: see the header).
std::vector<Declaration> sheet_declarations(std::string_view css) {
  const std::string text = without_comments(css);
  std::vector<Declaration> out;
  size_t open = 0;
  while ((open = text.find('{', open)) != std::string::npos) {
    const size_t close = text.find('}', open);
    const size_t end = close == std::string::npos ? text.size() : close;
    for (auto& d : declarations(std::string_view(text).substr(open + 1, end - open - 1))) out.push_back(std::move(d));
    if (close == std::string::npos) break;
    open = close + 1;
  }
  return out;
}

// The ids a value refers to: url(#id) anywhere in it.
std::vector<std::string> url_targets(std::string_view value) {
  std::vector<std::string> out;
  size_t at = 0;
  while ((at = value.find("url(", at)) != std::string_view::npos) {
    size_t start = at + 4;
    const size_t close = value.find(')', start);
    if (close == std::string_view::npos) break;
    std::string_view inner = trim(value.substr(start, close - start));
    if (!inner.empty() && (inner.front() == '"' || inner.front() == '\'')) inner = inner.substr(1, inner.size() - 2);
    if (auto hash = inner.find('#'); hash != std::string_view::npos) out.emplace_back(inner.substr(hash + 1));
    at = close;
  }
  return out;
}

std::string_view local_name(const xmlNode* node) { return reinterpret_cast<const char*>(node->name); }

std::string attribute_text(xmlAttr* attr) {
  xmlChar* value = xmlNodeListGetString(attr->doc, attr->children, 1);
  std::string out = value ? reinterpret_cast<const char*>(value) : "";
  xmlFree(value);
  return out;
}

// Elements that paint nothing where they stand: drawn only when something
// references them (a gradient by a fill, a symbol by a <use>...).
bool drawn_by_reference_only(std::string_view name) {
  return name == "defs" || name == "symbol" || name == "mask" || name == "clipPath" || name == "pattern" ||
         name == "marker" || name == "linearGradient" || name == "radialGradient" || name == "filter" ||
         name == "style" || name == "script" || name == "title" || name == "desc" || name == "metadata";
}

// Walks what is drawn with a worklist, not recursion: a document may chain
// tens of thousands of references (gradient to gradient), which librsvg
// draws and a recursive walk would not survive.
class Resolver {
 public:
  explicit Resolver(xmlDoc* doc) {
    index(xmlDocGetRootElement(doc));
    for (const auto& d : sheet_declarations(style_text_)) {
      if (property_blends(d.name, d.value)) sheet_blends_ = true;
      for (auto& id : url_targets(d.value)) sheet_targets_.push_back(std::move(id));
    }
  }

  bool blends(const std::string& element_id, const std::string& stylesheet) {
    // Entities are substituted by librsvg, not by this reading (which must
    // not load external ones): a document that uses them is taken to blend.
    if (sheet_blends_ || has_entity_refs_) return true;
    for (const auto& d : sheet_declarations(stylesheet)) {
      if (property_blends(d.name, d.value)) return true;
      for (const auto& id : url_targets(d.value)) reference(id);
    }
    for (const auto& id : sheet_targets_) reference(id);
    if (element_id.empty()) {
      pending_.push_back(root_);
    } else {
      auto it = ids_.find(element_id);
      if (it == ids_.end()) return false;  // the renderer reports a missing element
      for (const xmlNode* up = it->second->parent; up && up->type == XML_ELEMENT_NODE; up = up->parent)
        if (own_properties_blend(up, /*inherited_only=*/true)) return true;
      pending_.push_back(it->second);
    }
    return drawn();
  }

 private:
  // Depth is bounded by libxml2 (256 levels unless XML_PARSE_HUGE).
  void index(xmlNode* node) {
    if (!root_) root_ = node;
    for (xmlNode* n = node; n; n = n->next) {
      if (n->type == XML_ENTITY_REF_NODE) has_entity_refs_ = true;
      if (n->type != XML_ELEMENT_NODE) continue;
      for (xmlAttr* a = n->properties; a; a = a->next)
        if (std::string_view(reinterpret_cast<const char*>(a->name)) == "id") ids_.emplace(attribute_text(a), n);
      if (local_name(n) == "style") {
        xmlChar* css = xmlNodeGetContent(n);
        if (css) style_text_ += reinterpret_cast<const char*>(css);
        style_text_ += '\n';
        xmlFree(css);
      }
      index(n->children);
    }
  }

  // The element with `id` is drawn where it is referenced: walked later.
  void reference(const std::string& id) {
    if (auto it = ids_.find(id); it != ids_.end()) pending_.push_back(it->second);
  }

  // Whether the element's own attributes and `style` make it translucent;
  // the elements they reference are queued.
  bool own_properties_blend(const xmlNode* node, bool inherited_only) {
    for (xmlAttr* a = node->properties; a; a = a->next) {
      const std::string name = lower(reinterpret_cast<const char*>(a->name));
      const std::string value = attribute_text(a);
      std::vector<Declaration> props;
      if (name == "style")
        props = declarations(value);
      else
        props.push_back({name, value});
      for (const auto& p : props) {
        if (inherited_only && !inherited(p.name)) continue;
        if (property_blends(p.name, p.value)) return true;
        if (p.name == "clip-path") continue;  // a clip only cuts
        for (const auto& id : url_targets(p.value)) reference(id);
      }
      if (!inherited_only && name == "href" && value.size() > 1 && value[0] == '#')
        reference(value.substr(1));  // <use>, a gradient's or pattern's template, <textPath>
    }
    return false;
  }

  // Everything queued and what it draws, each element once.
  bool drawn() {
    while (!pending_.empty()) {
      const xmlNode* node = pending_.back();
      pending_.pop_back();
      if (!node || node->type != XML_ELEMENT_NODE || !seen_.insert(node).second) continue;
      const std::string_view name = local_name(node);
      if (name == "clipPath") continue;
      if (name == "image") return true;  // pixels may carry alpha
      if (own_properties_blend(node, false)) return true;
      for (const xmlNode* child = node->children; child; child = child->next)
        if (child->type == XML_ELEMENT_NODE && !drawn_by_reference_only(local_name(child))) pending_.push_back(child);
    }
    return false;
  }

  const xmlNode* root_ = nullptr;
  std::map<std::string, const xmlNode*> ids_;
  std::string style_text_;
  bool sheet_blends_ = false;
  bool has_entity_refs_ = false;
  std::vector<std::string> sheet_targets_;
  std::vector<const xmlNode*> pending_;
  std::set<const xmlNode*> seen_;
};

struct DocFree {
  void operator()(xmlDoc* doc) const { xmlFreeDoc(doc); }
};

// The answers for one file, by element and stylesheet.
struct Answers {
  std::mutex mutex;
  std::map<std::pair<std::string, std::string>, bool> known;
};

}  // namespace

bool svg_blends(const project::Input& svg, const std::string& element_id, const std::string& stylesheet) {
  auto& answers = svg.derived<Answers>([] { return std::make_shared<Answers>(); });
  const auto key = std::make_pair(element_id, stylesheet);
  {
    std::lock_guard lock(answers.mutex);
    if (auto it = answers.known.find(key); it != answers.known.end()) return it->second;
  }
  const std::string_view bytes = svg.bytes();
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    return true;  // beyond libxml2: as unreadable
  // As librsvg reads it: no network, no entity substitution, libxml2's
  // default limits on depth and size.
  std::unique_ptr<xmlDoc, DocFree> doc(xmlReadMemory(bytes.data(), static_cast<int>(bytes.size()), nullptr, nullptr,
                                                     XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING));
  // What cannot be read is taken to blend: flattening too much costs pixels,
  // too little an unprintable PDF/X-1a.
  const bool answer = !doc || Resolver(doc.get()).blends(element_id, stylesheet);
  std::lock_guard lock(answers.mutex);
  answers.known.emplace(key, answer);
  return answer;
}

}  // namespace kw::layout
