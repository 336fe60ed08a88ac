/* nd: N-dimensional arrays for C11. One umbrella header; see README.md for a tour. */
#ifndef ND_H
#define ND_H

#include "nd/version.h"
#include "nd/export.h"
#include "nd/types.h"
#include "nd/core.h"
#include "nd/creation.h"
#include "nd/views.h"
#include "nd/elementwise.h"
#include "nd/print.h"
#include "nd/scope.h"

#endif
