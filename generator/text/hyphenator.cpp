#include "text/hyphenator.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include <hyphen.h>
#include <unicode/uchar.h>

#include "text/utf8.h"

namespace kw::text {

namespace fs = std::filesystem;

namespace {

const fs::path kDictionaryDir = "/usr/share/hyphen";

// "de-CH" -> hyph_de_CH.dic, then hyph_de.dic, then hyph_de_DE.dic.
std::vector<fs::path> candidates(const std::string& language) {
  std::string lang = language, region;
  const auto dash = language.find_first_of("-_");
  if (dash != std::string::npos) {
    lang = language.substr(0, dash);
    region = language.substr(dash + 1);
    region = region.substr(0, region.find_first_of("-_"));
  }
  std::transform(lang.begin(), lang.end(), lang.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  std::transform(region.begin(), region.end(), region.begin(), [](unsigned char c) { return char(std::toupper(c)); });
  std::vector<fs::path> out;
  if (!region.empty()) out.push_back(kDictionaryDir / ("hyph_" + lang + "_" + region + ".dic"));
  out.push_back(kDictionaryDir / ("hyph_" + lang + ".dic"));
  const std::string default_region = lang == "en" ? "US" : lang == "de" ? "DE" : lang == "fr" ? "FR" : "";
  if (!default_region.empty()) out.push_back(kDictionaryDir / ("hyph_" + lang + "_" + default_region + ".dic"));
  return out;
}

}  // namespace

const Hyphenator* Hyphenator::for_language(const std::string& language) {
  // Dictionaries are large (de: 1 MB of patterns, about a second to load):
  // read each file once, lazily, and share it between all threads for the
  // rest of the run. Debian links de_CH, de_AT... to one file, so files are
  // keyed by their canonical path.
  static std::mutex mutex;
  static std::map<std::string, const Hyphenator*> by_language;
  static std::map<fs::path, std::unique_ptr<Hyphenator>> by_file;
  std::lock_guard lock(mutex);
  auto it = by_language.find(language);
  if (it != by_language.end()) return it->second;
  const Hyphenator* found = nullptr;
  for (const fs::path& p : candidates(language)) {
    std::error_code ec;
    const fs::path file = fs::canonical(p, ec);
    if (ec) continue;
    auto& slot = by_file[file];
    if (!slot) slot = open(file);
    if ((found = slot.get())) break;
  }
  return by_language[language] = found;
}

std::unique_ptr<Hyphenator> Hyphenator::open(const fs::path& dic) {
  HyphenDict* d = hnj_hyphen_load(dic.c_str());
  if (!d) return nullptr;
  std::unique_ptr<Hyphenator> h(new Hyphenator());
  h->dict_ = d;
  // The first line of a .dic names its charset; Debian's German patterns are
  // ISO8859-1, the English ones UTF-8. libhyphen sets `utf8` from it.
  h->utf8_ = d->utf8 != 0;
  h->charset_ = d->cset;
  h->left_min = std::max<std::size_t>(2, static_cast<std::size_t>(std::max<char>(d->lhmin, 0)));
  h->right_min = std::max<std::size_t>(3, static_cast<std::size_t>(std::max<char>(d->rhmin, 0)));
  return h;
}

Hyphenator::~Hyphenator() {
  if (dict_) hnj_hyphen_free(dict_);
}

std::vector<std::size_t> Hyphenator::points(std::u32string_view word) const {
  std::vector<std::size_t> out;
  if (word.size() < left_min + right_min) return out;
  // Patterns are lower case. Per-code-point lowering keeps the length (unlike
  // full case mapping), so the indices map straight back onto `word`.
  std::string bytes;
  for (char32_t cp : word) {
    const auto lower = static_cast<char32_t>(u_tolower(static_cast<UChar32>(cp)));
    if (utf8_) {
      utf8::append(bytes, lower);
    } else {
      if (lower > 0xFF) return out;  // not representable in the Latin-1 dictionary
      bytes += static_cast<char>(static_cast<unsigned char>(lower));
    }
  }
  std::vector<char> hyphens(bytes.size() + 5, '0');
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  const int rc = hnj_hyphen_hyphenate2(dict_, bytes.data(), static_cast<int>(bytes.size()), hyphens.data(), nullptr,
                                       &rep, &pos, &cut);
  if (rc == 0) {
    // hyphens[k] odd: a hyphen may follow character k (libhyphen converts byte
    // positions to character positions for UTF-8 dictionaries).
    for (std::size_t k = 0; k + 1 < word.size(); ++k) {
      if (!(hyphens[k] & 1)) continue;
      // Non-standard breaks (rep != null: "Schiffahrt" -> "Schiff-fahrt") would
      // change the letters; we only break between letters as written.
      if (rep && rep[k]) continue;
      const std::size_t at = k + 1;
      if (at >= left_min && word.size() - at >= right_min) out.push_back(at);
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

#if defined(__SANITIZE_ADDRESS__)
// libhyphen 2.8 leaks ~900 bytes while loading the German patterns
// (hnj_hyphen_load, once per process; reproducible with load + free alone).
// Not ours to fix: tell LeakSanitizer, so sanitizer builds of every binary
// that hyphenates stay clean. The hook is the sanitizer's documented one.
extern "C" __attribute__((used)) const char* __lsan_default_suppressions() { return "leak:libhyphen.so\n"; }
#endif
