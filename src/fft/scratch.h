/* Per-thread scratch memory for the pass engine's units, kept between calls. Allocating
 * the buffers of every call anew cost page faults: the kernel zeroing fresh pages took a
 * fifth of a 2048x2048 transform. (The big scratch arrays of split transforms come from
 * nd_empty instead, whose block cache keeps large blocks for the next call.) */
#ifndef NDF_SCRATCH_H
#define NDF_SCRATCH_H

#include <stddef.h>

/* The uses of scratch, one buffer each per thread. */
typedef enum ndf_slot {
  NDF_SLOT_IN,  /* a unit's gathered input lines (pass.c) */
  NDF_SLOT_OUT, /* a unit's output lines */
  NDF_NUM_SLOTS
} ndf_slot;

/* This thread's buffer for `slot`, at least `bytes` long and aligned for FFTW (its
 * contents are undefined); NULL if memory runs out (nothing recorded). Valid until the
 * thread asks for the same slot again, calls ndf_scratch_done, or ends. */
void *ndf_scratch_get(ndf_slot slot, size_t bytes);
/* Ends a use: a buffer above NDF_SCRATCH_KEEP bytes is freed now, smaller ones stay for
 * the next call. */
void ndf_scratch_done(ndf_slot slot);

#endif
