#include "print/colour/pdfx.h"

// qpdf 11: no PointerHolder compatibility (std::shared_ptr throughout).
#define POINTERHOLDER_TRANSITION 4
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>

#include <fstream>
#include <iterator>
#include <stdexcept>

#include <fmt/format.h>

namespace kw::print {

namespace {

using Object = QPDFObjectHandle;

// "D:20250101000000Z" (or with +01'00') -> "2025-01-01T00:00:00Z"; XMP dates
// must say the same instant as the Info dictionary's.
std::string xmp_date(const std::string& pdf_date) {
  std::string d = pdf_date.starts_with("D:") ? pdf_date.substr(2) : pdf_date;
  if (d.size() < 14) return "2025-01-01T00:00:00Z";
  std::string out = fmt::format("{}-{}-{}T{}:{}:{}", d.substr(0, 4), d.substr(4, 2), d.substr(6, 2), d.substr(8, 2),
                                d.substr(10, 2), d.substr(12, 2));
  std::string zone = d.substr(14);
  if (zone.empty() || zone[0] == 'Z') return out + "Z";
  if ((zone[0] == '+' || zone[0] == '-') && zone.size() >= 3) {
    std::string minutes = zone.size() >= 6 ? zone.substr(4, 2) : "00";
    return out + zone.substr(0, 3) + ":" + minutes;
  }
  return out + "Z";
}

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// "uuid:xxxxxxxx-xxxx-..." from 32 hex digits of a hash.
std::string uuid(const std::string& hex) {
  std::string h = (hex + std::string(32, '0')).substr(0, 32);
  return fmt::format("uuid:{}-{}-{}-{}-{}", h.substr(0, 8), h.substr(8, 4), h.substr(12, 4), h.substr(16, 4),
                     h.substr(20, 12));
}

std::string text_of(Object info, const char* key, const std::string& fallback) {
  Object v = info.getKey(key);
  return v.isString() ? v.getUTF8Value() : fallback;
}

std::string xmp_packet(const std::string& title, const std::string& created, const std::string& modified,
                       const std::string& creator, const std::string& producer, const std::string& hash) {
  return fmt::format(
      R"(<?xpacket begin="{}" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{}</xmp:CreateDate>
   <xmp:ModifyDate>{}</xmp:ModifyDate>
   <xmp:MetadataDate>{}</xmp:MetadataDate>
   <xmp:CreatorTool>{}</xmp:CreatorTool>
   <pdf:Producer>{}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>{}</xmpMM:DocumentID>
   <xmpMM:InstanceID>{}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>)",
      "\xEF\xBB\xBF", xml_escape(title), created, modified, modified, xml_escape(creator), xml_escape(producer),
      uuid(hash.substr(0, 32)), uuid(hash.size() >= 64 ? hash.substr(32, 32) : hash));
}

}  // namespace

const char* pdfx_version(PdfxLevel level) { return level == PdfxLevel::X1a ? "1.3" : "1.6"; }

void mark_pdfx(QPDF& pdf, const CmykSettings& settings, PdfxLevel level, const std::string& document_hash) {
  Object trailer = pdf.getTrailer();
  Object info = trailer.getKey("/Info");
  if (!info.isDictionary()) {
    info = pdf.makeIndirectObject(Object::newDictionary());
    trailer.replaceKey("/Info", info);
  }
  const std::string title = text_of(info, "/Title", "kartenwerk print file");
  const std::string created = text_of(info, "/CreationDate", "D:20250101000000Z");
  const std::string modified = text_of(info, "/ModDate", created);
  const std::string creator = text_of(info, "/Creator", "kartenwerk");
  const std::string producer = text_of(info, "/Producer", "kartenwerk");
  info.replaceKey("/Title", Object::newUnicodeString(title));
  info.replaceKey("/CreationDate", Object::newString(created));
  info.replaceKey("/ModDate", Object::newString(modified));
  info.replaceKey("/Trapped", Object::newName("/False"));
  Object root = pdf.getRoot();
  if (level == PdfxLevel::X1a) {
    info.replaceKey("/GTS_PDFXVersion", Object::newString("PDF/X-1:2001"));
    info.replaceKey("/GTS_PDFXConformance", Object::newString("PDF/X-1a:2001"));
    root.removeKey("/Metadata");  // PDF 1.3 has no XMP; X-1a:2001 reads the Info dictionary
  } else {
    info.replaceKey("/GTS_PDFXVersion", Object::newString("PDF/X-4"));
    info.removeKey("/GTS_PDFXConformance");
    Object xmp = Object::newStream(
        &pdf, xmp_packet(title, xmp_date(created), xmp_date(modified), creator, producer, document_hash));
    xmp.getDict().replaceKey("/Type", Object::newName("/Metadata"));
    xmp.getDict().replaceKey("/Subtype", Object::newName("/XML"));
    root.replaceKey("/Metadata", xmp);
  }

  std::ifstream in(settings.icc, std::ios::binary);
  std::string icc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (icc.size() < 128) throw std::runtime_error("cannot read the ICC profile " + settings.icc.string());
  Object profile = Object::newStream(&pdf, icc);
  profile.getDict().replaceKey("/N", Object::newInteger(4));
  Object intent = Object::newDictionary();
  intent.replaceKey("/Type", Object::newName("/OutputIntent"));
  intent.replaceKey("/S", Object::newName("/GTS_PDFX"));
  intent.replaceKey("/OutputConditionIdentifier", Object::newString(settings.identifier));
  intent.replaceKey("/OutputCondition", Object::newString(settings.condition));
  intent.replaceKey("/Info", Object::newString(settings.condition));
  intent.replaceKey("/RegistryName", Object::newString(settings.registry));
  intent.replaceKey("/DestOutputProfile", profile);
  root.replaceKey("/OutputIntents", Object::newArray({pdf.makeIndirectObject(intent)}));
}

}  // namespace kw::print
