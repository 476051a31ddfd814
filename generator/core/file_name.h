#pragma once
// The name of a source file as a place in it (SourceLoc) holds it: every
// node of a YAML tree has a place, and a 10,000-card deck has hundreds of
// thousands of nodes, all in the same file. Each distinct name is stored
// once for the life of the process and a FileName is a pointer to it, so
// copying a tree copies no names (a 40-byte string and its heap block per
// place before: about a third of the loaded model's memory).
//
// It reads as the `const std::string&` it points at. Equality and order are
// the names' (order is never the pointers', so output stays the same from
// run to run).
#include <compare>
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace kw {

class FileName {
 public:
  FileName() = default;
  // Implicit: a place is written as {"data/cards.yaml", 3, 1}.
  FileName(std::string_view name);                                         // NOLINT(google-explicit-constructor)
  FileName(const std::string& name) : FileName(std::string_view(name)) {}  // NOLINT(google-explicit-constructor)
  FileName(const char* name) : FileName(std::string_view(name)) {}         // NOLINT(google-explicit-constructor)

  const std::string& str() const { return *name_; }
  operator const std::string&() const { return *name_; }  // NOLINT(google-explicit-constructor)

  bool empty() const { return name_->empty(); }
  std::size_t size() const { return name_->size(); }
  const char* c_str() const { return name_->c_str(); }
  bool starts_with(std::string_view prefix) const { return name_->starts_with(prefix); }
  bool ends_with(std::string_view suffix) const { return name_->ends_with(suffix); }
  std::size_t find(std::string_view part, std::size_t from = 0) const { return name_->find(part, from); }

  // One stored string per name: the same name is the same pointer.
  friend bool operator==(const FileName& a, const FileName& b) { return a.name_ == b.name_; }
  friend bool operator==(const FileName& a, std::string_view b) { return *a.name_ == b; }
  friend bool operator==(const FileName& a, const std::string& b) { return *a.name_ == b; }
  friend bool operator==(const FileName& a, const char* b) { return *a.name_ == b; }
  friend std::strong_ordering operator<=>(const FileName& a, const FileName& b) {
    return a.name_ == b.name_ ? std::strong_ordering::equal : *a.name_ <=> *b.name_;
  }
  friend std::strong_ordering operator<=>(const FileName& a, std::string_view b) { return *a.name_ <=> b; }

  friend std::string operator+(const FileName& a, std::string_view b) { return std::string(*a.name_).append(b); }
  friend std::string operator+(std::string_view a, const FileName& b) { return std::string(a).append(*b.name_); }
  friend std::string operator+(const FileName& a, const std::string& b) { return *a.name_ + b; }
  friend std::string operator+(const std::string& a, const FileName& b) { return a + *b.name_; }
  friend std::string operator+(const FileName& a, const char* b) { return *a.name_ + b; }
  friend std::string operator+(const char* a, const FileName& b) { return a + *b.name_; }
  friend std::ostream& operator<<(std::ostream& out, const FileName& f) { return out << *f.name_; }

 private:
  static const std::string kEmpty;
  const std::string* name_ = &kEmpty;
};

}  // namespace kw

template <>
struct std::hash<kw::FileName> {
  std::size_t operator()(const kw::FileName& f) const noexcept { return std::hash<std::string>{}(f.str()); }
};

template <>
struct fmt::formatter<kw::FileName> : fmt::formatter<std::string_view> {
  auto format(const kw::FileName& f, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(f.str(), ctx);
  }
};
