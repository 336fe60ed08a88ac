/* Process grids: the communicator, the BLACS contexts ScaLAPACK works in, and the threads
 * each rank runs. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cblas.h> /* openblas_set_num_threads */
#ifdef _OPENMP
#include <omp.h>
#endif

#include "internal.h"

/* Grids whose handle is live, newest first: the grid a rank falls back on when a call
 * gives it only NULL handles (ndm_default_grid). nd_mpi is called from one thread per
 * rank, as ScaLAPACK is. */
static nd_grid *live_grids = NULL;
/* The grid of this process's latest collective call (NULL once it is destroyed). */
static nd_grid *last_used = NULL;
/* The largest grid serial number this process has seen. */
static int64_t last_serial = 0;

void ndm_grid_touch(nd_grid *g) { last_used = g; }

nd_grid *ndm_default_grid(void) {
  /* A rank with only NULL handles most often got them from a failed call of the same
   * chain, on the grid of its latest call; failing that, the newest grid it holds. */
  return last_used ? last_used : live_grids;
}

void ndm_grid_retain(nd_grid *g) { g->refs++; }

static void destroy(nd_grid *g) {
  if (last_used == g) last_used = NULL;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) {
    /* BLACS contexts wrap communicators; freeing them is collective over the grid. */
    if (g->root_ctxt)
      for (int r = 0; r < g->size; r++)
        if (g->root_ctxt[r] >= 0) Cblacs_gridexit(g->root_ctxt[r]);
    Cblacs_gridexit(g->line_ctxt);
    Cblacs_gridexit(g->ctxt);
    Cfree_blacs_system_handle(g->blacs_handle);
    MPI_Comm_free(&g->comm);
  }
  free(g->root_ctxt);
  free(g);
}

void ndm_grid_release(nd_grid *g) {
  if (g && --g->refs == 0) destroy(g);
}

void nd_grid_free(nd_grid *g) {
  if (!g || !g->handle_live) return;
  g->handle_live = false;
  for (nd_grid **p = &live_grids; *p; p = &(*p)->older)
    if (*p == g) {
      *p = g->older;
      break;
    }
  ndm_grid_release(g);
}

int ndm_grid_root_ctxt(nd_grid *g, int r) {
  if (g->root_ctxt[r] == NDM_NO_CTXT) {
    /* Cblacs_gridmap is collective over the system context: every rank makes the context,
     * the ranks outside it get -1. */
    int ctxt = g->blacs_handle, map = r;
    Cblacs_gridmap(&ctxt, &map, 1, 1, 1);
    g->root_ctxt[r] = g->rank == r ? ctxt : -1;
  }
  return g->root_ctxt[r];
}

/* ---- threads per rank ---------------------------------------------------------------- */

/* A positive integer from the start of s ("4", or "4,2" as OMP_NUM_THREADS allows); 0 if
 * there is none. */
static int leading_count(const char *s) {
  char *end;
  long v = strtol(s, &end, 10);
  if (end == s || v < 1 || v > 4096) return 0;
  return (int)v;
}

/* The cores this process may run on (its affinity mask), or the online ones. */
static int usable_cores(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0) return n;
  }
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

/* The threads per rank: ND_MPI_THREADS, else OMP_NUM_THREADS, else the node's cores split
 * between its ranks. 0 means "keep" (leave the settings alone); -1 a bad ND_MPI_THREADS. */
static int threads_per_rank(int ranks_per_node) {
  const char *e = getenv("ND_MPI_THREADS");
  bool forced_auto = e && strcmp(e, "auto") == 0;
  if (e && *e && !forced_auto) {
    if (strcmp(e, "keep") == 0) return 0;
    int n = leading_count(e);
    return n > 0 && e[strspn(e, "0123456789")] == '\0' ? n : -1;
  }
  const char *o = getenv("OMP_NUM_THREADS");
  if (!forced_auto && o && leading_count(o) > 0) return leading_count(o);
  long node = sysconf(_SC_NPROCESSORS_ONLN);
  int t = node > 0 ? (int)(node / (ranks_per_node > 0 ? ranks_per_node : 1)) : 1;
  int mine = usable_cores();
  if (t > mine) t = mine;
  return t > 0 ? t : 1;
}

static void apply_threads(int t) {
  if (t <= 0) return;
  nd_set_num_threads(t);
#ifdef _OPENMP
  omp_set_num_threads(t); /* OpenMP regions, and OpenBLAS's OpenMP build */
#endif
  openblas_set_num_threads(t);
}

/* ---- nd_grid_new ------------------------------------------------------------------- */

/* The most square factorisation nprow x npcol of size with nprow <= npcol. */
static void square_grid(int size, int *nprow, int *npcol) {
  int r = 1;
  for (int d = 1; (long)d * d <= size; d++)
    if (size % d == 0) r = d;
  *nprow = r;
  *npcol = size / r;
}

