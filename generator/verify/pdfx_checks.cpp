// The PDF/X requirements (ISO 15930-7:2010 for PDF/X-4, ISO 15930-1:2001 for
// PDF/X-1a:2001) that apply to kartenwerk's print files, read with libqpdf.
// No validator is packaged here, so each requirement is its own check; the
// README lists them. What needs the pages' content (colours, transparency,
// fonts) is checked from read_pdf_content's result instead (colour_checks.cpp,
// page_checks.cpp).

// qpdf 11: no PointerHolder compatibility (std::shared_ptr throughout).
#define POINTERHOLDER_TRANSITION 4
#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <fmt/format.h>

#include "exporters/cmyk.h"
#include "verify/card_checks.h"

namespace kw::verify::checks {

namespace {

using Object = QPDFObjectHandle;

std::string text_of(Object o) { return o.isString() ? o.getUTF8Value() : ""; }

// The value of an XMP property, written as an element or as an attribute.
std::string xmp_value(const std::string& xmp, const std::string& property) {
  auto at = xmp.find("<" + property + ">");
  if (at != std::string::npos) {
    at += property.size() + 2;
    auto end = xmp.find('<', at);
    return end == std::string::npos ? "" : xmp.substr(at, end - at);
  }
  at = xmp.find(property + "=\"");
  if (at == std::string::npos) return "";
  at += property.size() + 2;
  auto end = xmp.find('"', at);
  return end == std::string::npos ? "" : xmp.substr(at, end - at);
}

bool xmp_has(const std::string& xmp, const std::string& property) {
  return xmp.find("<" + property) != std::string::npos || xmp.find(property + "=\"") != std::string::npos;
}

// Version, the Info dictionary's keys, the trailer's /ID, no encryption.
void check_document(QPDF& pdf, exporters::PdfxLevel level, std::vector<std::string>& out) {
  const bool x1a = level == exporters::PdfxLevel::X1a;
  const std::string most = x1a ? "1.3" : "1.6";
  // The header's version, or the catalog's /Version when it raises it.
  std::string version_used = pdf.getPDFVersion();
  if (Object v = pdf.getRoot().getKey("/Version"); v.isName() && v.getName().substr(1) > version_used)
    version_used = v.getName().substr(1);
  if (version_used > most)
    out.push_back("PDF version " + version_used + ", " + exporters::pdfx_name(level) + " allows at most " + most);
  if (pdf.isEncrypted()) out.emplace_back("the file is encrypted");
  if (!pdf.getTrailer().getKey("/ID").isArray()) out.emplace_back("the trailer has no /ID");
  Object info = pdf.getTrailer().getKey("/Info");
  const std::string version = text_of(info.isDictionary() ? info.getKey("/GTS_PDFXVersion") : Object::newNull());
  const std::string want = x1a ? "PDF/X-1:2001" : "PDF/X-4";
  if (version.empty())
    out.emplace_back("GTS_PDFXVersion missing");
  else if (version != want && !(x1a && version == "PDF/X-1a:2003"))
    out.push_back("GTS_PDFXVersion is '" + version + "', not '" + want + "'");
  if (x1a && version == want && info.isDictionary() && text_of(info.getKey("/GTS_PDFXConformance")) != "PDF/X-1a:2001")
    out.emplace_back("GTS_PDFXConformance is not 'PDF/X-1a:2001'");
  for (const char* key : {"/Title", "/CreationDate", "/ModDate"})
    if (!info.isDictionary() || !info.getKey(key).isString())
      out.push_back(std::string("the document info has no ") + (key + 1));
  Object trapped = info.isDictionary() ? info.getKey("/Trapped") : Object::newNull();
  if (!trapped.isName() || (trapped.getName() != "/True" && trapped.getName() != "/False"))
    out.push_back("/Trapped is " + (trapped.isNull() ? std::string("missing") : trapped.unparse()) +
                  ", not /True or /False");
}

// XMP metadata with the PDF/X version and what ISO 15930-7 asks of it.
void check_xmp(QPDF& pdf, std::vector<std::string>& out) {
  Object metadata = pdf.getRoot().getKey("/Metadata");
  if (!metadata.isStream()) {
    out.emplace_back("no XMP metadata (the catalog's /Metadata), which PDF/X-4 requires");
    return;
  }
  std::string xmp;
  try {
    auto data = metadata.getStreamData(qpdf_dl_generalized);
    xmp.assign(reinterpret_cast<const char*>(data->getBuffer()), data->getSize());
  } catch (const std::exception& e) {
    out.push_back(std::string("the XMP metadata cannot be read: ") + e.what());
    return;
  }
  const std::string version = xmp_value(xmp, "pdfxid:GTS_PDFXVersion");
  if (version != "PDF/X-4")
    out.push_back(version.empty() ? "the XMP has no pdfxid:GTS_PDFXVersion"
                                  : "the XMP's pdfxid:GTS_PDFXVersion is '" + version + "', not 'PDF/X-4'");
  for (const char* p :
       {"dc:title", "xmp:CreateDate", "xmp:ModifyDate", "xmpMM:DocumentID", "xmpMM:VersionID", "xmpMM:RenditionClass"})
    if (!xmp_has(xmp, p)) out.push_back(std::string("the XMP has no ") + p);
  Object info = pdf.getTrailer().getKey("/Info");
  Object trapped = info.isDictionary() ? info.getKey("/Trapped") : Object::newNull();
  const std::string in_xmp = xmp_value(xmp, "pdf:Trapped");
  if (trapped.isName() && in_xmp != trapped.getName().substr(1))
    out.push_back("the XMP's pdf:Trapped '" + in_xmp + "' differs from the document info's " + trapped.getName());
}

// One output intent /GTS_PDFX with a condition identifier and an embedded
// CMYK output profile.
void check_output_intent(QPDF& pdf, std::vector<std::string>& out) {
  Object intents = pdf.getRoot().getKey("/OutputIntents");
  std::vector<Object> pdfx;
  if (intents.isArray())
    for (auto intent : intents.aitems())
      if (intent.isDictionary() && intent.getKey("/S").isName() && intent.getKey("/S").getName() == "/GTS_PDFX")
        pdfx.push_back(intent);
  if (pdfx.size() != 1) {
    out.emplace_back(pdfx.empty() ? "no output intent /GTS_PDFX" : "more than one output intent /GTS_PDFX");
    if (pdfx.empty()) return;
  }
  Object intent = pdfx[0];
  if (text_of(intent.getKey("/OutputConditionIdentifier")).empty())
    out.emplace_back("the output intent has no /OutputConditionIdentifier");
  Object profile = intent.getKey("/DestOutputProfile");
  if (!profile.isStream()) {
    out.emplace_back("the output intent embeds no ICC profile (/DestOutputProfile)");
    return;
  }
  std::string icc;
  try {
    auto data = profile.getStreamData(qpdf_dl_generalized);
    icc.assign(reinterpret_cast<const char*>(data->getBuffer()), data->getSize());
  } catch (const std::exception& e) {
    out.push_back(std::string("the output profile cannot be read: ") + e.what());
    return;
  }
  // ICC header: the device class at byte 12, the colour space at byte 16.
  if (icc.size() < 128 || icc.compare(12, 4, "prtr") != 0 || icc.compare(16, 4, "CMYK") != 0)
    out.emplace_back("the output profile is not a CMYK output (printer) profile");
  if (!profile.getDict().getKey("/N").isInteger() || profile.getDict().getKey("/N").getIntValue() != 4)
    out.emplace_back("the output profile's /N is not 4");
}

// No actions or JavaScript; optional content configurations named.
void check_catalog(QPDF& pdf, exporters::PdfxLevel level, std::vector<std::string>& out) {
  Object root = pdf.getRoot();
  if (root.hasKey("/OpenAction") || root.hasKey("/AA")) out.emplace_back("the document has actions (/OpenAction, /AA)");
  Object names = root.getKey("/Names");
  if (names.isDictionary() && names.hasKey("/JavaScript")) out.emplace_back("the document has JavaScript");
  Object oc = root.getKey("/OCProperties");
  if (!oc.isDictionary()) return;
  if (level == exporters::PdfxLevel::X1a) out.emplace_back("optional content (layers), which PDF/X-1a does not know");
  Object d = oc.getKey("/D");
  if (!d.isDictionary() || !d.getKey("/Name").isString())
    out.emplace_back("the optional content's default configuration has no /Name");
  if (Object configs = oc.getKey("/Configs"); configs.isArray())
    for (auto c : configs.aitems())
      if (!c.isDictionary() || !c.getKey("/Name").isString())
        out.emplace_back("an optional content configuration has no /Name");
}

bool has_box(QPDFPageObjectHelper& page, const char* key) { return page.getObjectHandle().getKey(key).isArray(); }

bool within(const QPDFObjectHandle::Rectangle& inner, const QPDFObjectHandle::Rectangle& outer) {
  constexpr double e = 0.01;  // pt
  return inner.llx >= outer.llx - e && inner.lly >= outer.lly - e && inner.urx <= outer.urx + e &&
         inner.ury <= outer.ury + e;
}

// Every page: a TrimBox (or ArtBox, not both), inside the BleedBox and the
// MediaBox; no annotations but printer's marks and trap networks.
std::vector<std::string> check_page(QPDFPageObjectHelper page) {
  std::vector<std::string> out;
  const bool trim = has_box(page, "/TrimBox"), art = has_box(page, "/ArtBox");
  if (!trim && !art) out.emplace_back("the page has no TrimBox (or ArtBox)");
  if (trim && art) out.emplace_back("the page has both a TrimBox and an ArtBox");
  auto media = page.getMediaBox().getArrayAsRectangle();
  if (trim) {
    auto t = page.getTrimBox().getArrayAsRectangle();
    if (!within(t, media)) out.emplace_back("the TrimBox reaches outside the MediaBox");
    if (has_box(page, "/BleedBox") && !within(t, page.getBleedBox().getArrayAsRectangle()))
      out.emplace_back("the TrimBox reaches outside the BleedBox");
  }
  if (has_box(page, "/BleedBox") && !within(page.getBleedBox().getArrayAsRectangle(), media))
    out.emplace_back("the BleedBox reaches outside the MediaBox");
  Object annots = page.getObjectHandle().getKey("/Annots");
  if (annots.isArray())
    for (auto a : annots.aitems()) {
      Object subtype = a.isDictionary() ? a.getKey("/Subtype") : Object::newNull();
      std::string s = subtype.isName() ? subtype.getName() : "?";
      if (s != "/PrinterMark" && s != "/TrapNet") out.push_back("an annotation " + s + " on the page");
    }
  return out;
}

}  // namespace

PdfxFindings check_pdfx(const std::filesystem::path& file, exporters::PdfxLevel level) {
  PdfxFindings findings;
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processFile(file.c_str());
    check_document(pdf, level, findings.file);
    if (level == exporters::PdfxLevel::X4) check_xmp(pdf, findings.file);
    check_output_intent(pdf, findings.file);
    check_catalog(pdf, level, findings.file);
    for (auto& page : QPDFPageDocumentHelper(pdf).getAllPages()) findings.pages.push_back(check_page(page));
  } catch (const std::exception& e) {
    findings.file.push_back(std::string("cannot read the file: ") + e.what());
  }
  return findings;
}

PdfxClaim read_pdfx_claim(const std::filesystem::path& file) {
  PdfxClaim claim;
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processFile(file.c_str());
    Object info = pdf.getTrailer().getKey("/Info");
    if (info.isDictionary()) claim.version = text_of(info.getKey("/GTS_PDFXVersion"));
    Object intents = pdf.getRoot().getKey("/OutputIntents");
    if (intents.isArray() && intents.getArrayNItems() > 0 && intents.getArrayItem(0).isDictionary()) {
      claim.output_intent = true;
      claim.identifier = text_of(intents.getArrayItem(0).getKey("/OutputConditionIdentifier"));
    }
  } catch (const std::exception&) {
    // Unreadable: the files check says so.
  }
  return claim;
}

}  // namespace kw::verify::checks
