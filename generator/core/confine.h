#pragma once
// Confining writes: a file a command writes lies in the folder it was
// declared to write to (--out, data/locales/), whatever names went into its
// path (a language from a PO header, a game id).
#include <filesystem>
#include <optional>

namespace kw {

// `path` made absolute with every "..", "." and symbolic link resolved, as
// far as it exists (weakly_canonical); the lexical form when even that fails.
std::filesystem::path real_path(const std::filesystem::path& path);

// Whether `file` is `dir` or lies below it (both as real_path gives them).
bool path_within(const std::filesystem::path& dir, const std::filesystem::path& file);

// Whether `file` lies below `dir` and is not `dir` itself (both as real_path
// gives them; a trailing slash makes no other folder).
bool path_below(const std::filesystem::path& dir, const std::filesystem::path& file);

// `dir / relative`, or nullopt when that leaves `dir`: by "..", by being
// absolute, or through a symbolic link (resolved as far as the path exists).
std::optional<std::filesystem::path> confined(const std::filesystem::path& dir, const std::filesystem::path& relative);

// The first part of `relative` below `dir` that is a symbolic link (as a
// path relative to `dir`, "meinspiel" of "meinspiel/fronts.pdf"), or
// nullopt when none is: what a command reads or writes there is then where
// its path says. Parts that do not exist yet are no links. `relative` must
// be relative and free of ".." (check that first).
std::optional<std::filesystem::path> link_below(const std::filesystem::path& dir,
                                                const std::filesystem::path& relative);

}  // namespace kw
