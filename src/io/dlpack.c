/* DLPack exchange (Debian's dlpack.h, 0.6: DLManagedTensor), both ways without a copy.
 *
 * Export: one block holds the managed tensor, its shape and strides; it keeps a reference
 * to the array's storage, which its deleter drops. Import: the tensor's memory is wrapped
 * (ndi_wrap) with a deleter that calls the producer's deleter once the last nd array
 * using the memory is gone. DLPack strides are in elements, like nd's. */
#include <dlpack/dlpack.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/array.h"
#include "core/error.h"
#include "layout/layout.h"
#include "nd/core.h"
#include "nd/io.h"
#include "nd/reduce.h"
#include "ops/exchange.h"

typedef struct export_block {
  DLManagedTensor mt; /* first: the deleter gets this address back */
  ndi_storage *storage;
  int64_t dims[]; /* shape, then strides */
} export_block;

static void export_deleter(DLManagedTensor *self) {
  export_block *b = (export_block *)self;
  ndi_storage_release(b->storage);
  ndi_free(b);
}

/* bool is type code 6 (kDLBool), fixed by the DLPack standard since 0.8 and what NumPy 2
 * and PyTorch exchange; Debian's 0.6 header has no name for it. */
#define NDI_DL_BOOL 6

static DLDataType dl_dtype_of(nd_dtype t) {
  DLDataType d = {0, (uint8_t)(ndi_dtype_size(t) * 8), 1};
  if (t == ND_BFLOAT16) {
    d.code = kDLBfloat;
    return d;
  }
  switch (ndi_dtype_kind(t)) {
    case 'i': d.code = kDLInt; break;
    case 'u': d.code = kDLUInt; break;
    case 'f': d.code = kDLFloat; break;
    case 'c': d.code = kDLComplex; break;
    default: d.code = NDI_DL_BOOL; break;
  }
  return d;
}

/* The managed tensor over a's memory, whatever its write permission (the callers decide). */
static DLManagedTensor *export_tensor(const char *op, const nd_array *a) {
  size_t bytes = sizeof(export_block) + 2 * (size_t)a->ndim * sizeof(int64_t);
  export_block *b = ndi_malloc(bytes);
  if (!b) return ndi_nomem(op, bytes), NULL;
  memcpy(b->dims, a->shape, (size_t)a->ndim * sizeof(int64_t));
  memcpy(b->dims + a->ndim, a->strides, (size_t)a->ndim * sizeof(int64_t));
  b->storage = a->storage;
  ndi_storage_retain(a->storage);
  b->mt.dl_tensor = (DLTensor){
      .data = a->data,
      .device = {kDLCPU, 0},
      .ndim = a->ndim,
      .dtype = dl_dtype_of(a->dtype),
      .shape = b->dims,
      .strides = b->dims + a->ndim,
      .byte_offset = 0,
  };
  b->mt.manager_ctx = b;
  b->mt.deleter = export_deleter;
  return &b->mt;
}

struct DLManagedTensor *nd_to_dlpack(nd_array *a) {
  NDI_REQUIRE("to_dlpack", a);
  if (!ndi_is_writeable(a)) { /* nd_is_writeable: the flag, and no broadcast axis */
    int b = ndi_broadcast_axis(a);
    char why[96] = "";
    if (ndi_write_flag(a) && b >= 0)
      snprintf(why, sizeof why, " (a broadcast view: axis %d has stride 0 and extent %lld)", b,
               (long long)a->shape[b]);
    return ndi_error_null(ND_ERR_READONLY, "to_dlpack: the array is read-only%s and DLPack %d.%d cannot mark a tensor read-only (export a copy: nd_copy)",
                          why, DLPACK_VERSION / 100, DLPACK_VERSION % 100 / 10);
  }
  return export_tensor("to_dlpack", a);
}

/* No write check: the caller marks the tensor read-only in a protocol that can say so
 * (DLPack 1.x's versioned tensor, built around this one by the Python binding). */
struct DLManagedTensor *nd_to_dlpack_readonly(const nd_array *a) {
  NDI_REQUIRE("to_dlpack_readonly", a);
  return export_tensor("to_dlpack_readonly", a);
}

static void import_deleter(void *data, void *ctx) {
  (void)data;
  DLManagedTensor *mt = ctx;
  if (mt->deleter) mt->deleter(mt);
}

