#include "image/webp.h"

#include <webp/decode.h>
#include <webp/demux.h>

#include <cstring>

#include "image/picture.h"

namespace kw::image::detail {

namespace {

const uint8_t* data_of(std::string_view bytes) { return reinterpret_cast<const uint8_t*>(bytes.data()); }

}  // namespace

bool is_webp(std::string_view bytes) {
  return bytes.size() >= 12 && bytes.substr(0, 4) == "RIFF" && bytes.substr(8, 4) == "WEBP";
}

void webp_size(std::string_view bytes, int& width, int& height) {
  if (!WebPGetInfo(data_of(bytes), bytes.size(), &width, &height))
    throw ImageError("cannot read WebP: its header is broken");
}

page::Raster decode_webp(std::string_view bytes) {
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(data_of(bytes), bytes.size(), &features) != VP8_STATUS_OK)
    throw ImageError("cannot read WebP: its header is broken");
  if (features.has_animation) throw ImageError("an animated WebP is not a picture for a card (save one frame)");
  page::Raster r;
  uint8_t* pixels = WebPDecodeRGBA(data_of(bytes), bytes.size(), &r.width, &r.height);
  if (!pixels) throw ImageError("cannot read WebP: its pixels are broken");
  r.rgba.assign(pixels, pixels + static_cast<size_t>(r.width) * static_cast<size_t>(r.height) * 4);
  WebPFree(pixels);
  return r;
}

std::string webp_icc_profile(std::string_view bytes) {
  WebPData data{data_of(bytes), bytes.size()};
  WebPDemuxer* demux = WebPDemux(&data);
  if (!demux) return {};
  std::string out;
  if (WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & ICCP_FLAG) {
    WebPChunkIterator chunk;
    if (WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
      out.assign(reinterpret_cast<const char*>(chunk.chunk.bytes), chunk.chunk.size);
      WebPDemuxReleaseChunkIterator(&chunk);
    }
  }
  WebPDemuxDelete(demux);
  return out;
}

}  // namespace kw::image::detail
