#pragma once
// One file read through the project: its bytes, their SHA-256 and the path it
// was read under. Immutable and shared: a layout, a page and the renderer may
// all hold the same font or drawing, and a later manifest can name every input
// a card used by its hash.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/sha256.h"
#include "project/slots.h"

namespace kw::project {

class Input {
 public:
  // `path`: project-relative and '/'-separated ("fonts/cardo/Cardo-Regular.ttf"),
  // or absolute for a system input ("/usr/share/hyphen/hyph_de_DE.dic").
  Input(std::string path, std::string bytes);
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  const std::string& path() const { return path_; }  // for messages and dumps
  const std::string& text() const { return *bytes_; }
  std::string_view bytes() const { return *bytes_; }
  // The bytes as a shared string, for a consumer that may outlive this Input
  // (cairo keeps font faces alive past the last reference it was given).
  std::shared_ptr<const std::string> shared_bytes() const { return bytes_; }
  const Sha256& hash() const { return hash_; }
  FileDigest digest() const { return {bytes_->size(), hex(hash_)}; }

  // Something computed from these bytes once and kept as long as the input (a
  // font face for cairo, per-thread SVG handles): the first call for a type T
  // runs `make` (returning a std::shared_ptr<T>), later ones return the same T.
  template <class T, class Make>
  T& derived(Make&& make) const {
    return derived_.get<T>(std::forward<Make>(make));
  }

 private:
  std::string path_;
  std::shared_ptr<const std::string> bytes_;
  Sha256 hash_;
  Slots derived_;
};

using InputPtr = std::shared_ptr<const Input>;

}  // namespace kw::project
