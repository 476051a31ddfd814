#pragma once
// The secret that lets a page write: made when `serve` starts, carried only
// by the URL it prints (?token=), sent back by the page in the
// X-Kartenwerk-Token field of every write. Another page the browser shows
// cannot read it (the studio's answers carry no CORS permission) and cannot
// send the field across origins without a preflight the studio refuses.
#include <string>
#include <string_view>

namespace kw::studio::http {

// 32 hex digits from the system's random source (getrandom(2)); throws
// std::runtime_error when there is none.
std::string make_token();

// Whether `given` is `token`, compared in time that does not depend on where
// they differ; an empty token matches nothing.
bool same_token(std::string_view token, std::string_view given);

}  // namespace kw::studio::http
