/* Matrix products of float16 and bfloat16 (see blas.h): float32 accumulation, one rounding
 * of each result element (or none, for a float32 C: the mixed-precision product).
 *
 * bfloat16 on a CPU with AVX512_BF16 runs nd's own blocked product on vdpbf16ps
 * (kernels/gemm_bf16.c): B is packed a column block at a time (all of k, at most 16 MiB),
 * then threads take blocks of MC rows of C in turn from the pool's ticket (a static split
 * lost a third when another program held a core), pack their rows of A KC columns at a
 * time and run the micro-kernel into C (a float32 C with unit column stride directly,
 * otherwise a float32 block per thread, rounded or copied out at the end). Each block of
 * C is computed by one thread in a fixed order, so results do not depend on the thread
 * count. Packing reads any strides, so transposed, stepped or negative-stride operands
 * cost no more than contiguous ones. KC and MC come from measurements on the development
 * machine at 2000^3: KC 256/512/1000/2000 gave 169/194/209/215 GFLOP/s (each K block
 * reads and writes all of C again), MC 48 was best.
 *
 * float16, and bfloat16 elsewhere, widen A and B to float32 (exactly; broadcast batch
 * axes are converted once), run the float32 product (BLAS) and round C once, as NumPy's
 * float16 matmul does in a plain loop (455 ms at 500^3 against 3 ms for float32). */
#include <string.h>

#include "blas.h"
#include "core/alloc.h"
#include "core/dtype.h"
#include "core/error.h"
#include "iter/copy.h"
#include "iter/pool.h"
#include "iter/threads.h"
#include "kernels/gemm_bf16.h"
#include "kernels/half_convert.h"
#include "core/half.h"
#include "la_common.h"

#define MR NDI_BF16_MR
#define NR NDI_BF16_NR
#define MC 48
#define KC 2048
#define B_PANEL_BYTES ((int64_t)16 << 20)
#define NC_MAX 4096 /* columns of a block: a thread's float32 block of C is MC x NC_MAX */

/* ---- widened to float32 -------------------------------------------------------------- */

/* Operand x ([batch..., r, c] of dtype t) as float32 in a new buffer: axes along which x
 * does not move (stride 0) are kept once; *out gets the buffer's strides (0 on those). */
static float *widen(const ndi_la_gemm *g, const ndi_la_mat *x, int64_t r, int64_t c,
                    ndi_la_mat *out, size_t *bytes) {
  int nd = g->nbd + 2;
  int64_t ext[ND_MAX_DIMS + 2], str[ND_MAX_DIMS + 2], cext[ND_MAX_DIMS + 2], cstr[ND_MAX_DIMS + 2];
  for (int i = 0; i < g->nbd; i++) {
    ext[i] = g->bshape[i];
    str[i] = x->bs[i];
  }
  ext[nd - 2] = r, ext[nd - 1] = c, str[nd - 2] = x->rs, str[nd - 1] = x->cs;
  int64_t size = 1;
  for (int i = 0; i < nd; i++) {
    cext[i] = str[i] == 0 ? 1 : ext[i];
    size *= cext[i];
  }
  ndi_contiguous_strides(nd, cext, ND_C, cstr);
  *bytes = (size_t)(size > 0 ? size : 1) * sizeof(float);
  float *buf = ndi_aligned_alloc(*bytes);
  if (!buf) return NULL;
  ndi_copy_layout(nd, cext, (ndi_layout_ref){(char *)buf, cstr, ND_FLOAT32},
                  (ndi_layout_ref){x->data, str, g->dtype});
  for (int i = 0; i < nd; i++) cstr[i] = cext[i] == ext[i] ? cstr[i] : 0;
  memcpy(out->bs, cstr, sizeof(int64_t) * (size_t)g->nbd);
  out->data = (char *)buf;
  out->rs = cstr[nd - 2];
  out->cs = cstr[nd - 1];
  return buf;
}

