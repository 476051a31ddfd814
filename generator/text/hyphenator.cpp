#include "text/hyphenator.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <unordered_map>

#include <hyphen.h>
#include <unicode/uchar.h>

#include "core/utf8.h"
#include "project/project.h"
#include "text/hyphen_patterns.h"
#include "text/language.h"

namespace kw::text {

namespace {

constexpr const char* kDictionaryDir = "/usr/share/hyphen";

// hyph_<language>[_<Script>][_<REGION>].dic: the tag of a dictionary file's
// name, or no language when it is none.
LanguageTag dictionary_tag(const std::string& name) {
  if (!name.starts_with("hyph_") || !name.ends_with(".dic")) return {};
  return parse_language_tag(name.substr(5, name.size() - 9));
}

std::string file_for(const LanguageTag& t, const std::string& script, const std::string& region) {
  std::string name = std::string(kDictionaryDir) + "/hyph_" + t.language;
  if (!script.empty()) name += "_" + script;
  if (!region.empty()) name += "_" + region;
  return name + ".dic";
}

// The files to try first for `language`, best first, by BCP 47 matching:
// the exact tag (hyph_de_CH.dic for de-CH), the language's own file
// (hyph_de.dic), then the language in its likely region from CLDR
// (hyph_de_DE.dic, hyph_pt_BR.dic). Debian names its files so.
std::vector<std::string> first_candidates(const std::string& language) {
  const LanguageTag own = parse_language_tag(language);
  std::vector<std::string> out;
  if (own.language.empty()) return out;
  const LanguageTag likely = likely_subtags(language);
  auto add = [&](const std::string& file) {
    if (std::find(out.begin(), out.end(), file) == out.end()) out.push_back(file);
  };
  if (!own.script.empty() && !own.region.empty()) add(file_for(own, own.script, own.region));
  if (!own.region.empty()) add(file_for(own, "", own.region));
  if (!own.script.empty()) add(file_for(own, own.script, ""));
  add(file_for(own, "", ""));
  if (!likely.region.empty()) add(file_for(own, "", likely.region));
  return out;
}

// Then any other installed dictionary of the language, in name order (a
// deterministic choice): hyph_pt_PT.dic for "pt" when only that is there.
// One of another script than the language's (likely) one does not count.
std::vector<std::string> other_candidates(const std::string& language, const std::vector<std::string>& installed) {
  const LanguageTag own = parse_language_tag(language);
  const LanguageTag likely = likely_subtags(language);
  std::vector<std::string> out;
  for (const std::string& name : installed) {
    const LanguageTag t = dictionary_tag(name);
    if (t.language.empty() || t.language != own.language) continue;
    if (!t.script.empty() && !likely.script.empty() && t.script != likely.script) continue;
    out.push_back(std::string(kDictionaryDir) + "/" + name);
  }
  return out;
}

// libhyphen parses from a FILE*, not from memory: fmemopen gives it one over
// the bytes, so what it parses is exactly what was read (and hashed) through
// the project, with no temporary file.
HyphenDict* load(std::string_view text) {
  if (text.empty()) return nullptr;
  FILE* file = fmemopen(const_cast<char*>(text.data()), text.size(), "r");
  if (!file) return nullptr;
  HyphenDict* dict = hnj_hyphen_load_file(file);
  std::fclose(file);
  return dict;
}

}  // namespace

const Hyphenator* Hyphenators::for_language(const std::string& language) const {
  std::lock_guard lock(mutex_);
  auto it = by_language_.find(language);
  if (it != by_language_.end()) return it->second;
  const Hyphenator* found = nullptr;
  auto try_file = [&](const std::string& file) {
    project::InputPtr dic = project_.read_system(file);
    if (!dic) return false;
    auto& slot = by_content_[dic->hash()];
    if (!slot) slot = Hyphenator::open(*dic);
    return (found = slot.get()) != nullptr;
  };
  bool done = false;
  for (const std::string& file : first_candidates(language))
    if ((done = try_file(file))) break;
  // The folder is listed only when no usual name is there.
  if (!done && !parse_language_tag(language).language.empty()) {
    if (!installed_) installed_ = project_.list_system(kDictionaryDir);
    const std::vector<std::string> tried = first_candidates(language);
    for (const std::string& file : other_candidates(language, *installed_))
      if (std::find(tried.begin(), tried.end(), file) == tried.end() && try_file(file)) break;
  }
  return by_language_[language] = found;
}

MissingDictionary missing_dictionary_message(const std::string& language) {
  const LanguageTag t = parse_language_tag(language);
  const std::string ll = t.language.empty() ? language : t.language;
  MissingDictionary m;
  m.message =
      "no hyphenation dictionary for language '" + language + "' is installed: its text is set without hyphenation";
  m.hint = "kartenwerk looks for " + std::string(kDictionaryDir) + "/hyph_" + ll +
           "*.dic (libhyphen patterns); Debian packages them as hyphen-" + ll +
           "… (apt-cache search --names-only ^hyphen-" + ll +
           " lists them; there may be none for the language), or set hyphenate: false on the text";
  return m;
}

std::unique_ptr<Hyphenator> Hyphenator::open(const project::Input& dic) {
  if (dic.bytes().empty() || dic.bytes().size() > PatternIndex::kMaxBytes) return nullptr;
  auto index = PatternIndex::build(dic.shared_bytes());
  if (!index || index->breaks_libhyphen()) return nullptr;
  if (index->needs_whole_file()) return open_whole(dic);
  // The settings (charset, minima) as libhyphen reads them, from the header
  // lines alone.
  HyphenDict* headers = load(index->dictionary_for({}));
  if (!headers) return nullptr;
  std::unique_ptr<Hyphenator> h(new Hyphenator());
  h->read_settings(*headers);
  hnj_hyphen_free(headers);
  h->index_ = std::move(index);
  return h;
}

std::unique_ptr<Hyphenator> Hyphenator::open_whole(const project::Input& dic) {
  HyphenDict* d = load(dic.bytes());
  if (!d) return nullptr;
  std::unique_ptr<Hyphenator> h(new Hyphenator());
  h->whole_ = d;
  h->read_settings(*d);
  return h;
}

void Hyphenator::read_settings(const HyphenDict& d) {
  // The first line of a .dic names its charset; Debian's German patterns are
  // ISO8859-1, the English ones UTF-8. libhyphen sets `utf8` from it.
  utf8_ = d.utf8 != 0;
  charset_ = d.cset;
  left_min = std::max<std::size_t>(2, static_cast<std::size_t>(std::max<char>(d.lhmin, 0)));
  right_min = std::max<std::size_t>(3, static_cast<std::size_t>(std::max<char>(d.rhmin, 0)));
}

Hyphenator::~Hyphenator() {
  if (whole_) hnj_hyphen_free(whole_);
}

std::vector<std::size_t> Hyphenator::points(std::u32string_view word) const {
  return std::move(points(std::vector<std::u32string_view>{word}).front());
}

std::vector<std::vector<std::size_t>> Hyphenator::points(const std::vector<std::u32string_view>& words) const {
  std::vector<std::vector<std::size_t>> out(words.size());
  std::vector<std::string> bytes(words.size());
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < words.size(); ++i)
    if (dictionary_bytes(words[i], bytes[i])) todo.push_back(i);
  {
    std::lock_guard lock(mutex_);
    std::erase_if(todo, [&](std::size_t i) {
      const auto it = memo_.find(bytes[i]);
      if (it == memo_.end()) return false;
      out[i] = it->second;
      return true;
    });
  }
  if (todo.empty()) return out;
  // libhyphen only reads a loaded dictionary: threads may share the whole
  // one, and each batch loads its own cut-down one outside the lock.
  std::unique_ptr<HyphenDict, decltype(&hnj_hyphen_free)> cut_down(nullptr, &hnj_hyphen_free);
  HyphenDict* dict = whole_;
  if (index_) {
    std::vector<std::string_view> batch;
    batch.reserve(todo.size());
    for (std::size_t i : todo) batch.push_back(bytes[i]);
    cut_down.reset(load(index_->dictionary_for(batch)));
    dict = cut_down.get();
  }
  if (!dict) return out;
  for (std::size_t i : todo) out[i] = hyphenate(dict, bytes[i], words[i].size());
  std::lock_guard lock(mutex_);
  for (std::size_t i : todo) memo_.emplace(std::move(bytes[i]), out[i]);
  return out;
}

