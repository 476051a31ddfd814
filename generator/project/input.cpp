#include "project/input.h"

#include <stdexcept>

namespace kw::project {

Input::Input(std::string path, std::string bytes)
    : path_(std::move(path)), bytes_(std::make_shared<const std::string>(std::move(bytes))), hash_(sha256(*bytes_)) {}

}  // namespace kw::project
