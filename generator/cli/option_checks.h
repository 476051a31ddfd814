#pragma once
// Checks of option values on the command line, as CLI11 validators. CLI11
// puts the option's name before the sentence a check returns, so a bad value
// reads "--jobs: 'abc' is not a whole number from 1 to 1024".
#include <CLI/CLI.hpp>  // (its single headers do not stand alone)
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kw::cli {

// A whole number in [min, max].
CLI::Validator whole_number(long min, long max);
// A whole number from 0 to 18446744073709551615 (2^64 - 1), digits only: no
// sign, no overflow wrapped round (a seed).
CLI::Validator unsigned_64();
// "X,Y": two finite decimal numbers within [-limit, limit] in one word.
CLI::Validator number_pair_within(double limit);
// The numbers of "X,Y" (the two halves, read whole), or nullopt.
std::optional<std::pair<double, double>> number_pair(const std::string& text);
// One of `values`, spelled exactly.
CLI::Validator one_of(std::vector<std::string> values);
// build --tabletop's names (products/tabletop_options.h) and "none"; --tts-url.
std::vector<std::string> tabletop_names();
CLI::Validator tts_url();
// Not the empty word (`--game ''`, `--out=`); `what` names what is wanted.
CLI::Validator non_empty(std::string what);
// A name that becomes part of a file name (variants, profiles): not empty,
// no folder separators, not starting with a dot.
CLI::Validator plain_name();
// A game id as the database takes it (core/names.h: [a-z0-9][a-z0-9-]{0,63}).
CLI::Validator game_id();
// A language code (de, en, pt-BR, ...) or `all`.
CLI::Validator language_or_all();
// A BCP 47 language tag in its canonical spelling ("all" is not one).
CLI::Validator language_tag();

}  // namespace kw::cli
