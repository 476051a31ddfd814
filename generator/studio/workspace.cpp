#include "studio/workspace.h"

#include <algorithm>
#include <filesystem>

namespace kw::studio {

Workspace::Workspace(const std::filesystem::path& root, std::vector<std::filesystem::path> allowed_read)
    : project_(root, std::move(allowed_read)) {}

void Workspace::refresh(const std::vector<std::string>& changed) {
  for (const auto& input : project_.inputs_read()) ever_read_.insert(input->path());
  project_.renew();
  // A path at or under `prefix` ("fonts/"), or a folder holding it
  // ("fonts" or "data" replaced as a whole).
  auto under = [&](const std::string& prefix) {
    return changed.empty() || std::any_of(changed.begin(), changed.end(), [&](const std::string& p) {
             return p.rfind(prefix, 0) == 0 || prefix.rfind(p + "/", 0) == 0;
           });
  };
  if (under("fonts/") || font_diags_.has_errors()) {
    fonts_.reset();
    font_diags_ = {};
  }
  if (under("data/print/")) profile_.reset();
  const std::vector<std::string> mattering = that_matter(changed);
  const bool only_data = !changed.empty() && std::all_of(mattering.begin(), mattering.end(), [](const std::string& p) {
    return p.starts_with("data/") && p.ends_with(".yaml");
  });
  if (!only_data) ++shared_changes_;
}

std::vector<std::string> Workspace::that_matter(const std::vector<std::string>& changed) const {
  // A file saved by writing a temporary beside it and renaming that into
  // place (the studio's own edits, sed -i, many editors) also reports the
  // temporary, which is gone by now. Counted as a change besides the YAML
  // files, it made every card be laid out again on every edit from the page.
  // A path that is not there now and that nothing read can have changed no
  // page: a reload that read it read it at a later time than the one that
  // came before. Fonts are found by listing their folder: always counted.
  std::vector<std::string> out;
  for (const auto& p : changed) {
    const bool read = ever_read_.contains(p) || [&] {  // it, or a file under it (a folder removed)
      auto it = ever_read_.lower_bound(p + "/");
      return it != ever_read_.end() && it->starts_with(p + "/");
    }();
    // There on disk, whether the sandbox would read it or not: a picture
    // added too large or as a link out of the project is a change too
    // (its card's message changes).
    std::error_code ec;
    const bool there =
        std::filesystem::symlink_status(project_.root() / p, ec).type() != std::filesystem::file_type::not_found;
    if (read || p == "fonts" || p.starts_with("fonts/") || there) out.push_back(p);
  }
  return out;
}

const text::FontLibrary* Workspace::fonts(Diagnostics& diags) {
  if (!fonts_ && !font_diags_.has_errors()) fonts_ = text::FontLibrary::load(project_, font_diags_);
  diags.append(font_diags_);
  return font_diags_.has_errors() ? nullptr : fonts_.get();
}

const verify::PrintProfile& Workspace::profile() {
  if (!profile_) {
    Diagnostics ignored;  // preflight's defaults stand in; `kartenwerk preflight` reports the file's errors
    auto profiles = verify::load_print_profiles(project_, ignored);
    const verify::PrintProfile* p = profiles ? profiles->find(profiles->default_id) : nullptr;
    profile_ = p ? *p : verify::PrintProfile{};
  }
  return *profile_;
}

}  // namespace kw::studio
