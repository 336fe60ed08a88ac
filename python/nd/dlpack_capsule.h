/* DLPack capsules for the Python binding: nd's C functions (nd_to_dlpack, nd_from_dlpack)
 * speak DLPack's legacy DLManagedTensor, the form Debian's dlpack.h (0.6) defines; Python's
 * protocol also has the versioned form of DLPack 1.x (DLManagedTensorVersioned, capsule
 * name "dltensor_versioned"), which adds a version and flags (read-only, copied). This file
 * converts between the two capsule forms and nd's tensors; it moves no data. The
 * versioned struct is declared here with DLPack 1.x's layout, which the standard fixes. */
#ifndef NDPY_DLPACK_CAPSULE_H
#define NDPY_DLPACK_CAPSULE_H

#include <Python.h>
#include <dlpack/dlpack.h>
#include <stdlib.h>

#define NDPY_DLPACK_FLAG_READ_ONLY (UINT64_C(1) << 0)
#define NDPY_DLPACK_FLAG_IS_COPIED (UINT64_C(1) << 1)

typedef struct ndpy_dlpack_version {
  uint32_t major;
  uint32_t minor;
} ndpy_dlpack_version;

typedef struct ndpy_dl_versioned {
  ndpy_dlpack_version version;
  void *manager_ctx;
  void (*deleter)(struct ndpy_dl_versioned *self);
  uint64_t flags;
  DLTensor dl_tensor;
} ndpy_dl_versioned;

/* ---- export ------------------------------------------------------------------------ */

/* A versioned tensor that holds nd's legacy one (manager_ctx) and shares its DLTensor. */
static void ndpy_versioned_deleter(ndpy_dl_versioned *self) {
  DLManagedTensor *legacy = (DLManagedTensor *)self->manager_ctx;
  if (legacy && legacy->deleter) legacy->deleter(legacy);
  free(self);
}

static void ndpy_capsule_legacy_destructor(PyObject *cap) {
  /* a consumer renames the capsule "used_dltensor"; an unconsumed one is ours to free */
  if (PyCapsule_IsValid(cap, "dltensor")) {
    DLManagedTensor *t = (DLManagedTensor *)PyCapsule_GetPointer(cap, "dltensor");
    if (t && t->deleter) t->deleter(t);
  }
}

static void ndpy_capsule_versioned_destructor(PyObject *cap) {
  if (PyCapsule_IsValid(cap, "dltensor_versioned")) {
    ndpy_dl_versioned *t = (ndpy_dl_versioned *)PyCapsule_GetPointer(cap, "dltensor_versioned");
    if (t && t->deleter) t->deleter(t);
  }
}

/* The capsule for a tensor from nd_to_dlpack (consumed: on failure its deleter runs). */
static PyObject *ndpy_dlpack_capsule(DLManagedTensor *t, int versioned, int readonly,
                                     int copied) {
  PyObject *cap;
  if (!versioned) {
    cap = PyCapsule_New(t, "dltensor", ndpy_capsule_legacy_destructor);
    if (!cap) t->deleter(t);
    return cap;
  }
  ndpy_dl_versioned *v = (ndpy_dl_versioned *)malloc(sizeof *v);
  if (!v) {
    t->deleter(t);
    return PyErr_NoMemory();
  }
  v->version.major = 1;
  v->version.minor = 0;
  v->manager_ctx = t;
  v->deleter = ndpy_versioned_deleter;
  v->flags = (readonly ? NDPY_DLPACK_FLAG_READ_ONLY : 0) | (copied ? NDPY_DLPACK_FLAG_IS_COPIED : 0);
  v->dl_tensor = t->dl_tensor;
  cap = PyCapsule_New(v, "dltensor_versioned", ndpy_capsule_versioned_destructor);
  if (!cap) ndpy_versioned_deleter(v);
  return cap;
}

/* ---- import ------------------------------------------------------------------------ */

/* A legacy tensor standing for a producer's versioned one, for nd_from_dlpack; its
 * deleter calls the producer's. */
typedef struct ndpy_legacy_of_versioned {
  DLManagedTensor mt; /* first: the deleter gets this address */
  ndpy_dl_versioned *v;
} ndpy_legacy_of_versioned;

static void ndpy_legacy_of_versioned_deleter(DLManagedTensor *self) {
  ndpy_legacy_of_versioned *w = (ndpy_legacy_of_versioned *)self;
  if (w->v->deleter) w->v->deleter(w->v);
  free(w);
}

/* The legacy tensor in a capsule of either name, for nd_from_dlpack: sets *readonly from
 * the versioned flags, *owner_free to the wrapper to free if nd refuses the tensor.
 * NULL with a Python error if the capsule is neither or was used already. */
static DLManagedTensor *ndpy_capsule_tensor(PyObject *cap, int *readonly, int *major) {
  *readonly = 0;
  *major = 0;
  if (PyCapsule_IsValid(cap, "dltensor")) return (DLManagedTensor *)PyCapsule_GetPointer(cap, "dltensor");
  if (PyCapsule_IsValid(cap, "dltensor_versioned")) {
    ndpy_dl_versioned *v = (ndpy_dl_versioned *)PyCapsule_GetPointer(cap, "dltensor_versioned");
    if (!v) return NULL;
    *major = (int)v->version.major;
    if (v->version.major != 1) {
      PyErr_Format(PyExc_BufferError, "from_dlpack: DLPack version %u.%u is not supported (1.x is)",
                   v->version.major, v->version.minor);
      return NULL;
    }
    *readonly = (v->flags & NDPY_DLPACK_FLAG_READ_ONLY) != 0;
    ndpy_legacy_of_versioned *w = (ndpy_legacy_of_versioned *)malloc(sizeof *w);
    if (!w) return (DLManagedTensor *)PyErr_NoMemory();
    w->mt.dl_tensor = v->dl_tensor;
    w->mt.manager_ctx = NULL;
    w->mt.deleter = ndpy_legacy_of_versioned_deleter;
    w->v = v;
    return &w->mt;
  }
  PyErr_SetString(PyExc_ValueError,
                  "from_dlpack: expected a DLPack capsule (\"dltensor\" or \"dltensor_versioned\") that has not been consumed");
  return NULL;
}

/* After nd took the tensor: the capsule is renamed used, so its destructor leaves it. */
static int ndpy_capsule_consumed(PyObject *cap) {
  if (PyCapsule_IsValid(cap, "dltensor")) return PyCapsule_SetName(cap, "used_dltensor");
  return PyCapsule_SetName(cap, "used_dltensor_versioned");
}

/* nd refused the tensor: a wrapper made for a versioned one is freed without deleting the
 * producer's tensor, which the capsule still owns. */
static void ndpy_capsule_refused(PyObject *cap, DLManagedTensor *t) {
  if (PyCapsule_IsValid(cap, "dltensor_versioned")) free(t);
}

#endif
