/* What the files of the distributed component share: the grid and matrix structures, the
 * per-dtype table of ScaLAPACK routines, the collective argument check every public
 * function runs before it communicates, and small helpers. The component talks to the
 * core through nd's public headers only. */
#ifndef NDM_MPI_INTERNAL_H
#define NDM_MPI_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <mpi.h>

#include "nd.h"
#include "nd/toolkit.h"
#include "nd/mpi.h"
#include "scalapack.h"

/* ---- the dtypes: one row per supported dtype -------------------------------------- */

/* X(dtype, ScaLAPACK letter, real component dtype, complex?, bytes, MPI type, MPI type of
 *   the component, the family of routines that differ, the lange variant) */
#define NDM_MPI_DTYPES(X)                                                                   \
  X(ND_FLOAT32, s, ND_FLOAT32, false, 4, MPI_FLOAT, MPI_FLOAT, REAL, single)              \
  X(ND_FLOAT64, d, ND_FLOAT64, false, 8, MPI_DOUBLE, MPI_DOUBLE, REAL, double)            \
  X(ND_COMPLEX64, c, ND_FLOAT32, true, 8, MPI_C_FLOAT_COMPLEX, MPI_FLOAT, COMPLEX, single) \
  X(ND_COMPLEX128, z, ND_FLOAT64, true, 16, MPI_C_DOUBLE_COMPLEX, MPI_DOUBLE, COMPLEX, double)

/* The routines of one precision. Real and complex routines that take different arguments
 * have separate fields; the ones that do not apply are NULL. */
typedef struct ndm_sl {
  nd_dtype dtype;
  nd_dtype real;       /* dtype of eigenvalues, singular values and norms */
  bool is_complex;
  char letter;         /* s, d, c, z */
  size_t item;         /* bytes per element */
  MPI_Datatype mpi, mpi_real;
  __typeof__(pdgemm_) *gemm;
  __typeof__(pdtran_) *tran;  /* p?tran, p?tranu */
  __typeof__(pdtran_) *tranc; /* p?tran, p?tranc */
  __typeof__(pdgemr2d_) *gemr2d;
  __typeof__(pdgesv_) *gesv;
  __typeof__(pdgetrf_) *getrf;
  __typeof__(pdgetri_) *getri;
  __typeof__(pdpotrf_) *potrf;
  __typeof__(pdgeqrf_) *geqrf;
  __typeof__(pdorgqr_) *orgqr; /* p?orgqr, p?ungqr */
  __typeof__(pdsyevd_) *syevd; /* real */
  __typeof__(pzheevd_) *heevd; /* complex */
  __typeof__(pdsyev_) *syev;   /* real */
  __typeof__(pzheev_) *heev;   /* complex */
  __typeof__(pdsyevr_) *syevr; /* real */
  __typeof__(pzheevr_) *heevr; /* complex */
  __typeof__(pdsygst_) *sygst; /* p?sygst, p?hegst */
  __typeof__(pdtrsm_) *trsm;
  __typeof__(pdtrmm_) *trmm;
  __typeof__(pdgesvd_) *gesvd; /* real */
  __typeof__(pzgesvd_) *cgesvd; /* complex */
  __typeof__(pslange_) *lange_single; /* s, c */
  __typeof__(pdlange_) *lange_double; /* d, z */
  __typeof__(pdlaset_) *laset;
  __typeof__(pdlacpy_) *lacpy;
} ndm_sl;

/* The table row of a dtype; NULL for dtypes ScaLAPACK does not have. */
const ndm_sl *ndm_sl_for(nd_dtype t);
/* "float32, float64, complex64 or complex128", for messages. */
#define NDM_MPI_DTYPES_TEXT "float32, float64, complex64 or complex128"

/* ---- the grid and the matrix -------------------------------------------------------- */

struct nd_grid {
  long refs;          /* the program's handle, plus one per live matrix on the grid */
  bool handle_live;   /* nd_grid_free not yet called */
  MPI_Comm comm;      /* a duplicate of the program's communicator, so that nd's messages
                         never match the program's own */
  int rank, size;     /* in comm */
  int nprow, npcol, myrow, mycol;
  int blacs_handle;   /* BLACS system handle of comm */
  int ctxt;           /* the grid's BLACS context, row-major: rank = myrow * npcol + mycol */
  int line_ctxt;      /* a 1 x size context over the same ranks: p?gemr2d wants one and
                         would otherwise build (and synchronise for) one on every call */
  int *root_ctxt;     /* per rank r, a 1 x 1 context holding only r (scatter, gather), made
                         on first use; NDM_NO_CTXT until then */
  int threads;        /* threads per rank chosen at creation */
  int ranks_per_node; /* ranks of comm sharing this rank's node */
  int64_t serial;     /* grid serial number, the same on every rank of the grid */
  int64_t next_id;    /* serial number of the next matrix made on this grid */
  struct nd_grid *older; /* grids whose handle is live, newest first (ndm_default_grid) */
};
#define NDM_NO_CTXT (-2)

