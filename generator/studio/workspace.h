#pragma once
// What every session of the studio shares and keeps across reloads: the
// project (its files read afresh per reload), the fonts (opened again only
// when something under fonts/ changed) and the print profile preflight badges
// are judged by. Used by one thread at a time (the studio's build lock).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "studio/live_project.h"
#include "text/font_library.h"
#include "verify/preflight.h"

namespace kw::studio {

class Workspace {
 public:
  explicit Workspace(const std::filesystem::path& root, std::vector<std::filesystem::path> allowed_read = {});

  LiveProject& project() { return project_; }
  // The files changed (project paths; empty: anything may have): read them
  // again from now on.
  void refresh(const std::vector<std::string>& changed);

  // The fonts, opened on first use after a change under fonts/; nullptr when
  // fonts.yaml has errors (then `diags` gets them).
  const text::FontLibrary* fonts(Diagnostics& diags);
  // The same fonts, kept alive for whoever holds them past a change (a
  // session's text fitter); null before fonts() opened them.
  std::shared_ptr<const text::FontLibrary> shared_fonts() const { return fonts_; }
  // The default profile of data/print/profiles.yaml, else preflight's defaults.
  const verify::PrintProfile& profile();
  // Counts the refreshes that changed something besides the YAML files under
  // data/ (a layout, a template, a picture, a font; or anything, when not
  // told what): a card laid out before such a change is laid out again
  // (engine/layout_keys.h; the data files are compared by their content).
  // A temporary file that came and went between two reloads does not count.
  std::uint64_t shared_changes() const { return shared_changes_; }

 private:
  // Of `changed`, the paths that may have changed a page: a temporary that
  // came and went between two reloads did not.
  std::vector<std::string> that_matter(const std::vector<std::string>& changed) const;

  LiveProject project_;
  std::shared_ptr<const text::FontLibrary> fonts_;
  Diagnostics font_diags_;
  std::optional<verify::PrintProfile> profile_;
  std::uint64_t shared_changes_ = 0;
  std::set<std::string> ever_read_;  // every project file a reload read, since the studio started
};

}  // namespace kw::studio