/* The nd dtype of a DLPack element type, or -1. */
static int nd_dtype_for(DLDataType d) {
  if (d.lanes != 1) return -1;
  if (d.code == kDLBfloat) return d.bits == 16 ? ND_BFLOAT16 : -1;
  char kind = d.code == kDLInt ? 'i' : d.code == kDLUInt ? 'u' : d.code == kDLFloat ? 'f'
            : d.code == kDLComplex ? 'c' : 0;
  if (d.code == NDI_DL_BOOL) kind = 'b';
  for (int t = 0; kind && t < ND_NUM_DTYPES; t++) /* 16-bit kDLFloat: float16, first */
    if (ndi_dtype_kind((nd_dtype)t) == kind && ndi_dtype_size((nd_dtype)t) * 8 == d.bits)
      return t;
  return -1;
}

static const char *device_name(int type) {
  switch (type) {
    case kDLCUDA: return "CUDA";
    case kDLOpenCL: return "OpenCL";
    case kDLVulkan: return "Vulkan";
    case kDLMetal: return "Metal";
    case kDLVPI: return "VPI";
    case kDLROCM: return "ROCm";
    case kDLExtDev: return "ExtDev";
    default: return "unknown";
  }
}

/* A C bool must hold 0 or 1: the bytes of a bool tensor are read as uint8 (through a view
 * that owns nothing) before any is read as a bool. Returns true, with an error set, when
 * one is neither, or when the layout itself is refused. */
static bool non_bool_bytes(const DLTensor *t, char *data) {
  nd_array *bytes = ndi_wrap("from_dlpack", ND_UINT8, t->ndim, t->shape, t->strides, data, NULL,
                             NULL, NDI_STORAGE_READONLY);
  if (!bytes) return true;
  bool bad = false;
  if (nd_size(bytes) > 0) {
    nd_array *m = nd_max(bytes, -1, NULL, false);
    double v = 0;
    bad = !m || nd_item_double(m, &v) != ND_OK;
    if (!bad && v > 1) {
      ndi_error(ND_ERR_VALUE, "from_dlpack: a bool tensor holds the byte 0x%02x; only 0 and 1 are booleans",
                (unsigned)v);
      bad = true;
    }
    nd_release(m);
  }
  nd_release(bytes);
  return bad;
}

nd_array *nd_from_dlpack(struct DLManagedTensor *mt) {
  if (!mt) return ndi_null_arg_named("from_dlpack", "t"), NULL;
  const DLTensor *t = &mt->dl_tensor;
  int dev = (int)t->device.device_type;
  /* Host memory, pinned host memory and managed memory are all addressable from the CPU
   * (NumPy accepts the same four). */
  if (dev != kDLCPU && dev != kDLCUDAHost && dev != kDLROCMHost && dev != kDLCUDAManaged)
    return ndi_error_null(ND_ERR_VALUE, "from_dlpack: the tensor lives on a %s device (type %d), which nd cannot address; copy it to the CPU first",
                          device_name(dev), dev);
  int dt = nd_dtype_for(t->dtype);
  if (dt < 0)
    return ndi_error_null(ND_ERR_TYPE, "from_dlpack: element type (code %u, %u bits, %u lanes) has no nd dtype (nd has bool, int8-64, uint8-64, float16/32/64, bfloat16, complex64/128)",
                          t->dtype.code, t->dtype.bits, t->dtype.lanes);
  if (t->ndim < 0 || t->ndim > ND_MAX_DIMS)
    return ndi_error_null(ND_ERR_VALUE, "from_dlpack: ndim %d is outside [0, %d]", t->ndim,
                          ND_MAX_DIMS);
  if (t->ndim > 0 && !t->shape)
    return ndi_error_null(ND_ERR_VALUE, "from_dlpack: the tensor has %d dimensions and no shape",
                          t->ndim);
  if (t->byte_offset > (uint64_t)INT64_MAX || (uintptr_t)t->data > UINTPTR_MAX - t->byte_offset)
    return ndi_error_null(ND_ERR_VALUE, "from_dlpack: byte_offset %llu runs past the end of the address space",
                          (unsigned long long)t->byte_offset);
  char *data = (char *)t->data + t->byte_offset;
  if (dt == ND_BOOL && non_bool_bytes(t, data)) return NULL;
  return ndi_wrap("from_dlpack", (nd_dtype)dt, t->ndim, t->shape, t->strides, data,
                  import_deleter, mt, 0);
}
