// `kartenwerk schema --out DIR`: writes what is generated from the loader's
// tables into a kartenwerk checkout: schema/<kind>.schema.json (JSON Schema
// for editors and validators), .vscode/settings.json (which files each
// schema is for, read by the YAML language server) and docs/reference.md.
// `make schema` runs it; a test checks the committed files equal its output.
#include <fmt/ostream.h>

#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/command_line.h"
#include "cli/commands.h"
#include "core/confine.h"
#include "core/output_files.h"
#include "docs/file_kinds.h"
#include "docs/json_schema.h"
#include "docs/reference.h"

namespace kw::cli {

namespace {

// The YAML language server's mapping of schema files to the files they
// describe (its `yaml.schemas` setting), relative to the checkout.
std::string editor_settings() {
  nlohmann::ordered_json schemas = nlohmann::ordered_json::object();
  for (const docs::FileKind& kind : docs::file_kinds()) schemas["./schema/" + kind.id + ".schema.json"] = kind.files;
  nlohmann::ordered_json settings = {{"yaml.schemas", schemas}};
  return settings.dump(2) + "\n";
}

}  // namespace

int run_schema(const SchemaArgs& inv, std::ostream& out, std::ostream& err) {
  // Everything is made before anything is written, so a bug found on the
  // way (a table naming a table that does not exist: an internal error)
  // leaves the old files in place.
  std::vector<std::pair<std::string, std::string>> files;
  for (const docs::FileKind& kind : docs::file_kinds())
    files.emplace_back("schema/" + kind.id + ".schema.json", docs::json_schema(kind).dump(2) + "\n");
  files.emplace_back(".vscode/settings.json", editor_settings());
  files.emplace_back("docs/reference.md", docs::reference_markdown(command_reference()));
  // Into --out only: not through a symbolic link below it (a folder
  // `schema/` linked elsewhere), as `build` writes nothing through one.
  for (const auto& [name, text] : files)
    if (auto link = link_below(inv.out_dir, name)) {
      fmt::print(err,
                 "kartenwerk: schema: {} is a symbolic link; nothing written (remove it, or choose another --out)\n",
                 (inv.out_dir / *link).string());
      return 1;
    }
  for (const auto& [name, text] : files) {
    write_output(inv.out_dir / name, text);
    fmt::print(out, "wrote {}\n", (inv.out_dir / name).string());
  }
  return 0;
}

}  // namespace kw::cli
