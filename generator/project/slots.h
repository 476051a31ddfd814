#pragma once
// Objects of distinct types, each made on first use and kept by one owner: the
// caches a project or an input holds for later stages (font faces, hyphenators,
// drawing handles), which kw_project cannot name.
#include <map>
#include <memory>
#include <mutex>
#include <typeindex>

namespace kw::project {

class Slots {
 public:
  // The T of this owner; the first call runs `make` (returning a
  // std::shared_ptr<T>) under the lock, so `make` must not ask this owner for
  // another slot. Thread-safe.
  template <class T, class Make>
  T& get(Make&& make) const {
    std::lock_guard lock(mutex_);
    auto& slot = slots_[std::type_index(typeid(T))];
    if (!slot) slot = std::shared_ptr<T>(make());
    return *static_cast<T*>(slot.get());
  }

 private:
  mutable std::mutex mutex_;
  mutable std::map<std::type_index, std::shared_ptr<void>> slots_;
};

}  // namespace kw::project
