/* The batched matrix-product driver: simplifies the batch axes, decides once how every
 * batch element is computed (nd's integer kernel, the small direct kernel, or BLAS with
 * whatever packing BLAS needs), and runs the batch, in parallel when it is worth it.
 * Batch elements are addressed by pointer arithmetic from the batch strides, so a batch
 * axis of stride 0 (a broadcast operand) costs nothing and is never copied. */
#include <string.h>

#include "blas_call.h"
#include "core/alloc.h"
#include "core/dtype.h"
#include "core/error.h"
#include "dot_full.h"
#include "iter/copy.h"
#include "iter/odometer.h"
#include "iter/threads.h"
#include "kernels/gemm.h"
#include "la_common.h"

/* One product of at least this many multiply-adds is left to BLAS's own threads when the
 * batch is too short to share out. */
#define BIG_PRODUCT NDI_LA_BLAS_THREADED_MIN

typedef enum { K_INT, K_SMALL, K_BLAS, K_VEC } kernel_kind;

/* How a packed operand is laid out in the work buffer. */
typedef struct {
  bool on;
  int64_t rs, cs;
  size_t offset; /* bytes into the per-thread work buffer */
} pack_spec;

typedef struct {
  kernel_kind kind;
  ndi_gemm_fn fn;
  ndi_la_blas_op blas;
  ndi_la_vec vec;
  pack_spec pa, pb, pc;
  size_t work; /* bytes per thread */
} gemm_plan;

static int64_t max1(int64_t v) { return v > 1 ? v : 1; }

/* Drops batch axes of extent 1 and merges axes every operand walks as one. */
static void simplify_batch(ndi_la_gemm *g) {
  int nd = 0;
  for (int i = 0; i < g->nbd; i++) {
    if (g->bshape[i] == 1) continue;
    if (nd > 0) {
      int64_t e = g->bshape[i];
      bool merge = g->a.bs[nd - 1] == g->a.bs[i] * e && g->b.bs[nd - 1] == g->b.bs[i] * e &&
                   g->c.bs[nd - 1] == g->c.bs[i] * e;
      if (merge) {
        g->bshape[nd - 1] *= e;
        g->a.bs[nd - 1] = g->a.bs[i];
        g->b.bs[nd - 1] = g->b.bs[i];
        g->c.bs[nd - 1] = g->c.bs[i];
        continue;
      }
    }
    g->bshape[nd] = g->bshape[i];
    g->a.bs[nd] = g->a.bs[i];
    g->b.bs[nd] = g->b.bs[i];
    g->c.bs[nd] = g->c.bs[i];
    nd++;
  }
  g->nbd = nd;
}

static size_t add_pack(pack_spec *p, size_t *work, int64_t rows, int64_t cols, bool row,
                       int64_t elsize) {
  p->on = true;
  p->rs = row ? cols : 1;
  p->cs = row ? 1 : rows;
  p->offset = *work;
  *work += (size_t)(rows * cols * elsize + 63) / 64 * 64;
  return row ? (size_t)max1(cols) : (size_t)max1(rows);
}

/* Decides the BLAS call: C's order from C's strides, then for A and B as they are,
 * transposed, or packed into the work buffer. */
static void plan_blas(const ndi_la_gemm *g, gemm_plan *P) {
  int64_t es = (int64_t)ndi_dtype_size(g->dtype), m = g->m, n = g->n, k = g->k, ld;
  ndi_la_blas_op *b = &P->blas;
  b->dtype = g->dtype;
  b->elsize = es;
  b->conj_a = g->conj_a;
  b->ta = b->tb = false;
  if (ndi_la_addressable(m, n, g->c.rs, g->c.cs, true, &ld)) {
    b->row = true;
    b->ldc = ld;
  } else if (ndi_la_addressable(m, n, g->c.rs, g->c.cs, false, &ld)) {
    b->row = false;
    b->ldc = ld;
  } else {
    b->row = true;
    b->ldc = (int64_t)add_pack(&P->pc, &P->work, m, n, true, es);
  }
  bool row = b->row;
  /* A: conjugation exists in BLAS only together with a transpose, so a conjugated A that
   * is stored in C's order is packed into the other one. */
  int64_t ld2;
  bool nat = ndi_la_addressable(m, k, g->a.rs, g->a.cs, row, &ld);
  bool tr = ndi_la_addressable(m, k, g->a.rs, g->a.cs, !row, &ld2);
  if (g->conj_a) {
    b->ta = true;
    b->lda = tr ? ld2 : (int64_t)add_pack(&P->pa, &P->work, m, k, !row, es);
  } else if (nat || tr) {
    b->ta = !nat;
    b->lda = nat ? ld : ld2;
  } else {
    b->lda = (int64_t)add_pack(&P->pa, &P->work, m, k, row, es);
  }
  if (ndi_la_addressable(k, n, g->b.rs, g->b.cs, row, &ld)) {
    b->ldb = ld;
  } else if (ndi_la_addressable(k, n, g->b.rs, g->b.cs, !row, &ld)) {
    b->tb = true;
    b->ldb = ld;
  } else {
    b->ldb = (int64_t)add_pack(&P->pb, &P->work, k, n, row, es);
  }
}

