#include "support/tabletop_table_format.h"

#include <map>
#include <optional>

#include "core/files.h"

namespace kw::test {

namespace fs = std::filesystem;

namespace {

class Checker {
 public:
  Checker(const fs::path& folder, const ImageSize& image_size) : folder_(folder), image_size_(image_size) {}
  std::vector<std::string> problems;

  void say(size_t row, const std::string& what) { problems.push_back("row " + std::to_string(row + 1) + ": " + what); }

  // Whether the rows fit the header, each with a deck and a name.
  bool rows(const Table& table, const std::vector<std::string>& header) {
    if (table.empty() || table[0] != header) {
      problems.emplace_back("row 1: the header is not the documented one");
      return false;
    }
    if (table.size() < 2) problems.emplace_back("no card");
    for (size_t r = 1; r < table.size(); ++r) {
      if (table[r].size() != header.size()) {
        say(r, std::to_string(table[r].size()) + " cells, not " + std::to_string(header.size()));
        continue;
      }
      if (table[r][0].empty()) say(r, "no deck");
      if (table[r][1].empty()) say(r, "no name");
    }
    return true;
  }

  // An image's size, once per file; nullopt (and said) when it is missing
  // or names a place outside the folder.
  std::optional<std::pair<int, int>> image(size_t row, const std::string& name) {
    if (name.empty() || fs::path(name).is_absolute() || name.find("..") != std::string::npos) {
      say(row, "'" + name + "' is no file in the folder");
      return std::nullopt;
    }
    if (auto it = sizes_.find(name); it != sizes_.end()) return it->second;
    auto bytes = read_file(folder_ / name);
    if (!bytes) {
      say(row, "'" + name + "' is not there");
      return std::nullopt;
    }
    return sizes_[name] = image_size_(*bytes);
  }

 private:
  fs::path folder_;
  const ImageSize& image_size_;
  std::map<std::string, std::pair<int, int>> sizes_;
};

std::optional<int> number(const std::string& text) {
  if (text.empty() || text.size() > 3 || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  return std::stoi(text);
}

}  // namespace

std::vector<std::string> screentop_table_problems(const Table& table, const fs::path& folder,
                                                  const ImageSize& image_size) {
  Checker check(folder, image_size);
  if (!check.rows(table, {"deck", "name", "text", "sheet", "columns", "rows", "cell", "back"})) return check.problems;
  for (size_t r = 1; r < table.size(); ++r) {
    const auto& row = table[r];
    if (row.size() != 8) continue;
    const auto columns = number(row[4]), rows = number(row[5]), cell = number(row[6]);
    if (!columns || *columns < 1 || *columns > 10) check.say(r, "columns '" + row[4] + "' not 1 to 10");
    if (!rows || *rows < 1 || *rows > 7) check.say(r, "rows '" + row[5] + "' not 1 to 7");
    if (!columns || !rows || !cell) {
      if (!cell) check.say(r, "cell '" + row[6] + "' is no number");
      continue;
    }
    if (*cell >= *columns * *rows - 1)
      check.say(r, "cell " + row[6] + " is not before the back's cell " + std::to_string(*columns * *rows - 1));
    const auto sheet = check.image(r, row[3]), back = check.image(r, row[7]);
    if (sheet && back && (sheet->first != *columns * back->first || sheet->second != *rows * back->second))
      check.say(r, row[3] + " is not " + row[4] + " x " + row[5] + " cells of the back's size");
  }
  return check.problems;
}

std::vector<std::string> playingcards_table_problems(const Table& table, const fs::path& folder,
                                                     const ImageSize& image_size) {
  Checker check(folder, image_size);
  if (!check.rows(table, {"deck", "name", "text", "front", "back"})) return check.problems;
  std::optional<std::pair<int, int>> first;
  for (size_t r = 1; r < table.size(); ++r) {
    if (table[r].size() != 5) continue;
    for (size_t c : {3u, 4u}) {
      const auto size = check.image(r, table[r][c]);
      if (!size) continue;
      if (!first) first = size;
      if (*size != *first) check.say(r, table[r][c] + " is not the size of the other cards");
    }
  }
  return check.problems;
}

}  // namespace kw::test