static void check_shape(ndm_collective *c, int size, int *nprow, int *npcol) {
  if (*nprow < 0 || *npcol < 0) {
    ndm_coll_fail(c, ND_ERR_VALUE, "grid_new: negative grid extent (%d x %d)", *nprow, *npcol);
    return;
  }
  if (*nprow == 0 && *npcol == 0) {
    square_grid(size, nprow, npcol);
    return;
  }
  if (*nprow == 0 || *npcol == 0) {
    int given = *nprow ? *nprow : *npcol;
    if (size % given != 0) {
      ndm_coll_fail(c, ND_ERR_VALUE, "grid_new: %d %s of processes do not divide %d ranks", given,
                    *nprow ? "rows" : "columns", size);
      return;
    }
    if (*nprow == 0) *nprow = size / given;
    else *npcol = size / given;
    return;
  }
  if ((long)*nprow * *npcol != size)
    ndm_coll_fail(c, ND_ERR_VALUE, "grid_new: a %d x %d grid needs %ld ranks, the communicator has %d",
                  *nprow, *npcol, (long)*nprow * *npcol, size);
}

nd_grid *nd_grid_new(MPI_Comm comm, int nprow, int npcol) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized)
    return nd_set_error(ND_ERR_VALUE, "grid_new: MPI is not initialized (call MPI_Init first)"),
           NULL;
  if (comm == MPI_COMM_NULL)
    return nd_set_error(ND_ERR_VALUE, "grid_new: the communicator is MPI_COMM_NULL"), NULL;
  ndm_collective c;
  ndm_coll_begin(&c, "grid_new");
  ndm_coll_value(&c, "nprow", nprow);
  ndm_coll_value(&c, "npcol", npcol);
  int size, rank;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, &rank);
  check_shape(&c, size, &nprow, &npcol);
  const char *env = getenv("ND_MPI_THREADS");
  if (threads_per_rank(1) < 0)
    ndm_coll_fail(&c, ND_ERR_VALUE,
                  "grid_new: ND_MPI_THREADS='%s' is not a thread count, 'auto' or 'keep'", env);
  nd_grid *g = c.st ? NULL : ndm_coll_malloc(&c, sizeof *g);
  int *roots = c.st ? NULL : ndm_coll_malloc(&c, sizeof(int) * (size_t)size);
  if (ndm_agree_comm(&c, comm)) {
    free(g);
    free(roots);
    return NULL;
  }
  memset(g, 0, sizeof *g);
  g->refs = 1;
  g->handle_live = true;
  g->rank = rank;
  g->size = size;
  g->nprow = nprow;
  g->npcol = npcol;
  g->root_ctxt = roots;
  for (int r = 0; r < size; r++) roots[r] = NDM_NO_CTXT;
  MPI_Comm_dup(comm, &g->comm);

  /* Ranks on this node, for the threads; and a serial number larger than any this
   * process has seen, agreed by all (it makes matrix serial numbers unique across grids). */
  MPI_Comm node;
  MPI_Comm_split_type(g->comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_size(node, &g->ranks_per_node);
  MPI_Comm_free(&node);
  int64_t serial = last_serial + 1;
  MPI_Allreduce(MPI_IN_PLACE, &serial, 1, MPI_INT64_T, MPI_MAX, g->comm);
  last_serial = serial;
  g->serial = serial;
  g->next_id = serial << 32;

  g->threads = threads_per_rank(g->ranks_per_node);
  apply_threads(g->threads);

  /* BLACS: "Row" order puts rank r at (r / npcol, r mod npcol). */
  g->blacs_handle = Csys2blacs_handle(g->comm);
  g->ctxt = g->blacs_handle;
  Cblacs_gridinit(&g->ctxt, "Row", nprow, npcol);
  int r, q;
  Cblacs_gridinfo(g->ctxt, &r, &q, &g->myrow, &g->mycol);
  g->line_ctxt = g->blacs_handle;
  Cblacs_gridinit(&g->line_ctxt, "Row", 1, size);

  g->older = live_grids;
  live_grids = g;
  return g;
}

/* ---- accessors ---------------------------------------------------------------------- */

int nd_grid_nprow(const nd_grid *g) { return g ? g->nprow : -1; }
int nd_grid_npcol(const nd_grid *g) { return g ? g->npcol : -1; }
int nd_grid_myrow(const nd_grid *g) { return g ? g->myrow : -1; }
int nd_grid_mycol(const nd_grid *g) { return g ? g->mycol : -1; }
MPI_Comm nd_grid_comm(const nd_grid *g) { return g ? g->comm : MPI_COMM_NULL; }
int nd_grid_blacs_context(const nd_grid *g) { return g ? g->ctxt : -1; }
int nd_grid_threads(const nd_grid *g) { return g ? g->threads : -1; }
int nd_grid_ranks_per_node(const nd_grid *g) { return g ? g->ranks_per_node : -1; }
