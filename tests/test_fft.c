/* libnd_fft's transforms: every function against a long double reference (a direct
 * O(n^2) DFT for sizes 1 to 64, primes and composites; a mixed-radix one for the split
 * lengths), on every layout and dtype; n (cut and pad), axes, norms; 0-d and size 0;
 * round trips and Parseval; _out forms in place and overlapping; frequencies and shifts;
 * errors. Plans, threads and wisdom: test_fft_plans.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fft_check.h"

static void test_sizes_against_dft(void **state) {
  (void)state;
  nd_fft_set_planner(ND_FFT_ESTIMATE); /* the default (AUTO's measured plans: test_long_lengths) */
  int64_t extra[] = {97, 101, 127, 210, 243, 360, 509, 1000, 1009, 1024};
  for (int i = 0; i < 64 + 10; i++) {
    int64_t n = i < 64 ? i + 1 : extra[i - 64];
    nd_array *x = random_1d(ND_COMPLEX128, n, (unsigned)n);
    nd_array *r = random_1d(ND_FLOAT64, n, (unsigned)n + 7);
    check1(F_FFT, x, 0, 0, ND_FFT_BACKWARD, "size");
    check1(F_IFFT, x, 0, 0, ND_FFT_BACKWARD, "size");
    check1(F_RFFT, r, 0, 0, ND_FFT_BACKWARD, "size");
    if (n >= 2) {
      check1(F_IRFFT, x, 0, 0, ND_FFT_BACKWARD, "size");
      check1(F_HFFT, x, 0, 0, ND_FFT_BACKWARD, "size");
    }
    check1(F_IRFFT, x, 2 * n - 1, 0, ND_FFT_BACKWARD, "odd size");
    check1(F_IHFFT, r, 0, 0, ND_FFT_BACKWARD, "size");
    nd_array *x32 = nd_astype(x, ND_COMPLEX64), *r32 = nd_astype(r, ND_FLOAT32);
    check1(F_FFT, x32, 0, 0, ND_FFT_BACKWARD, "size");
    check1(F_RFFT, r32, 0, 0, ND_FFT_BACKWARD, "size");
    nd_release(x32);
    nd_release(r32);
    nd_release(x);
    nd_release(r);
  }
}

/* Lengths long enough to be split into two passes (split.c), and one that is not
 * (a large prime factor), against the long double mixed-radix reference; with AUTO's
 * plans, measured on their second use. */
static void test_long_lengths(void **state) {
  (void)state;
  nd_fft_set_planner(ND_FFT_AUTO);
  int64_t sizes[] = {131072, 5 * 7 * 4096, 11 * 17 * 19 * 23};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    int64_t n = sizes[i];
    nd_array *x = random_1d(ND_COMPLEX128, n, 11);
    check1(F_FFT, x, 0, -1, ND_FFT_BACKWARD, "long");
    check1(F_IFFT, x, 0, -1, ND_FFT_ORTHO, "long");
    nd_array *x32 = nd_astype(x, ND_COMPLEX64);
    check1(F_FFT, x32, 0, -1, ND_FFT_FORWARD, "long");
    nd_release(x32);
    nd_release(x);
  }
  /* cut, padded and converted input of a split length, and a strided batch of them */
  nd_array *r = random_1d(ND_FLOAT64, 140000, 3);
  check1(F_FFT, r, 131072, -1, ND_FFT_BACKWARD, "long cut");
  nd_array *s = random_1d(ND_COMPLEX128, 100000, 4);
  check1(F_FFT, s, 131072, -1, ND_FFT_BACKWARD, "long padded");
  nd_array *b = th_make(ND_COMPLEX64, ND_SHAPE(2, 131072), TH_TRANSPOSED, 5);
  check1(F_IFFT, b, 0, 1, ND_FFT_BACKWARD, "long batch");
  nd_release(b);
  nd_release(r);
  nd_release(s);
  /* real transforms of even length through a split complex one of half the length */
  nd_array *h = random_1d(ND_FLOAT64, 262144, 6), *hc = random_1d(ND_COMPLEX128, 131073, 7);
  check1(F_RFFT, h, 0, -1, ND_FFT_BACKWARD, "long real");
  check1(F_IHFFT, h, 0, -1, ND_FFT_ORTHO, "long real");
  check1(F_IRFFT, hc, 0, -1, ND_FFT_BACKWARD, "long real");
  check1(F_HFFT, hc, 0, -1, ND_FFT_FORWARD, "long real");
  nd_array *hs = nd_index(h, "::2"), *h32 = nd_astype(hc, ND_COMPLEX64);
  check1(F_RFFT, hs, 3 * 65536, -1, ND_FFT_BACKWARD, "long real strided padded");
  check1(F_IRFFT, h32, 3 * 65536, -1, ND_FFT_BACKWARD, "long real single cut");
  nd_array *hb = th_make(ND_FLOAT32, ND_SHAPE(2, 262144), TH_F, 8);
  check1(F_RFFT, hb, 0, 1, ND_FFT_BACKWARD, "long real batch");
  nd_release(h);
  nd_release(hc);
  nd_release(hs);
  nd_release(h32);
  nd_release(hb);
  nd_fft_set_planner(ND_FFT_ESTIMATE);
}

