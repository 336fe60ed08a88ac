/** \file
 *  nd: N-dimensional arrays for C11. One umbrella header; see README.md for a tour. The
 *  errors every function shares are described with nd_status (nd/types.h). */
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
#include "nd/reduce.h"
#include "nd/manipulation.h"
#include "nd/indexing.h"
#include "nd/sorting.h"
#include "nd/sets.h"
#include "nd/scope.h"
#include "nd/io.h"
#include "nd/linalg.h"
#include "nd/decomp.h"
#include "nd/matfunc.h"
#include "nd/iterative.h"
#include "nd/random.h"

#endif
