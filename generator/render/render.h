#pragma once
// The render stage: paints the display list (page/page.h) as PNG, JPEG and
// PDF, and reads rendered files back for tests and preflight. Its public
// API is this header and those it lists; everything else under render/
// (cairo, the painter, FreeType faces, librsvg) is internal to it.
//   raster.h   Raster, render_raster, pixel_size
//   canvas.h   Canvas: a raster painted page over page, JPEG straight from it
//   png.h      render_png, encode_png, decode_png, png_dpi
//   jpeg.h     render_jpeg, encode_jpeg, JpegOptions, decode_jpeg, jpeg_info
//   pdf.h      PdfDocument, render_pdf
//   error.h    RenderError
#include "render/canvas.h"
#include "render/error.h"
#include "render/jpeg.h"
#include "render/pdf.h"
#include "render/png.h"
#include "render/raster.h"