/* Every one-axis function on every layout, axis, norm, with n cut, default and padded. */
static void test_layouts_axes_norms(void **state) {
  (void)state;
  nd_fft_set_planner(ND_FFT_ESTIMATE);
  const int64_t shape[3] = {5, 6, 4};
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *c = th_make(ND_COMPLEX128, 3, shape, (th_layout)L, 3);
    nd_array *r = th_make(ND_FLOAT64, 3, shape, (th_layout)L, 4);
    for (int f = 0; f < F_COUNT; f++) {
      const nd_array *x = real_input((fn1)f) ? r : c;
      for (int axis = -3; axis < 3; axis++) {
        int64_t m = shape[axis < 0 ? axis + 3 : axis];
        int64_t ns[3] = {0, m - 2 > 0 ? m - 2 : 1, m + 3};
        for (int k = 0; k < 3; k++)
          for (int norm = 0; norm < 3; norm++)
            check1((fn1)f, x, ns[k], axis, (nd_fft_norm)norm, th_layout_names[L]);
      }
    }
    nd_release(c);
    nd_release(r);
  }
  /* bigger arrays: the buffered passes, several units and threads */
  nd_array *big = th_make(ND_COMPLEX128, ND_SHAPE(300, 130), TH_TRANSPOSED, 9);
  check1(F_FFT, big, 0, 0, ND_FFT_BACKWARD, "big transposed");
  check1(F_FFT, big, 0, 1, ND_FFT_BACKWARD, "big transposed");
  check1(F_IFFT, big, 200, 1, ND_FFT_ORTHO, "big transposed");
  nd_array *bigr = th_make(ND_FLOAT32, ND_SHAPE(257, 301), TH_STEPPED, 9);
  check1(F_RFFT, bigr, 0, 0, ND_FFT_BACKWARD, "big stepped");
  check1(F_RFFT, bigr, 0, 1, ND_FFT_BACKWARD, "big stepped");
  check1(F_IHFFT, bigr, 0, 0, ND_FFT_BACKWARD, "big stepped");
  nd_array *bigc = th_make(ND_COMPLEX64, ND_SHAPE(129, 257), TH_NEGATIVE, 9);
  check1(F_IRFFT, bigc, 0, 0, ND_FFT_BACKWARD, "big negative");
  check1(F_HFFT, bigc, 300, 1, ND_FFT_FORWARD, "big negative");
  nd_release(big);
  nd_release(bigr);
  nd_release(bigc);
}

/* Bool and integers promote to float64 (complex128 results), float32 and complex64 stay
 * single precision, float16 and bfloat16 transform in it (NumPy's float16); complex input
 * to rfft and ihfft is an error. */
