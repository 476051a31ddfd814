#include "text/shaper.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include "core/utf8.h"
#include "text/bidi.h"
#include "text/font_face.h"

namespace kw::text {

std::string styled(const std::string& base, StyleFlags flags) {
  const bool base_italic = base == "italic" || base == "bold-italic";
  const bool italic = base_italic != flags.italic;
  std::string weight = base == "bold-italic" ? "bold" : (base == "italic" ? "regular" : base);
  if (flags.bold) weight = weight == "semibold" || weight == "regular" ? "bold" : weight;
  if (!italic) return weight;
  return weight == "regular" ? "italic" : weight + "-italic";
}

namespace {

// Characters that never need a glyph of their own: HarfBuzz hides them.
bool is_default_ignorable(char32_t cp) {
  return u_hasBinaryProperty(static_cast<UChar32>(cp), UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

bool is_mark(char32_t cp) {
  const int8_t t = u_charType(static_cast<UChar32>(cp));
  return t == U_NON_SPACING_MARK || t == U_ENCLOSING_MARK || t == U_COMBINING_SPACING_MARK;
}

bool is_space_separator(char32_t cp) { return u_charType(static_cast<UChar32>(cp)) == U_SPACE_SEPARATOR; }

bool covers_all(const FontFace& face, const std::u32string& cps) {
  for (char32_t cp : cps) {
    if (is_default_ignorable(cp)) continue;
    // HarfBuzz sets any Unicode space with the font's U+0020 when the font
    // lacks it (with the right width), so a space never needs a fallback.
    if (is_space_separator(cp) && (face.covers(cp) || face.covers(U' '))) continue;
    if (!face.covers(cp)) return false;
  }
  return true;
}

std::u32string normalized(const std::u32string& cps, bool compose) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n =
      compose ? icu::Normalizer2::getNFCInstance(status) : icu::Normalizer2::getNFDInstance(status);
  if (U_FAILURE(status)) return cps;
  icu::UnicodeString s;
  for (char32_t cp : cps) s.append(static_cast<UChar32>(cp));
  icu::UnicodeString out = n->normalize(s, status);
  if (U_FAILURE(status)) return cps;
  std::u32string r;
  for (int32_t i = 0; i < out.length(); i = out.moveIndex32(i, 1)) r += static_cast<char32_t>(out.char32At(i));
  return r;
}

// A face may have the precomposed letter or its pieces; HarfBuzz composes and
// decomposes as needed, so either form counts as covered.
bool covers_grapheme(const FontFace& face, const std::u32string& g) {
  if (covers_all(face, g)) return true;
  return covers_all(face, normalized(g, true)) || covers_all(face, normalized(g, false));
}

}  // namespace

Itemized itemize(const Markup& markup, std::size_t begin, std::size_t end, const FontLibrary& fonts,
                 const std::string& family, const std::string& base_style) {
  Itemized out;
  const std::string& text = markup.text;
  std::size_t i = begin;
  while (i < end) {
    const StyleFlags flags = markup.flags_at(i);
    const std::string style = styled(base_style, flags);
    const FontFace* primary = fonts.closest_face(family, style);
    if (!primary) {
      out.error = "unknown font family '" + family + "'";
      return out;
    }
    // Grapheme: a base character with the marks and joiners that follow it.
    const std::size_t g_begin = i;
    std::u32string g;
    g += utf8::next(text, i);
    while (i < end) {
      std::size_t j = i;
      const char32_t cp = utf8::next(text, j);
      if (!is_mark(cp) && cp != 0x200D && !(cp >= 0xFE00 && cp <= 0xFE0F)) break;
      g += cp;
      i = j;
    }
    bool icon = g[0] == kIconChar && markup.icon_at(g_begin) != nullptr;
    const FontFace* face = nullptr;
    if (icon || covers_grapheme(*primary, g)) {
      face = primary;
    } else {
      for (const FontFace* f : fonts.fallback_chain(style))
        if (covers_grapheme(*f, g)) {
          face = f;
          break;
        }
    }
    if (!face) {
      char32_t missing = g[0];
      for (char32_t cp : g)
        if (!is_default_ignorable(cp) && !primary->covers(cp)) {
          missing = cp;
          break;
        }
      out.error = "character " + utf8::hex(missing) + " '" + utf8::encode(missing) +
                  "' is in none of the bundled fonts (" + family + " and the fallback chain)";
      return out;
    }
    FaceRun* last = out.runs.empty() ? nullptr : &out.runs.back();
    if (last && !icon && !last->icon && last->face == face && last->flags == flags && last->end == g_begin) {
      last->end = i;
    } else {
      out.runs.push_back({g_begin, i, face, flags, icon});
    }
  }
  return out;
}

bool parse_features(const std::vector<std::string>& specs, std::vector<hb_feature_t>& out, std::string& error) {
  for (const std::string& s : specs) {
    hb_feature_t f;
    if (!hb_feature_from_string(s.c_str(), static_cast<int>(s.size()), &f)) {
      error = "cannot parse OpenType feature '" + s + "'";
      return false;
    }
    out.push_back(f);
  }
  return true;
}

void split_runs(const std::string& text, std::size_t paragraph_begin, const BidiParagraph& bidi,
                std::vector<FaceRun>& runs) {
  if (runs.empty()) return;
  hb_unicode_funcs_t* ucd = hb_unicode_funcs_get_default();
  auto own_script = [&](char32_t cp) {
    // ASCII, most of what is set: its letters are Latin, the rest Common.
    if (cp < 0x80) return (cp | 0x20) >= U'a' && (cp | 0x20) <= U'z' ? HB_SCRIPT_LATIN : HB_SCRIPT_INVALID;
    const hb_script_t s = hb_unicode_script(ucd, cp);
    return s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN ? HB_SCRIPT_INVALID : s;
  };
  // The script before the first character that has one: the first one's.
  hb_script_t current = HB_SCRIPT_INVALID;
  for (std::size_t i = runs.front().begin; i < runs.back().end && current == HB_SCRIPT_INVALID;)
    current = own_script(utf8::next(text, i));
  std::vector<FaceRun> out;
  out.reserve(runs.size());
  for (const FaceRun& run : runs) {
    if (run.icon || run.begin == run.end) {
      // An icon is one run whatever it is next to; an empty paragraph keeps
      // its one empty run (its face gives the line its height).
      FaceRun r = run;
      r.level = run.begin == run.end ? (bidi.rtl ? 1 : 0) : bidi.level_at(run.begin - paragraph_begin);
      r.script = current;
      out.push_back(r);
      continue;
    }
    for (std::size_t i = run.begin; i < run.end;) {
      const std::size_t at = i;
      const hb_script_t s = own_script(utf8::next(text, i));
      if (s != HB_SCRIPT_INVALID) current = s;
      const std::uint8_t level = bidi.level_at(at - paragraph_begin);
      FaceRun* last = at == run.begin ? nullptr : &out.back();
      if (last && last->level == level && last->script == current) {
        last->end = i;
      } else {
        FaceRun r = run;
        r.begin = at;
        r.end = i;
        r.level = level;
        r.script = current;
        out.push_back(r);
      }
    }
  }
  runs = std::move(out);
}

std::vector<ShapedGlyph> shape(const FaceRun& run, std::string_view text, std::size_t begin, std::size_t end,
                               const ShapeOptions& options) {
  const FontFace& face = *run.face;
  hb_buffer_t* buf = hb_buffer_create();
  hb_buffer_add_utf8(buf, text.data(), static_cast<int>(text.size()), static_cast<unsigned>(begin),
                     static_cast<int>(end - begin));
  hb_buffer_set_direction(buf, run.level & 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
  // A run of no script of its own keeps HarfBuzz's guess, as it always had.
  if (run.script != HB_SCRIPT_INVALID) hb_buffer_set_script(buf, run.script);
  hb_buffer_guess_segment_properties(buf);
  if (options.language != HB_LANGUAGE_INVALID) hb_buffer_set_language(buf, options.language);
  hb_buffer_set_flags(buf, static_cast<hb_buffer_flags_t>(HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES |
                                                          (begin == 0 ? HB_BUFFER_FLAG_BOT : 0) |
                                                          (end == text.size() ? HB_BUFFER_FLAG_EOT : 0)));
  std::vector<hb_feature_t> features = options.features;
  if (run.flags.small_caps) {
    hb_feature_t smcp;
    hb_feature_from_string("smcp", -1, &smcp);
    features.push_back(smcp);
  }
  {
    std::lock_guard lock(face.shape_mutex);
    hb_shape(face.hb, buf, features.data(), static_cast<unsigned>(features.size()));
  }
  unsigned n = 0;
  const hb_glyph_info_t* info = hb_buffer_get_glyph_infos(buf, &n);
  const hb_glyph_position_t* pos = hb_buffer_get_glyph_positions(buf, &n);
  std::vector<ShapedGlyph> out;
  out.reserve(n);
  const double per_em = face.hb_units_per_em;
  for (unsigned k = 0; k < n; ++k)
    out.push_back({info[k].codepoint, info[k].cluster, pos[k].x_advance / per_em, pos[k].x_offset / per_em,
                   pos[k].y_offset / per_em});
  hb_buffer_destroy(buf);
  return out;
}

}  // namespace kw::text
