#include "text/hyphenator.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>

#include <hyphen.h>
#include <unicode/uchar.h>

#include "project/project.h"
#include "text/utf8.h"

namespace kw::text {

namespace {

constexpr const char* kDictionaryDir = "/usr/share/hyphen/";

// "de-CH" -> hyph_de_CH.dic, then hyph_de.dic, then hyph_de_DE.dic.
std::vector<std::string> candidates(const std::string& language) {
  std::string lang = language, region;
  const auto dash = language.find_first_of("-_");
  if (dash != std::string::npos) {
    lang = language.substr(0, dash);
    region = language.substr(dash + 1);
    region = region.substr(0, region.find_first_of("-_"));
  }
  std::transform(lang.begin(), lang.end(), lang.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  std::transform(region.begin(), region.end(), region.begin(), [](unsigned char c) { return char(std::toupper(c)); });
  std::vector<std::string> out;
  const std::string dir = kDictionaryDir;
  if (!region.empty()) out.push_back(dir + "hyph_" + lang + "_" + region + ".dic");
  out.push_back(dir + "hyph_" + lang + ".dic");
  const std::string default_region = lang == "en" ? "US" : lang == "de" ? "DE" : lang == "fr" ? "FR" : "";
  if (!default_region.empty()) out.push_back(dir + "hyph_" + lang + "_" + default_region + ".dic");
  return out;
}

}  // namespace

const Hyphenator* Hyphenators::for_language(const std::string& language) const {
  std::lock_guard lock(mutex_);
  auto it = by_language_.find(language);
  if (it != by_language_.end()) return it->second;
  const Hyphenator* found = nullptr;
  for (const std::string& file : candidates(language)) {
    project::InputPtr dic = project_.read_system(file);
    if (!dic) continue;
    auto& slot = by_content_[dic->hash()];
    if (!slot) slot = Hyphenator::open(*dic);
    if ((found = slot.get())) break;
  }
  return by_language_[language] = found;
}

std::unique_ptr<Hyphenator> Hyphenator::open(const project::Input& dic) {
  // libhyphen parses from a FILE*, not from memory: fmemopen gives it one
  // over the input's bytes, so the dictionary parsed is exactly the input
  // read (and hashed) through the project, with no temporary file.
  if (dic.bytes().empty()) return nullptr;
  FILE* file = fmemopen(const_cast<char*>(dic.bytes().data()), dic.bytes().size(), "r");
  if (!file) return nullptr;
  HyphenDict* d = hnj_hyphen_load_file(file);
  std::fclose(file);
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
