#pragma once
// Every virtual tabletop's files made of a game's card sheets, in one run:
//   tts/          Tabletop Simulator: sheets, backs, saved objects (tts_writer.h)
//   ttpg/         Tabletop Playground: Textures/ (the same sheets) and
//                 Templates/ (ttpg_package.h)
//   screentop/    screentop.gg: the same sheets and <game>.csv (tabletop_tables.h)
//   playingcards/ playingcards.io: cards/<card>.jpg, one image a card (its
//                 trim, as on the sheets), and <game>.csv
// The sheets are rendered once (by TtsWriter, into the first of tts/,
// ttpg/Textures/, screentop/ asked for) and copied to the others; the single
// cards come from the same cells as they are placed. One cached product: its
// key() covers everything the files depend on besides the cards' pages.
//
// Each sheet is also cached in bands (tts_bands.h), each keyed by the cards
// it shows (and the back, in the last cell): when one card changes, the
// sheets not showing it are left in place or joined from the cache, their
// cards are not placed, and the sheet holding it is joined from its kept
// bands and the bands of the card's rows coded anew (with the JSON and
// tables). A sheet's file is rewritten only when its bytes change, so its
// time says what changed.
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "infra/build_cache.h"
#include "model/model.h"
#include "products/cached_files.h"
#include "products/tabletop_options.h"
#include "products/tts_writer.h"

namespace kw::products {

class TabletopFiles {
 public:
  // `dir` the game's output folder; `seed` what makes this output's TTPG
  // GUIDs its own (the game and the output folder). `cards` fronts with
  // their backs, `stems` every card's file stem, `frames` every card's page.
  // The build cache (`in_place`'s, may be none) keeps each sheet in bands,
  // each under a key made of `card_key(index)` of the cards it shows (what
  // a card's pixels depend on); a sheet the last build left in place is not
  // written again.
  TabletopFiles(const model::Game& game, const std::filesystem::path& dir, const TabletopOptions& options,
                const std::string& seed, std::span<const TtsCard> cards, std::vector<std::string> stems,
                std::vector<const page::Page*> frames, const FilesInPlace& in_place,
                const std::function<std::string(size_t)>& card_key);
  // Sheets not made this run: left in place, or joined from kept bands only.
  size_t cached_sheets() const { return from_cache_.size(); }
  // The digests of the sheets and saved objects known without reading them back (those left
  // in place are not staged), by path: for the manifest. After finish().
  const std::map<std::filesystem::path, FileDigest>& digests() const { return digests_; }
  // What the files depend on besides the cards' pages and print settings.
  const std::string& key() const { return key_; }
  // The sheets' writer: place every card it takes().
  TtsWriter& sheets() { return *writer_; }
  // The TTS saved objects, early in the build, on any thread, beside the
  // cards being placed (TtsWriter::write_saved_objects); else finish()
  // writes them.
  void write_saved_objects() { writer_->write_saved_objects(); }
  // After every card was placed: the saved objects, templates, copies and
  // tables. Returns every file written, sorted.
  std::vector<std::filesystem::path> finish();

 private:
  void take_cached_sheets(const std::function<std::string(size_t)>& card_key);
  void write_copies(const std::filesystem::path& to, std::vector<std::filesystem::path>& files) const;
  void write_single(size_t index, const std::uint8_t* rgb);
  void write_unless_in_place(const std::filesystem::path& file, std::string_view bytes);
  std::string single_name(size_t index) const;  // under playingcards/

  std::filesystem::path dir_;
  TabletopOptions options_;
  std::string seed_;
  std::vector<std::string> stems_;
  std::filesystem::path sheet_dir_;  // where the writer puts the sheets
  TabletopCards named_;              // names and texts, for the TTPG templates and the CSV tables (else empty)
  Size trim_;
  std::string key_;
  std::unique_ptr<TtsWriter> writer_;
  const infra::BuildCache* cache_;
  const FilesInPlace& in_place_;
  std::vector<std::string> sheet_keys_;              // per sheet of the plan: all it shows
  std::vector<std::string> head_keys_;               // per sheet: its head's (what precedes the bands)
  std::vector<std::vector<std::string>> band_keys_;  // per sheet, per band: what the band shows
  std::vector<std::vector<bool>> kept_bands_;        // per sheet, per band: taken from the cache
  size_t spliced_ = 0;                               // sheets joined from kept bands and new ones
  // At most this many sheets are joined from kept bands in one build (their
  // cells are held until the end); the others an edit reaches are made anew.
  static constexpr size_t kMaxSplicedSheets = 4;
  std::set<size_t> from_cache_;  // sheets written from the cache or left in place
  // Written while the sheets open (by the constructor), by the file sink
  // while the saved objects are written beside the cards (under the
  // writer's lock of its saved objects, which finish() waits for), and by
  // finish().
  std::map<std::filesystem::path, FileDigest> digests_;
  std::mutex mutex_;
  std::vector<std::filesystem::path> singles_;  // under mutex_
};

}  // namespace kw::products