/* C (16-bit) = the float32 product rounded, or a float32 C written directly. */
static nd_status widened_run(const char *op, ndi_la_gemm *g) {
  ndi_la_gemm w = *g;
  w.dtype = ND_FLOAT32;
  w.c_float32 = false;
  size_t na = 0, nb = 0, nc = 0;
  float *a = widen(g, &g->a, g->m, g->k, &w.a, &na);
  float *b = a ? widen(g, &g->b, g->k, g->n, &w.b, &nb) : NULL;
  float *c = NULL;
  int nd = g->nbd + 2;
  int64_t ext[ND_MAX_DIMS + 2], cstr[ND_MAX_DIMS + 2], dstr[ND_MAX_DIMS + 2];
  memcpy(ext, g->bshape, sizeof(int64_t) * (size_t)g->nbd);
  ext[nd - 2] = g->m, ext[nd - 1] = g->n;
  if (b && !g->c_float32) {
    ndi_contiguous_strides(nd, ext, ND_C, cstr);
    int64_t size = 1;
    for (int i = 0; i < nd; i++) size *= ext[i];
    nc = (size_t)(size > 0 ? size : 1) * sizeof(float);
    c = ndi_aligned_alloc(nc);
    if (c) {
      w.c = (ndi_la_mat){(char *)c, cstr[nd - 2], cstr[nd - 1], {0}};
      memcpy(w.c.bs, cstr, sizeof(int64_t) * (size_t)g->nbd);
    }
  }
  nd_status st = (!b || (!g->c_float32 && !c)) ? ndi_nomem(op, na + nb + nc) : ND_OK;
  if (!st) st = ndi_la_gemm_run(op, &w);
  if (!st && c) {
    memcpy(dstr, g->c.bs, sizeof(int64_t) * (size_t)g->nbd);
    dstr[nd - 2] = g->c.rs, dstr[nd - 1] = g->c.cs;
    ndi_copy_layout(nd, ext, (ndi_layout_ref){g->c.data, dstr, g->dtype},
                    (ndi_layout_ref){(char *)c, cstr, ND_FLOAT32});
  }
  if (a) ndi_aligned_free(a, na);
  if (b) ndi_aligned_free(b, nb);
  if (c) ndi_aligned_free(c, nc);
  return st;
}

/* ---- bfloat16 on vdpbf16ps ------------------------------------------------------------- */

typedef struct {
  int64_t m, n, k, kp_all;     /* kp_all: pairs along all of k */
  const uint16_t *a, *b;
  int64_t ars, acs, brs, bcs;
  char *c;
  int64_t crs, ccs;
  bool c32, direct;            /* C is float32; and has unit column stride (written in place) */
  uint16_t *bp;                /* the packed column block of B */
  int64_t jc, nc;              /* that block: columns [jc, jc + nc) */
  char *work;                  /* per slot: packed A, then (not direct) a C block */
  size_t work_per;
} bf16_product;

static size_t apack_bytes(int64_t k) {
  int64_t kc = k < KC ? k : KC;
  return (size_t)(MC * ((kc + 1) / 2) * 4 + 63) / 64 * 64;
}

static int64_t block_cols(int64_t k) {
  int64_t per_strip = (k + 1) / 2 * NR * 2 * (int64_t)sizeof(uint16_t);
  int64_t strips = B_PANEL_BYTES / (per_strip > 0 ? per_strip : 1);
  if (strips > NC_MAX / NR) strips = NC_MAX / NR;
  return (strips > 0 ? strips : 1) * NR;
}

static void pack_b_strip(void *ctx, int64_t s, int slot) {
  bf16_product *P = ctx;
  (void)slot;
  int64_t j0 = s * NR, w = P->nc - j0 < NR ? P->nc - j0 : NR;
  ndi_bf16_pack_b(P->bp + s * P->kp_all * NR * 2, P->b + (P->jc + j0) * P->bcs, P->brs, P->bcs,
                  P->k, w);
}

