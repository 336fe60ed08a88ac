/* DLPack: export every dtype and layout without a copy, import tensors made by another
 * "framework" (hand-built here, with a counting deleter), round trips sharing memory, and
 * the refusals (devices, element types, read-only arrays, bad shapes). */
#include <dlpack/dlpack.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "helpers.h"

static void check_export(nd_array *a) {
  DLManagedTensor *t = nd_to_dlpack(a);
  if (!t) fail_msg("%s", nd_last_error());
  const DLTensor *d = &t->dl_tensor;
  assert_ptr_equal(d->data, nd_data(a));
  assert_int_equal(d->byte_offset, 0);
  assert_int_equal(d->device.device_type, kDLCPU);
  assert_int_equal(d->ndim, nd_ndim(a));
  for (int i = 0; i < d->ndim; i++) {
    assert_int_equal(d->shape[i], nd_shape(a)[i]);
    assert_int_equal(d->strides[i], nd_strides(a)[i]);
  }
  /* bool is code 6 (kDLBool in DLPack >= 0.8, what NumPy 2 and PyTorch use) */
  static const uint8_t codes[] = {['b'] = 6, ['i'] = kDLInt, ['u'] = kDLUInt,
                                  ['f'] = kDLFloat, ['c'] = kDLComplex};
  uint8_t want = codes[(unsigned char)nd_dtype_kind(nd_dtype_of(a))];
  if (nd_dtype_of(a) == ND_BFLOAT16) want = kDLBfloat; /* as PyTorch exports it */
  assert_int_equal(d->dtype.code, want);
  assert_int_equal(d->dtype.bits, 8 * nd_itemsize(a));
  assert_int_equal(d->dtype.lanes, 1);
  /* The tensor keeps the memory alive after the array goes. */
  nd_array *copy = nd_copy(a, ND_C);
  nd_release(a);
  nd_array *back = nd_from_dlpack(t);
  if (!back) fail_msg("%s", nd_last_error());
  assert_int_equal(nd_storage_refcount(back), 1);
  if (nd_dtype_of(copy) == ND_BOOL && nd_dtype_of(back) == ND_UINT8) {
    nd_array *b = nd_astype(back, ND_BOOL);
    th_assert_same_values(b, copy);
    nd_release(b);
  } else {
    assert_int_equal(nd_dtype_of(back), nd_dtype_of(copy));
    th_assert_same_values(back, copy);
  }
  nd_release(back); /* runs the export's deleter, which frees the storage */
  nd_release(copy);
}

static void test_export_every_dtype_and_layout(void **state) {
  (void)state;
  const int64_t s3[] = {2, 3, 4}, s0[] = {0, 3};
  for (int d = 0; d < ND_NUM_DTYPES; d++) {
    for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
      if (L == TH_BROADCAST) continue; /* read-only: refused, below */
      check_export(th_make(th_all_dtypes[d], 3, s3, (th_layout)L, (unsigned)d));
    }
    check_export(th_make(th_all_dtypes[d], 0, NULL, TH_C, 1));
    check_export(th_make(th_all_dtypes[d], 2, s0, TH_C, 1));
  }
}

/* nd -> DLPack -> nd: the same memory, writes seen both ways, any release order. */
static void test_roundtrip_shares_memory(void **state) {
  (void)state;
  for (int first = 0; first < 2; first++) {
    nd_array *a = th_make(ND_FLOAT64, 3, (const int64_t[]){3, 4, 5}, TH_STEPPED, 2);
    nd_array *b = nd_from_dlpack(nd_to_dlpack(a));
    assert_non_null(b);
    assert_true(nd_shares_memory(a, b));
    assert_ptr_equal(nd_data(a), nd_data(b));
    th_assert_strides(b, 3, nd_strides(a));
    th_assert_same_values(b, a);
    assert_int_equal(nd_set_double(b, (const int64_t[]){2, 3, 4}, 99.5), ND_OK);
    double v;
    assert_int_equal(nd_get_double(a, (const int64_t[]){2, 3, 4}, &v), ND_OK);
    assert_true(v == 99.5);
    nd_array *view = nd_index(b, "1");
    if (first) {
      nd_release(a);
      nd_release(b);
    } else {
      nd_release(b);
      nd_release(a);
    }
    assert_int_equal(nd_get_double(view, (const int64_t[]){3, 4}, &v), ND_OK);
    nd_release(view);
  }
}

