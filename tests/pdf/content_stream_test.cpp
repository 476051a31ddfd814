// The one content-stream interpreter: the state its processors see after
// each operator (the CTM through q/cm/Q, colours with their spaces resolved
// through the resources, the text state), what a malformed operator does in
// either mode, and what blends in a page's resources.
#include "pdf/content_stream.h"

#include <gtest/gtest.h>
#include <qpdf/QPDF.hh>

#include <set>
#include <string>
#include <vector>

namespace kw::pdf {
namespace {

// Records, for each painting operator, the state as the interpreter left it.
struct Seen {
  std::string op;
  GraphicsState state;
  TextState text;
};

class Recorder : public ContentProcessor {
 public:
  void operate(const std::string& op, ContentStream& stream) override {
    if (op == "f" || op == "S" || op == "Tj" || op == "cm") seen.push_back({op, stream.state(), stream.text()});
    if (op == "boom") throw std::runtime_error("the processor refuses 'boom'");
  }
  void saved() override { ++saves; }
  void restored() override { ++restores; }
  std::vector<Seen> seen;
  int saves = 0, restores = 0;
};

std::vector<Seen> interpret(const std::string& content, ContentStream::Malformed mode = ContentStream::Malformed::Skip,
                            Recorder* recorder = nullptr) {
  QPDF pdf;
  pdf.emptyPDF();
  auto icc = QPDFObjectHandle::newStream(&pdf, "not a real profile");
  icc.getDict().replaceKey("/N", QPDFObjectHandle::newInteger(4));
  auto resources = QPDFObjectHandle::newDictionary(
      {{"/ColorSpace", QPDFObjectHandle::newDictionary(
                           {{"/CS0", QPDFObjectHandle::newArray({QPDFObjectHandle::newName("/ICCBased"), icc})}})},
       {"/ExtGState", QPDFObjectHandle::parse("<< /GS0 << /LW 3 >> >>")}});
  Recorder local;
  Recorder& r = recorder ? *recorder : local;
  ContentStream in(r, resources, GraphicsState{}, nullptr, mode);
  auto stream = QPDFObjectHandle::newStream(&pdf, content);
  in.run(stream);
  return r.seen;
}

TEST(ContentStream, SaveTransformRestore) {
  Recorder r;
  auto seen = interpret("q 2 0 0 2 10 20 cm 0 0 1 1 re f Q 0 0 1 1 re f", ContentStream::Malformed::Skip, &r);
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[1].op, "f");
  EXPECT_EQ(seen[1].state.ctm, (Affine{2, 0, 0, 2, 10, 20}));
  EXPECT_EQ(seen[2].state.ctm, Affine{});
  EXPECT_EQ(r.saves, 1);
  EXPECT_EQ(r.restores, 1);
}

TEST(ContentStream, AnUnmatchedRestoreKeepsThePageState) {
  Recorder r;
  auto seen = interpret("Q Q 3 w 0 0 m 1 1 l S", ContentStream::Malformed::Skip, &r);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].state.line_width, 3);
  EXPECT_EQ(r.restores, 0);
}

TEST(ContentStream, ColoursWithTheirSpacesResolved) {
  auto seen = interpret(
      "1 0 0 rg 0 0 1 1 re f "
      "/CS0 cs 0 0.5 1 0 sc 0 0 1 1 re f "
      "/Pattern cs /P1 scn 0 0 1 1 re f "
      "/CS0 CS /GS0 gs 0 0 m 1 1 l S");
  ASSERT_EQ(seen.size(), 4u);
  EXPECT_EQ(seen[0].state.fill, (PdfColour{ColourFamily::DeviceRGB, {1, 0, 0}}));
  EXPECT_EQ(seen[1].state.fill, (PdfColour{ColourFamily::IccCmyk, {0, 0.5, 1, 0}}));
  EXPECT_EQ(seen[2].state.fill.space.name(), "Pattern");
  EXPECT_EQ(seen[2].state.fill_pattern, "/P1");
  // A space set without components: its initial colour, none stated.
  EXPECT_EQ(seen[3].state.stroke, (PdfColour{ColourFamily::IccCmyk, {}}));
  EXPECT_EQ(seen[3].state.line_width, 3);  // the ExtGState's /LW
}

