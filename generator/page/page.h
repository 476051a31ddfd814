#pragma once
// The display list: what layout computes once and every exporter only paints.
// All coordinates are millimetres in page space (origin at the top-left corner
// of the bleed box, y down). Nothing here knows about games or cards.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/color.h"
#include "core/diagnostic.h"
#include "core/geometry.h"
#include "page/raster.h"
#include "project/input.h"

namespace kw::page {

struct Paint {
  std::optional<Color> fill;
  std::optional<Color> stroke;
  double stroke_width = 0;  // mm
  friend bool operator==(const Paint&, const Paint&) = default;
};

struct RectShape {
  Rect rect;
  double corner_radius = 0;  // mm
  Paint paint;
};

struct PathCommand {
  enum class Op { Move, Line, Curve, Close } op = Op::Move;
  Point p[3];  // Move/Line use p[0]; Curve uses p[0], p[1] (controls) and p[2] (end)
};

struct PathShape {
  std::vector<PathCommand> commands;
  Paint paint;
};

// A drawing (or one element of it, by id) from an SVG file, scaled to fit `box`
// keeping its aspect ratio and centred. `stylesheet` is CSS injected with
// rsvg_handle_set_stylesheet, e.g. ".fg{fill:#ffb140}". The page holds the
// file itself, so painting never goes back to the disk.
struct SvgArt {
  project::InputPtr svg;   // the SVG file (its path names it in messages)
  std::string element_id;  // without '#'; empty = whole document
  Rect box;
  std::string stylesheet;
  // Whether drawing it lays down anything translucent (an opacity, a mask,
  // a blend mode...): resolved from the document once by layout
  // (layout/svg_transparency.h), read by the exporters that flatten.
  bool blends = false;
};

struct Glyph {
  std::uint32_t id = 0;       // glyph index in the face
  double x = 0, y = 0;        // pen position on the baseline, mm
  std::uint32_t cluster = 0;  // byte offset into GlyphRun::text where this glyph's text starts
};

// Shaped glyphs of one font at one size and colour. `text` keeps the source
// characters so PDF exporters can emit real, searchable text.
struct GlyphRun {
  project::InputPtr font;  // the font file (its path names it in messages)
  int face_index = 0;      // face within the file
  double size_pt = 10;
  Color color;
  std::vector<Glyph> glyphs;
  std::string text;
};

// Pixels placed on the page (e.g. a card's rendering on a contact sheet): the
// `source` rectangle of the raster, in its pixels, scaled to fill `box` (each
// axis separately), the box's corners rounded by `corner_radius` (a card's
// die cut). The raster is shared and never changed, so one rendering can be
// placed on several pages without a copy.
struct Image {
  enum class Resampling {
    Smooth,   // interpolated; averaged over the pixels a target pixel covers when shrinking
    Nearest,  // the nearest pixel: for an image placed at its own resolution
    // The mean of the pixels a target pixel covers (render/box_scale.h):
    // for a thumbnail (the overview's and TTS sheets' cells), much faster
    // than Smooth. On a raster, scaled and moved onto it (no turn), when
    // shrinking; else drawn as Smooth.
    Box,
  };
  std::shared_ptr<const Raster> raster;
  Rect source;               // px of the raster
  Rect box;                  // mm
  double corner_radius = 0;  // mm
  Resampling resampling = Resampling::Smooth;
};

// A picture a layout places (the `image` element): its pixels as an Image
// (fitted and cropped by layout), the file they came from (preflight reports
// each picture's resolution by it), and how it is masked and blended.
// Masks apply on top of the image's corner_radius.
struct Picture {
  Image image;
  project::InputPtr file;  // the PNG, JPEG or WebP file
  enum class Mask {
    None,
    Ellipse,  // the ellipse (a circle in a square box) inscribed in image.box
  };
  Mask mask = Mask::None;
  // An SVG shape (scaled into its own box like any art): the picture shows
  // where the shape is painted, as much as the shape is opaque.
  std::optional<SvgArt> mask_art;
  double opacity = 1;  // 0..1
};

using Shape = std::variant<RectShape, PathShape, SvgArt, GlyphRun, Image, Picture>;

struct Item {
  Shape shape;
  Affine transform;  // item coordinates -> page coordinates
  std::string name;  // layout element that produced it (for dumps and reports)
  // Where that element is written (the studio edits it there: a name may
  // be written twice in a layout file, in two components). Not part of the
  // page's fingerprint or dump: it says where, not what is painted.
  SourceLoc source;
  bool keep_in_safe_area = false;  // text and key motifs: preflight checks these
  Rect bounds;                     // page-space bounding box, as computed by layout
  // Page-space rectangle the item is painted within (e.g. one tile of a board
  // printed on several sheets); none: the whole page.
  std::optional<Rect> clip;
};

struct Page {
  std::string id;            // e.g. "palantir/gondor-artefakt-1"
  Size size;                 // document size including bleed, mm
  Rect trim;                 // the final cut, within the page
  Rect safe;                 // keep text and key motifs inside
  double corner_radius = 0;  // of the trim (cut by the die; never drawn)
  Color edge_color;          // colour the bleed must continue (preflight)
  std::vector<Item> items;   // painted in order
};

// A readable, stable text dump of a page (one line per item), used by layout
// tests so that a change in layout reads as a diff of text, not of pixels.
std::string dump(const Page& page);

}  // namespace kw::page
