// The geometry of an image element's fit: which pixels show where.
#include <gtest/gtest.h>

#include "layout/image_fit.h"

namespace kw::layout {
namespace {

void expect_rect(const Rect& r, double x, double y, double w, double h) {
  EXPECT_NEAR(r.x, x, 1e-9);
  EXPECT_NEAR(r.y, y, 1e-9);
  EXPECT_NEAR(r.w, w, 1e-9);
  EXPECT_NEAR(r.h, h, 1e-9);
}

TEST(ImageFit, CoverCutsTheLongerSideAroundTheFocus) {
  const Rect picture{0, 0, 400, 200}, box{10, 10, 20, 20};
  FittedImage centre = fit_image(picture, box, ImageFitMode::Cover, {0.5, 0.5});
  expect_rect(centre.source, 100, 0, 200, 200);
  expect_rect(centre.box, 10, 10, 20, 20);
  // A focus near the edge shows as much as there is, never beyond.
  expect_rect(fit_image(picture, box, ImageFitMode::Cover, {0.1, 0.5}).source, 0, 0, 200, 200);
  expect_rect(fit_image(picture, box, ImageFitMode::Cover, {0.6, 0.5}).source, 140, 0, 200, 200);
}

TEST(ImageFit, CoverWithinACropBox) {
  FittedImage f = fit_image({100, 50, 200, 100}, {0, 0, 10, 10}, ImageFitMode::Cover, {1, 0});
  expect_rect(f.source, 200, 50, 100, 100);
}

TEST(ImageFit, ContainPlacesThePictureByTheFocus) {
  const Rect picture{0, 0, 400, 200}, box{10, 10, 20, 20};
  FittedImage centre = fit_image(picture, box, ImageFitMode::Contain, {0.5, 0.5});
  expect_rect(centre.source, 0, 0, 400, 200);
  expect_rect(centre.box, 10, 15, 20, 10);
  expect_rect(fit_image(picture, box, ImageFitMode::Contain, {0.5, 0}).box, 10, 10, 20, 10);
}

TEST(ImageFit, FillStretches) {
  FittedImage f = fit_image({0, 0, 400, 200}, {10, 10, 20, 20}, ImageFitMode::Fill, {0, 0});
  expect_rect(f.source, 0, 0, 400, 200);
  expect_rect(f.box, 10, 10, 20, 20);
}

}  // namespace
}  // namespace kw::layout
