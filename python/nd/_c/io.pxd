# Declarations of include/nd/io.h.
from libc.stdint cimport int64_t
from nd._c.types cimport *

cdef extern from "dlpack/dlpack.h" nogil:
    ctypedef struct DLManagedTensor:
        void (*deleter)(DLManagedTensor *self)

cdef extern from "nd/io.h" nogil:
    nd_status nd_save_npy(const char *path, const nd_array *a)
    nd_array *nd_load_npy(const char *path)
    ctypedef struct nd_npz:
        pass
    nd_status nd_savez(const char *path, int n, const char *const *names, const nd_array *const *arrays, bint compress)
    nd_npz *nd_load_npz(const char *path)
    int64_t nd_npz_count(const nd_npz *z)
    const char *nd_npz_name(const nd_npz *z, int64_t i)
    nd_array *nd_npz_get(const nd_npz *z, const char *name)
    void nd_npz_close(nd_npz *z)
    DLManagedTensor *nd_to_dlpack(nd_array *a)
    DLManagedTensor *nd_to_dlpack_readonly(const nd_array *a)
    nd_array *nd_from_dlpack(DLManagedTensor *t)
