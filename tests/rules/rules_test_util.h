#pragma once
// Helpers for the rules tests: load fixture projects, make broken copies by
// editing one spot, find findings by check and place.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "model/model.h"
#include "rules/rules.h"
#include "support/disk_model.h"
#include "support/test_support.h"

namespace kw::test {

namespace fs = std::filesystem;

inline std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void write_text(const fs::path& p, const std::string& s) {
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary);
  out << s;
}

inline fs::path rules_fixture(const std::string& name) { return fixtures() / "rules" / name; }

// Loads a project root; fails the test (with the loader's diagnostics) when it does not load.
inline std::shared_ptr<model::Model> load_ok(const fs::path& root) {
  auto result = load_from_disk(root);
  EXPECT_TRUE(result.model) << "loading " << root << " failed:\n" << format_diagnostics(result.diagnostics);
  return std::move(result.model);
}

// Copies a fixture project into `dir` and applies edits to one of its files:
// each `from` must occur exactly once and is replaced by `to`.
inline fs::path broken_copy(const TempDir& dir, const std::string& fixture, const std::string& file,
                            const std::vector<std::pair<std::string, std::string>>& edits) {
  fs::path root = dir.path() / fixture;
  fs::copy(rules_fixture(fixture), root, fs::copy_options::recursive);
  fs::path target = root / file;
  std::string text = read_text(target);
  for (const auto& [from, to] : edits) {
    size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << "edit target not found in " << file << ": " << from;
    if (at == std::string::npos) continue;
    EXPECT_EQ(text.find(from, at + 1), std::string::npos) << "edit target not unique in " << file << ": " << from;
    text.replace(at, from.size(), to);
  }
  write_text(target, text);
  return root;
}

inline Diagnostics check_one(const model::Model& m, const std::string& game_id) {
  const model::Game* g = m.game(game_id);
  EXPECT_NE(g, nullptr) << "no game " << game_id;
  return g ? rules::check_game(m, *g) : Diagnostics{};
}

// `check` as the command runs it for `game` of the project at `root`: the
// whole check in the source language (`source`), the texts' checks in a
// translation; `variant` empty for the base game.
inline Diagnostics shown_findings(const fs::path& root, const std::string& game_id, const std::string& language,
                                  const std::string& source, const std::string& variant = {}) {
  model::LoadOptions options;
  options.language = language == source ? "" : language;
  options.variant = variant;
  auto loaded = load_from_disk(root, options);
  EXPECT_TRUE(loaded.model) << format_diagnostics(loaded.diagnostics);
  if (!loaded.model) return {};
  return rules::check_shown(*loaded.model, *loaded.model->game(game_id));
}

inline std::string dump(const Diagnostics& f) { return format_diagnostics(f); }

// The first finding of `check` at `line` (and `column`, when > 0) whose
// message contains `text`; nullptr when none.
inline const Diagnostic* find_finding(const Diagnostics& fs, const std::string& check, int line, int column = 0,
                                      const std::string& text = {}, Severity sev = Severity::Error) {
  for (const auto& f : fs)
    if (f.check == check && f.loc.line == line && (column <= 0 || f.loc.column == column) && f.severity == sev &&
        f.message.find(text) != std::string::npos)
      return &f;
  return nullptr;
}

inline size_t count_check(const Diagnostics& fs, const std::string& check, Severity sev = Severity::Error) {
  size_t n = 0;
  for (const auto& f : fs) n += f.check == check && f.severity == sev;
  return n;
}

// 1-based line and column of the first occurrence of `needle` in a file.
inline std::pair<int, int> locate(const fs::path& file, const std::string& needle) {
  std::istringstream in(read_text(file));
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    size_t at = line.find(needle);
    if (at != std::string::npos) {
      int col = 1;  // count UTF-8 characters, as the loader does
      for (size_t i = 0; i < at; ++i) col += (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;
      return {n, col};
    }
  }
  ADD_FAILURE() << "'" << needle << "' not found in " << file;
  return {0, 0};
}

// Line of the first line containing `line_needle`, and the column of `inner` on that line.
inline std::pair<int, int> locate_on(const fs::path& file, const std::string& line_needle, const std::string& inner) {
  std::istringstream in(read_text(file));
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find(line_needle) == std::string::npos) continue;
    size_t at = line.find(inner);
    if (at == std::string::npos) break;
    int col = 1;
    for (size_t i = 0; i < at; ++i) col += (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;
    return {n, col};
  }
  ADD_FAILURE() << "'" << inner << "' on a line with '" << line_needle << "' not found in " << file;
  return {0, 0};
}

// The project's real data for the rules: the source root itself when it loads;
// otherwise (while other stages' layouts or templates are still being
// written) a copy of data/, layouts/ and templates/ in `dir` with empty
// stand-ins for the missing layout and template files the loader names.
// Any other load error fails the test. `note` says what was stubbed.
inline std::shared_ptr<model::Model> load_real(const TempDir& dir, std::string* note = nullptr,
                                               const std::string& games_file = {}, const std::string& insert_after = {},
                                               const std::string& insertion = {}) {
  const fs::path src = source_root();
  if (games_file.empty()) {
    auto direct = load_from_disk(src);
    if (direct.model) return direct.model;
  }
  fs::path root = dir.path() / "real";
  fs::create_directories(root);
  fs::copy(src / "data", root / "data", fs::copy_options::recursive);
  for (const char* sub : {"layouts", "templates"})
    if (fs::exists(src / sub)) fs::copy(src / sub, root / sub, fs::copy_options::recursive);
  if (!games_file.empty()) {
    fs::path f = root / "data" / games_file;
    std::string text = read_text(f);
    size_t at = text.find(insert_after);
    EXPECT_NE(at, std::string::npos) << insert_after << " not found in " << f;
    if (at != std::string::npos) text.insert(at + insert_after.size(), insertion);
    write_text(f, text);
  }
  std::string stubbed;
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto result = load_from_disk(root);
    if (result.model) {
      if (note) *note = stubbed;
      return result.model;
    }
    bool other = false, added = false;
    for (const auto& d : result.diagnostics.items()) {
      if (d.severity != Severity::Error) continue;
      const std::string tmpl = "template file not found: templates/";
      const std::string lay = "(no file layouts/";
      if (d.message.rfind(tmpl, 0) == 0) {
        fs::path p = root / "templates" / d.message.substr(tmpl.size());
        if (!fs::exists(p)) {
          write_text(p, "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n");
          stubbed += " templates/" + d.message.substr(tmpl.size());
          added = true;
        }
      } else if (size_t at = d.message.find(lay); at != std::string::npos) {
        std::string rel = d.message.substr(at + lay.size());
        rel = rel.substr(0, rel.find(')'));
        if (!fs::exists(root / "layouts" / rel)) {
          write_text(root / "layouts" / rel, "elements: []\n");
          stubbed += " layouts/" + rel;
          added = true;
        }
      } else {
        other = true;
      }
    }
    if (other || !added) {
      ADD_FAILURE() << "the real data does not load:\n" << format_diagnostics(result.diagnostics);
      return nullptr;
    }
  }
  ADD_FAILURE() << "the real data does not load even with stand-ins";
  return nullptr;
}

}  // namespace kw::test

#define EXPECT_FINDING(findings, ...) \
  EXPECT_NE(::kw::test::find_finding(findings, __VA_ARGS__), nullptr) << "findings:\n" << ::kw::test::dump(findings)
