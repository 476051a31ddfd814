#pragma once
// Generic checks declared in a game's data, usable by any game without C++.
//
// The game map may hold `checks:`, a list of maps. Each names its kind with
// `check:` and takes these keys (paths are card field paths as layouts use
// them: "region", "class.points" follows the reference into its table,
// "ring.half" reads a record member, "id"/"copy"/"copies"/"deck" are the
// card's own; a trailing "[]" ("colours[]") means "each element of the list",
// so a card with two colours counts in both):
//
//   common to all:  deck: <deck id>        only that deck's cards (default: all decks)
//                   where: {path: value}   only cards whose value equals (a list: any of;
//                                          ~ (null): the card does not set it)
//                   severity: error | warning | note    (default error)
//                   id: <name>             names the check in findings (default: its kind)
//                   message: <text>        why the check exists; shown as the hint
//
//   count   expect: N | {min: a, max: b}   how many cards
//           per: path | [paths]            ...in every group of equal values. Groups of a
//                                          ref field (or an id field with `allowed:`) are
//                                          all its table entries (allowed values), so an
//                                          empty group is reported too.
//   sum     field: path, expect: N|{min,max}, per: (optional, as for count)
//   unique  fields: path | [paths]         no two cards share all these values
//   allowed field: path, values: [...], required: bool (default false)
//   range   field: path, min: a, max: b, required: bool (default false)
//   ref     field: path                    its value names another card (definition id
//                                          or card id), to: <deck id> restricts where;
//           same: [paths]                  ...and both cards agree on these fields
//   covers  table: <table id>, field: path every entry of the table is named by `expect`
//           (default 1) cards' `field`; match: {card path: entry path} must agree
//
// Example (Palantír):
//   checks:
//     - { check: count, deck: playing, expect: 48 }
//     - { check: count, deck: playing, per: [region, class], expect: 2 }
//     - { check: unique, deck: playing, fields: [region, class, copy] }
//     - { check: sum, deck: playing, field: class.points, expect: 240 }
//
// The keys of each kind are declared in checks_schema.h. Malformed
// declarations are error findings at the offending key or value.
// Findings of a declared check point at the data: a surplus card's
// definition, a wrong value, or the deck when cards are missing; the hint
// says where the check was declared.
#include "model/model.h"
#include "rules/rules.h"

namespace kw::rules {

// Parses the game's `checks:` and runs them, appending findings to `out`.
void run_declared_checks(const model::Game& game, Diagnostics& out);
// Runs one check declared as above (a map built by code, e.g. from a rule
// fact that counts cards), appending its findings to `out`.
void run_declared_check(const model::Game& game, const model::Value& declaration, Diagnostics& out);

}  // namespace kw::rules
