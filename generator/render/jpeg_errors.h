#pragma once
// libjpeg's error handling, for the JPEG reader and writer alike. libjpeg's
// default handler calls exit(); this one keeps the message and longjmps back
// to the caller's setjmp. The function that calls setjmp must hold nothing
// with a destructor (the codec objects and buffers belong to its caller), so
// the jump skips no C++ clean-up. Warnings (libjpeg's word for corrupt or
// truncated data) are not printed; the first one is kept.
// Internal to the render stage.
#include <csetjmp>
#include <cstdio>  // jpeglib.h needs FILE and size_t first

#include <jpeglib.h>

namespace kw::render::detail {

struct JpegErrors {
  jpeg_error_mgr pub;  // first member: libjpeg only sees this part
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
  bool warned;
  char warning[JMSG_LENGTH_MAX];
};

// Sets `errors` up (libjpeg's standard manager with our handlers) and
// returns what goes into cinfo.err, before jpeg_create_(de)compress.
jpeg_error_mgr* jpeg_errors(JpegErrors& errors);

}  // namespace kw::render::detail
