/* Read-only arrays: every writing function (nd_assign, nd_fill, nd_fill_scalar,
 * nd_set_double, DLPack export) refuses arrays that are not writeable, and every view of
 * a read-only array is read-only, whatever made it read-only: nd_set_writeable(a, false),
 * a broadcast view, or a memory-mapped file. Copies are ordinary writeable arrays. */
#include <string.h>

#include "helpers.h"

typedef enum { RO_FLAG, RO_BROADCAST, RO_MMAP, RO_NUM } ro_kind;
static const char *const ro_names[RO_NUM] = {"set_writeable(false)", "broadcast_to", "mmap"};

/* A read-only complex128 array of shape [2,3,4] made the given way. */
static nd_array *make_readonly(ro_kind k) {
  const int64_t sh[] = {2, 3, 4};
  nd_array *a = NULL;
  if (k == RO_FLAG) {
    a = th_make(ND_COMPLEX128, 3, sh, TH_C, 1);
    assert_int_equal(nd_set_writeable(a, false), ND_OK);
  } else if (k == RO_BROADCAST) {
    a = th_make(ND_COMPLEX128, 3, sh, TH_BROADCAST, 1);
  } else {
    nd_array *src = th_make(ND_COMPLEX128, 3, sh, TH_F, 1);
    assert_int_equal(nd_save_npy(th_path(th_dir, "ro.npy"), src), ND_OK);
    nd_release(src);
    a = nd_load_npy_mmap(th_path(th_dir, "ro.npy"));
  }
  assert_non_null(a);
  assert_false(nd_is_writeable(a));
  return a;
}

/* Every writing function fails with ND_ERR_READONLY and leaves the values as they were. */
static void check_refuses_writes(nd_array *v, const char *what, int i) {
  if (nd_is_writeable(v)) fail_msg("%s, view %d: writeable", what, i);
  nd_array *before = nd_copy(v, ND_C);
  nd_array *src = nd_ones_like(v, ND_C);
  TH_EXPECT_ERROR(nd_assign(v, src), ND_ERR_READONLY, "assign: destination");
  TH_EXPECT_ERROR(nd_fill(v, 3.0), ND_ERR_READONLY, "fill: destination");
  TH_EXPECT_ERROR(nd_fill_scalar(v, ND_COMPLEX(1, 2)), ND_ERR_READONLY, "fill_scalar: destination");
  if (nd_size(v) > 0) {
    int64_t zero[ND_MAX_DIMS] = {0};
    TH_EXPECT_ERROR(nd_set_double(v, zero, 5.0), ND_ERR_READONLY, "set_double: array is read-only");
  }
  TH_EXPECT_ERROR(nd_to_dlpack(v), ND_ERR_READONLY, "to_dlpack: the array is read-only");
  th_assert_same_values(v, before);
  nd_release(src);
  nd_release(before);
}

static void test_writes_refused_through_every_view(void **state) {
  (void)state;
  for (int k = 0; k < RO_NUM; k++) {
    nd_scope_begin();
    nd_array *a = make_readonly((ro_kind)k);
    check_refuses_writes(a, ro_names[k], -1);
    /* A contiguous part (the mmap'd array is F-ordered): these views need no copy. */
    nd_order ro = k == RO_MMAP ? ND_F : ND_C;
    nd_array *run = nd_index(a, k == RO_MMAP ? ":, :, 0" : "0");
    assert_true(nd_is_contiguous(run, ro));
    nd_array *views[] = {
        nd_index(a, "1, ::-1"),
        nd_transpose(a),
        nd_permute(a, 3, (const int[]){1, 2, 0}),
        nd_swapaxes(a, 0, 2),
        nd_moveaxis(a, 0, -1),
        nd_matrix_transpose(a),
        nd_expand_dims(a, 1),
        nd_squeeze(nd_index(a, ":1"), 0, NULL),
        nd_flip(a, ND_ALL_AXES, NULL),
        nd_diagonal(a, 0, 1, 2),
        nd_real(a),
        nd_imag(a),
        nd_broadcast_to(a, ND_SHAPE(5, 2, 3, 4)),
        nd_ascontiguous(run, ro),
        nd_reshape(run, ND_SHAPE(-1), ro),
        nd_reshape_view(run, ND_SHAPE(2, -1), ro),
        nd_ravel(run, ro),
        nd_index(a, "..., 5:"), /* size 0 */
    };
    for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
      if (!views[i]) fail_msg("%s view %zu: %s", ro_names[k], i, nd_last_error());
      check_refuses_writes(views[i], ro_names[k], (int)i);
    }
    /* Copies are writeable. */
    nd_array *copies[] = {nd_copy(a, ND_K), nd_astype(a, ND_COMPLEX64), nd_flatten(a, ND_F),
                          nd_reshape(nd_index(a, "::-1"), ND_SHAPE(24), ND_C)};
    for (size_t i = 0; i < sizeof copies / sizeof copies[0]; i++) {
      assert_true(nd_is_writeable(copies[i]));
      assert_int_equal(nd_fill(copies[i], 1.0), ND_OK);
    }
    nd_scope_end();
  }
}