/* single: the batch has one element (a long dot product is then split along k, which
 * uses the threads and keeps the bits independent of them). summed: the products
 * accumulate (only BLAS's kernels can, with beta = 1). */
static void plan_gemm(const ndi_la_gemm *g, gemm_plan *P, bool single, bool summed) {
  memset(P, 0, sizeof *P);
  char kind = ndi_dtype_kind(g->dtype);
  if (kind == 'b' || kind == 'i' || kind == 'u') {
    P->kind = K_INT;
    P->fn = ndi_gemm_int[g->dtype];
    P->work = ndi_gemm_int_work();
  } else if (!summed && g->m <= NDI_GEMM_SMALL && g->n <= NDI_GEMM_SMALL &&
             g->k <= NDI_GEMM_SMALL) {
    P->kind = K_SMALL;
    P->fn = ndi_gemm_small[g->dtype];
  } else if (!(single && g->m == 1 && g->n == 1 && ndi_la_ksplit_wanted(1, 1, g->k)) &&
             ndi_la_vec_plan(g, &P->vec, &P->work)) {
    P->kind = K_VEC;
  } else {
    P->kind = K_BLAS;
    plan_blas(g, P);
  }
}

static void copy2d(nd_dtype t, int64_t r, int64_t c, char *dst, int64_t drs, int64_t dcs,
                   const char *src, int64_t srs, int64_t scs) {
  const int64_t shape[2] = {r, c}, ds[2] = {drs, dcs}, ss[2] = {srs, scs};
  ndi_layout_ref d = {dst, ds, t}, s = {(char *)src, ss, t};
  ndi_copy_layout(2, shape, d, s);
}

/* One batch element; acc (BLAS and gemv plans only) adds the product to C. */
static void run_one(const ndi_la_gemm *g, const gemm_plan *P, const char *a, const char *b,
                    char *c, char *work, bool acc) {
  if (P->kind == K_VEC) {
    ndi_la_vec_run(g, &P->vec, a, b, c, work, acc);
    return;
  }
  if (P->kind != K_BLAS) {
    ndi_gemm_args args = {g->m, g->n, g->k, a, g->a.rs, g->a.cs, b, g->b.rs, g->b.cs,
                          c,    g->c.rs, g->c.cs, g->conj_a};
    P->fn(&args, work);
    return;
  }
  nd_dtype t = g->dtype;
  if (P->pa.on) {
    char *w = work + P->pa.offset;
    copy2d(t, g->m, g->k, w, P->pa.rs, P->pa.cs, a, g->a.rs, g->a.cs);
    a = w;
  }
  if (P->pb.on) {
    char *w = work + P->pb.offset;
    copy2d(t, g->k, g->n, w, P->pb.rs, P->pb.cs, b, g->b.rs, g->b.cs);
    b = w;
  }
  char *cc = P->pc.on ? work + P->pc.offset : c;
  if (P->pc.on && acc) copy2d(t, g->m, g->n, cc, P->pc.rs, P->pc.cs, c, g->c.rs, g->c.cs);
  ndi_la_blas_op q = P->blas;
  q.acc = acc;
  ndi_la_blas_gemm(&q, g->m, g->n, g->k, a, b, cc);
  if (P->pc.on) copy2d(t, g->m, g->n, c, g->c.rs, g->c.cs, cc, P->pc.rs, P->pc.cs);
}

