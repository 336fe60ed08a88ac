/* Distributed matrices and their layout: creation (zeros, eye, fromfunction), scatter and
 * gather, the local piece and the index arithmetic, redistribution, transposes and the
 * elementwise operations, each checked against the serial nd result on every grid shape,
 * dtype, and sizes that are not multiples of the blocks. */
#include <stdio.h>
#include <string.h>

#include "mpi_check.h"

typedef struct { int64_t m, n, mb, nb; } shape_case;
static const shape_case cases[] = {
    {7, 5, 2, 3}, {37, 23, 5, 4}, {1, 9, 1, 2}, {0, 4, 2, 2}, {6, 0, 3, 3}, {16, 16, 4, 4}, {9, 12, -1, -1},
};
#define NCASES (sizeof cases / sizeof cases[0])

/* The piece of d is what the global matrix `whole` has at the indices the layout gives. */
static void check_local_piece(const nd_dmatrix *d, const nd_array *whole) {
  nd_array *loc = nd_dmatrix_local(d);
  if (!MC_NONNULL(loc, "dmatrix_local")) return;
  MC_CHECK(nd_ndim(loc) == 2 && (nd_size(loc) == 0 || nd_is_contiguous(loc, ND_F) || nd_shape(loc)[1] > 1),
           "local piece is 2-D and F-ordered");
  nd_grid *g = nd_dmatrix_grid(d);
  long bad = 0;
  for (int64_t li = 0; li < nd_shape(loc)[0]; li++)
    for (int64_t lj = 0; lj < nd_shape(loc)[1]; lj++) {
      int64_t i = nd_dmatrix_global_row(d, li), j = nd_dmatrix_global_col(d, lj);
      double a, b, x, y;
      nd_get_complex(loc, (int64_t[]){li, lj}, &a, &b);
      nd_get_complex(whole, (int64_t[]){i, j}, &x, &y);
      int pr, pc;
      int64_t li2, lj2;
      nd_dmatrix_locate(d, i, j, &pr, &pc, &li2, &lj2);
      if (a != x || b != y || pr != nd_grid_myrow(g) || pc != nd_grid_mycol(g) || li2 != li || lj2 != lj) bad++;
    }
  MC_CHECK(bad == 0, "local piece: %ld elements disagree with the layout", bad);
  /* the pieces of all ranks add up to the whole matrix */
  int64_t n = nd_size(loc), total = 0;
  MPI_Allreduce(&n, &total, 1, MPI_INT64_T, MPI_SUM, nd_grid_comm(g));
  MC_CHECK(total == nd_size(whole), "pieces hold %lld of %lld elements", (long long)total, (long long)nd_size(whole));
  nd_release(loc);
}

static void test_creation_scatter_gather(nd_grid *g, nd_dtype t, const shape_case *s) {
  nd_array *want = mc_dense(t, s->m, s->n, 11);
  /* fromfunction evaluates where elements live; scatter sends from a root */
  nd_dmatrix *f = mc_dist(g, t, s->m, s->n, s->mb, s->nb, 11);
  MC_NONNULL(f, "fromfunction");
  nd_array *got = mc_gather(f);
  mc_close(got, want, 0, "fromfunction");
  MC_CHECK(got && nd_is_contiguous(got, ND_F), "gather gives an F-contiguous array");
  nd_release(got);
  check_local_piece(f, want);
  for (int root = 0; root < mc_size; root += mc_size > 2 ? 2 : 1) {
    /* a C-ordered array on the root, NULL elsewhere; a transposed view on another pass */
    nd_array *src = mc_rank == root ? want : NULL;
    nd_dmatrix *d = nd_dmatrix_scatter(g, src, root, s->mb, s->nb);
    MC_NONNULL(d, "scatter");
    int to = (root + 1) % mc_size;
    nd_array *one = NULL;
    MC_OK(nd_dmatrix_gather(d, to, &one));
    if (mc_rank == to) mc_close(one, want, 0, "scatter then gather to one rank");
    else MC_CHECK(one == NULL, "gather leaves NULL on the other ranks");
    nd_release(one);
    nd_dmatrix_free(d);
  }
  nd_array *wt = nd_matrix_transpose(want);
  nd_array *tsrc = nd_copy(wt, ND_C); /* the transpose as C data: the scatter reads any layout */
  nd_array *tview = nd_matrix_transpose(tsrc);
  nd_dmatrix *d = nd_dmatrix_scatter(g, mc_rank == 0 ? tview : NULL, 0, s->mb, s->nb);
  nd_release(tview);
  got = mc_gather(d);
  mc_close(got, want, 0, "scatter of a transposed view");
  nd_release(got);
  nd_dmatrix_free(d);
  nd_release(wt);
  nd_release(tsrc);
  /* shape, blocks, dtype, descriptor */
  const int64_t *sh = nd_dmatrix_shape(f);
  int64_t mb, nb;
  nd_dmatrix_blocks(f, &mb, &nb);
  const int *desc = nd_dmatrix_descriptor(f);
  MC_CHECK(sh && sh[0] == s->m && sh[1] == s->n, "shape");
  MC_CHECK(nd_dmatrix_dtype(f) == t, "dtype");
  MC_CHECK(s->mb <= 0 || (mb == s->mb && nb == s->nb), "blocks");
  MC_CHECK(desc && desc[2] == s->m && desc[3] == s->n && desc[4] == mb && desc[5] == nb &&
               desc[1] == nd_grid_blacs_context(g), "descriptor");
  nd_dmatrix_free(f);
  nd_release(want);
}