static void test_dtypes(void **state) {
  (void)state;
  for (int i = 0; i < ND_NUM_DTYPES; i++) {
    nd_dtype t = th_all_dtypes[i];
    nd_array *x = th_make(t, ND_SHAPE(3, 7), TH_C, 2);
    for (int f = 0; f < F_COUNT; f++) {
      if (real_input((fn1)f) && nd_dtype_is_complex(t)) {
        TH_EXPECT_ERROR(call1((fn1)f, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_TYPE,
                        "complex input (");
        continue;
      }
      check1((fn1)f, x, 0, -1, ND_FFT_BACKWARD, "dtype");
    }
    nd_release(x);
  }
}

/* 0-d inputs have no axis; size-0 batches give size-0 results; an empty axis is padded. */
static void test_zero_d_and_empty(void **state) {
  (void)state;
  nd_array *s = nd_full(ND_FLOAT64, 0, NULL, 2.5, ND_C);
  TH_EXPECT_ERROR(nd_fft_fft(s, 0, -1, ND_FFT_BACKWARD), ND_ERR_INDEX_AXIS,
                  "fft: axis -1 is out of bounds for array of dimension 0");
  nd_array *c = nd_fft_fftn(s, -1, NULL, -1, NULL, ND_FFT_BACKWARD); /* no axes: a copy */
  assert_non_null(c);
  assert_int_equal(nd_dtype_of(c), ND_COMPLEX128);
  assert_int_equal(nd_ndim(c), 0);
  double re, im;
  assert_int_equal(nd_get_complex(c, NULL, &re, &im), ND_OK);
  assert_true(re == 2.5 && im == 0);
  nd_release(c);
  nd_array *sh = nd_fft_fftshift(s, -1, NULL);
  assert_non_null(sh);
  nd_release(sh);
  nd_release(s);

  nd_array *e = nd_zeros(ND_COMPLEX128, ND_SHAPE(0, 4), ND_C);
  nd_array *r = nd_fft_fft(e, 0, -1, ND_FFT_BACKWARD);
  assert_non_null(r);
  th_assert_shape(r, 2, (int64_t[]){0, 4});
  nd_release(r);
  r = nd_fft_irfft(e, 0, 1, ND_FFT_BACKWARD);
  th_assert_shape(r, 2, (int64_t[]){0, 6});
  nd_release(r);
  TH_EXPECT_ERROR(nd_fft_fft(e, 0, 0, ND_FFT_BACKWARD), ND_ERR_VALUE,
                  "fft: invalid number of data points (0) along axis 0");
  check1(F_FFT, e, 3, 0, ND_FFT_BACKWARD, "empty axis padded");
  nd_array *er = nd_zeros(ND_FLOAT32, ND_SHAPE(0, 4), ND_C);
  check1(F_RFFT, er, 5, 0, ND_FFT_BACKWARD, "empty axis padded");
  nd_release(er);
  nd_release(e);
}

static void test_nd_transforms(void **state) {
  (void)state;
  const int64_t shape[3] = {4, 5, 6};
  int all_axes[3] = {0, 1, 2}, two[2] = {-1, 0}, one[1] = {1}, rev[3] = {2, 0, 1};
  int64_t s_cut[3] = {3, 0, 8}, s2[2] = {7, 3}, s1[1] = {2};
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *c = th_make(ND_COMPLEX128, 3, shape, (th_layout)L, 5);
    nd_array *r = th_make(ND_FLOAT64, 3, shape, (th_layout)L, 6);
    for (int f = 0; f < 4; f++) {
      const nd_array *x = f == N_RFFTN ? r : c;
      for (int norm = 0; norm < 3; norm++) {
        checkn((fnn)f, x, -1, NULL, -1, NULL, (nd_fft_norm)norm, th_layout_names[L]);
        checkn((fnn)f, x, 3, rev, 3, s_cut, (nd_fft_norm)norm, th_layout_names[L]);
      }
      checkn((fnn)f, x, 3, all_axes, -1, NULL, ND_FFT_BACKWARD, th_layout_names[L]);
      checkn((fnn)f, x, 2, two, 2, s2, ND_FFT_ORTHO, th_layout_names[L]);
      checkn((fnn)f, x, 1, one, 1, s1, ND_FFT_FORWARD, th_layout_names[L]);
      checkn((fnn)f, x, 1, one, -1, NULL, ND_FFT_BACKWARD, th_layout_names[L]);
    }
    nd_release(c);
    nd_release(r);
  }
  /* no axes: a complex copy (fftn, ifftn); single precision; integers */
  nd_array *i = th_make(ND_INT16, ND_SHAPE(3, 4), TH_F, 1);
  nd_array *cp = nd_fft_fftn(i, 0, NULL, -1, NULL, ND_FFT_BACKWARD);
  assert_int_equal(nd_dtype_of(cp), ND_COMPLEX128);
  th_assert_same_values(cp, i);
  nd_release(cp);
  checkn(N_FFTN, i, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "int16");
  nd_release(i);
  nd_array *f32 = th_make(ND_FLOAT32, ND_SHAPE(6, 10), TH_TRANSPOSED, 1);
  checkn(N_RFFTN, f32, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "float32");
  checkn(N_IRFFTN, f32, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "float32");
  nd_release(f32);
  /* a big 2-D transform: rows direct, columns through the buffers */
  nd_array *big = th_make(ND_COMPLEX128, ND_SHAPE(96, 160), TH_C, 2);
  checkn(N_FFTN, big, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "96x160");
  checkn(N_IRFFTN, big, -1, NULL, -1, NULL, ND_FFT_BACKWARD, "96x160");
  nd_release(big);
}

