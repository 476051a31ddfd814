#include "render/font_cache.h"

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "render/error.h"

namespace kw::render::detail {

namespace {

// Each face gets its own FT_Library. FreeType allows a library to be used by
// one thread at a time only, and cairo locks a face (not its library) while it
// loads glyphs, so a private library per face is what makes concurrent
// rendering of different fonts safe without a global FreeType lock.
struct FtOwner {
  std::shared_ptr<const std::string> bytes;  // FreeType reads the face from these while it is open
  FT_Library library = nullptr;
  FT_Face face = nullptr;
  ~FtOwner() {
    if (face) FT_Done_Face(face);
    if (library) FT_Done_FreeType(library);
  }
};

// Cairo calls this when the last reference to the font face goes, which may
// be long after the cache let go (cairo keeps recently used fonts alive).
const cairo_user_data_key_t kFtOwnerKey{};
void destroy_ft_owner(void* p) { delete static_cast<FtOwner*>(p); }

FontFacePtr open_face(const project::Input& font, int face_index) {
  const std::string& file = font.path();
  auto owner = std::make_unique<FtOwner>();
  owner->bytes = font.shared_bytes();
  if (FT_Error e = FT_Init_FreeType(&owner->library))
    throw RenderError("cannot initialise FreeType for " + file + " (error " + std::to_string(e) + ")");
  if (FT_Error e = FT_New_Memory_Face(owner->library, reinterpret_cast<const FT_Byte*>(owner->bytes->data()),
                                      static_cast<FT_Long>(owner->bytes->size()), face_index, &owner->face)) {
    owner->face = nullptr;
    throw RenderError("cannot open font " + file + " (face " + std::to_string(face_index) + ", FreeType error " +
                      std::to_string(e) + ")");
  }
  // Outlines only, unhinted: the same glyph shapes in PDF and in every raster
  // size, and no embedded bitmaps that would differ from the PDF.
  FontFacePtr face(cairo_ft_font_face_create_for_ft_face(owner->face, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP));
  if (cairo_font_face_status(face.get()) != CAIRO_STATUS_SUCCESS) throw RenderError("cairo cannot use font " + file);
  if (cairo_font_face_set_user_data(face.get(), &kFtOwnerKey, owner.get(), destroy_ft_owner) != CAIRO_STATUS_SUCCESS)
    throw RenderError("cairo cannot use font " + file + ": out of memory");
  static_cast<void>(owner.release());  // now owned by the cairo font face
  return face;
}

// The cairo faces made from one font file, by face index, kept with its input.
struct CairoFaces {
  std::mutex mutex;
  std::map<int, FontFacePtr> by_index;
};

}  // namespace

FontFacePtr font_face(const project::Input& font, int face_index) {
  auto& faces = font.derived<CairoFaces>([] { return std::make_shared<CairoFaces>(); });
  std::lock_guard lock(faces.mutex);
  auto it = faces.by_index.find(face_index);
  if (it == faces.by_index.end()) it = faces.by_index.emplace(face_index, open_face(font, face_index)).first;
  return FontFacePtr(cairo_font_face_reference(it->second.get()));
}

}  // namespace kw::render::detail
