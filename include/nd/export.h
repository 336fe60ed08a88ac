/** \file
 *  nd: symbol visibility. Every public function is declared with ND_API; everything else in
 *  the shared library is hidden (the build uses -fvisibility=hidden). Programs linking the
 *  static library define nothing; the macro is harmless there. */
#ifndef ND_EXPORT_H
#define ND_EXPORT_H

#if defined(_WIN32)
#  if defined(ND_BUILDING)
#    define ND_API __declspec(dllexport)
#  else
#    define ND_API
#  endif
#elif defined(__GNUC__)
#  define ND_API __attribute__((visibility("default")))
#else
#  define ND_API
#endif

#endif