TEST(ContentStream, TextState) {
  auto seen = interpret("BT /F1 12 Tf 14 TL 10 700 Td (a) Tj T* (b) Tj ET");
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].text.font, "/F1");
  EXPECT_EQ(seen[0].text.size, 12);
  EXPECT_EQ(seen[0].text.tm, Affine::translate(10, 700));
  EXPECT_EQ(seen[1].text.tm, Affine::translate(10, 686));
}

TEST(ContentStream, MalformedOperatorsLeaveTheStateAsItWas) {
  // Skipped, as viewers do: the processor does not see a malformed cm.
  auto skipped = interpret("2 0 0 2 0 0 cm 1 0 /x 1 0 0 cm 0 0 1 1 re f boom 0 0 1 1 re f");
  ASSERT_EQ(skipped.size(), 3u);
  EXPECT_EQ(skipped[2].state.ctm, Affine::scale(2, 2));
  // Rewriting: every operator reaches the processor (to be written out
  // again), the state stays, and the processor's errors reach the caller.
  auto kept = interpret("1 0 /x 1 0 0 cm 0 0 1 1 re f", ContentStream::Malformed::Throw);
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[1].state.ctm, Affine{});
  EXPECT_THROW(interpret("boom", ContentStream::Malformed::Throw), std::runtime_error);
}

TEST(ContentStream, TheWorkOfAPageIsBounded) {
  Budget deep;
  EXPECT_NO_THROW(deep.begin_stream(kMaxDepth));
  EXPECT_THROW(deep.begin_stream(kMaxDepth + 1), TooMuchWork);
  Budget many;
  for (size_t i = 0; i < kMaxStreamsPerPage; ++i) many.begin_stream(0);
  EXPECT_THROW(many.begin_stream(0), TooMuchWork);
}

TEST(ResourcesBlend, WhatBlendsAndWhatDoesNot) {
  QPDF pdf;
  pdf.emptyPDF();
  auto blends = [&](const std::string& resources) {
    std::set<QPDFObjGen> seen;
    return resources_blend(QPDFObjectHandle::parse(resources), seen);
  };
  EXPECT_FALSE(blends("<< /ExtGState << /a << /CA 1 /ca 1 /BM /Normal /SMask /None >> >> >>"));
  EXPECT_TRUE(blends("<< /ExtGState << /a << /ca 0.5 >> >> >>"));
  EXPECT_TRUE(blends("<< /ExtGState << /a << /BM /Multiply >> >> >>"));
  EXPECT_TRUE(blends("<< /ExtGState << /a << /BM [/Screen /Normal] >> >> >>"));
  EXPECT_TRUE(blends("<< /ExtGState << /a << /SMask << /S /Luminosity >> >> >> >>"));
  // Followed into a form's resources, and into a shading pattern's ExtGState.
  auto form = QPDFObjectHandle::newStream(&pdf, "");
  form.getDict().replaceKey("/Subtype", QPDFObjectHandle::newName("/Form"));
  form.getDict().replaceKey("/Resources", QPDFObjectHandle::parse("<< /ExtGState << /g << /CA 0.2 >> >> >>"));
  std::set<QPDFObjGen> seen;
  EXPECT_TRUE(
      resources_blend(QPDFObjectHandle::newDictionary(
                          {{"/XObject", QPDFObjectHandle::newDictionary({{"/Fm", pdf.makeIndirectObject(form)}})}}),
                      seen));
  EXPECT_TRUE(blends("<< /Pattern << /P << /PatternType 2 /ExtGState << /BM /Darken >> >> >> >>"));
  // A form drawing itself is followed once: an answer, not a hang.
  auto loop = pdf.makeIndirectObject(QPDFObjectHandle::newStream(&pdf, "/Me Do"));
  loop.getDict().replaceKey("/Subtype", QPDFObjectHandle::newName("/Form"));
  loop.getDict().replaceKey(
      "/Resources", QPDFObjectHandle::newDictionary({{"/XObject", QPDFObjectHandle::newDictionary({{"/Me", loop}})}}));
  std::set<QPDFObjGen> once;
  EXPECT_FALSE(resources_blend(loop.getDict().getKey("/Resources"), once));
}

}  // namespace
}  // namespace kw::pdf
