#pragma once
// What Tabletop Playground's documentation says a package's object template
// is, as a checker for tests. TTPG's knowledge base ("Object templates",
// tabletop-playground.com/knowledge-base/object-templates/) stores templates
// as JSON files in the package folder and defines their format in
// github.com/plasticity-studios/tabletop-playground-schemas (templates.ts,
// object-template.ts, basic.ts; schema.json). For a template of Type "Card"
// (cards, card stacks, boards): every required key (Type, GUID, Name,
// Metadata, CollisionType, SurfaceType, Models, Tags, FrontTexture,
// BackIndex, HiddenIndex, Indices, CardNames, CardMetadata, CardTags) with
// its type; the GUID 32 hex digits; CollisionType, SurfaceType and Model
// from their enumerations; NumHorizontal and NumVertical 1 to 128; the
// indices within the grid, named and described only by indices of the
// stack (as strings of integers); BackIndex and HiddenIndex -3 or more, the
// files they ask for (BackIndex -2: BackTexture; HiddenIndex -2:
// HiddenTexture) named; colours 0 to 1; sizes at least the schema's minima.
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace kw::test {

// Every way `json` (a template file's text) departs from the format, each
// naming where ("Indices[3]: ..."); empty when it is a valid Card template.
std::vector<std::string> ttpg_template_problems(const std::string& json);

// The pixel size of an image file's bytes (PNG or JPEG), for the package
// check; the checker itself does not decode images.
using ImageSize = std::function<std::pair<int, int>(const std::string& bytes)>;

// Every way the package folder `package` (holding Templates/ and Textures/)
// departs from the format: each template as above; each texture it names
// present under Textures/; a FrontTexture's pixels an exact grid of
// NumHorizontal x NumVertical cells; a BackTexture (BackIndex -2) of one
// cell's size when the front is a grid; GUIDs unique in the package;
// nothing but Templates/ and Textures/ in the folder. Empty when none.
std::vector<std::string> ttpg_package_problems(const std::filesystem::path& package, const ImageSize& image_size);

}  // namespace kw::test