/* ---- tensors from another producer ------------------------------------------------- */

typedef struct producer {
  DLManagedTensor mt;
  int64_t shape[3], strides[3];
  int deleted;
} producer;

static void count_delete(DLManagedTensor *self) { ((producer *)self->manager_ctx)->deleted++; }

static void make_tensor(producer *p, void *data, uint8_t code, uint8_t bits, int ndim,
                        const int64_t *shape, const int64_t *strides) {
  memset(p, 0, sizeof *p);
  if (ndim > 0) memcpy(p->shape, shape, sizeof(int64_t) * (size_t)ndim);
  if (strides) memcpy(p->strides, strides, sizeof(int64_t) * (size_t)ndim);
  p->mt.dl_tensor = (DLTensor){data, {kDLCPU, 0}, ndim, {code, bits, 1}, p->shape,
                               strides ? p->strides : NULL, 0};
  p->mt.manager_ctx = p;
  p->mt.deleter = count_delete;
}

static void test_import_foreign_tensor(void **state) {
  (void)state;
  /* A 2x3 float32 matrix stored column-major, after 2 elements of padding. */
  float buf[8] = {-1, -1, 0, 3, 1, 4, 2, 5};
  producer p;
  make_tensor(&p, buf, kDLFloat, 32, 2, (const int64_t[]){2, 3}, (const int64_t[]){1, 2});
  p.mt.dl_tensor.byte_offset = 2 * sizeof(float);
  nd_array *a = nd_from_dlpack(&p.mt);
  assert_non_null(a);
  assert_true(nd_is_contiguous(a, ND_F));
  assert_true(nd_is_writeable(a));
  const float want_data[6] = {0, 1, 2, 3, 4, 5};
  nd_array *want = nd_from_data(ND_FLOAT32, ND_SHAPE(2, 3), want_data, ND_C);
  th_assert_same_values(a, want);
  nd_array *v = nd_transpose(a);
  nd_release(a);
  assert_int_equal(p.deleted, 0); /* the view still uses the memory */
  assert_int_equal(nd_fill(v, 7.0), ND_OK);
  assert_true(buf[7] == 7.0f && buf[0] == -1.0f);
  nd_release(v);
  assert_int_equal(p.deleted, 1);
  /* NULL strides: compact row-major. A tensor without a deleter is fine too. */
  int64_t ibuf[6] = {0, 1, 2, 3, 4, 5};
  make_tensor(&p, ibuf, kDLInt, 64, 2, (const int64_t[]){2, 3}, NULL);
  a = nd_from_dlpack(&p.mt);
  assert_true(nd_is_contiguous(a, ND_C));
  nd_array *w = th_arange(ND_INT64, 2, (const int64_t[]){2, 3});
  th_assert_same_values(a, w);
  nd_release(w);
  nd_release(a);
  assert_int_equal(p.deleted, 1);
  p.mt.deleter = NULL;
  nd_release(nd_from_dlpack(&p.mt));
  /* 0-d and negative strides. */
  double x[3] = {1.5, 2.5, 3.5};
  make_tensor(&p, &x[2], kDLFloat, 64, 1, (const int64_t[]){3}, (const int64_t[]){-1});
  a = nd_from_dlpack(&p.mt);
  double got;
  assert_int_equal(nd_get_double(a, (const int64_t[]){2}, &got), ND_OK);
  assert_true(got == 1.5);
  nd_release(a);
  make_tensor(&p, &x[1], kDLFloat, 64, 0, NULL, NULL);
  a = nd_from_dlpack(&p.mt);
  assert_int_equal(nd_item_double(a, &got), ND_OK);
  assert_true(got == 2.5);
  nd_release(a);
  nd_release(want);
  assert_int_equal(p.deleted, 1);
}

