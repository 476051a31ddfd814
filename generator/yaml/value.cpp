#include "yaml/value.h"

#include <yaml-cpp/yaml.h>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "project/project.h"

namespace kw::yaml {

const Value* Value::find(const std::string& key) const {
  for (const auto& [k, v] : map)
    if (k == key) return &v;
  return nullptr;
}

Value* Value::find(const std::string& key) {
  for (auto& [k, v] : map)
    if (k == key) return &v;
  return nullptr;
}

void Value::set(const std::string& key, Value v) {
  if (Value* existing = find(key)) {
    *existing = std::move(v);
    return;
  }
  kind = Kind::Map;
  map.push_back({key, std::move(v)});
}

std::optional<double> Value::as_number() const {
  if (!is_scalar() || quoted || scalar.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  double d = std::strtod(scalar.c_str(), &end);
  if (errno != 0 || end != scalar.c_str() + scalar.size() || !std::isfinite(d)) return std::nullopt;
  return d;
}

std::optional<long long> Value::as_int() const {
  auto d = as_number();
  if (!d || std::floor(*d) != *d) return std::nullopt;
  return static_cast<long long>(*d);
}

std::optional<bool> Value::as_bool() const {
  if (!is_scalar() || quoted) return std::nullopt;
  if (scalar == "true" || scalar == "yes") return true;
  if (scalar == "false" || scalar == "no") return false;
  return std::nullopt;
}

const char* Value::kind_name() const {
  switch (kind) {
    case Kind::Null:
      return "nothing";
    case Kind::Scalar:
      return as_number() ? "a number" : (as_bool() ? "a boolean" : "text");
    case Kind::Map:
      return "a map";
    case Kind::List:
      return "a list";
  }
  return "nothing";
}

namespace {

// yaml-cpp counts columns in bytes; people (and editors) count characters.
class Locator {
 public:
  Locator(const std::string& text, std::string file) : file_(std::move(file)) {
    size_t start = 0;
    while (start <= text.size()) {
      size_t nl = text.find('\n', start);
      lines_.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
  }
  SourceLoc operator()(const YAML::Mark& m) const {
    if (m.line < 0) return {file_, 0, 0};
    int column = m.column + 1;
    if (static_cast<size_t>(m.line) < lines_.size()) {
      const std::string& line = lines_[static_cast<size_t>(m.line)];
      column = 1;
      for (int i = 0; i < m.column && static_cast<size_t>(i) < line.size(); ++i)
        if ((static_cast<unsigned char>(line[static_cast<size_t>(i)]) & 0xC0) != 0x80) ++column;
    }
    return {file_, m.line + 1, column};
  }

 private:
  std::string file_;
  std::vector<std::string> lines_;
};

Value convert(const YAML::Node& n, const Locator& loc_of) {
  Value v;
  v.loc = loc_of(n.Mark());
  switch (n.Type()) {
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
      v.kind = Value::Kind::Null;
      break;
    case YAML::NodeType::Scalar:
      v.kind = Value::Kind::Scalar;
      v.scalar = n.Scalar();
      // yaml-cpp tags plain scalars "?" and quoted ones "!".
      v.quoted = n.Tag() == "!";
      break;
    case YAML::NodeType::Sequence:
      v.kind = Value::Kind::List;
      for (const auto& item : n) v.list.push_back(convert(item, loc_of));
      break;
    case YAML::NodeType::Map:
      v.kind = Value::Kind::Map;
      for (const auto& kv : n) {
        Value child = convert(kv.second, loc_of);
        child.key_loc = loc_of(kv.first.Mark());
        if (child.is_null()) child.loc = child.key_loc;
        v.map.push_back({kv.first.Scalar(), std::move(child)});
      }
      break;
  }
  return v;
}

}  // namespace

std::optional<Value> parse_yaml_string(const std::string& text, const std::string& file_name, Diagnostics& diags) {
  Locator locator(text, file_name);
  try {
    YAML::Node root = YAML::Load(text);
    Value v = convert(root, locator);
    if (v.loc.line == 0) v.loc = {file_name, 1, 1};
    return v;
  } catch (const YAML::Exception& e) {
    diags.error(locator(e.mark), "YAML syntax error: " + e.msg);
    return std::nullopt;
  }
}

std::optional<Value> read_yaml(const project::Project& project, const std::string& path, Diagnostics& diags) {
  project::InputPtr input = project.read(path);
  if (!input) {
    diags.error({path, 0, 0}, "cannot read file");
    return std::nullopt;
  }
  return parse_yaml_string(input->text(), input->path(), diags);
}

}  // namespace kw::yaml
