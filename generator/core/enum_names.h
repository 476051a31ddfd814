#pragma once
// Names of enum values, one table per enum next to its declaration:
//
//   enum class Product { Cards, Booklet, Board };
//   inline constexpr EnumNames<Product, 3> kProductNames{{
//       {Product::Cards, "cards"}, {Product::Booklet, "booklet"}, {Product::Board, "board"}}};
//
// and one lookup both ways here, so that a name is spelled once and what is
// written (JSON, messages) and what is read (YAML, options) cannot drift
// apart. Hand-written because Debian does not package magic_enum, and our
// names are not the enumerators' spellings ("safe-area" for SafeArea).
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kw {

template <class E>
struct EnumName {
  E value;
  std::string_view name;  // a string literal: null-terminated, lives forever
};

template <class E, std::size_t N>
using EnumNames = std::array<EnumName<E>, N>;

// The name of `value`; `fallback` for a value the table does not have.
template <class E, std::size_t N>
constexpr std::string_view name_of(const EnumNames<E, N>& names, E value, std::string_view fallback = "?") {
  for (const auto& n : names)
    if (n.value == value) return n.name;
  return fallback;
}

// As name_of, for the places that need a C string (the names are literals).
template <class E, std::size_t N>
constexpr const char* c_name_of(const EnumNames<E, N>& names, E value, const char* fallback = "?") {
  for (const auto& n : names)
    if (n.value == value) return n.name.data();
  return fallback;
}

// The value named `name`, if any.
template <class E, std::size_t N>
constexpr std::optional<E> value_of(const EnumNames<E, N>& names, std::string_view name) {
  for (const auto& n : names)
    if (n.name == name) return n.value;
  return std::nullopt;
}

// Every name, in the table's order (e.g. for a schema's choices).
template <class E, std::size_t N>
std::vector<std::string> all_names(const EnumNames<E, N>& names) {
  std::vector<std::string> out;
  out.reserve(N);
  for (const auto& n : names) out.emplace_back(n.name);
  return out;
}

}  // namespace kw
