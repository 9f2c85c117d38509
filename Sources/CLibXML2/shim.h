#ifndef ROUTELINT_CLIBXML2_SHIM_H
#define ROUTELINT_CLIBXML2_SHIM_H
// libxml2 built with ICU includes ICU's headers from its encoding header, and a module that
// holds ICU's declarations clashes with Foundation's own copy of them in any Swift module that
// sees both. routelint never touches libxml2's encoding handlers, whose ICU fields are all
// that the macro adds, so their declarations are left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#endif