static void test_zeros_eye(nd_grid *g, nd_dtype t, const shape_case *s) {
  nd_dmatrix *z = nd_dmatrix_zeros(g, t, s->m, s->n, s->mb, s->nb);
  nd_array *want = nd_zeros(t, ND_SHAPE(s->m, s->n), ND_C);
  nd_array *got = mc_gather(z);
  mc_close(got, want, 0, "zeros");
  nd_release(got);
  nd_release(want);
  nd_dmatrix_free(z);
  for (int64_t k = -2; k <= 3; k++) {
    nd_dmatrix *e = nd_dmatrix_eye(g, t, s->m, s->n, k, s->mb, s->nb);
    want = nd_eye(t, s->m, s->n, k);
    got = mc_gather(e);
    mc_close(got, want, 0, "eye");
    nd_release(got);
    nd_release(want);
    nd_dmatrix_free(e);
  }
}

static void test_redistribute(nd_grid *g, nd_grid *other, nd_dtype t, const shape_case *s) {
  nd_array *want = mc_dense(t, s->m, s->n, 5);
  nd_dmatrix *a = mc_dist(g, t, s->m, s->n, s->mb, s->nb, 5);
  int64_t blocks[][2] = {{1, 1}, {3, 2}, {s->mb, s->nb}, {64, 64}};
  for (int k = 0; k < 4; k++) {
    nd_dmatrix *b = nd_dmatrix_redistribute(a, k % 2 ? other : NULL, blocks[k][0], blocks[k][1]);
    nd_array *got = mc_gather(b);
    mc_close(got, want, 0, "redistribute");
    if (b && blocks[k][0] > 0) {
      int64_t mb, nb;
      nd_dmatrix_blocks(b, &mb, &nb);
      MC_CHECK(mb == blocks[k][0] && nb == blocks[k][1], "redistributed blocks");
      MC_CHECK(nd_dmatrix_grid(b) == (k % 2 ? other : g), "redistributed grid");
    }
    nd_release(got);
    nd_dmatrix_free(b);
  }
  nd_dmatrix_free(a);
  nd_release(want);
}

static void test_transposes(nd_grid *g, nd_dtype t, const shape_case *s) {
  nd_array *want = mc_dense(t, s->m, s->n, 3);
  nd_dmatrix *a = mc_dist(g, t, s->m, s->n, s->mb, s->nb, 3);
  nd_dmatrix *at = nd_dmatrix_transpose(a), *ah = nd_dmatrix_conj_transpose(a);
  nd_array *got = mc_gather(at), *ref = nd_matrix_transpose(want);
  mc_close(got, ref, 0, "transpose");
  nd_release(got);
  got = mc_gather(ah);
  nd_array *conj = nd_conj(ref);
  mc_close(got, conj, 0, "conj_transpose");
  nd_release(got);
  nd_release(conj);
  nd_release(ref);
  nd_dmatrix_free(at);
  nd_dmatrix_free(ah);
  nd_dmatrix_free(a);
  nd_release(want);
}