struct nd_dmatrix {
  nd_grid *grid;      /* holds a reference */
  const ndm_sl *sl;
  nd_dtype dtype;
  int64_t shape[2];   /* global m, n */
  int64_t mb, nb;     /* block sizes */
  int64_t mloc, nloc; /* this rank's piece */
  int desc[9];        /* ScaLAPACK descriptor (LLD = max(1, mloc)) */
  nd_array *store;    /* the piece's memory: F-contiguous [lld, max(1, nloc)] */
  nd_array *local;    /* the piece: the [mloc, nloc] view of store */
  int64_t id;         /* the same on every rank for the same collective matrix */
};

/* Rows (or columns) of an extent-n dimension, blocks of nb, that process p of np holds
 * (ScaLAPACK's NUMROC with the first block on process 0), in 64 bits. */
int64_t ndm_numroc(int64_t n, int64_t nb, int p, int np);
/* Global index of local index l on process p (of np) for blocks of nb, and back. */
static inline int64_t ndm_local_to_global(int64_t l, int64_t nb, int p, int np) {
  return (l / nb * np + p) * nb + l % nb;
}
static inline int64_t ndm_global_to_local(int64_t g, int64_t nb, int np) {
  return g / (nb * np) * nb + g % nb;
}
static inline int ndm_owner(int64_t g, int64_t nb, int np) { return (int)(g / nb % np); }

/* The default block size for an m x n matrix on g (see nd_dmatrix_scatter). */
int64_t ndm_default_block(const nd_grid *g, int64_t m, int64_t n);

/* A new zero-filled matrix (a local step: the caller agrees on its success with the other
 * ranks before using it collectively). Checks dtype, extents and block sizes (mb, nb <= 0
 * choose the default). Sets an error naming op and returns NULL on failure. */
nd_dmatrix *ndm_dmatrix_new(const char *op, nd_grid *g, nd_dtype t, int64_t m, int64_t n,
                            int64_t mb, int64_t nb);
/* A matrix distributed as d, of dtype t (zero-filled). */
nd_dmatrix *ndm_dmatrix_like(const char *op, const nd_dmatrix *d, nd_dtype t);
/* Gives a matrix its collective serial number: called once its creation succeeded on
 * every rank (after the last agreement), so the numbers stay in step. Returns d. */
nd_dmatrix *ndm_dmatrix_publish(nd_dmatrix *d);
/* Address of the piece's first element and its leading dimension, for ScaLAPACK. */
static inline void *ndm_base(const nd_dmatrix *d) { return nd_data(d->store); }

/* The grid whose communicator a rank uses when a call gives it no grid at all (every
 * distributed operand NULL): the grid of its latest call, else the newest grid whose
 * handle is live, else NULL. */
nd_grid *ndm_default_grid(void);
/* Records g as the grid of the latest call (ndm_agree does). */
void ndm_grid_touch(nd_grid *g);
/* Reference counting of grids (matrices hold one). */
void ndm_grid_retain(nd_grid *g);
void ndm_grid_release(nd_grid *g);
/* The 1 x 1 context holding only rank r of g (collective over g on first use). */
int ndm_grid_root_ctxt(nd_grid *g, int r);

/* ---- collective argument checks (agree.c) ------------------------------------------- */

/* Everything a public function checks before it communicates, so that the ranks agree on
 * the outcome: each rank records its own verdict (a status and nd's message), and the
 * values that must be the same on every rank (the matrices' serial numbers, the root, the
 * block sizes, the options). ndm_agree then makes one MPI_Allreduce over the grid's
 * communicator: if any rank failed, every rank gets the status and message of the lowest
 * failing rank (a broadcast); if a value differs between ranks, every rank gets "op:
 * argument x differs between ranks". Nothing collective in ScaLAPACK starts unless all
 * ranks passed, so a mistake on one rank cannot leave the others waiting. */
#define NDM_MAX_AGREED 12
typedef struct ndm_collective {
  const char *op;
  nd_grid *grid;  /* the grid the ranks agree over: the first one an argument names */
  nd_status st;   /* this rank's verdict so far (the first failure) */
  int nvalues;
  int64_t values[NDM_MAX_AGREED];
  const char *names[NDM_MAX_AGREED];
} ndm_collective;

void ndm_coll_begin(ndm_collective *c, const char *op);
/* A grid argument: NULL is a failure ("argument g is NULL"); else the grid to agree over
 * if none was named yet. */
void ndm_coll_grid(ndm_collective *c, const char *name, nd_grid *g);
/* A matrix argument (required): as a grid argument, plus its serial number among the
 * agreed values. */
void ndm_coll_matrix(ndm_collective *c, const char *name, const nd_dmatrix *d);
/* A value that must be the same on every rank. */
void ndm_coll_value(ndm_collective *c, const char *name, int64_t v);
/* Records this rank's failure (the first one counts): a status or an extended code
 * (nd/types.h) and the message; returns the status of the first failure. */
