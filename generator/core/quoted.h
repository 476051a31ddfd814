#pragma once
// A string in double quotes with C-style escapes (\" \\ \n \t), as PO files
// and YAML double-quoted scalars both write it. The two formats differ only in
// how other control characters are spelled, so the caller says which.
#include <string>
#include <string_view>

namespace kw {

enum class ControlEscape {
  Octal,  // \033: C and PO files
  Hex,    // \x1b: YAML
};

std::string c_quoted(std::string_view text, ControlEscape control);

}  // namespace kw
