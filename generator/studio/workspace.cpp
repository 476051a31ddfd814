#include "studio/workspace.h"

#include <algorithm>

namespace kw::studio {

Workspace::Workspace(const std::filesystem::path& root, std::vector<std::filesystem::path> allowed_read)
    : project_(root, std::move(allowed_read)) {}

void Workspace::refresh(const std::vector<std::string>& changed) {
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
  const bool only_data = !changed.empty() && std::all_of(changed.begin(), changed.end(), [](const std::string& p) {
    return p.starts_with("data/") && p.ends_with(".yaml");
  });
  if (!only_data) ++shared_changes_;
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