static void test_round_trips_parseval(void **state) {
  (void)state;
  nd_array *x = th_make(ND_COMPLEX128, ND_SHAPE(6, 35), TH_STEPPED, 3);
  nd_array *r = th_make(ND_FLOAT64, ND_SHAPE(6, 35), TH_NEGATIVE, 4);
  for (int norm = 0; norm < 3; norm++) {
    nd_array *X = nd_fft_fft(x, 0, -1, (nd_fft_norm)norm), *y = nd_fft_ifft(X, 0, -1, (nd_fft_norm)norm);
    assert_true(max_abs_diff(x, y) < 1e-12);
    nd_release(X);
    nd_release(y);
    X = nd_fft_rfft(r, 0, 0, (nd_fft_norm)norm);
    y = nd_fft_irfft(X, 6, 0, (nd_fft_norm)norm);
    assert_true(max_abs_diff(r, y) < 1e-12);
    nd_release(X);
    nd_release(y);
    X = nd_fft_ihfft(r, 0, 1, (nd_fft_norm)norm);
    y = nd_fft_hfft(X, 35, 1, (nd_fft_norm)norm);
    assert_true(max_abs_diff(r, y) < 1e-12);
    nd_release(X);
    nd_release(y);
    X = nd_fft_fftn(x, -1, NULL, -1, NULL, (nd_fft_norm)norm);
    y = nd_fft_ifftn(X, -1, NULL, -1, NULL, (nd_fft_norm)norm);
    assert_true(max_abs_diff(x, y) < 1e-12);
    nd_release(X);
    nd_release(y);
    X = nd_fft_rfftn(r, -1, NULL, -1, NULL, (nd_fft_norm)norm);
    y = nd_fft_irfftn(X, -1, NULL, 2, (int64_t[]){6, 35}, (nd_fft_norm)norm);
    assert_true(max_abs_diff(r, y) < 1e-12);
    nd_release(X);
    nd_release(y);
  }
  /* Parseval: sum |x|^2 = sum |X|^2 / n; with ortho, equal */
  nd_array *X = nd_fft_fft(x, 0, -1, ND_FFT_ORTHO);
  nd_array *ax = nd_abs(x), *aX = nd_abs(X);
  nd_array *px = nd_vecdot(ax, ax, -1), *pX = nd_vecdot(aX, aX, -1);
  assert_true(max_abs_diff(px, pX) < 1e-11);
  nd_release(X);
  nd_release(ax);
  nd_release(aX);
  nd_release(px);
  nd_release(pX);
  nd_release(x);
  nd_release(r);
}