/* Every DLPack type nd has a dtype for maps to it. */
static void test_import_dtypes(void **state) {
  (void)state;
  static const struct { uint8_t code, bits; nd_dtype t; } map[] = {
      {kDLInt, 8, ND_INT8},     {kDLInt, 16, ND_INT16},       {kDLInt, 32, ND_INT32},
      {kDLInt, 64, ND_INT64},   {kDLUInt, 8, ND_UINT8},       {kDLUInt, 16, ND_UINT16},
      {kDLUInt, 32, ND_UINT32}, {kDLUInt, 64, ND_UINT64},     {kDLFloat, 32, ND_FLOAT32},
      {kDLFloat, 64, ND_FLOAT64}, {kDLComplex, 64, ND_COMPLEX64}, {kDLComplex, 128, ND_COMPLEX128},
      {6 /* kDLBool */, 8, ND_BOOL},
  };
  _Alignas(16) char buf[64] = {0};
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
    producer p;
    make_tensor(&p, buf, map[i].code, map[i].bits, 1, (const int64_t[]){2}, NULL);
    nd_array *a = nd_from_dlpack(&p.mt);
    assert_non_null(a);
    assert_int_equal(nd_dtype_of(a), map[i].t);
    nd_release(a);
    assert_int_equal(p.deleted, 1);
  }
}

static void expect_refused(producer *p, nd_status s, const char *fragment) {
  TH_EXPECT_ERROR(nd_from_dlpack(&p->mt), s, fragment);
  assert_int_equal(p->deleted, 0); /* not consumed: the caller still owns it */
}

static void test_import_refusals(void **state) {
  (void)state;
  _Alignas(16) char buf[64] = {0};
  producer p;
  make_tensor(&p, buf, kDLFloat, 32, 1, (const int64_t[]){4}, NULL);
  p.mt.dl_tensor.device.device_type = kDLCUDA;
  expect_refused(&p, ND_ERR_VALUE, "from_dlpack: the tensor lives on a CUDA device (type 2)");
  p.mt.dl_tensor.device.device_type = kDLROCM;
  expect_refused(&p, ND_ERR_VALUE, "ROCm device");
  p.mt.dl_tensor.device.device_type = kDLCUDAHost; /* pinned host memory is fine */
  nd_release(nd_from_dlpack(&p.mt));
  assert_int_equal(p.deleted, 1);
  make_tensor(&p, buf, kDLFloat, 8, 1, (const int64_t[]){4}, NULL);
  expect_refused(&p, ND_ERR_TYPE, "element type (code 2, 8 bits, 1 lanes) has no nd dtype");
  make_tensor(&p, buf, kDLBfloat, 32, 1, (const int64_t[]){4}, NULL);
  expect_refused(&p, ND_ERR_TYPE, "code 4, 32 bits");
  make_tensor(&p, buf, kDLFloat, 32, 1, (const int64_t[]){4}, NULL);
  p.mt.dl_tensor.dtype.lanes = 4;
  expect_refused(&p, ND_ERR_TYPE, "4 lanes");
  make_tensor(&p, buf, kDLInt, 24, 1, (const int64_t[]){4}, NULL);
  expect_refused(&p, ND_ERR_TYPE, "24 bits");
  make_tensor(&p, buf, kDLOpaqueHandle, 64, 1, (const int64_t[]){4}, NULL);
  expect_refused(&p, ND_ERR_TYPE, "code 3");
  make_tensor(&p, buf, kDLFloat, 32, 1, (const int64_t[]){4}, NULL);
  p.mt.dl_tensor.ndim = 65;
  expect_refused(&p, ND_ERR_VALUE, "ndim 65 is outside [0, 64]");
  p.mt.dl_tensor.ndim = -1;
  expect_refused(&p, ND_ERR_VALUE, "ndim -1");
  p.mt.dl_tensor.ndim = 1;
  p.mt.dl_tensor.shape = NULL;
  expect_refused(&p, ND_ERR_VALUE, "no shape");
  make_tensor(&p, buf, kDLFloat, 32, 1, (const int64_t[]){-3}, NULL);
  expect_refused(&p, ND_ERR_VALUE, "from_dlpack");
  make_tensor(&p, buf + 2, kDLFloat, 32, 1, (const int64_t[]){4}, NULL);
  expect_refused(&p, ND_ERR_VALUE, "from_dlpack: data pointer");
  make_tensor(&p, NULL, kDLFloat, 32, 1, (const int64_t[]){4}, NULL);
  expect_refused(&p, ND_ERR_NULL, "from_dlpack");
  TH_EXPECT_ERROR(nd_from_dlpack(NULL), ND_ERR_NULL, "from_dlpack");
  /* strides whose byte offsets overflow, a byte_offset past the address space */
  make_tensor(&p, buf, kDLFloat, 32, 2, (const int64_t[]){2, 3}, (const int64_t[]){INT64_MAX, 1});
  expect_refused(&p, ND_ERR_OVERFLOW, "from_dlpack: strides [9223372036854775807,1]");
  make_tensor(&p, buf, kDLFloat, 64, 1, (const int64_t[]){1}, NULL);
  p.mt.dl_tensor.byte_offset = UINT64_MAX - 7;
  expect_refused(&p, ND_ERR_VALUE, "from_dlpack: byte_offset");
  /* bool bytes must be 0 or 1 (checked through the strides, before any is read as bool) */
  unsigned char bools[6] = {1, 0, 1, 0, 7, 1};
  make_tensor(&p, bools, 6 /* kDLBool */, 8, 2, (const int64_t[]){2, 2}, (const int64_t[]){1, 4});
  expect_refused(&p, ND_ERR_VALUE, "from_dlpack: a bool tensor holds the byte 0x07");
  make_tensor(&p, bools, 6 /* kDLBool */, 8, 2, (const int64_t[]){2, 2}, (const int64_t[]){1, 2});
  nd_array *ok = nd_from_dlpack(&p.mt); /* skips the 7 */
  assert_non_null(ok);
  nd_release(ok);
  assert_int_equal(p.deleted, 1);
}

