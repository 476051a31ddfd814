#include "settings/settings_schema.h"

namespace kw::settings {

using namespace yaml;  // the declaration builders: record, key, number, ...

const Schema& sheet_schema() {
  static const Schema s = record("sheet", {
                                              key("name", text(), "the name people read (\"A4\"); default: the id"),
                                              required_key("width", number(10, 2000), "paper width, mm (portrait)"),
                                              required_key("height", number(10, 2000), "paper height, mm"),
                                              key("margin", number(0, 100), "the printer's unprintable edge, mm"),
                                          });
  return s;
}

namespace {

Schema marks() {
  return record("pnp.marks", {
                                 key("length", number(0, 50), "crop mark length, mm; default 5"),
                                 key("offset", number(0, 50), "gap between the card grid and a mark, mm; default 1"),
                                 key("width", number(0.01, 5), "line width, mm; default 0.25"),
                                 key("color", colour(), "default black"),
                             });
}

Schema cut_lines() {
  return record("pnp.cut_lines", {
                                     key("enabled", boolean(), "draw thin lines along every cut; default false"),
                                     key("width", number(0.01, 5), "line width, mm; default 0.1"),
                                     key("color", colour(), "default #9a9a9a"),
                                 });
}

Schema duplex() {
  return record("pnp.duplex",
                {
                    key("flip", choice({"long-edge", "short-edge"}), "how the back lies behind the front"),
                    key("offset", numbers({"x", "y"}, -20, 20), "moves the backs as seen on the back side, mm"),
                });
}

Schema pnp() {
  return record("pnp", {
                           key("sheets", list_of(text()), "the sheet formats to make, in order; default: all"),
                           key("gap", number(0, 50), "between neighbouring cards, mm; 0: they share one cut"),
                           key("marks", marks(), "crop marks"),
                           key("cut_lines", cut_lines(), "cut lines over the cards' edges"),
                           key("duplex", duplex(), "double-sided printing"),
                       });
}

}  // namespace

const Schema& sheet_words_schema() {
  static const Schema s = record(
      "sheet words",
      {
          required_key("alignment_title", text(),
                       "the alignment sheet PDF's title; {{game}} and {{sheet}} (the paper's name) are filled in"),
          required_key("alignment", text(),
                       "the alignment sheet's instructions; {{sheet}}, {{title}} (the game), {{flip}} and {{x}}, "
                       "{{y}} (the duplex offset now, mm, written the language's way) are filled in"),
          required_key("long_edge", text(), "{{flip}} when the sheets turn on their long edge"),
          required_key("short_edge", text(), "{{flip}} when they turn on their short edge"),
          required_key("alignment_check", text(), "under the alignment sheet's 100 mm check length"),
          required_key("alignment_back", text(), "under each back's scales; {{n}} is the cell's number"),
          required_key("board_paper", text(), "a board tile's paper as the assembly text names it; {{paper}}: A4, A3"),
          required_key("board_assembly", text(),
                       "the board's assembly map, under its title: {{sheets}}, {{paper}} (board_paper), {{rows}}, "
                       "{{last_row}}, {{columns}}, {{width}}, {{height}} (mm) and {{turned}} (board_turned or "
                       "board_upright) are filled in; counts may take plural forms ({{rows, plural, one {…} other "
                       "{…}}})"),
          required_key("board_turned", text(), "{{turned}} when the board lies across the sheets"),
          required_key("board_upright", text(), "{{turned}} when it does not"),
          required_key("board_check", text(), "beside the assembly map's 100 mm check length"),
          required_key("board_steps", text(), "how the sheets become the board (markup: **bold**, \\n)"),
      });
  return s;
}

const Schema& sheets_file_schema() {
  static const Schema s =
      record("sheets.yaml",
             {
                 required_key("sheets", dict_of(sheet_schema(), "sheet"), "paper formats by id (a PDF's suffix)"),
                 key("pnp", pnp(), "how print-and-play sheets are made"),
                 key("words", dict_of(sheet_words_schema(), "language"),
                     "the words printed on alignment and board sheets, per language (BCP 47): a game's sheets are in "
                     "its language (the nearest given: de-CH takes de), else in the first given; none: sheets "
                     "without text"),
             });
  return s;
}

const Schema& colour_condition_schema() {
  static const Schema s = record(
      "press condition",
      {
          required_key("icc", text(), "the output ICC profile (4 channels), relative to the project or absolute"),
          key("name", text(), "the press condition's name for the output intent; default: the file name"),
          key("identifier", text(),
              "its OutputConditionIdentifier: a name registered at color.org such as FOGRA39, else Custom"),
          key("registry", text(), "where the identifier is registered; default http://www.color.org"),
          key("neutrals_to_k", boolean(), "print neutral colours (greys) as black ink only; default true"),
          key("near_black", number(0, 100),
              "how far (CIEDE2000) a colour may lie from black and still be black; default 20"),
          key("thin_line", number(0, 100), "strokes up to this width (pt) are lines: black ones 100 % K; default 2"),
          key("rich_black_min", number(0, 10000),
              "fills whose smaller side reaches this (mm) are areas: black ones rich black; default 10"),
          key("rich_black", numbers({"C", "M", "Y", "K"}, 0, 100), "the rich black of large areas, percent"),
          key("overprint_black", boolean(), "100 % K text and lines overprint; default true"),
          key("ink_limit", number(100, 400), "total ink (C + M + Y + K), percent; default 300"),
          key("flatten_dpi", number(150, 2400),
              "PDF/X-1a: transparent areas are flattened to images of this resolution; default 400"),
      });
  return s;
}

const Schema& colour_file_schema() {
  static const Schema s =
      record("color.yaml", {
                               key("default", id(), "the press condition of `build --color cmyk`"),
                               required_key("conditions", dict_of(colour_condition_schema(), "press condition"),
                                            "press conditions by id: an output profile and its black and ink rules"),
                           });
  return s;
}

const Schema& profile_files_schema() {
  static const Schema s =
      record("files",
             {
                 key("fronts", text(), "one PDF of every front, relative to output/<game>/; \"\": none"),
                 key("backs", text(), "one PDF of their backs (page i is card i's back)"),
                 key("images", text(), "a folder of one image per card (and back)"),
                 key("deck", text(), "one PDF with each card's back and front next to each other"),
                 key("order", choice({"back-front", "front-back"}), "deck: which side comes first; default back-front"),
                 key("image_format", choice({"jpg", "png"}), "images: the file type; default jpg"),
             });
  return s;
}

const Schema& shop_card_schema() {
  static const Schema s =
      record("shop card", {
                              required_key("trim", numbers({"width", "height"}, 1, 2000), "the card the shop cuts, mm"),
                              key("pixels", numbers({"width", "height"}, 1, 20000),
                                  "the shop's image size of a whole card, bleed included (it then sets the bleed)"),
                          });
  return s;
}

const Schema& bleed_check_schema() {
  static const Schema s =
      record("bleed_check",
             {
                 key("tolerance", number(0, 442),
                     "RGB distance from the card's edge colour a bleed pixel may have; default 40"),
                 key("coverage", number(0, 1), "the share of each side's bleed strip within tolerance; default 0.98"),
             });
  return s;
}

const Schema& profile_schema() {
  static const Schema s = record(
      "profile",
      {
          key("name", text(), "the shop's name people read; default: the id"),
          key("files", profile_files_schema(), "what the shop takes, relative to output/<game>/"),
          key("cards", dict_of(shop_card_schema(), "card"),
              "the card sizes the shop cuts by name; a game is fitted to the closest one"),
          key("trim", numbers({"width", "height"}, 1, 2000), "the card size, mm (without cards:); default [59, 91]"),
          key("bleed", number(0, 50), "on every side, mm (required unless cards: give pixels); default 3"),
          required_key("safe", number(0, 100), "text and key motifs stay this far inside the trim, mm"),
          key("image_dpi", number(1, 10000), "the least resolution of images; default 300"),
          key("min_image_ppi", number(1, 10000),
              "the least effective resolution of a picture (`image` element) at its placed size; default 300"),
          key("image_color", choice(all_names(kImageColourNames)), "the colour space of uploaded images; default rgb"),
          key("text_min_pt", number(0, 100), "the smallest text, pt; default 6"),
          key("text_min_light_on_dark_pt", number(0, 100), "the smallest light text on a dark ground, pt; default 7"),
          key("line_min_pt", number(0, 100), "the thinnest line, pt; default 0.5"),
          key("fonts_embedded", boolean(), "every font must be embedded; default true"),
          key("marks", boolean(), "crop marks and colour bars allowed in the shop files; default false"),
          key("bleed_check", bleed_check_schema(), "how closely the bleed must continue the edge colour"),
          key("color", text(), "rgb, or a press condition of color.yaml (CMYK PDF/X); default rgb"),
          key("pdfx", choice({"X-4", "X-1a"}), "the PDF/X flavour of CMYK files; default: as the file says"),
          key("knockout_keep_away", number(0, 2),
              "CMYK files: under light text below 8 pt knocked out of a ground of 200 % ink or more, a keep-away "
              "this wide (pt) on every side of the glyphs, in the ground's black with at most 180 % ink; default 0 "
              "(none)"),
      });
  return s;
}

const Schema& profiles_file_schema() {
  static const Schema s = record(
      "profiles.yaml", {
                           key("default", id(), "the profile of preflight without --profile; default: the first"),
                           required_key("profiles", dict_of(profile_schema(), "profile"), "profiles by id"),
                       });
  return s;
}

}  // namespace kw::settings
