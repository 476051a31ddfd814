#pragma once
// The render stage: paints layout's display list (layout/page.h) as PNG,
// JPEG and PDF, and reads rendered files back for tests and preflight.
//   painter.h  paint_page / paint_item onto any cairo_t (1 unit = 1 mm)
//   raster.h   Raster, render_raster, pixel_size
//   png.h      render_png, encode_png, decode_png, png_dpi
//   jpeg.h     render_jpeg, encode_jpeg, decode_jpeg, jpeg_info
//   pdf.h      PdfDocument, render_pdf
//   error.h    RenderError
#include "render/error.h"
#include "render/jpeg.h"
#include "render/painter.h"
#include "render/pdf.h"
#include "render/png.h"
#include "render/raster.h"