static void test_export_refusals(void **state) {
  (void)state;
  nd_array *a = nd_zeros(ND_FLOAT64, ND_SHAPE(3), ND_C);
  nd_array *b = nd_broadcast_to(a, ND_SHAPE(2, 3));
  TH_EXPECT_ERROR(nd_to_dlpack(b), ND_ERR_READONLY, "to_dlpack: the array is read-only and DLPack 0.6 cannot mark");
  assert_int_equal(nd_set_writeable(a, false), ND_OK);
  TH_EXPECT_ERROR(nd_to_dlpack(a), ND_ERR_READONLY, "read-only");
  nd_array *c = nd_copy(a, ND_C);
  DLManagedTensor *t = nd_to_dlpack(c);
  assert_non_null(t);
  t->deleter(t);
  TH_EXPECT_ERROR(nd_to_dlpack(NULL), ND_ERR_NULL, "to_dlpack");
  /* nd_broadcast_arrays' views keep the write flag but have a stride-0 axis: not
   * writeable (nd_is_writeable), so not exported; an axis of stride 0 and extent 1 does
   * not count */
  nd_array *w = nd_zeros(ND_FLOAT64, ND_SHAPE(3), ND_C), *col = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 1), ND_C);
  nd_array *pair[2];
  assert_int_equal(nd_broadcast_arrays(2, (nd_array *[]){w, col}, pair), ND_OK);
  for (int k = 0; k < 2; k++) {
    assert_false(nd_is_writeable(pair[k]));
    TH_EXPECT_ERROR(nd_to_dlpack(pair[k]), ND_ERR_READONLY,
                    k == 0 ? "to_dlpack: the array is read-only (a broadcast view: axis 0 has stride 0 and extent 2) and DLPack 0.6"
                           : "to_dlpack: the array is read-only (a broadcast view: axis 1 has stride 0 and extent 3)");
    nd_release(pair[k]);
  }
  nd_array *one = nd_wrap(ND_FLOAT64, ND_SHAPE(1, 3), (const int64_t[]){0, 1}, nd_data(w), NULL, NULL);
  assert_true(nd_is_writeable(one));
  DLManagedTensor *t1 = nd_to_dlpack(one);
  assert_non_null(t1);
  t1->deleter(t1);
  nd_release(one);
  nd_release(col);
  nd_release(w);
  nd_release(c);
  nd_release(b);
  nd_release(a);
}

/* Read-only arrays (marked, broadcast views) go out without a copy through
 * nd_to_dlpack_readonly, stride-0 axes included; the tensor keeps the memory alive. */
