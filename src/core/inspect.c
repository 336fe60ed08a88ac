/* Inspection of array handles and single-element reads. Contiguity, memory overlap
 * (layout arithmetic) and element writes (conversion loops) are ops/inspect_layout.c. */
#include <complex.h>
#include <string.h>

#include "array.h"
#include "error.h"
#include "half.h"
#include "nd/core.h"

int nd_ndim(const nd_array *a) { return a ? a->ndim : -1; }
const int64_t *nd_shape(const nd_array *a) { return a ? a->shape : NULL; }
const int64_t *nd_strides(const nd_array *a) { return a ? a->strides : NULL; }
int64_t nd_offset(const nd_array *a) { return a ? a->offset : -1; }
int64_t nd_size(const nd_array *a) { return a ? a->size : -1; }
nd_dtype nd_dtype_of(const nd_array *a) { return a ? a->dtype : (nd_dtype)-1; }
size_t nd_itemsize(const nd_array *a) { return a ? ndi_dtype_size(a->dtype) : 0; }
size_t nd_nbytes(const nd_array *a) { return a ? (size_t)a->size * ndi_dtype_size(a->dtype) : 0; }
void *nd_data(const nd_array *a) { return a ? a->data : NULL; }
long nd_storage_refcount(const nd_array *a) { return a ? atomic_load(&a->storage->refs) : 0; }

int64_t nd_dim(const nd_array *a, int axis) {
  if (!a || axis < -a->ndim || axis >= a->ndim) return -1;
  return a->shape[axis < 0 ? axis + a->ndim : axis];
}

bool nd_is_writeable(const nd_array *a) { return a && ndi_is_writeable(a); }

nd_status nd_set_writeable(nd_array *a, bool writeable) {
  if (!a) return ndi_null_arg_named("set_writeable", "a");
  if (!writeable) {
    a->flags &= ~(unsigned)NDI_WRITEABLE;
    return ND_OK;
  }
  if (a->storage->flags & NDI_STORAGE_READONLY)
    return ndi_error(ND_ERR_READONLY, "set_writeable: the array's memory is read-only");
  int b = ndi_broadcast_axis(a);
  if (b >= 0)
    return ndi_error(ND_ERR_READONLY, "set_writeable: a broadcast view stays read-only (axis %d has stride 0 and extent %lld)",
                     b, (long long)a->shape[b]);
  a->flags |= NDI_WRITEABLE;
  return ND_OK;
}

nd_status ndi_element_at(const char *op, const nd_array *a, const int64_t *index, char **p) {
  if (!a) return ndi_null_arg_named(op, "a");
  if (a->ndim > 0 && !index) return ndi_null_arg_named(op, "index");
  int64_t off = 0;
  for (int i = 0; i < a->ndim; i++) {
    int64_t k = index[i];
    if (k < -a->shape[i] || k >= a->shape[i])
      return ndi_error(ND_ERR_INDEX, "%s: index %lld is out of bounds for axis %d with size %lld",
                       op, (long long)k, i, (long long)a->shape[i]);
    if (k < 0) k += a->shape[i];
    off += k * a->strides[i];
  }
  *p = a->data + off * (int64_t)ndi_dtype_size(a->dtype);
  return ND_OK;
}

/* Reads one element as a complex double. */
static double _Complex load_complex(nd_dtype t, const char *p) {
  switch (t) {
#define NDI_LOAD_CASE(E, N, T, K, NAME, ...) \
  case E: {                                  \
    T v;                                     \
    memcpy(&v, p, sizeof v);                 \
    return (double _Complex)v;               \
  }
    NDI_DTYPES(NDI_LOAD_CASE)
#undef NDI_LOAD_CASE
#define NDI_LOAD_HALF(E, N, T, K, NAME, ...) \
  case E: {                                  \
    T v;                                     \
    memcpy(&v, p, sizeof v);                 \
    return ndi_##N##_to_f32(v);              \
  }
    NDI_HALF_DTYPES(NDI_LOAD_HALF)
#undef NDI_LOAD_HALF
  }
  return 0;
}

nd_status nd_get_complex(const nd_array *a, const int64_t *index, double *re, double *im) {
  if (!re && !im) return ndi_null_arg_named("get_complex", "re and im");
  char *p;
  nd_status st = ndi_element_at("get_complex", a, index, &p);
  if (st) return st;
  double _Complex v = load_complex(a->dtype, p);
  if (re) *re = creal(v);
  if (im) *im = cimag(v);
  return ND_OK;
}

nd_status nd_get_double(const nd_array *a, const int64_t *index, double *value) {
  if (!value) return ndi_null_arg_named("get_double", "value");
  char *p;
  nd_status st = ndi_element_at("get_double", a, index, &p);
  if (st) return st;
  *value = creal(load_complex(a->dtype, p));
  return ND_OK;
}

nd_status nd_get_int64(const nd_array *a, const int64_t *index, int64_t *value) {
  if (!value) return ndi_null_arg_named("get_int64", "value");
  char *p;
  nd_status st = ndi_element_at("get_int64", a, index, &p);
  if (st) return st;
  int64_t v;
  switch (a->dtype) {
    case ND_BOOL: v = *(const bool *)p; break;
    case ND_INT8: v = *(const int8_t *)p; break;
    case ND_INT16: v = *(const int16_t *)p; break;
    case ND_INT32: v = *(const int32_t *)p; break;
    case ND_INT64: v = *(const int64_t *)p; break;
    case ND_UINT8: v = *(const uint8_t *)p; break;
    case ND_UINT16: v = *(const uint16_t *)p; break;
    case ND_UINT32: v = *(const uint32_t *)p; break;
    case ND_UINT64: {
      uint64_t u = *(const uint64_t *)p;
      if (u > (uint64_t)INT64_MAX)
        return ndi_error(ND_ERR_OVERFLOW, "get_int64: uint64 value %llu does not fit in int64",
                         (unsigned long long)u);
      v = (int64_t)u;
      break;
    }
    default:
      return ndi_error(ND_ERR_TYPE, "get_int64: array of dtype %s is not an integer array",
                       ndi_dtype_name(a->dtype));
  }
  *value = v;
  return ND_OK;
}

nd_status nd_item_double(const nd_array *a, double *value) {
  if (!a) return ndi_null_arg_named("item_double", "a");
  if (!value) return ndi_null_arg_named("item_double", "value");
  if (a->size != 1)
    return ndi_error(ND_ERR_VALUE, "item_double: can only convert an array of size 1 (size is %lld)",
                     (long long)a->size);
  *value = creal(load_complex(a->dtype, a->data));
  return ND_OK;
}