/* Batch elements [begin, end), walked with an odometer over the batch axes. */
static void run_range(const ndi_la_gemm *g, const gemm_plan *P, int64_t begin, int64_t end,
                      char *work) {
  if (begin >= end) return;
  int64_t es = (int64_t)ndi_dtype_size(g->dtype);
  nd_odometer o; /* (element strides: the offsets are scaled below) */
  ndi_odo_init_axes(&o, g->nbd, g->bshape, 3, (const int64_t *[]){g->a.bs, g->b.bs, g->c.bs});
  ndi_odo_seek(&o, begin);
  for (int64_t e = begin; e < end; e++, ndi_odo_next(&o))
    run_one(g, P, g->a.data + o.offset[0] * es, g->b.data + o.offset[1] * es,
            g->c.data + o.offset[2] * es, work, false);
}

typedef struct {
  const ndi_la_gemm *g;
  const gemm_plan *P;
  char *work; /* P->work bytes per thread, or NULL */
} gemm_job;

static void gemm_block(void *ctx, int64_t begin, int64_t end, int thread) {
  const gemm_job *j = ctx;
  run_range(j->g, j->P, begin, end, j->work ? j->work + j->P->work * (size_t)thread : NULL);
}

/* k = 0: every C element is an empty sum. */
static void write_zeros(const ndi_la_gemm *g) {
  int64_t shape[ND_MAX_DIMS + 2], ds[ND_MAX_DIMS + 2], zs[ND_MAX_DIMS + 2] = {0};
  for (int i = 0; i < g->nbd; i++) {
    shape[i] = g->bshape[i];
    ds[i] = g->c.bs[i];
  }
  shape[g->nbd] = g->m;
  shape[g->nbd + 1] = g->n;
  ds[g->nbd] = g->c.rs;
  ds[g->nbd + 1] = g->c.cs;
  _Alignas(16) char zero[16] = {0};
  ndi_layout_ref d = {g->c.data, ds, g->dtype}, s = {zero, zs, g->dtype};
  ndi_copy_layout(g->nbd + 2, shape, d, s);
}

/* A single skinny product with an operand BLAS cannot address (a negative or zero stride):
 * the operands that need it are packed once, as the plan lays them out, and the packed
 * product is split along k like any other, so its bits do not depend on the thread count
 * either (the plain path would hand one large product to BLAS's threads). */
static nd_status ksplit_packed(const char *op, const ndi_la_gemm *g, const gemm_plan *P) {
  ndi_la_gemm h = *g;
  nd_dtype t = g->dtype;
  char *buf = ndi_aligned_alloc(P->work);
  if (!buf) return ndi_nomem(op, P->work);
  if (P->pa.on) {
    h.a = (ndi_la_mat){buf + P->pa.offset, P->pa.rs, P->pa.cs, {0}};
    copy2d(t, g->m, g->k, h.a.data, h.a.rs, h.a.cs, g->a.data, g->a.rs, g->a.cs);
  }
  if (P->pb.on) {
    h.b = (ndi_la_mat){buf + P->pb.offset, P->pb.rs, P->pb.cs, {0}};
    copy2d(t, g->k, g->n, h.b.data, h.b.rs, h.b.cs, g->b.data, g->b.rs, g->b.cs);
  }
  if (P->pc.on) h.c = (ndi_la_mat){buf + P->pc.offset, P->pc.rs, P->pc.cs, {0}};
  gemm_plan Q;
  memset(&Q, 0, sizeof Q);
  plan_blas(&h, &Q); /* every operand is addressable now */
  nd_status st = ndi_la_gemm_ksplit(op, &Q.blas, &h);
  if (!st && P->pc.on) copy2d(t, g->m, g->n, g->c.data, g->c.rs, g->c.cs, h.c.data, h.c.rs, h.c.cs);
  ndi_aligned_free(buf, P->work);
  return st;
}

/* ---- one product below BLAS's threading, split across nd's threads ----------------------- */

/* A single product of at least SPLIT_MIN multiply-adds (and below BIG_PRODUCT, where
 * BLAS's own threads take over) is cut along the longer of m and n into up to
 * SPLIT_BLOCKS blocks of at least SPLIT_ROWS_MIN rows, each a serial BLAS call, run on
 * nd's threads: a [1024, 32] x [32, 32] product ran on one core at 39 GFLOP/s where two
 * gave NumPy's OpenBLAS 47-56. The blocks depend on the shape only, never on the thread
 * count: BLAS may pick another kernel for a block than for the whole product (its
 * small-matrix kernels go by size), so a split made per thread gave other last bits on
 * one thread than on two. */
#define SPLIT_MIN ((int64_t)1 << 18)
#define SPLIT_ROWS_MIN 64
#define SPLIT_BLOCKS 4

