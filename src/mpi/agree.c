/* The collective argument check (see ndm_collective in internal.h): every public function
 * of the component records its rank's verdict and the values that must match, then
 * agrees once with the other ranks before anything collective starts. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Room for nd's message (its thread-local buffer keeps 1023 bytes). */
#define NDM_MSG_BYTES 1024

void ndm_coll_begin(ndm_collective *c, const char *op) {
  memset(c, 0, sizeof *c);
  c->op = op;
}

nd_status ndm_coll_fail(ndm_collective *c, int code, const char *fmt, ...) {
  if (c->st != ND_OK) return c->st; /* the first failure is the one reported */
  char msg[NDM_MSG_BYTES];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  c->st = nd_set_error(code, "%s", msg);
  return c->st;
}

nd_status ndm_coll_failed(ndm_collective *c) {
  if (c->st == ND_OK) {
    nd_status s = nd_last_status();
    c->st = s != ND_OK ? s : ND_ERR_VALUE;
  }
  return c->st;
}

nd_status ndm_coll_failed_as(ndm_collective *c) {
  /* "add: out of memory (...)" becomes "dmatrix_add: out of memory (...)" */
  const char *m = nd_last_error(), *colon = strstr(m, ": ");
  return ndm_coll_fail(c, nd_last_extended_status(), "%s: %s", c->op, colon ? colon + 2 : m);
}

/* A NULL argument: nd's rule is that it does not overwrite an earlier failure, so that a
 * chain of calls can be checked once at its end. */
static void null_argument(ndm_collective *c, const char *name) {
  if (c->st == ND_OK) c->st = nd_null_arg(c->op, name);
}

void ndm_coll_value(ndm_collective *c, const char *name, int64_t v) {
  if (c->nvalues == NDM_MAX_AGREED) abort(); /* a programming error in nd_mpi itself */
  c->names[c->nvalues] = name;
  c->values[c->nvalues++] = v;
}

void ndm_coll_grid(ndm_collective *c, const char *name, nd_grid *g) {
  if (!g) null_argument(c, name);
  else if (!c->grid) c->grid = g;
}

void ndm_coll_matrix(ndm_collective *c, const char *name, const nd_dmatrix *d) {
  /* Every rank adds the value, NULL or not, so that the values line up across ranks. */
  ndm_coll_value(c, name, d ? d->id : -1);
  if (!d) null_argument(c, name);
  else if (!c->grid) c->grid = d->grid;
}

/* What the lowest failing rank sends to the others. */
typedef struct verdict {
  int returned;  /* the status the function returns */
  int recorded;  /* the extended code recorded (differs for a NULL in a chain) */
  char msg[NDM_MSG_BYTES];
} verdict;

static nd_status agree_over(ndm_collective *c, MPI_Comm comm, int rank) {
  /* One reduction (MPI_MIN over int64) carries: the lowest failing rank, whether every
   * rank failed, and for each value its minimum and (as the minimum of its complement)
   * its maximum. */
  int64_t buf[2 + 2 * NDM_MAX_AGREED] = {0};
  buf[0] = c->st != ND_OK ? rank : INT64_MAX;
  buf[1] = c->st != ND_OK ? 0 : -1;
  for (int i = 0; i < c->nvalues; i++) {
    buf[2 + 2 * i] = c->values[i];
    buf[3 + 2 * i] = ~c->values[i];
  }
  MPI_Allreduce(MPI_IN_PLACE, buf, 2 + 2 * NDM_MAX_AGREED, MPI_INT64_T, MPI_MIN, comm);
  int nvalues = c->nvalues;
  c->nvalues = 0;
  if (buf[0] != INT64_MAX) {
    int root = (int)buf[0];
    verdict v;
    memset(&v, 0, sizeof v);
    if (rank == root) {
      v.returned = (int)c->st;
      int rec = nd_last_extended_status();
      v.recorded = rec != ND_OK ? rec : (int)c->st;
      snprintf(v.msg, sizeof v.msg, "%s", nd_last_error());
    }
    MPI_Bcast(&v, (int)sizeof v, MPI_BYTE, root, comm);
    v.msg[sizeof v.msg - 1] = '\0';
    bool all_failed = buf[1] == 0;
    if (all_failed) nd_set_error(v.recorded, "%s", v.msg);
    else nd_set_error(v.recorded, "%s (on rank %d)", v.msg, root);
    c->st = (nd_status)v.returned;
    return c->st;
  }
  for (int i = 0; i < nvalues; i++)
    if (buf[2 + 2 * i] != ~buf[3 + 2 * i]) {
      c->st = ND_ERR_VALUE;
      nd_set_error(ND_ERR_VALUE,
                   "%s: argument %s differs between ranks (every rank must pass its handle "
                   "of the same matrices, and the same values)",
                   c->op, c->names[i]);
      return c->st;
    }
  return ND_OK;
}

