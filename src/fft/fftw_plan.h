/* The one door to FFTW: plans for batches of one-dimensional transforms, taken from a
 * thread-safe, bounded cache; the planner mode; wisdom. No other file of the component
 * includes fftw3.h. */
#ifndef NDF_FFTW_PLAN_H
#define NDF_FFTW_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "nd/types.h"

/* The four transform kinds nd needs. */
typedef enum ndf_kind {
  NDF_C2C_FWD, /* complex to complex, exp(-2 pi i jk/n) */
  NDF_C2C_BWD, /* complex to complex, exp(+2 pi i jk/n), unscaled */
  NDF_R2C,     /* n reals to n/2+1 complex (forward) */
  NDF_C2R      /* n/2+1 complex to n reals (backward, unscaled) */
} ndf_kind;

/* Everything an FFTW plan depends on: `howmany` transforms of length n; strides in
 * elements of the input's and the output's own type (real or complex). FFTW plans are
 * tied to these strides and to the arrays' alignment; new arrays of the same geometry
 * and alignment run through the same plan. */
typedef struct ndf_geom {
  ndf_kind kind;
  bool single;     /* float (fftwf) instead of double */
  bool inplace;    /* input and output are the same memory */
  bool destroy_in; /* the input is scratch and may be overwritten (c2r always does) */
  int align_in;    /* ndf_alignment_of the arrays; -1: unaligned plan for any address */
  int align_out;
  int64_t n;
  int64_t is, os;       /* stride along the transform */
  int64_t howmany;      /* transforms per execution */
  int64_t idist, odist; /* stride between transforms */
} ndf_geom;

/* A cached plan; valid until ndf_plan_release. */
typedef struct ndf_plan ndf_plan;

/* A plan for geometry g under the current planner mode, from the cache or made now.
 * `in`/`out` are arrays of that geometry (used only by FFTW_ESTIMATE and wisdom lookups,
 * which do not touch them; measured planning runs on scratch memory). On failure sets an
 * error naming `op` and returns NULL. */
ndf_plan *ndf_plan_acquire(const char *op, const ndf_geom *g, void *in, void *out);
/* Runs the plan on arrays of its geometry and alignment (FFTW's new-array execute:
 * thread-safe, many threads may run one plan at once). */
void ndf_plan_execute(const ndf_plan *p, void *in, void *out);
/* Tells the cache how long a call spent running the plan (AUTO measures a plan once its
 * executions have cost about as much as measuring it). */
void ndf_plan_note_time(ndf_plan *p, double seconds);
/* Ends the use begun by ndf_plan_acquire (NULL does nothing). */
void ndf_plan_release(ndf_plan *p);

/* FFTW's alignment class of an address for one precision (arrays of equal class share
 * plans). */
int ndf_alignment_of(const void *p, bool single);

/* Memory for buffers: aligned for FFTW's SIMD; NULL on failure (nothing recorded). */
void *ndf_buffer_alloc(size_t bytes);
void ndf_buffer_free(void *p);

#endif