typedef struct {
  const ndi_la_gemm *g;
  const gemm_plan *P;
  int64_t rows; /* rows (or columns) of C per block */
  bool along_m;
  char *work;
} split_job;

static void split_block(void *ctx, int64_t begin, int64_t end, int thread) {
  const split_job *j = ctx;
  int64_t es = (int64_t)ndi_dtype_size(j->g->dtype), ext = j->along_m ? j->g->m : j->g->n;
  for (int64_t b = begin; b < end; b++) {
    ndi_la_gemm h = *j->g;
    int64_t r0 = b * j->rows, r = ext - r0 < j->rows ? ext - r0 : j->rows;
    if (j->along_m) {
      h.m = r;
      h.a.data += r0 * h.a.rs * es;
      h.c.data += r0 * h.c.rs * es;
    } else {
      h.n = r;
      h.b.data += r0 * h.b.cs * es;
      h.c.data += r0 * h.c.cs * es;
    }
    run_one(&h, j->P, h.a.data, h.b.data, h.c.data,
            j->work ? j->work + j->P->work * (size_t)thread : NULL, false);
  }
}

/* Runs g (one product, planned as P) split, or returns false when it is not worth it. */
static bool run_split(const char *op, const ndi_la_gemm *g, const gemm_plan *P, nd_status *st) {
  int64_t per = g->m * g->n * g->k, ext = g->m >= g->n ? g->m : g->n;
  if (P->kind != K_BLAS || per < SPLIT_MIN || per >= BIG_PRODUCT || ext < 2 * SPLIT_ROWS_MIN)
    return false;
  int64_t nb = ext / SPLIT_ROWS_MIN < SPLIT_BLOCKS ? ext / SPLIT_ROWS_MIN : SPLIT_BLOCKS;
  split_job j = {g, P, (ext + nb - 1) / nb, g->m >= g->n, NULL};
  nb = (ext + j.rows - 1) / j.rows;
  int nt = ndi_threads_for(per / 4);
  if (nt > nb) nt = (int)nb;
  if (nt < 1) nt = 1;
  if (P->work) {
    j.work = ndi_aligned_alloc(P->work * (size_t)nt);
    if (!j.work) {
      *st = ndi_nomem(op, P->work * (size_t)nt);
      return true;
    }
  }
  int prev = ndi_la_blas_serial_begin();
  ndi_la_run_blocks(nb, nt, split_block, &j);
  ndi_la_blas_restore(prev);
  ndi_aligned_free(j.work, P->work * (size_t)nt);
  *st = ND_OK;
  return true;
}

/* ---- products summed over extra axes (g->nsd > 0) ------------------------------------ */

/* Drops summed axes of extent 1 and merges axes A and B both walk as one (nd's loop
 * planner, which keeps the axes' order: the order of the additions stays the labels'). */
static void simplify_sums(ndi_la_gemm *g) {
  nd_loop l;
  nd_loop_init(&l, 2, g->nsd, g->sshape, (const int64_t *const[]){g->a.ss, g->b.ss});
  nd_loop_coalesce(&l, -1);
  for (int i = 0; i < l.ndim; i++) {
    g->sshape[i] = l.shape[i];
    g->a.ss[i] = l.strides[0][i];
    g->b.ss[i] = l.strides[1][i];
  }
  g->nsd = l.ndim;
}

/* The summed range is cut into chunks by the shape alone, so the order of the additions
 * (and C's bits) does not depend on the thread count. One chunk (each batch element summed
 * in order by one thread) when the batch gives the threads enough to share or one product
 * is large enough for BLAS's own threads; else up to SUM_CHUNKS, chunk 0 summed into C and
 * each other one into a partial C of its own, added to C in chunk order at the end, while
 * the partials stay under SUM_PARTIAL_BYTES. */
#define SUM_CHUNKS 4
#define SUM_PARTIAL_BYTES ((int64_t)1 << 24)

static int64_t sum_chunks(const ndi_la_gemm *g, int64_t nb, int64_t ns) {
  if (nb >= 2 * SUM_CHUNKS || g->m * g->n * g->k >= BIG_PRODUCT) return 1;
  int64_t nch = ns < SUM_CHUNKS ? ns : SUM_CHUNKS;
  int64_t bytes = nb * g->m * g->n * (int64_t)ndi_dtype_size(g->dtype);
  while (nch > 1 && (nch - 1) * bytes > SUM_PARTIAL_BYTES) nch--;
  return nch;
}

