#include "core/quoted.h"

#include <fmt/format.h>

namespace kw {

std::string c_quoted(std::string_view text, ControlEscape control) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c >= 0x20)
          out += static_cast<char>(c);
        else if (control == ControlEscape::Octal)
          out += fmt::format("\\{:03o}", c);
        else
          out += fmt::format("\\x{:02x}", c);
    }
  }
  return out + "\"";
}

}  // namespace kw
