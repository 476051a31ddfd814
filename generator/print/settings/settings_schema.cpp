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

const Schema& colour_file_schema() {
  static const Schema cmyk = record(
      "cmyk", {
                  required_key("icc", text(), "the output ICC profile (4 channels), relative to the project"),
                  key("condition", text(), "its name for the output intent; default: the file name"),
                  key("neutrals_to_k", boolean(), "print neutral colours as black ink only; default true"),
                  key("black_up_to", colour(), "near-black up to this colour prints as 100 % K; default #202020"),
                  key("ink_limit", number(100, 400), "total ink, percent; default 300"),
              });
  static const Schema s = record("color.yaml", {required_key("cmyk", cmyk, "the CMYK conversion")});
  return s;
}

}  // namespace kw::print