static void test_out_forms(void **state) {
  (void)state;
  nd_array *x = th_make(ND_COMPLEX128, ND_SHAPE(8, 9), TH_C, 3);
  nd_array *want = nd_fft_fft(x, 0, 0, ND_FFT_BACKWARD);
  /* strided out: every other column of a wider array */
  nd_array *wide = nd_zeros(ND_COMPLEX128, ND_SHAPE(8, 18), ND_C);
  nd_array *out = nd_index(wide, ":, ::2");
  assert_int_equal(nd_fft_fft_out(out, x, 0, 0, ND_FFT_BACKWARD), ND_OK);
  th_assert_same_values(out, want);
  /* in place: out is x */
  nd_array *y = nd_copy(x, ND_F);
  assert_int_equal(nd_fft_fft_out(y, y, 0, 0, ND_FFT_BACKWARD), ND_OK);
  assert_true(max_abs_diff(y, want) < 1e-12);
  /* overlapping: out is x shifted by one row (the result is as if x were copied first) */
  nd_array *buf = nd_zeros(ND_COMPLEX128, ND_SHAPE(9, 9), ND_C);
  nd_array *top = nd_index(buf, ":8"), *bottom = nd_index(buf, "1:");
  assert_int_equal(nd_assign(top, x), ND_OK);
  assert_int_equal(nd_fft_fft_out(bottom, top, 0, 0, ND_FFT_BACKWARD), ND_OK);
  assert_true(max_abs_diff(bottom, want) < 1e-12);
  /* n-d in place, and the real transforms */
  nd_array *wn = nd_fft_fftn(x, -1, NULL, -1, NULL, ND_FFT_ORTHO);
  assert_int_equal(nd_fft_fftn_out(y, x, -1, NULL, -1, NULL, ND_FFT_ORTHO), ND_OK);
  assert_true(max_abs_diff(y, wn) < 1e-12);
  nd_array *r = th_make(ND_FLOAT64, ND_SHAPE(8, 9), TH_F, 4);
  nd_array *rw = nd_fft_rfftn(r, -1, NULL, -1, NULL, ND_FFT_BACKWARD);
  nd_array *ro = nd_empty(ND_COMPLEX128, ND_SHAPE(8, 5), ND_F);
  assert_int_equal(nd_fft_rfftn_out(ro, r, -1, NULL, -1, NULL, ND_FFT_BACKWARD), ND_OK);
  assert_true(max_abs_diff(ro, rw) < 1e-12);
  nd_array *back = nd_empty(ND_FLOAT64, ND_SHAPE(8, 9), ND_C);
  assert_int_equal(nd_fft_irfftn_out(back, ro, -1, NULL, 2, (int64_t[]){8, 9}, ND_FFT_BACKWARD), ND_OK);
  assert_true(max_abs_diff(back, r) < 1e-12);
  assert_int_equal(nd_fft_ifftn_out(y, wn, -1, NULL, -1, NULL, ND_FFT_ORTHO), ND_OK);
  assert_true(max_abs_diff(y, x) < 1e-12);
  /* wrong outs */
  nd_array *small = nd_empty(ND_COMPLEX128, ND_SHAPE(8, 8), ND_C);
  TH_EXPECT_ERROR(nd_fft_fft_out(small, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_SHAPE,
                  "fft: out has shape [8,8], expected [8,9]");
  nd_array *c64 = nd_empty(ND_COMPLEX64, ND_SHAPE(8, 9), ND_C);
  TH_EXPECT_ERROR(nd_fft_fft_out(c64, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_TYPE,
                  "fft: out has dtype complex64, expected complex128");
  TH_EXPECT_ERROR(nd_fft_irfft_out(c64, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_SHAPE,
                  "irfft: out has shape [8,9], expected [8,16]");
  nd_array *one = nd_zeros(ND_COMPLEX128, ND_SHAPE(1, 9), ND_C);
  nd_array *bc = nd_broadcast_to(one, 2, (int64_t[]){8, 9});
  TH_EXPECT_ERROR(nd_fft_fft_out(bc, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_READONLY, "fft: destination array is read-only");
  TH_EXPECT_ERROR(nd_fft_fft_out(NULL, x, 0, -1, ND_FFT_BACKWARD), ND_ERR_NULL, "fft: argument out is NULL");
  nd_array *arr[] = {x, want, wide, out, y, buf, top, bottom, wn, r, rw, ro, back, small, c64, one, bc};
  for (size_t i = 0; i < sizeof arr / sizeof arr[0]; i++) nd_release(arr[i]);
}

/* ---- frequencies and shifts ------------------------------------------------------------------ */

static void test_freq_shift(void **state) {
  (void)state;
  for (int64_t n = 1; n <= 9; n++) {
    nd_array *f = nd_fft_fftfreq(n, 0.5, ND_FLOAT64), *rf = nd_fft_rfftfreq(n, 0.5, ND_FLOAT32);
    assert_int_equal(nd_size(f), n);
    assert_int_equal(nd_size(rf), n / 2 + 1);
    assert_int_equal(nd_dtype_of(rf), ND_FLOAT32);
    for (int64_t i = 0; i < n; i++) {
      double v, want = (double)(i < (n - 1) / 2 + 1 ? i : i - n) / (n * 0.5);
      nd_get_double(f, &i, &v);
      assert_true(v == want);
      if (i <= n / 2) {
        nd_get_double(rf, &i, &v);
        assert_true(v == (float)((double)i / (n * 0.5)));
      }
    }
    nd_release(f);
    nd_release(rf);
  }
  TH_EXPECT_ERROR(nd_fft_fftfreq(0, 1, ND_FLOAT64), ND_ERR_VALUE, "fftfreq: n must be positive (got 0)");
  /* a failure of the allocation inside keeps its whole message and its class behind
   * fftfreq's name */
  TH_EXPECT_ERROR(nd_fft_fftfreq(INT64_C(1) << 62, 1, ND_FLOAT64), ND_ERR_OVERFLOW_SIZE,
                  "fftfreq: empty: shape [4611686018427387904] of float64 is too large");
  TH_EXPECT_ERROR(nd_fft_rfftfreq(4, 0, ND_FLOAT64), ND_ERR_VALUE, "rfftfreq: d must be nonzero");
  TH_EXPECT_ERROR(nd_fft_fftfreq(4, 1, ND_INT64), ND_ERR_TYPE, "fftfreq: dtype int64 is not a real floating");

  /* shifts: odd and even lengths, every layout, some axes, a repeated axis (twice) */
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *x = th_make(ND_INT32, ND_SHAPE(4, 5), (th_layout)L, 2);
    nd_array *s = nd_fft_fftshift(x, -1, NULL), *b = nd_fft_ifftshift(s, -1, NULL);
    th_assert_same_values(b, x);
    int64_t idx[2] = {0, 0};
    do {
      int64_t src[2] = {(idx[0] + 4 - 2) % 4, (idx[1] + 5 - 2) % 5};
      double v, w;
      th_get(s, idx, &v, NULL);
      th_get(x, src, &w, NULL);
      assert_true(v == w);
    } while (th_next(2, nd_shape(x), idx));
    int ax[2] = {1, -1};
    nd_array *twice = nd_fft_fftshift(x, 2, ax), *roll4 = nd_roll(x, 1, (int64_t[]){4}, 1, (int[]){1});
    th_assert_same_values(twice, roll4);
    nd_release(twice);
    nd_release(roll4);
    nd_release(x);
    nd_release(s);
    nd_release(b);
  }
  nd_array *x = nd_zeros(ND_FLOAT64, ND_SHAPE(3), ND_C);
  TH_EXPECT_ERROR(nd_fft_fftshift(x, 1, (int[]){1}), ND_ERR_INDEX_AXIS, "fftshift: axis 1 is out of bounds");
  TH_EXPECT_ERROR(nd_fft_ifftshift(NULL, -1, NULL), ND_ERR_NULL, "ifftshift: argument x is NULL");
  nd_release(x);
}

/* ---- errors --------------------------------------------------------------------------------- */

/* nd/axis.h's rule: naxes ND_ALL_AXES is every axis listed, 0 none (a copy), below -1
 * an error; on every layout. */
static void test_axes_rule(void **state) {
  (void)state;
  const int64_t shape[3] = {3, 1, 4};
  int every[3] = {0, 1, 2}, dummy = 0;
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *x = th_make(ND_COMPLEX128, 3, shape, (th_layout)L, 9);
    nd_array *all = nd_fft_fftn(x, ND_ALL_AXES, NULL, -1, NULL, ND_FFT_BACKWARD);
    nd_array *listed = nd_fft_fftn(x, 3, every, -1, NULL, ND_FFT_BACKWARD);
    th_assert_same_values(all, listed);
    nd_release(listed);
    nd_release(all);
    nd_array *none = nd_fft_ifftn(x, 0, &dummy, -1, NULL, ND_FFT_ORTHO);
    th_assert_same_values(none, x);
    nd_release(none);
    for (int inverse = 0; inverse < 2; inverse++) {
      nd_array *(*shift)(const nd_array *, int, const int *) =
          inverse ? nd_fft_ifftshift : nd_fft_fftshift;
      all = shift(x, ND_ALL_AXES, NULL);
      listed = shift(x, 3, every);
      th_assert_same_values(all, listed);
      nd_release(listed);
      nd_release(all);
      none = shift(x, 0, &dummy);
      th_assert_same_values(none, x);
      nd_release(none);
      none = shift(x, 0, NULL);
      th_assert_same_values(none, x);
      nd_release(none);
    }
    nd_release(x);
  }
  nd_array *x = nd_zeros(ND_FLOAT64, ND_SHAPE(2, 2), ND_C);
  TH_EXPECT_ERROR(nd_fft_fftn(x, -2, NULL, -1, NULL, ND_FFT_BACKWARD), ND_ERR_VALUE,
                  "fftn: invalid naxes -2 (-1: all axes)");
  TH_EXPECT_ERROR(nd_fft_fftshift(x, -2, NULL), ND_ERR_VALUE,
                  "fftshift: invalid naxes -2 (-1: all axes)");
  nd_release(x);
}

static void test_errors(void **state) {
  (void)state;
  nd_array *x = th_make(ND_COMPLEX128, ND_SHAPE(3, 4), TH_C, 1);
  TH_EXPECT_ERROR(nd_fft_fft(NULL, 0, -1, ND_FFT_BACKWARD), ND_ERR_NULL, "fft: argument x is NULL");
  /* a NULL argument keeps an earlier error */
  nd_clear_error();
  nd_fft_fft(x, 0, 5, ND_FFT_BACKWARD);
  nd_fft_ifft(NULL, 0, -1, ND_FFT_BACKWARD);
  th_assert_error(ND_ERR_INDEX_AXIS, "fft: axis 5 is out of bounds for array of dimension 2");
  nd_clear_error();
  TH_EXPECT_ERROR(nd_fft_fft(x, 0, -1, (nd_fft_norm)7), ND_ERR_VALUE, "fft: invalid norm 7");
  TH_EXPECT_ERROR(nd_fft_irfft(x, 0, -3, ND_FFT_BACKWARD), ND_ERR_INDEX_AXIS, "irfft: axis -3 is out of bounds");
  TH_EXPECT_ERROR(nd_fft_rfft(x, 0, -1, ND_FFT_BACKWARD), ND_ERR_TYPE,
                  "rfft: complex input (complex128) is not accepted; use fft");
  TH_EXPECT_ERROR(nd_fft_ihfft(x, 0, -1, ND_FFT_BACKWARD), ND_ERR_TYPE, "ihfft: complex input");
  nd_array *one = nd_zeros(ND_COMPLEX128, ND_SHAPE(4, 1), ND_C);
  TH_EXPECT_ERROR(nd_fft_irfft(one, 0, -1, ND_FFT_BACKWARD), ND_ERR_VALUE,
                  "irfft: invalid number of data points (0) along axis 1");
  TH_EXPECT_ERROR(nd_fft_hfft(one, -5, -1, ND_FFT_BACKWARD), ND_ERR_VALUE, "hfft: invalid number of data points (0)");
  int rep[2] = {1, -1}, bad[2] = {0, 2}, ok2[2] = {0, 1};
  int64_t s1[1] = {4}, s0[2] = {3, 0};
  TH_EXPECT_ERROR(nd_fft_fftn(x, 2, rep, -1, NULL, ND_FFT_BACKWARD), ND_ERR_INDEX_AXIS, "fftn: repeated axis -1 in axes");
  TH_EXPECT_ERROR(nd_fft_rfftn(one, 2, rep, -1, NULL, ND_FFT_BACKWARD), ND_ERR_TYPE, "rfftn: complex input");
  TH_EXPECT_ERROR(nd_fft_irfftn(x, 2, rep, -1, NULL, ND_FFT_BACKWARD), ND_ERR_INDEX_AXIS, "irfftn: repeated axis");
  TH_EXPECT_ERROR(nd_fft_ifftn(x, 3, (int[]){0, 1, 0}, -1, NULL, ND_FFT_BACKWARD), ND_ERR_INDEX_AXIS, "ifftn: repeated axis 0");
  TH_EXPECT_ERROR(nd_fft_fftn(x, 2, bad, -1, NULL, ND_FFT_BACKWARD), ND_ERR_INDEX_AXIS,
                  "fftn: axis 2 is out of bounds for array of dimension 2");
  TH_EXPECT_ERROR(nd_fft_fftn(x, 2, ok2, 1, s1, ND_FFT_BACKWARD), ND_ERR_VALUE, "fftn: s has 1 entries but axes has 2");
  TH_EXPECT_ERROR(nd_fft_fftn(x, -1, NULL, 1, s1, ND_FFT_BACKWARD), ND_ERR_VALUE, "fftn: s has 1 entries but axes has 2");
  TH_EXPECT_ERROR(nd_fft_fftn(x, -2, ok2, -1, NULL, ND_FFT_BACKWARD), ND_ERR_VALUE, "fftn: invalid naxes -2");
  TH_EXPECT_ERROR(nd_fft_irfftn(x, 2, ok2, -2, s1, ND_FFT_BACKWARD), ND_ERR_VALUE, "irfftn: invalid ns -2 (-1: no s)");
  TH_EXPECT_ERROR(nd_fft_fftn(x, 2, NULL, -1, NULL, ND_FFT_BACKWARD), ND_ERR_NULL, "fftn: argument axes is NULL");
  TH_EXPECT_ERROR(nd_fft_fftn(x, 2, ok2, 2, NULL, ND_FFT_BACKWARD), ND_ERR_NULL, "fftn: argument s is NULL");
  nd_array *r = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 4), ND_C);
  TH_EXPECT_ERROR(nd_fft_rfftn(r, 0, NULL, -1, NULL, ND_FFT_BACKWARD), ND_ERR_VALUE, "rfftn: no axes to transform");
  /* s[i] <= 0 is NumPy 2's -1, the axis length, also for irfftn's last axis (NumPy gives
   * irfftn(x, s=(3, -1)).shape == (3, 4)); only no s at all gives 2*(4-1) there */
  nd_array *d = nd_fft_irfftn(r, 2, ok2, 2, s0, ND_FFT_BACKWARD);
  th_assert_shape(d, 2, (int64_t[]){3, 4});
  nd_release(d);
  d = nd_fft_irfftn(r, 2, ok2, -1, NULL, ND_FFT_BACKWARD);
  th_assert_shape(d, 2, (int64_t[]){3, 6});
  nd_release(d);
  d = nd_fft_irfftn(r, 1, (int[]){0}, 1, (int64_t[]){-1}, ND_FFT_BACKWARD);
  th_assert_shape(d, 2, (int64_t[]){3, 4});
  nd_release(d);
  /* irfft's n <= 0 stays n=None: 2*(m-1) */
  d = nd_fft_irfft(r, -1, -1, ND_FFT_BACKWARD);
  th_assert_shape(d, 2, (int64_t[]){3, 6});
  nd_release(d);
  nd_array *r1 = nd_zeros(ND_COMPLEX128, ND_SHAPE(2, 1), ND_C);
  d = nd_fft_irfftn(r1, 1, (int[]){1}, 1, (int64_t[]){0}, ND_FFT_BACKWARD); /* length 1, not 0 */
  th_assert_shape(d, 2, (int64_t[]){2, 1});
  nd_release(d);
  TH_EXPECT_ERROR(nd_fft_irfftn(r1, 1, (int[]){1}, -1, NULL, ND_FFT_BACKWARD), ND_ERR_VALUE,
                  "irfftn: invalid number of data points (0) along axis 1");
  nd_release(r1);
  nd_array *e = nd_zeros(ND_FLOAT64, ND_SHAPE(3, 0), ND_C);
  TH_EXPECT_ERROR(nd_fft_rfftn(e, -1, NULL, -1, NULL, ND_FFT_BACKWARD), ND_ERR_VALUE,
                  "rfftn: invalid number of data points (0) along axis 1");
  nd_release(e);
  nd_release(r);
  nd_release(one);
  nd_release(x);
}

/* test_fft [PATTERN]: only the tests whose names match (cmocka's filter). */
int main(int argc, char **argv) {
  if (argc > 1) cmocka_set_test_filter(argv[1]);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sizes_against_dft),
      cmocka_unit_test(test_long_lengths),
      cmocka_unit_test(test_layouts_axes_norms),
      cmocka_unit_test(test_dtypes),
      cmocka_unit_test(test_zero_d_and_empty),
      cmocka_unit_test(test_nd_transforms),
      cmocka_unit_test(test_round_trips_parseval),
      cmocka_unit_test(test_out_forms),
      cmocka_unit_test(test_freq_shift),
      cmocka_unit_test(test_axes_rule),
      cmocka_unit_test(test_errors),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  nd_fft_forget_wisdom(); /* frees the cached plans (for the leak checker) */
  return rc;
}
