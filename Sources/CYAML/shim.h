#ifndef ROUTELINT_CYAML_SHIM_H
#define ROUTELINT_CYAML_SHIM_H
#include <yaml.h>
#endif
