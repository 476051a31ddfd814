#include "render/jpeg_errors.h"

namespace kw::render::detail {

namespace {

void on_error(j_common_ptr cinfo) {
  auto* err = reinterpret_cast<JpegErrors*>(cinfo->err);
  (*cinfo->err->format_message)(cinfo, err->message);
  std::longjmp(err->jump, 1);
}

void on_message(j_common_ptr cinfo, int level) {
  auto* err = reinterpret_cast<JpegErrors*>(cinfo->err);
  if (level < 0 && !err->warned) {
    err->warned = true;
    (*cinfo->err->format_message)(cinfo, err->warning);
  }
}

}  // namespace

jpeg_error_mgr* jpeg_errors(JpegErrors& errors) {
  jpeg_error_mgr* mgr = jpeg_std_error(&errors.pub);
  mgr->error_exit = on_error;
  mgr->emit_message = on_message;
  errors.message[0] = errors.warning[0] = '\0';
  errors.warned = false;
  return mgr;
}

}  // namespace kw::render::detail
