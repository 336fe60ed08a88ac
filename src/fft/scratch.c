/* Per-thread scratch buffers (scratch.h), freed when their thread ends. */
#include "scratch.h"

#include <pthread.h>
#include <stdlib.h>

#include "fftw_plan.h"

/* Buffers up to this size stay allocated between calls (per thread and slot); units are
 * at most 512 KiB, except single lines longer than that (a long prime length whose input
 * must be converted). */
#define NDF_SCRATCH_KEEP ((size_t)4 << 20)

typedef struct buffers {
  void *p[NDF_NUM_SLOTS];
  size_t n[NDF_NUM_SLOTS];
} buffers;

static _Thread_local buffers *mine;
static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void free_buffers(void *arg) {
  buffers *b = arg;
  for (int i = 0; i < NDF_NUM_SLOTS; i++) ndf_buffer_free(b->p[i]);
  free(b);
}

static void make_key(void) { pthread_key_create(&key, free_buffers); }

void *ndf_scratch_get(ndf_slot slot, size_t bytes) {
  if (!mine) {
    pthread_once(&once, make_key);
    if (!(mine = calloc(1, sizeof *mine))) return NULL;
    pthread_setspecific(key, mine);
  }
  if (mine->n[slot] >= bytes && mine->p[slot]) return mine->p[slot];
  ndf_buffer_free(mine->p[slot]);
  mine->n[slot] = 0;
  if (!(mine->p[slot] = ndf_buffer_alloc(bytes))) return NULL;
  mine->n[slot] = bytes;
  return mine->p[slot];
}

void ndf_scratch_done(ndf_slot slot) {
  if (!mine || mine->n[slot] <= NDF_SCRATCH_KEEP) return;
  ndf_buffer_free(mine->p[slot]);
  mine->p[slot] = NULL;
  mine->n[slot] = 0;
}
