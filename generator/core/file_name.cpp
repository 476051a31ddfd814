#include "core/file_name.h"

#include <mutex>
#include <unordered_set>

namespace kw {

// Constant-initialised (std::string's default constructor is constexpr), so
// a FileName made while other files' statics are initialised finds it.
const std::string FileName::kEmpty;

namespace {

// Looked up by string_view, without making a string first.
struct NameHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

struct Names {
  std::mutex mutex;
  // Node-based: a stored name never moves, so the pointers stay valid.
  // Never emptied: a process sees few distinct file names (its project's).
  std::unordered_set<std::string, NameHash, std::equal_to<>> names;
};

Names& names() {
  // Made on first use, so a static FileName elsewhere finds it, and never
  // destroyed: a name read while the program ends (another static's
  // destructor, a studio thread still stopping) stays valid.
  static Names& all = *new Names;  // NOLINT(cppcoreguidelines-owning-memory)
  return all;
}

}  // namespace

FileName::FileName(std::string_view name) {
  if (name.empty()) return;
  // A parse asks for the same name for every node it places: the last one
  // a thread asked for is answered without the lock.
  thread_local const std::string* last = nullptr;
  if (last && *last == name) {
    name_ = last;
    return;
  }
  Names& all = names();
  std::lock_guard lock(all.mutex);
  auto it = all.names.find(name);
  if (it == all.names.end()) it = all.names.emplace(name).first;
  name_ = &*it;
  last = name_;
}

}  // namespace kw