nd_status ndm_agree(ndm_collective *c) {
  /* agree.c and grid.c call each other: an agreement runs over a grid's communicator (the
   * default grid when the call names none), and making a grid is itself a collective
   * call that agrees on its arguments with this file's machinery. Neither can do without
   * the other; the grid's side uses only ndm_coll_* and ndm_agree_comm. */
  nd_grid *g = c->grid ? c->grid : ndm_default_grid();
  if (!g) {
    /* No grid anywhere on this rank: there is no communicator to agree over. Every other
     * rank that holds a grid either agrees over it (and this rank, which holds none, is
     * not part of it) or failed the same way. */
    c->nvalues = 0;
    return c->st;
  }
  ndm_grid_touch(g);
  return agree_over(c, g->comm, g->rank);
}

nd_status ndm_agree_comm(ndm_collective *c, MPI_Comm comm) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  return agree_over(c, comm, rank);
}

void ndm_coll_info(ndm_collective *c, int info, const char *routine) {
  if (info < 0)
    ndm_coll_fail(c, ND_ERR_VALUE,
                  "%s: %s refused its argument %d (nd_mpi should have checked it: please "
                  "report this)",
                  c->op, routine, -info);
}

bool ndm_fits_int(ndm_collective *c, const char *what, int64_t v) {
  if (v <= INT_MAX) return true;
  ndm_coll_fail(c, ND_ERR_OVERFLOW, "%s: %s %lld does not fit ScaLAPACK's 32-bit integers",
                c->op, what, (long long)v);
  return false;
}

void *ndm_coll_malloc(ndm_collective *c, size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) ndm_coll_fail(c, ND_ERR_NOMEM, "%s: out of memory (%zu bytes)", c->op, bytes);
  return p;
}

const char *ndm_shape_str(const nd_dmatrix *d, char *buf) {
  return nd_format_shape(buf, NDM_MPI_SHAPE, 2, d->shape);
}

bool ndm_same_grid(ndm_collective *c, const nd_dmatrix *a, const nd_dmatrix *b) {
  if (!a || !b || a->grid == b->grid) return true;
  ndm_coll_fail(c, ND_ERR_VALUE,
                "%s: the operands are on different grids (%d x %d and %d x %d); "
                "redistribute one with nd_dmatrix_redistribute",
                c->op, a->grid->nprow, a->grid->npcol, b->grid->nprow, b->grid->npcol);
  return false;
}

void *ndm_coll_alloc_elems(ndm_collective *c, int64_t n, nd_dtype t) {
  if (n < 1) n = 1;
  return ndm_coll_malloc(c, (size_t)n * nd_dtype_size(t));
}

int ndm_work_size(const void *work, nd_dtype t) {
  double v;
  switch (t) {
    case ND_FLOAT32:
    case ND_COMPLEX64: v = ((const float *)work)[0]; break;
    default: v = ((const double *)work)[0]; break;
  }
  /* The reported sizes are exact minima computed in floating point; a little more guards
   * against their rounding. */
  double padded = v * 1.01 + 64;
  return padded >= (double)INT_MAX ? INT_MAX : (int)padded;
}
