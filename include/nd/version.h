/** \file
 *  nd: version macros. CMake reads the numbers from this file. nd_version() (nd/core.h)
 *  gives the version of the library a program runs with. */
#ifndef ND_VERSION_H
#define ND_VERSION_H

#define ND_VERSION_MAJOR 0
#define ND_VERSION_MINOR 2
#define ND_VERSION_PATCH 0
#define ND_VERSION_STRING "0.2.0"
/* Single number for comparisons: 10000*major + 100*minor + patch. */
#define ND_VERSION_NUMBER (ND_VERSION_MAJOR * 10000 + ND_VERSION_MINOR * 100 + ND_VERSION_PATCH)

#endif