typedef struct {
  const ndi_la_gemm *g, *gp; /* gp: g writing a dense row-major partial C */
  const gemm_plan *P, *Pp;
  int64_t nb, ns, nch;
  char *part;  /* (nch - 1) x nb partial Cs of m x n */
  char *work;  /* wsz bytes per thread, or NULL */
  size_t wsz;
} sum_job;

/* Units u = e * nch + ch: chunk ch of batch element e. */
static void sum_block(void *ctx, int64_t begin, int64_t end, int thread) {
  const sum_job *j = ctx;
  const ndi_la_gemm *g = j->g;
  int64_t es = (int64_t)ndi_dtype_size(g->dtype), mn = g->m * g->n;
  char *work = j->work ? j->work + j->wsz * (size_t)thread : NULL;
  for (int64_t u = begin; u < end; u++) {
    int64_t e = u / j->nch, ch = u % j->nch;
    nd_odometer ob, os;
    ndi_odo_init_axes(&ob, g->nbd, g->bshape, 3, (const int64_t *[]){g->a.bs, g->b.bs, g->c.bs});
    ndi_odo_seek(&ob, e);
    const char *a = g->a.data + ob.offset[0] * es, *b = g->b.data + ob.offset[1] * es;
    char *c = ch == 0 ? g->c.data + ob.offset[2] * es : j->part + ((ch - 1) * j->nb + e) * mn * es;
    int64_t s0 = ch * j->ns / j->nch, s1 = (ch + 1) * j->ns / j->nch;
    ndi_odo_init_axes(&os, g->nsd, g->sshape, 2, (const int64_t *[]){g->a.ss, g->b.ss});
    ndi_odo_seek(&os, s0);
    for (int64_t s = s0; s < s1; s++, ndi_odo_next(&os))
      run_one(ch == 0 ? g : j->gp, ch == 0 ? j->P : j->Pp, a + os.offset[0] * es,
              b + os.offset[1] * es, c, work, s > s0);
  }
}

/* C += the partials, in chunk order (complex values as pairs of reals). */
static void add_partials(const sum_job *j) {
  const ndi_la_gemm *g = j->g;
  int64_t es = (int64_t)ndi_dtype_size(g->dtype), mn = g->m * g->n;
  bool single = g->dtype == ND_FLOAT32 || g->dtype == ND_COMPLEX64;
  int w = ndi_dtype_kind(g->dtype) == 'c' ? 2 : 1;
  nd_odometer ob;
  ndi_odo_init_axes(&ob, g->nbd, g->bshape, 1, (const int64_t *[]){g->c.bs});
  for (int64_t e = 0; e < j->nb; e++, ndi_odo_next(&ob))
    for (int64_t i = 0; i < g->m; i++)
      for (int64_t q = 0; q < g->n; q++) {
        char *dst = g->c.data + (ob.offset[0] + i * g->c.rs + q * g->c.cs) * es;
        for (int r = 0; r < w; r++) {
          double sd = single ? 0 : ((double *)dst)[r];
          float sf = single ? ((float *)dst)[r] : 0;
          for (int64_t ch = 1; ch < j->nch; ch++) {
            const char *x = j->part + (((ch - 1) * j->nb + e) * mn + i * g->n + q) * es;
            if (single) sf += ((const float *)x)[r];
            else sd += ((const double *)x)[r];
          }
          if (single) ((float *)dst)[r] = sf;
          else ((double *)dst)[r] = sd;
        }
      }
}

