#pragma once
// The marks that make a CMYK print PDF a PDF/X file (ISO 15930-7 for X-4,
// ISO 15930-1:2001 for X-1a:2001), set on a document in memory:
//   - the output intent: /S /GTS_PDFX with the press condition's identifier,
//     name and registry, and its ICC profile embedded (/DestOutputProfile);
//   - the Info dictionary: /GTS_PDFXVersion (and /GTS_PDFXConformance for
//     X-1a), /Trapped /False, a title and both dates;
//   - XMP metadata (catalog /Metadata) with pdfxid:GTS_PDFXVersion,
//     the dates, the title, pdf:Trapped and document and instance ids.
// The file's version (1.6 for X-4, 1.3 for X-1a) is chosen when it is
// written (see pdfx_version). Everything is derived from the document and
// the settings, so the same input gives the same bytes.
#include <string>

#include "exporters/cmyk.h"

class QPDF;

namespace kw::exporters {

// `document_hash`: a hash of the source file, from which the XMP document
// and instance ids are made.
void mark_pdfx(QPDF& pdf, const CmykSettings& settings, PdfxLevel level, const std::string& document_hash);

const char* pdfx_version(PdfxLevel level);  // "1.6", "1.3"

}  // namespace kw::exporters