// The word as libhyphen reads it; false when it is not hyphenated at all.
bool Hyphenator::dictionary_bytes(std::u32string_view word, std::string& bytes) const {
  if (word.size() < left_min + right_min) return false;
  // Patterns are lower case. Per-code-point lowering keeps the length (unlike
  // full case mapping), so the indices map straight back onto `word`.
  for (char32_t cp : word) {
    const auto lower = static_cast<char32_t>(u_tolower(static_cast<UChar32>(cp)));
    if (utf8_) {
      utf8::append(bytes, lower);
    } else {
      if (lower > 0xFF) return false;  // not representable in the Latin-1 dictionary
      bytes += static_cast<char>(static_cast<unsigned char>(lower));
    }
  }
  return true;
}

// `length`: of the word in code points.
std::vector<std::size_t> Hyphenator::hyphenate(HyphenDict* dict, const std::string& bytes, std::size_t length) const {
  std::vector<std::size_t> out;
  std::vector<char> hyphens(bytes.size() + 5, '0');
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  const int rc = hnj_hyphen_hyphenate2(dict, bytes.data(), static_cast<int>(bytes.size()), hyphens.data(), nullptr,
                                       &rep, &pos, &cut);
  if (rc == 0) {
    // hyphens[k] odd: a hyphen may follow character k (libhyphen converts byte
    // positions to character positions for UTF-8 dictionaries).
    for (std::size_t k = 0; k + 1 < length; ++k) {
      if (!(hyphens[k] & 1)) continue;
      // Non-standard breaks (rep != null: "Schiffahrt" -> "Schiff-fahrt") would
      // change the letters; we only break between letters as written.
      if (rep && rep[k]) continue;
      const std::size_t at = k + 1;
      if (at >= left_min && length - at >= right_min) out.push_back(at);
    }
  }
  if (rep) {
    // For UTF-8 dictionaries libhyphen moves entries to character positions
    // and may leave the old slot pointing at the same string: free each once.
    std::set<char*> distinct;
    for (std::size_t k = 0; k < bytes.size(); ++k)
      if (rep[k]) distinct.insert(rep[k]);
    for (char* r : distinct) std::free(r);
    std::free(rep);
  }
  std::free(pos);
  std::free(cut);
  return out;
}

}  // namespace kw::text
