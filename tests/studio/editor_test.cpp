// The studio's writes on a project folder: confined paths, conflicts, undo
// and redo byte for byte.
#include "studio/editor.h"

#include <gtest/gtest.h>

#include <fstream>

#include "core/files.h"
#include "core/sha256.h"
#include "support/test_support.h"

namespace kw::studio {
namespace {

const std::string kLayout = "# card\nelements:\n  - { name: title, box: [5, 40, 49, 10] }  # top\n";

class StudioEditor : public ::testing::Test {
 protected:
  void SetUp() override {
    write("layouts/g/card.yaml", kLayout);
    write("data/games/g.yaml", "game:\n  id: g\n");
  }
  void write(const std::string& relative, const std::string& text) {
    std::filesystem::create_directories((dir_.path() / relative).parent_path());
    std::ofstream(dir_.path() / relative, std::ios::binary) << text;
  }
  std::string text(const std::string& relative) const { return read_file(dir_.path() / relative).value_or("<none>"); }
  static EditOp set(yaml::KeyPath path, std::string value) {
    EditOp op;
    op.path = std::move(path);
    op.value = std::move(value);
    return op;
  }

  test::TempDir dir_;
  Editor editor_{dir_.path()};
};

TEST_F(StudioEditor, AnEditWritesOnlyTheChangedNumberAndUndoRedoRestoreBytes) {
  const std::string file = "layouts/g/card.yaml";
  auto r = editor_.apply(file, sha256_hex(kLayout), {set({"elements", size_t{0}, "box", size_t{1}}, "42.5")});
  ASSERT_EQ(r.status, EditResult::Status::Done) << r.message;
  const std::string moved = "# card\nelements:\n  - { name: title, box: [5, 42.5, 49, 10] }  # top\n";
  EXPECT_EQ(text(file), moved);
  EXPECT_EQ(r.hash, sha256_hex(moved));
  EXPECT_EQ(r.undo, 1u);
  EXPECT_EQ(editor_.undo().status, EditResult::Status::Done);
  EXPECT_EQ(text(file), kLayout);
  auto again = editor_.redo();
  EXPECT_EQ(again.status, EditResult::Status::Done);
  EXPECT_EQ(text(file), moved);
  EXPECT_EQ(again.undo, 1u);
  EXPECT_EQ(again.redo, 0u);
  EXPECT_EQ(editor_.redo().status, EditResult::Status::Nothing);
}

TEST_F(StudioEditor, AFileChangedOnDiskIsNeverOverwritten) {
  const std::string file = "layouts/g/card.yaml";
  const std::string theirs = kLayout + "# changed in an editor\n";
  write(file, theirs);
  auto r = editor_.apply(file, sha256_hex(kLayout), {set({"elements", size_t{0}, "box", size_t{1}}, "1")});
  EXPECT_EQ(r.status, EditResult::Status::Conflict);
  EXPECT_EQ(r.hash, sha256_hex(theirs));
  EXPECT_EQ(text(file), theirs);
  // Nor by an undo of an edit made before the file changed.
  ASSERT_EQ(editor_.apply(file, sha256_hex(theirs), {set({"elements", size_t{0}, "box", size_t{1}}, "1")}).status,
            EditResult::Status::Done);
  write(file, theirs);  // `git checkout`
  EXPECT_EQ(editor_.undo().status, EditResult::Status::Conflict);
  EXPECT_EQ(text(file), theirs);
}

TEST_F(StudioEditor, PathsOutsideDataAndLayoutsAreRefused) {
  write("fonts/fonts.yaml", "x: 1\n");
  std::filesystem::create_directories(dir_.path() / "outside");
  std::ofstream(dir_.path() / "outside" / "x.yaml") << "a: 1\n";
  std::filesystem::create_symlink(dir_.path() / "outside", dir_.path() / "data" / "link");
  for (const std::string bad :
       {"../x.yaml", "/etc/passwd", "data/../fonts/fonts.yaml", "fonts/fonts.yaml", "data/link/x.yaml",
        "data/games/g.txt", "data/./games/g.yaml", "data/missing.yaml", "data/games", "layouts/g/card.yaml\n", ""}) {
    std::string why;
    EXPECT_FALSE(editor_.writable(bad, why)) << bad;
    EXPECT_FALSE(why.empty());
    auto r = editor_.apply(bad, "", {set({"a"}, "2")});
    EXPECT_EQ(r.status, EditResult::Status::Refused) << bad;
  }
  EXPECT_EQ(text("outside/x.yaml"), "a: 1\n");
  std::string why;
  EXPECT_TRUE(editor_.writable("data/games/g.yaml", why)) << why;
}

TEST_F(StudioEditor, AnEditThatCannotBeMadeChangesNothing) {
  const std::string file = "data/games/g.yaml";
  auto r = editor_.apply(file, sha256_hex(text(file)), {set({"game", "id"}, "h"), set({"game", "nope"}, "x")});
  EXPECT_EQ(r.status, EditResult::Status::Invalid);
  EXPECT_EQ(r.message, "data/games/g.yaml:2:3: no 'game.nope' in the file");
  EXPECT_EQ(text(file), "game:\n  id: g\n");
  EXPECT_EQ(editor_.undo().status, EditResult::Status::Nothing);
}

TEST_F(StudioEditor, ACardTablesCellIsEditedInPlace) {
  const std::string file = "data/games/cards.csv";
  const std::string table = "id,name\r\na,\"Pippin, the fool\"\r\nb,Merry\r\n";
  write(file, table);
  EditOp cell;
  cell.kind = EditOp::Kind::SetCell;
  cell.line = 2;
  cell.column = 2;
  cell.expected = "Pippin, the fool";
  cell.value = "Peregrin";
  auto r = editor_.apply(file, sha256_hex(table), {cell});
  ASSERT_EQ(r.status, EditResult::Status::Done) << r.message;
  EXPECT_EQ(text(file), "id,name\r\na,Peregrin\r\nb,Merry\r\n");
  cell.expected = "Pippin, the fool";  // the page's view is stale now
  EXPECT_EQ(editor_.apply(file, r.hash, {cell}).status, EditResult::Status::Conflict);
  // A YAML edit of a CSV file makes no sense: refused, nothing written.
  EXPECT_EQ(editor_.apply(file, r.hash, {set({"a"}, "b")}).status, EditResult::Status::Invalid);
  EXPECT_EQ(editor_.undo().status, EditResult::Status::Done);
  EXPECT_EQ(text(file), table);
}

// A deck written as a flow list: cards duplicated, moved and removed, only
// the items' bytes changing; undo gives the file back byte for byte.
TEST_F(StudioEditor, AFlowListDecksCardsAreDuplicatedMovedAndRemovedUndoably) {
  const std::string file = "data/games/flow.yaml";
  const std::string deck = "decks:\n  - id: main\n    cards: [{ id: a, name: A }, { id: b, name: B }]  # two\n";
  write(file, deck);
  const yaml::KeyPath cards{"decks", size_t{0}, "cards"};
  EditOp dup;
  dup.kind = EditOp::Kind::Duplicate;
  dup.path = cards;
  dup.index = 0;
  dup.rename = std::pair<std::string, std::string>{"id", "a-copy"};
  auto r = editor_.apply(file, sha256_hex(deck), {dup});
  ASSERT_EQ(r.status, EditResult::Status::Done) << r.message;
  EXPECT_EQ(
      text(file),
      "decks:\n  - id: main\n    cards: [{ id: a, name: A }, { id: a-copy, name: A }, { id: b, name: B }]  # two\n");
  EditOp move;
  move.kind = EditOp::Kind::Move;
  move.path = cards;
  move.index = 2;
  move.to = 0;
  r = editor_.apply(file, r.hash, {move});
  ASSERT_EQ(r.status, EditResult::Status::Done) << r.message;
  EXPECT_EQ(
      text(file),
      "decks:\n  - id: main\n    cards: [{ id: b, name: B }, { id: a, name: A }, { id: a-copy, name: A }]  # two\n");
  EditOp remove;
  remove.kind = EditOp::Kind::Remove;
  remove.path = cards;
  remove.index = 1;
  r = editor_.apply(file, r.hash, {remove});
  ASSERT_EQ(r.status, EditResult::Status::Done) << r.message;
  EXPECT_EQ(text(file), "decks:\n  - id: main\n    cards: [{ id: b, name: B }, { id: a-copy, name: A }]  # two\n");
  for (int i = 0; i < 3; ++i) EXPECT_EQ(editor_.undo().status, EditResult::Status::Done);
  EXPECT_EQ(text(file), deck);
}

}  // namespace
}  // namespace kw::studio