static void test_elementwise(nd_grid *g, nd_dtype t, const shape_case *s) {
  nd_array *x = mc_dense(t, s->m, s->n, 1), *y = mc_dense(t, s->m, s->n, 2);
  nd_dmatrix *a = mc_dist(g, t, s->m, s->n, s->mb, s->nb, 1);
  nd_dmatrix *b = mc_dist(g, t, s->m, s->n, s->mb, s->nb, 2);
  nd_dmatrix *r[4] = {nd_dmatrix_add(a, b), nd_dmatrix_subtract(a, b), nd_dmatrix_multiply(a, b),
                      nd_dmatrix_scale(a, ND_FLOAT(-2.5))};
  nd_array *w[4] = {nd_add(x, y), nd_subtract(x, y), nd_multiply(x, y),
                    nd_multiply_scalar(x, ND_FLOAT(-2.5))};
  const char *names[4] = {"add", "subtract", "multiply", "scale"};
  for (int k = 0; k < 4; k++) {
    nd_array *got = mc_gather(r[k]);
    mc_close(got, w[k], mc_tol(t) * 1e-2, names[k]);
    nd_release(got);
    nd_release(w[k]);
    nd_dmatrix_free(r[k]);
  }
  /* promotion: a complex scalar makes a real matrix complex; mixed dtypes promote */
  nd_dmatrix *c = nd_dmatrix_scale(a, ND_COMPLEX(0, 1));
  nd_array *cw = nd_multiply_scalar(x, ND_COMPLEX(0, 1));
  MC_CHECK(c && nd_dmatrix_dtype(c) == nd_dtype_of(cw), "scale by a complex scalar: dtype %d, want %d",
           (int)nd_dmatrix_dtype(c), (int)nd_dtype_of(cw));
  nd_array *got = mc_gather(c);
  mc_close(got, cw, 1e-6, "scale by i");
  nd_release(got);
  nd_release(cw);
  nd_dmatrix_free(c);
  nd_dmatrix *b64 = mc_dist(g, ND_COMPLEX128, s->m, s->n, s->mb, s->nb, 2);
  nd_array *y64 = mc_dense(ND_COMPLEX128, s->m, s->n, 2);
  nd_dmatrix *mix = nd_dmatrix_add(a, b64);
  nd_array *mw = nd_add(x, y64);
  MC_CHECK(mix && nd_dmatrix_dtype(mix) == nd_dtype_of(mw), "mixed add dtype");
  got = mc_gather(mix);
  mc_close(got, mw, 1e-6, "mixed add");
  nd_release(got);
  nd_release(mw);
  nd_release(y64);
  nd_dmatrix_free(mix);
  nd_dmatrix_free(b64);
  nd_dmatrix_free(a);
  nd_dmatrix_free(b);
  nd_release(x);
  nd_release(y);
}

int main(int argc, char **argv) {
  mc_init(&argc, &argv, "test_mpi_layout");
  int rows[4], cols[4], ngrids = mc_grid_shapes(rows, cols);
  for (int gi = 0; gi < ngrids; gi++) {
    nd_grid *g = nd_grid_new(MPI_COMM_WORLD, rows[gi], cols[gi]);
    nd_grid *other = nd_grid_new(MPI_COMM_WORLD, cols[gi], rows[gi]);
    MC_NONNULL(g, "grid_new");
    for (int ti = 0; ti < 4; ti++)
      for (size_t ci = 0; ci < NCASES; ci++) {
        mc_case("grid %dx%d, %s, [%lld,%lld] blocks %lldx%lld", rows[gi], cols[gi],
                nd_dtype_name(mc_dtypes[ti]), (long long)cases[ci].m, (long long)cases[ci].n,
                (long long)cases[ci].mb, (long long)cases[ci].nb);
        test_creation_scatter_gather(g, mc_dtypes[ti], &cases[ci]);
        test_zeros_eye(g, mc_dtypes[ti], &cases[ci]);
        test_redistribute(g, other, mc_dtypes[ti], &cases[ci]);
        test_transposes(g, mc_dtypes[ti], &cases[ci]);
        test_elementwise(g, mc_dtypes[ti], &cases[ci]);
      }
    nd_grid_free(other);
    nd_grid_free(g);
  }
  return mc_finish();
}