/* Rows [ic, ic + MC) of C's column block. */
static void row_block(void *ctx, int64_t task, int slot) {
  bf16_product *P = ctx;
  int64_t ic = task * MC, mc = P->m - ic < MC ? P->m - ic : MC;
  char *ws = P->work + P->work_per * (size_t)slot;
  uint32_t *ap = (uint32_t *)ws;
  float *cb;
  int64_t ldc;
  if (P->direct) {
    cb = (float *)P->c + ic * P->crs + P->jc;
    ldc = P->crs;
  } else {
    cb = (float *)(ws + apack_bytes(P->k));
    ldc = P->nc;
  }
  for (int64_t pc = 0; pc < P->k; pc += KC) {
    int64_t kc = P->k - pc < KC ? P->k - pc : KC;
    ndi_bf16_pack_a(ap, P->a + ic * P->ars + pc * P->acs, P->ars, P->acs, mc, kc);
    ndi_bf16_gemm_block(mc, P->nc, (kc + 1) / 2, ap, P->bp + pc / 2 * NR * 2, P->kp_all * NR * 2,
                        cb, ldc, pc == 0);
  }
  if (P->direct) return;
  for (int64_t i = 0; i < mc; i++) {
    const float *src = cb + i * ldc;
    char *row = P->c + ((ic + i) * P->crs + P->jc * P->ccs) * (P->c32 ? 4 : 2);
    if (P->c32) {
      for (int64_t j = 0; j < P->nc; j++) ((float *)row)[j * P->ccs] = src[j];
    } else if (P->ccs == 1) {
      ndi_f32_to_bf16_n((uint16_t *)row, src, P->nc);
    } else {
      for (int64_t j = 0; j < P->nc; j++) ((uint16_t *)row)[j * P->ccs] = ndi_f32_to_bf16(src[j]);
    }
  }
}

/* One product on nt threads (1 inside a parallel batch); bp, work: buffers of the sizes
 * bf16_sizes gives. */
static void bf16_one(bf16_product *P, int nt) {
  int64_t ncb = block_cols(P->k);
  for (P->jc = 0; P->jc < P->n; P->jc += ncb) {
    P->nc = P->n - P->jc < ncb ? P->n - P->jc : ncb;
    ndi_parallel(nt, (P->nc + NR - 1) / NR, pack_b_strip, P);
    ndi_parallel(nt, (P->m + MC - 1) / MC, row_block, P);
  }
}

static void bf16_sizes(const ndi_la_gemm *g, size_t *bp, size_t *work) {
  int64_t ncb = block_cols(g->k), nc = g->n < ncb ? g->n : ncb;
  *bp = (size_t)((nc + NR - 1) / NR * ((g->k + 1) / 2) * NR * 2) * sizeof(uint16_t) + 64;
  *work = apack_bytes(g->k) + (size_t)(MC * nc) * sizeof(float);
}

/* Batch element e's product, its pointers from the batch odometer. */
static void bf16_setup(const ndi_la_gemm *g, int64_t e, bf16_product *P) {
  int64_t oa = 0, ob = 0, oc = 0;
  for (int d = g->nbd - 1; d >= 0; d--) {
    int64_t i = e % g->bshape[d];
    e /= g->bshape[d];
    oa += i * g->a.bs[d], ob += i * g->b.bs[d], oc += i * g->c.bs[d];
  }
  P->a = (const uint16_t *)g->a.data + oa;
  P->b = (const uint16_t *)g->b.data + ob;
  P->c = g->c.data + oc * (g->c_float32 ? 4 : 2);
}

typedef struct {
  const ndi_la_gemm *g;
  bf16_product base;
  char *bp, *work;
  size_t bp_bytes, work_bytes;
} bf16_batch;

static void bf16_batch_range(void *ctx, int64_t begin, int64_t end, int thread) {
  bf16_batch *B = ctx;
  bf16_product P = B->base;
  P.bp = (uint16_t *)(B->bp + B->bp_bytes * (size_t)thread);
  P.work = B->work + B->work_bytes * (size_t)thread;
  for (int64_t e = begin; e < end; e++) {
    bf16_setup(B->g, e, &P);
    bf16_one(&P, 1);
  }
}

