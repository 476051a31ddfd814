#pragma once
// Objects left to the end of the process instead of destroyed.
//
// A command-line build ends its process as soon as it has written its
// files. Freeing what it holds piece by piece (5,000 laid-out cards, the
// paths and digests of 10,000 files) took 10 to 25 ms at the end of every
// one-card edit of a 5,000-card deck, for memory the system takes back
// whole a moment later. So main() says that the process ends after its
// command (set_process_ends_after_command), and then keep_until_exit()
// keeps an object, never destroyed, on a list a global reaches, as LLVM's
// BuryPointer does: leak checkers find it reachable, not lost. The studio
// and the tests, which run many builds in one process, never say so, and
// there every object is destroyed as ever. Only for objects that hold
// nothing but memory: a file, a thread or a lock kept would never be let go.
#include <memory>
#include <type_traits>
#include <utility>

namespace kw {

void set_process_ends_after_command();
bool process_ends_after_command();

namespace detail {
void keep_until_exit(std::shared_ptr<const void> object);
}  // namespace detail

// Moves `object` onto the list when the process ends after its command;
// else leaves it to its owner, who destroys it as usual.
template <class T>
requires(!std::is_lvalue_reference_v<T>) void keep_until_exit(T&& object) {
  if (process_ends_after_command()) detail::keep_until_exit(std::make_shared<const T>(std::forward<T>(object)));
}

}  // namespace kw