namespace kw::studio {
namespace {

// A card table's cards duplicated, moved and deleted as rows, each checked
// by the id in its row; undo gives the file back byte for byte.
TEST_F(StudioEditor, ACardTablesRowsAreDuplicatedMovedAndRemovedUndoably) {
  const std::string file = "data/games/rows.csv";
  const std::string table = "id,name\r\nalpha,\"Éomer, the\"\r\nbeta,Nazgûl\r\n";
  write(file, table);
  auto row_op = [](EditOp::Kind kind, int row, const std::string& id) {
    EditOp op;
    op.kind = kind;
    op.line = row;
    op.column = 1;
    op.expected = id;
    return op;
  };
  EditOp dup = row_op(EditOp::Kind::DuplicateRow, 2, "alpha");
  dup.value = "alpha-copy";
  auto r = editor_.apply(file, sha256_hex(table), {dup});
  ASSERT_EQ(r.status, EditResult::Status::Done) << r.message;
  EXPECT_EQ(text(file), "id,name\r\nalpha,\"Éomer, the\"\r\nalpha-copy,\"Éomer, the\"\r\nbeta,Nazgûl\r\n");
  EditOp move = row_op(EditOp::Kind::MoveRow, 4, "beta");
  move.to = 2;
  r = editor_.apply(file, r.hash, {move});
  ASSERT_EQ(r.status, EditResult::Status::Done) << r.message;
  EXPECT_EQ(text(file), "id,name\r\nbeta,Nazgûl\r\nalpha,\"Éomer, the\"\r\nalpha-copy,\"Éomer, the\"\r\n");
  r = editor_.apply(file, r.hash, {row_op(EditOp::Kind::RemoveRow, 4, "alpha-copy")});
  ASSERT_EQ(r.status, EditResult::Status::Done) << r.message;
  EXPECT_EQ(text(file), "id,name\r\nbeta,Nazgûl\r\nalpha,\"Éomer, the\"\r\n");
  // A row that no longer holds the card the page saw: a conflict, nothing written.
  const std::string now = text(file);
  EXPECT_EQ(editor_.apply(file, r.hash, {row_op(EditOp::Kind::RemoveRow, 2, "alpha")}).status,
            EditResult::Status::Conflict);
  EXPECT_EQ(text(file), now);
  // A YAML file takes no row edits.
  EXPECT_EQ(
      editor_.apply("data/games/g.yaml", sha256_hex("game:\n  id: g\n"), {row_op(EditOp::Kind::RemoveRow, 2, "g")})
          .status,
      EditResult::Status::Invalid);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(editor_.undo().status, EditResult::Status::Done);
  EXPECT_EQ(text(file), table);
}

}  // namespace
}  // namespace kw::studio