static nd_status bf16_run(const char *op, const ndi_la_gemm *g) {
  bf16_product P = {g->m, g->n, g->k, (g->k + 1) / 2, NULL, NULL, g->a.rs, g->a.cs,
                    g->b.rs, g->b.cs, NULL, g->c.rs, g->c.cs, g->c_float32, false,
                    NULL, 0, 0, NULL, 0};
  P.direct = P.c32 && P.ccs == 1;
  int64_t nb = 1;
  for (int i = 0; i < g->nbd; i++) nb *= g->bshape[i];
  int64_t per = g->m * g->n * g->k;
  /* many small products: one per thread; else each product on all threads */
  int nt_batch = nb > 1 && per < NDI_LA_BLAS_THREADED_MIN ? ndi_threads_for(nb * per / 4) : 1;
  if (nt_batch > nb) nt_batch = (int)nb;
  int nt_inner = nt_batch > 1 ? 1 : ndi_threads_for(per / 4);
  size_t bp_bytes, work_per;
  bf16_sizes(g, &bp_bytes, &work_per);
  P.work_per = work_per;
  int copies = nt_batch > 1 ? nt_batch : 1, slots = nt_batch > 1 ? nt_batch : nt_inner;
  size_t total = bp_bytes * (size_t)copies + work_per * (size_t)slots;
  char *buf = ndi_aligned_alloc(total);
  if (!buf) return ndi_nomem(op, total);
  bf16_batch B = {g, P, buf, buf + bp_bytes * (size_t)copies, bp_bytes, work_per};
  if (nt_batch > 1) {
    ndi_la_run_blocks(nb, nt_batch, bf16_batch_range, &B);
  } else {
    P.bp = (uint16_t *)B.bp;
    P.work = B.work;
    for (int64_t e = 0; e < nb; e++) {
      bf16_setup(g, e, &P);
      bf16_one(&P, nt_inner);
    }
  }
  ndi_aligned_free(buf, total);
  return ND_OK;
}

/* C = A^T-free orientation: the kernel writes C by rows; a float32 C stored by columns is
 * computed as C^T = B^T A^T, which it can write in place. */
static void orient(ndi_la_gemm *g) {
  if (!g->c_float32 || g->c.cs == 1 || g->c.rs != 1) return;
  ndi_la_mat a = g->a;
  g->a = (ndi_la_mat){g->b.data, g->b.cs, g->b.rs, {0}};
  memcpy(g->a.bs, g->b.bs, sizeof g->a.bs);
  g->b = (ndi_la_mat){a.data, a.cs, a.rs, {0}};
  memcpy(g->b.bs, a.bs, sizeof g->b.bs);
  int64_t m = g->m;
  g->m = g->n;
  g->n = m;
  int64_t rs = g->c.rs;
  g->c.rs = g->c.cs;
  g->c.cs = rs;
}

/* k = 0: zeros (all-zero bits in float32 and the 16-bit floats alike). */
static void write_zeros(const ndi_la_gemm *g) {
  int nd = g->nbd + 2;
  int64_t ext[ND_MAX_DIMS + 2], str[ND_MAX_DIMS + 2], zs[ND_MAX_DIMS + 2] = {0};
  memcpy(ext, g->bshape, sizeof(int64_t) * (size_t)g->nbd);
  memcpy(str, g->c.bs, sizeof(int64_t) * (size_t)g->nbd);
  ext[nd - 2] = g->m, ext[nd - 1] = g->n, str[nd - 2] = g->c.rs, str[nd - 1] = g->c.cs;
  nd_dtype t = g->c_float32 ? ND_FLOAT32 : g->dtype;
  _Alignas(16) char zero[16] = {0};
  ndi_copy_layout(nd, ext, (ndi_layout_ref){g->c.data, str, t}, (ndi_layout_ref){zero, zs, t});
}

nd_status ndi_la_gemm_half(const char *op, ndi_la_gemm *g) {
  if (g->k == 0) {
    write_zeros(g);
    return ND_OK;
  }
  if (g->dtype == ND_BFLOAT16 && ndi_gemm_bf16_available()) {
    orient(g);
    return bf16_run(op, g);
  }
  return widened_run(op, g);
}