/* The header flag can be turned back on, except over read-only memory; views made while
 * an array was read-only stay read-only. */
static void test_set_writeable(void **state) {
  (void)state;
  nd_array *a = make_readonly(RO_FLAG);
  nd_array *v = nd_index(a, "0");
  assert_int_equal(nd_set_writeable(a, true), ND_OK);
  assert_int_equal(nd_fill(a, 2.0), ND_OK);
  assert_false(nd_is_writeable(v));
  TH_EXPECT_ERROR(nd_fill(v, 1.0), ND_ERR_READONLY, "read-only");
  nd_array *m = make_readonly(RO_MMAP);
  nd_array *mv = nd_index(m, "0");
  TH_EXPECT_ERROR(nd_set_writeable(m, true), ND_ERR_READONLY, "set_writeable: the array's memory is read-only");
  TH_EXPECT_ERROR(nd_set_writeable(mv, true), ND_ERR_READONLY, "read-only");
  TH_EXPECT_ERROR(nd_fill(mv, 1.0), ND_ERR_READONLY, "(its memory is read-only)");
  assert_int_equal(nd_set_writeable(m, false), ND_OK); /* allowed, and changes nothing */
  TH_EXPECT_ERROR(nd_set_writeable(NULL, true), ND_ERR_NULL, "set_writeable");
  /* broadcast views stay read-only, and broadcast_arrays' outputs report so */
  nd_array *x = nd_zeros(ND_FLOAT64, ND_SHAPE(4), ND_C);
  nd_array *bx = nd_broadcast_to(x, ND_SHAPE(3, 4));
  TH_EXPECT_ERROR(nd_set_writeable(bx, true), ND_ERR_READONLY, "set_writeable: a broadcast view stays read-only (axis 0");
  TH_EXPECT_ERROR(nd_set_double(bx, (int64_t[]){1, 1}, 5.0), ND_ERR_READONLY, "set_double");
  nd_array *pair[2];
  nd_array *col = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 1), ND_C);
  assert_int_equal(nd_broadcast_arrays(2, (nd_array *[]){x, col}, pair), ND_OK);
  nd_release(col);
  assert_false(nd_is_writeable(pair[0]));
  TH_EXPECT_ERROR(nd_set_double(pair[1], (int64_t[]){0, 0}, 1.0), ND_ERR_READONLY, "set_double");
  nd_release(pair[0]);
  nd_release(pair[1]);
  nd_release(bx);
  nd_release(x);
  nd_release(mv);
  nd_release(m);
  nd_release(v);
  nd_release(a);
}

/* Reading functions work on read-only arrays. */
static void test_reads_allowed(void **state) {
  (void)state;
  for (int k = 0; k < RO_NUM; k++) {
    nd_array *a = make_readonly((ro_kind)k);
    nd_array *want = th_make(ND_COMPLEX128, 3, (const int64_t[]){2, 3, 4},
                             k == RO_BROADCAST ? TH_BROADCAST : TH_C, 1);
    double _Complex flat[24];
    assert_int_equal(nd_to_data(a, flat, ND_F), ND_OK);
    nd_array *back = nd_from_data(ND_COMPLEX128, ND_SHAPE(2, 3, 4), flat, ND_F);
    th_assert_same_values(back, want);
    assert_int_equal(nd_save_npy(th_path(th_dir, "copy.npy"), a), ND_OK);
    assert_int_equal(nd_tofile(th_path(th_dir, "copy.bin"), a, ND_C), ND_OK);
    nd_array *w = nd_zeros(ND_COMPLEX128, ND_SHAPE(2, 3, 4), ND_C);
    assert_int_equal(nd_assign(w, a), ND_OK); /* a read-only source is fine */
    th_assert_same_values(w, want);
    nd_release(w);
    nd_release(back);
    nd_release(want);
    nd_release(a);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_writes_refused_through_every_view),
      cmocka_unit_test(test_set_writeable),
      cmocka_unit_test(test_reads_allowed),
  };
  return cmocka_run_group_tests(tests, th_dir_setup, th_dir_teardown);
}
