#include "products/build_options.h"

#include "core/parallel.h"

namespace kw::products {

int jobs_of(const PrintOptions& print) { return print.jobs > 0 ? print.jobs : default_jobs(); }

}  // namespace kw::products
