#pragma once
// Running the products of a build on several cores (core/parallel.h, where
// layout finds it too).
#include "core/parallel.h"

namespace kw::products {

using kw::default_jobs;
using kw::parallel_for;

}  // namespace kw::products