nd_status ndm_coll_fail(ndm_collective *c, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Records a failure whose message a called nd function already set. */
nd_status ndm_coll_failed(ndm_collective *c);
/* The same, with the message relabelled to name c's function instead of the nd function
 * called on its behalf ("multiply: ..." becomes "dmatrix_scale: ..."), its extended code
 * kept. */
nd_status ndm_coll_failed_as(ndm_collective *c);
/* The agreement: ND_OK on every rank, or the same failure on every rank. After it the
 * values are cleared, so a later ndm_agree (after a ScaLAPACK call) agrees on the verdict
 * alone. */
nd_status ndm_agree(ndm_collective *c);
/* The same over a communicator that has no grid yet (nd_grid_new). */
nd_status ndm_agree_comm(ndm_collective *c, MPI_Comm comm);
/* A negative ScaLAPACK INFO (an argument it refused, which nd's own checks should have
 * caught) as an ND_ERR_VALUE failure naming the routine; 0 and positive INFO (singular,
 * not converged) are the caller's to turn into messages. */
void ndm_coll_info(ndm_collective *c, int info, const char *routine);

/* ---- small helpers ---------------------------------------------------------------- */

/* Fails unless every extent fits ScaLAPACK's 32-bit INTEGER. */
bool ndm_fits_int(ndm_collective *c, const char *what, int64_t v);
/* "[m,n]" of a matrix, into buf (NDM_MPI_SHAPE chars). */
#define NDM_MPI_SHAPE 48
const char *ndm_shape_str(const nd_dmatrix *d, char *buf);
/* malloc that records "op: out of memory (N bytes)" in c on failure. */
void *ndm_coll_malloc(ndm_collective *c, size_t bytes);
/* Checks that a and b are on the same grid (a failure in c otherwise). */
bool ndm_same_grid(ndm_collective *c, const nd_dmatrix *a, const nd_dmatrix *b);
/* A copy of a (dtype t) on a's grid with mb x nb blocks (p?gemr2d; a plain local copy when
 * the distribution is the same): the working copy a factorisation overwrites. Collective;
 * a, mb, nb and t must have been agreed. NULL (with the same error on every rank) on
 * failure. */
nd_dmatrix *ndm_redistributed_copy(ndm_collective *c, const nd_dmatrix *a, nd_grid *g,
                                   int64_t mb, int64_t nb, nd_dtype t);
/* Rows i0 .. i0 + m - 1 and columns j0 .. j0 + n - 1 of d (0-based) as a new matrix with
 * d's blocks (p?gemr2d). Collective; NULL after an agreed failure. */
nd_dmatrix *ndm_submatrix(ndm_collective *c, const nd_dmatrix *d, int64_t i0, int64_t j0, int64_t m,
                          int64_t n);
/* The square block size the factorisations use for a: its row block size. */
static inline int64_t ndm_square_block(const nd_dmatrix *a) { return a->mb; }

/* The part of a matrix a check reads: all of it, or a triangle with its diagonal. */
typedef enum ndm_part { NDM_PART_ALL, NDM_PART_LOWER, NDM_PART_UPPER } ndm_part;
/* Whether that part of this rank's piece of a holds only finite values. Local. */
bool ndm_part_finite(const nd_dmatrix *a, ndm_part part);
/* Makes the square matrix h (square blocks) Hermitian from its lower triangle: the strict
 * upper triangle gets the conjugates of the lower one, the diagonal's imaginary parts 0.
 * Collective (p?tranc); false after an agreed failure (out of memory). */
bool ndm_make_hermitian(ndm_collective *c, nd_dmatrix *h);

/* a converted to dtype t on its own distribution (a local step; the caller agrees), or a
 * itself when it has that dtype: *owned says whether the caller frees the result. */
const nd_dmatrix *ndm_as_dtype(ndm_collective *c, const nd_dmatrix *a, nd_dtype t, nd_dmatrix **owned);
/* A workspace size ScaLAPACK returned in the first element of a query array of dtype t
 * (the real part for complex), with some slack, at least 1. */
int ndm_work_size(const void *work, nd_dtype t);
/* Room for n elements of dtype t (ndm_coll_malloc). */
void *ndm_coll_alloc_elems(ndm_collective *c, int64_t n, nd_dtype t);

/* Element-type-generic scalars for ScaLAPACK's alpha and beta. */
typedef union ndm_scalar_buf {
  float f;
  double d;
  float fc[2];
  double dc[2];
} ndm_scalar_buf;
ndm_scalar_buf ndm_scalar_of(nd_dtype t, double re, double im);

/* ---- ELPA (elpa.c, built when ELPA was found) ---------------------------------------- */

#ifndef ND_HAVE_ELPA
static inline bool ndm_elpa_single(void) { return false; }
#else
/* Eigenvalues (w, n reals on every rank) and, if z is not NULL, eigenvectors of the
 * Hermitian matrix a (overwritten), with ELPA's two-stage solver. a and z are distributed
 * alike with square blocks. Local: returns ELPA's error code (0 on success) and the caller
 * agrees. */
int ndm_elpa_eigh(nd_dmatrix *a, void *w, nd_dmatrix *z);
/* Whether this ELPA computes in single precision (Debian's does not). */
bool ndm_elpa_single(void);
/* ELPA's text for an error code. */
const char *ndm_elpa_strerr(int err);
#endif

#endif
