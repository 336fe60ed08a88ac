/* Run-time instruction-set level (see cpu.h). */
#include "cpu.h"

#include <stdatomic.h>

static int detect_level(void) {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return 3;
  if (__builtin_cpu_supports("avx2")) return 2;
  return 1;
#else
  return 0;
#endif
}

static _Atomic int best = -1;   /* the CPU's level, found once */
static _Atomic int forced = -1; /* a test's cap, or -1 */

int ndi_cpu_level(void) {
  int b = atomic_load_explicit(&best, memory_order_relaxed);
  if (b < 0) {
    b = detect_level();
    atomic_store_explicit(&best, b, memory_order_relaxed);
  }
  int f = atomic_load_explicit(&forced, memory_order_relaxed);
  return f >= 0 && f < b ? f : b;
}

int ndi_cpu_force_level(int level) {
  atomic_store_explicit(&forced, level < 0 ? -1 : level, memory_order_relaxed);
  return ndi_cpu_level();
}

static unsigned detect_features(void) {
  unsigned f = 0;
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("f16c")) f |= NDI_CPU_F16C;
  if (__builtin_cpu_supports("fma")) f |= NDI_CPU_FMA;
  if (__builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")) {
    f |= NDI_CPU_AVX512BW;
#if !defined(__clang__)
    if (__builtin_cpu_supports("avx512bf16")) f |= NDI_CPU_AVX512BF16;
#endif
  }
#endif
  return f;
}

static _Atomic int features = -1;

unsigned ndi_cpu_features(void) {
  int f = atomic_load_explicit(&features, memory_order_relaxed);
  if (f < 0) {
    f = (int)detect_features();
    atomic_store_explicit(&features, f, memory_order_relaxed);
  }
  int level = ndi_cpu_level();
  unsigned allowed = (level >= 2 ? NDI_CPU_F16C | NDI_CPU_FMA : 0) |
                     (level >= 3 ? NDI_CPU_AVX512BW | NDI_CPU_AVX512BF16 : 0);
  return (unsigned)f & allowed;
}
