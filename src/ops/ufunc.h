/* Elementwise functions in the frontend: a descriptor per function (its kernel table and
 * its type rules) and the one driver every public elementwise function calls. The driver
 * checks arguments, broadcasts, resolves dtypes (NumPy 2 promotion with NEP 50 weak
 * scalars), allocates or checks the output, handles overlap and runs the engine
 * (iter/elementwise.h). */
#ifndef NDI_UFUNC_H
#define NDI_UFUNC_H

#include "frontend.h"
#include "kernels/half_table.h"
#include "kernels/loop.h"

enum {
  /* bool and integers are computed in the smallest float holding their values
   * (float32 up to 16 bits, as NumPy's float16 would promote; float64 above). */
  NDI_UF_INT_TO_FLOAT = 1u << 0,
  NDI_UF_INT_TO_F64 = 1u << 1,   /* bool and integers are computed in float64 (divide) */
  NDI_UF_BOOL_TO_INT8 = 1u << 2, /* bool is computed in int8 (pow, shifts, ...) */
  NDI_UF_OUT_BOOL = 1u << 3,     /* the result is bool (comparisons, is*) */
  NDI_UF_OUT_REAL = 1u << 4,     /* the result is the real dtype of the loop's (abs) */
  NDI_UF_CONTIG = 1u << 5,       /* the kernel takes dense chunks only */
  NDI_UF_COMPARE = 1u << 6,      /* an out-of-range integer scalar compares exactly */
  NDI_UF_CLAMP_WEAK = 1u << 7,   /* clip: an integer scalar bound that bounds nothing for
                                  * x's integer dtype is dropped, as np.clip drops it */
  NDI_UF_COND_FIRST = 1u << 8,   /* input 0 is a condition read as bool (where) */
  NDI_UF_BOOL_TO_FLOAT = 1u << 9, /* bool alone is computed in float32 (round: NumPy's float16) */
};

typedef struct ndi_ufunc {
  const char *name;          /* the public name, used in every message */
  int nin;                   /* 1, 2 or 3 inputs */
  const ndi_loop_fn *loops;  /* [ND_NUM_DTYPES] by the dtype computed in; NULL: refused */
  unsigned flags;
  const char *accepts;       /* for messages: "integer or boolean", ... */
  int64_t work_scale;        /* cost of an element relative to a copy */
  const ndi_loop_fn *mixed;  /* comparisons: exact (int64, uint64) and (uint64, int64) loops */
  ndi_half_tables *half;     /* one-input functions: their float16 and bfloat16 result
                              * tables (kernels/half_table.h); NULL: none */
} ndi_ufunc;

/* The allocating form: a new array holding f(in...). */
nd_array *ndi_ufunc_new(const ndi_ufunc *f, const nd_array *const *in);
/* The _out form: writes f(in...) into out (inputs broadcast to its shape). */
nd_status ndi_ufunc_out(const ndi_ufunc *f, nd_array *out, const nd_array *const *in);
/* The checks of every _out form: out is writeable and takes a result of dtype `result`
 * by same-kind casting. */
nd_status ndi_check_out(const char *op, nd_dtype result, const nd_array *out);

/* A weak (Python-like) 0-d scalar array for the scalar forms; NULL on failure. */
nd_array *ndi_weak_new(const char *op, nd_scalar v);

#endif
