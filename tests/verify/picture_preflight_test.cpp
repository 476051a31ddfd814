// Preflight of pictures (image elements): each one's resolution as placed,
// reported per card, and a finding below the profile's min_image_ppi.
#include <gtest/gtest.h>

#include <memory>

#include "page/page.h"
#include "project/input.h"
#include "verify/card_checks.h"
#include "verify/preflight.h"

namespace kw::verify {
namespace {

// A page with one picture of `px` x `px` pixels on a 2 x 2 inch box.
page::Page page_with_picture(int px, const Affine& transform = {}) {
  auto raster = std::make_shared<page::Raster>();
  raster->width = raster->height = px;
  raster->rgba.assign(static_cast<size_t>(px) * px * 4, 255);
  page::Picture picture;
  picture.image = {raster, {0, 0, static_cast<double>(px), static_cast<double>(px)}, {5, 5, 50.8, 50.8}};
  picture.file = std::make_shared<project::Input>("templates/game/portrait.jpg", "");
  page::Item item;
  item.shape = picture;
  item.name = "portrait";
  item.transform = transform;
  page::Page page;
  page.id = "game/card";
  page.items.push_back(item);
  return page;
}

TEST(PicturePreflight, ReportsThePpiOfEachPicture) {
  PrintProfile profile;  // min_image_ppi 300
  CardPreflight card;
  checks::check_pictures(page_with_picture(600), profile, card);
  EXPECT_TRUE(card.ok());
  ASSERT_EQ(card.pictures.size(), 1u);
  EXPECT_EQ(card.pictures[0].first, "game/portrait.jpg");
  EXPECT_NEAR(card.pictures[0].second, 300, 1e-9);
}

TEST(PicturePreflight, FailsBelowTheProfilesMinimum) {
  PrintProfile profile;
  CardPreflight card;
  checks::check_pictures(page_with_picture(400), profile, card);
  ASSERT_EQ(card.findings.size(), 1u);
  EXPECT_EQ(card.findings[0].check, PreflightCheck::Resolution);
  EXPECT_EQ(card.findings[0].message,
            "picture 'portrait' (game/portrait.jpg) is placed at 200 ppi (400 x 400 px on 50.8 x 50.8 mm), below "
            "min_image_ppi 300");
  profile.min_image_ppi = 150;
  CardPreflight lenient;
  checks::check_pictures(page_with_picture(400), profile, lenient);
  EXPECT_TRUE(lenient.ok());
}

TEST(PicturePreflight, CountsThePlacedSizeOnThePage) {
  // A page fitted to a smaller shop card: the picture is printed smaller,
  // so its pixels stand closer together.
  PrintProfile profile;
  CardPreflight card;
  checks::check_pictures(page_with_picture(500, Affine::scale(0.5, 0.5)), profile, card);
  ASSERT_EQ(card.pictures.size(), 1u);
  EXPECT_NEAR(card.pictures[0].second, 500, 1e-9);
  EXPECT_TRUE(card.ok());
}

}  // namespace
}  // namespace kw::verify
