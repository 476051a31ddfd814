#pragma once
// Line-break opportunities by the Unicode line breaking algorithm (UAX #14),
// from ICU's line BreakIterator.
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <unicode/uversion.h>

U_NAMESPACE_BEGIN
class BreakIterator;
U_NAMESPACE_END

namespace kw::text {

struct BreakOpportunity {
  std::size_t byte = 0;  // a line may start here (byte offset into the text)
  bool hard = false;     // a mandatory break (after a newline)
};

// ICU line iterators, one per language. Building one loads and compiles ICU's
// rules, so each is built once and cloned per call (ICU iterators are not
// thread-safe). Owned per build: project.state<LineBreakers>().
class LineBreakers {
 public:
  LineBreakers();
  ~LineBreakers();
  LineBreakers(const LineBreakers&) = delete;
  LineBreakers& operator=(const LineBreakers&) = delete;

  // Opportunities strictly inside `text` (never 0, always including
  // text.size() as the last one, when text is not empty). Thread-safe.
  std::vector<BreakOpportunity> opportunities(std::string_view text, const std::string& language) const;

 private:
  std::unique_ptr<icu::BreakIterator> clone_for(const std::string& language) const;

  mutable std::mutex mutex_;
  mutable std::map<std::string, std::unique_ptr<icu::BreakIterator>> prototypes_;
};

}  // namespace kw::text