static nd_status run_summed(const char *op, ndi_la_gemm *g, int64_t nb) {
  char kind = ndi_dtype_kind(g->dtype);
  if (ndi_is_half(g->dtype) || (kind != 'f' && kind != 'c'))
    return ndi_error(ND_ERR_TYPE, "%s: summed batched products take float32, float64, complex64 or complex128, not %s",
                     op, ndi_dtype_name(g->dtype));
  simplify_sums(g);
  int64_t ns = 1;
  for (int i = 0; i < g->nsd; i++) ns *= g->sshape[i];
  if (ns == 0 || g->k == 0) {
    write_zeros(g);
    return ND_OK;
  }
  sum_job j = {g, NULL, NULL, NULL, nb, ns, sum_chunks(g, nb, ns), NULL, NULL, 0};
  gemm_plan P, Pp;
  ndi_la_gemm gp = *g;
  plan_gemm(g, &P, false, true);
  j.P = &P;
  j.wsz = P.work;
  if (j.nch > 1) {
    gp.c.rs = g->n;
    gp.c.cs = 1;
    plan_gemm(&gp, &Pp, false, true);
    j.gp = &gp;
    j.Pp = &Pp;
    if (Pp.work > j.wsz) j.wsz = Pp.work;
  }
  int64_t per = g->m * g->n * g->k, units = nb * j.nch;
  int nt = ndi_threads_for(units * (ns / j.nch) * per / 4);
  if (nt > units) nt = (int)units;
  size_t pbytes = (size_t)((j.nch - 1) * nb * g->m * g->n) * ndi_dtype_size(g->dtype);
  if (pbytes) j.part = ndi_aligned_alloc(pbytes);
  if (j.wsz) j.work = ndi_aligned_alloc(j.wsz * (size_t)nt);
  nd_status st = ND_OK;
  if ((pbytes && !j.part) || (j.wsz && !j.work)) {
    st = ndi_nomem(op, pbytes + j.wsz * (size_t)nt);
  } else {
    int prev = ndi_la_blas_begin(nt, (double)per);
    ndi_la_run_blocks(units, nt, sum_block, &j);
    ndi_la_blas_restore(prev);
    if (j.nch > 1) add_partials(&j);
  }
  ndi_aligned_free(j.part, pbytes);
  ndi_aligned_free(j.work, j.wsz * (size_t)nt);
  return st;
}

nd_status ndi_la_gemm_run(const char *op, ndi_la_gemm *g) {
  simplify_batch(g);
  int64_t nb = 1;
  for (int i = 0; i < g->nbd; i++) nb *= g->bshape[i];
  if (nb == 0 || g->m == 0 || g->n == 0) return ND_OK;
  if (g->nsd > 0) return run_summed(op, g, nb);
  if (ndi_is_half(g->dtype)) return ndi_la_gemm_half(op, g);
  if (g->k == 0) {
    write_zeros(g);
    return ND_OK;
  }
  /* one long dot product (matmul of vectors): split over nd's threads (dot_full.c;
   * OpenBLAS's dot runs on one thread) */
  if (nb == 1 && g->m == 1 && g->n == 1 && !g->c_float32 && g->k >= NDI_LA_DOT_SPLIT_MIN &&
      ndi_la_dot_full_wanted(g->dtype)) {
    int64_t k = g->k;
    return ndi_la_dot_full(op, g->dtype, 1, &k, g->a.data, &g->a.cs, g->b.data, &g->b.rs,
                           g->c.data);
  }
  /* an outer product (beyond the small kernel's sizes) is an elementwise product */
  if (g->k == 1 && !(g->conj_a && ndi_dtype_kind(g->dtype) == 'c') &&
      (g->m > NDI_GEMM_SMALL || g->n > NDI_GEMM_SMALL))
    return ndi_la_outer_run(g);
  gemm_plan P;
  plan_gemm(g, &P, nb == 1, false);
  int64_t per = g->m * g->n * g->k;
  if (nb == 1 && P.kind == K_BLAS && ndi_la_ksplit_wanted(g->m, g->n, g->k))
    return P.work ? ksplit_packed(op, g, &P) : ndi_la_gemm_ksplit(op, &P.blas, g);
  nd_status st;
  if (nb == 1 && run_split(op, g, &P, &st)) return st;
  int nt = 1;
  if (nb > 1) {
    /* A multiply-add costs about a quarter of an element copy, the grain's unit. */
    nt = ndi_threads_for(nb * per / 4);
    if (P.kind == K_BLAS && per >= BIG_PRODUCT && nb < 2 * (int64_t)ndi_max_threads()) nt = 1;
    if (nt > nb) nt = (int)nb;
  }
  char *work = NULL;
  if (P.work) {
    work = ndi_aligned_alloc(P.work * (size_t)nt);
    if (!work) return ndi_nomem(op, P.work * (size_t)nt);
  }
  int prev = -1;
  if (P.kind == K_BLAS || P.kind == K_VEC) prev = ndi_la_blas_begin(nt, (double)per);
  gemm_job job = {g, &P, work};
  ndi_la_run_blocks(nb, nt, gemm_block, &job);
  if (prev >= 0) ndi_la_blas_restore(prev);
  ndi_aligned_free(work, P.work * (size_t)nt);
  return ND_OK;
}
