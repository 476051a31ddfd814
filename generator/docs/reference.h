#pragma once
// docs/reference.md: every file kind, key, element type, declared check and
// field type, written from the loader's own tables (file_kinds.h), so the
// reference says what the loader reads. The command line's part comes from
// its own definitions (cli/command_line.h) and is handed in.
#include <string>

namespace kw::docs {

std::string reference_markdown(const std::string& commands_markdown);

}  // namespace kw::docs
