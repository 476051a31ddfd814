#include "print/settings/settings_schema.h"

namespace kw::print {

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

const Schema& sheets_file_schema() {
  static const Schema s =
      record("sheets.yaml",
             {
                 required_key("sheets", dict_of(sheet_schema(), "sheet"), "paper formats by id (a PDF's suffix)"),
                 key("pnp", pnp(), "how print-and-play sheets are made"),
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
  static const Schema s = record(
      "color.yaml", {
                        key("default", id(), "the press condition of `build --color cmyk`"),
                        required_key("conditions", dict_of(colour_condition_schema(), "press condition"),
                                     "press conditions by id: an output profile and its black and ink rules"),
                    });
  return s;
}

}  // namespace kw::print