static void test_export_readonly(void **state) {
  (void)state;
  nd_array *a = th_make(ND_COMPLEX64, 2, (const int64_t[]){3, 4}, TH_NEGATIVE, 5);
  nd_array *want = nd_copy(a, ND_C);
  assert_int_equal(nd_set_writeable(a, false), ND_OK);
  nd_array *row = nd_index(a, "0:1, :");
  nd_array *b = nd_broadcast_to(row, ND_SHAPE(2, 3, 4)); /* strides {0, 0, s} */
  nd_array *wrow = nd_index(want, "0:1, :");
  nd_array *bwant = nd_broadcast_to(wrow, ND_SHAPE(2, 3, 4));
  nd_array *cases[] = {a, b}, *wants[] = {want, bwant};
  for (int k = 0; k < 2; k++) {
    nd_array *x = cases[k];
    DLManagedTensor *t = nd_to_dlpack_readonly(x);
    if (!t) fail_msg("%s", nd_last_error());
    assert_ptr_equal(t->dl_tensor.data, nd_data(x));
    assert_int_equal(t->dl_tensor.ndim, nd_ndim(x));
    for (int i = 0; i < nd_ndim(x); i++) {
      assert_int_equal(t->dl_tensor.shape[i], nd_shape(x)[i]);
      assert_int_equal(t->dl_tensor.strides[i], nd_strides(x)[i]);
    }
    assert_int_equal(t->dl_tensor.dtype.code, kDLComplex);
    nd_array *back = nd_from_dlpack(t); /* nd reads it back (writeable: the flag is the caller's) */
    if (!back) fail_msg("%s", nd_last_error());
    assert_ptr_equal(nd_data(back), nd_data(x));
    th_assert_same_values(back, wants[k]);
    nd_release(back);
  }
  /* the tensor outlives every array over the memory */
  DLManagedTensor *t = nd_to_dlpack_readonly(b);
  nd_release(b);
  nd_release(row);
  nd_release(a);
  nd_array *back = nd_from_dlpack(t);
  assert_non_null(back);
  th_assert_same_values(back, bwant);
  nd_release(back);
  TH_EXPECT_ERROR(nd_to_dlpack_readonly(NULL), ND_ERR_NULL, "to_dlpack_readonly: argument a is NULL");
  nd_array *c = nd_zeros(ND_INT8, ND_SHAPE(2), ND_C);
  nd_clear_error();
  ndi_alloc_fail_after(0);
  assert_null(nd_to_dlpack_readonly(c));
  ndi_alloc_fail_after(-1);
  th_assert_error(ND_ERR_NOMEM, "to_dlpack_readonly");
  nd_release(c);
  nd_release(bwant);
  nd_release(wrow);
  nd_release(want);
}

static void test_allocation_failures(void **state) {
  (void)state;
  nd_array *a = th_make(ND_INT32, 2, (const int64_t[]){3, 4}, TH_C, 1);
  for (long k = 0; k < 1; k++) {
    nd_clear_error();
    ndi_alloc_fail_after(k);
    assert_null(nd_to_dlpack(a));
    ndi_alloc_fail_after(-1);
    th_assert_error(ND_ERR_NOMEM, "to_dlpack");
  }
  DLManagedTensor *t = nd_to_dlpack(a);
  ndi_alloc_fail_after(-1);
  nd_release(nd_from_dlpack(t));
  long n = ndi_alloc_fail_after(-1);
  assert_true(n > 0);
  t = nd_to_dlpack(a);
  for (long k = 0; k < n; k++) {
    nd_clear_error();
    ndi_alloc_fail_after(k);
    assert_null(nd_from_dlpack(t));
    ndi_alloc_fail_after(-1);
    th_assert_error(ND_ERR_NOMEM, "from_dlpack");
  }
  t->deleter(t); /* never consumed */
  nd_release(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_export_every_dtype_and_layout),
      cmocka_unit_test(test_roundtrip_shares_memory),
      cmocka_unit_test(test_import_foreign_tensor),
      cmocka_unit_test(test_import_dtypes),
      cmocka_unit_test(test_import_refusals),
      cmocka_unit_test(test_export_refusals),
      cmocka_unit_test(test_export_readonly),
      cmocka_unit_test(test_allocation_failures),
  };
  return TH_RUN(tests);
}
