/* Signed-zero ties of float min and max (see reduce.h). Of equal elements the later in
 * index order is kept; for floats equal elements differ only as 0.0 and -0.0, so a zero
 * result must carry the sign of the last zero of its elements in C index order. The
 * engine keeps the later of equal elements in its own order, which reads memory fastest
 * (flipped, sorted); where that is not the index order, each zero result is looked up
 * afterwards: the reduced elements are searched from the last in index order backwards,
 * row by row along the last reduced axis, and the search stops at the first zero. A
 * result that is not zero (or NaN) is left alone, so the cost is paid only by zero
 * results and is at most one more pass over their elements. */
#include <string.h>

#include "pool.h"
#include "reduce.h"
#include "threads.h"

#define CHUNK 4096 /* outputs a thread checks at a time */

/* Whether a float32 / float64 (the only dtypes with last_zero) is a zero of either sign:
 * every bit but the sign bit clear. */
static bool zero_bits(const char *p, int64_t size) {
  if (size == 4) {
    uint32_t b;
    memcpy(&b, p, 4);
    return (uint32_t)(b << 1) == 0;
  }
  uint64_t b;
  memcpy(&b, p, 8);
  return (b << 1) == 0;
}

typedef struct {
  int nk, nr;
  int64_t kn[ND_MAX_DIMS], ks_in[ND_MAX_DIMS], ks_out[ND_MAX_DIMS]; /* kept axes, C order */
  int64_t rn[ND_MAX_DIMS], rs[ND_MAX_DIMS];                         /* reduced, C order */
} ties;

/* The last zero among the reduced elements of one output (at `in`), or NULL. */
static const char *last_zero(const ndi_reduce_spec *s, const ties *t, const char *in) {
  if (t->nr == 1) {
    int64_t i = s->kernel->last_zero(in, t->rs[0], t->rn[0]);
    return i >= 0 ? in + i * t->rs[0] : NULL;
  }
  int outer = t->nr - 1; /* rows along the last reduced axis, outer positions backwards */
  int64_t n = t->rn[outer], st = t->rs[outer], rows = 1, idx[ND_MAX_DIMS];
  for (int d = 0; d < outer; d++) {
    rows *= t->rn[d];
    idx[d] = t->rn[d] - 1;
  }
  const char *row = in;
  for (int d = 0; d < outer; d++) row += idx[d] * t->rs[d];
  for (int64_t r = 0; r < rows; r++) {
    int64_t i = s->kernel->last_zero(row, st, n);
    if (i >= 0) return row + i * st;
    for (int d = outer - 1; d >= 0; d--) { /* previous position in C order */
      if (idx[d] > 0) {
        idx[d]--;
        row -= t->rs[d];
        break;
      }
      idx[d] = t->rn[d] - 1;
      row += idx[d] * t->rs[d];
    }
  }
  return NULL;
}

typedef struct {
  const ndi_reduce_spec *s;
  const ties *t;
  int64_t nout;
} tie_chunks;

/* Outputs [c * CHUNK, (c + 1) * CHUNK) in C order. */
static void tie_chunk(void *v, int64_t c, int slot) {
  const tie_chunks *tc = v;
  const ndi_reduce_spec *s = tc->s;
  const ties *t = tc->t;
  (void)slot;
  int64_t idx[ND_MAX_DIMS], o0 = c * CHUNK, o1 = o0 + CHUNK < tc->nout ? o0 + CHUNK : tc->nout;
  const char *in = s->in;
  char *out = s->out;
  for (int64_t d = t->nk - 1, lin = o0; d >= 0; d--) { /* the chunk's first output */
    idx[d] = lin % t->kn[d];
    lin /= t->kn[d];
    in += idx[d] * t->ks_in[d];
    out += idx[d] * t->ks_out[d];
  }
  for (int64_t o = o0; o < o1; o++) {
    if (zero_bits(out, s->acc_size)) {
      const char *z = last_zero(s, t, in);
      if (z) memcpy(out, z, (size_t)s->acc_size);
    }
    for (int d = t->nk - 1; d >= 0; d--) { /* next output in C order */
      in += t->ks_in[d];
      out += t->ks_out[d];
      if (++idx[d] < t->kn[d]) break;
      in -= t->kn[d] * t->ks_in[d];
      out -= t->kn[d] * t->ks_out[d];
      idx[d] = 0;
    }
  }
}

void ndi_reduce_zero_ties(const ndi_reduce_spec *s) {
  ties t = {0};
  int64_t nout = 1, nred = 1;
  for (int i = 0; i < s->ndim; i++) {
    if (s->shape[i] == 1) continue;
    if (s->reduced[i]) {
      t.rn[t.nr] = s->shape[i];
      t.rs[t.nr++] = s->in_strides[i];
      nred *= s->shape[i];
    } else {
      t.kn[t.nk] = s->shape[i];
      t.ks_in[t.nk] = s->in_strides[i];
      t.ks_out[t.nk++] = s->out_strides[i];
      nout *= s->shape[i];
    }
  }
  if (t.nr == 0) return; /* one element per output: nothing to choose between */
  int nt = ndi_threads_for(nout * nred);
  int64_t nchunk = (nout + CHUNK - 1) / CHUNK;
  tie_chunks tc = {s, &t, nout};
  ndi_parallel(nt, nchunk, tie_chunk, &tc);
}
