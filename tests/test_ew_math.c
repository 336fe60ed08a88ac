/* Transcendental functions and sqrt: accuracy against a long double reference on float64
 * and float32 for every vector-math instruction set this CPU has (and the scalar code):
 * within 1 ulp, 0.5 for sqrt (the reference's own error is below 2^-11 ulp;
 * tests/accuracy measures against MPFR); the
 * standard's special values (signed zeros, infinities, NaN), every dtype and layout,
 * complex functions, and the real two-argument functions. */
#include <complex.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "ew_check.h"
#include "kernels/vmath.h"

typedef struct {
  const char *name;
  nd_array *(*fn)(const nd_array *);
  nd_status (*out)(nd_array *, const nd_array *);
  long double (*ref)(long double);
  double lo, hi;   /* sampled range */
  bool log_scale;  /* sample magnitudes log-uniformly in [lo, hi] (both > 0), both signs
                      if `signed_` */
  bool signed_;
} math_fn;

static long double r_exp(long double x) { return expl(x); }
static long double r_expm1(long double x) { return expm1l(x); }
static long double r_log(long double x) { return logl(x); }
static long double r_log1p(long double x) { return log1pl(x); }
static long double r_log2(long double x) { return log2l(x); }
static long double r_log10(long double x) { return log10l(x); }
static long double r_sin(long double x) { return sinl(x); }
static long double r_cos(long double x) { return cosl(x); }
static long double r_tan(long double x) { return tanl(x); }
static long double r_asin(long double x) { return asinl(x); }
static long double r_acos(long double x) { return acosl(x); }
static long double r_atan(long double x) { return atanl(x); }
static long double r_sinh(long double x) { return sinhl(x); }
static long double r_cosh(long double x) { return coshl(x); }
static long double r_tanh(long double x) { return tanhl(x); }
static long double r_asinh(long double x) { return asinhl(x); }
static long double r_acosh(long double x) { return acoshl(x); }
static long double r_atanh(long double x) { return atanhl(x); }
static long double r_sqrt(long double x) { return sqrtl(x); }

#define FN(N) #N, nd_##N, nd_##N##_out, r_##N
static const math_fn fns[] = {
    {FN(exp), -745, 709, false, false},       {FN(exp), 1e-12, 1, true, true},
    {FN(exp), -745.1, -708, false, false},
    {FN(expm1), -40, 709, false, false},      {FN(expm1), 1e-12, 1, true, true},
    {FN(log), 1e-300, 1e300, true, false},    {FN(log), 0.5, 2, false, false},
    {FN(log), 0.999, 1.001, false, false},    {FN(log), 5e-324, 2e-308, true, false},
    {FN(log1p), -0.999, 1e10, false, false},  {FN(log1p), 1e-12, 1, true, true},
    {FN(log2), 1e-300, 1e300, true, false},   {FN(log10), 1e-300, 1e300, true, false},
    {FN(sin), -1e4, 1e4, false, false},       {FN(sin), 1e-12, 1e6, true, true},
    {FN(cos), -1e4, 1e4, false, false},       {FN(cos), 1e-12, 1e6, true, true},
    {FN(tan), -1e4, 1e4, false, false},       {FN(tan), 1e-12, 1e6, true, true},
    {FN(asin), -1, 1, false, false},          {FN(acos), -1, 1, false, false},
    {FN(atan), 1e-12, 1e12, true, true},      {FN(sinh), -709, 709, false, false},
    {FN(sinh), 1e-12, 1, true, true},         {FN(cosh), -709, 709, false, false},
    {FN(tanh), -20, 20, false, false},        {FN(tanh), 1e-12, 1, true, true},
    {FN(asinh), 1e-12, 1e300, true, true},    {FN(acosh), 1, 1e300, true, false},
    {FN(atanh), -0.999999, 0.999999, false, false}, {FN(atanh), 1e-12, 1, true, true},
    {FN(sqrt), 1e-300, 1e300, true, false},
};

/* Deterministic samples of a function's range. */
static double sample(const math_fn *f, int i, int n) {
  double u = ((double)i + 0.5) / n;
  u = u + 0.37 * sin(1e3 * u) / n; /* break the regular grid a little */
  if (!f->log_scale) return f->lo + (f->hi - f->lo) * u;
  double s = 1;
  if (f->signed_) {
    s = (i & 1) ? -1 : 1;
    u = fmod(2 * u, 1.0);
  }
  return s * exp(log(f->lo) + (log(f->hi) - log(f->lo)) * u);
}

/* Error of got against ref in units in the last place of the dtype at ref. */
static double ulps(double got, long double ref, nd_dtype t) {
  if (isnan(got) || isnan((double)ref)) return isnan(got) && isnan((double)ref) ? 0 : 1e9;
  if (isinf(got) || isinf((double)ref)) {
    /* a reference just beyond the largest value may round to inf */
    if (got == (double)ref) return 0;
    double big = t == ND_FLOAT32 ? FLT_MAX : DBL_MAX;
    return (isinf(got) && fabsl(ref) > big) ? 0 : 1e9;
  }
  int e;
  frexpl(ref, &e);
  int mant = t == ND_FLOAT32 ? 24 : 53, emin = t == ND_FLOAT32 ? -125 : -1021;
  if (e < emin) e = emin; /* subnormal results: the ulp stops shrinking */
  long double ulp = ldexpl(1.0L, e - mant);
  return (double)(fabsl((long double)got - ref) / ulp);
}

/* The reference of a float32 computation sees the float32 input. */
static void check_accuracy(const math_fn *f, nd_dtype t, int level, double *worst) {
  /* 1 ulp (0.5 for sqrt), plus the reference's own error */
  const double bound = (strcmp(f->name, "sqrt") ? 1.0 : 0.5) + 1.0 / 1024;
  const int n = 4099; /* not a multiple of any vector width: tails too */
  nd_array *x = nd_empty(ND_FLOAT64, ND_SHAPE(n), ND_C);
  double *xv = nd_data(x);
  for (int i = 0; i < n; i++) xv[i] = sample(f, i, n);
  nd_array *xt = nd_astype(x, t);
  nd_array *y = f->fn(xt);
  assert_non_null(y);
  assert_int_equal(nd_dtype_of(y), t);
  for (int64_t i = 0; i < n; i++) {
    double xi, yi, im;
    th_get(xt, &i, &xi, &im);
    th_get(y, &i, &yi, &im);
    double e = ulps(yi, f->ref((long double)xi), t);
    if (e > *worst) *worst = e;
    if (e > bound)
      fail_msg("%s(%s) at level %d: x = %.17g: got %.17g, want %.21Lg (%.3f ulp)", f->name,
               nd_dtype_name(t), level, xi, yi, f->ref((long double)xi), e);
  }
  nd_release(y);
  nd_release(xt);
  nd_release(x);
}

static void test_accuracy(void **state) {
  (void)state;
  int best = ndi_vmath_level();
  for (int level = best; level >= 0; level--) {
    assert_int_equal(ndi_vmath_force_level(level), level);
    for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++) {
      double worst64 = 0, worst32 = 0;
      check_accuracy(&fns[k], ND_FLOAT64, level, &worst64);
      check_accuracy(&fns[k], ND_FLOAT32, level, &worst32);
    }
  }
  ndi_vmath_force_level(-1);
  assert_int_equal(ndi_vmath_level(), best);
}

/* ---- special values: the standard's special cases, on every instruction-set level ---------- */

typedef struct {
  nd_array *(*fn)(const nd_array *);
  const char *name;
  double x, want;
} special;

#define SV(N, X, W) {nd_##N, #N, X, W}
static const special specials[] = {
    SV(exp, NAN, NAN), SV(exp, 0.0, 1), SV(exp, -0.0, 1), SV(exp, INFINITY, INFINITY),
    SV(exp, -INFINITY, 0.0), SV(exp, 800, INFINITY), SV(exp, -800, 0.0),
    SV(expm1, NAN, NAN), SV(expm1, 0.0, 0.0), SV(expm1, -0.0, -0.0), SV(expm1, INFINITY, INFINITY),
    SV(expm1, -INFINITY, -1),
    SV(log, NAN, NAN), SV(log, -1, NAN), SV(log, 0.0, -INFINITY), SV(log, -0.0, -INFINITY),
    SV(log, 1, 0.0), SV(log, INFINITY, INFINITY), SV(log, -INFINITY, NAN),
    SV(log1p, NAN, NAN), SV(log1p, -2, NAN), SV(log1p, -1, -INFINITY), SV(log1p, 0.0, 0.0),
    SV(log1p, -0.0, -0.0), SV(log1p, INFINITY, INFINITY),
    SV(log2, -1, NAN), SV(log2, 0.0, -INFINITY), SV(log2, 1, 0.0), SV(log2, INFINITY, INFINITY),
    SV(log2, 8, 3), SV(log10, -1, NAN), SV(log10, -0.0, -INFINITY), SV(log10, 1, 0.0),
    SV(log10, INFINITY, INFINITY), SV(log10, 1000, 3),
    SV(sin, NAN, NAN), SV(sin, 0.0, 0.0), SV(sin, -0.0, -0.0), SV(sin, INFINITY, NAN),
    SV(sin, -INFINITY, NAN), SV(cos, NAN, NAN), SV(cos, 0.0, 1), SV(cos, -0.0, 1),
    SV(cos, INFINITY, NAN), SV(tan, NAN, NAN), SV(tan, 0.0, 0.0), SV(tan, -0.0, -0.0),
    SV(tan, INFINITY, NAN), SV(tan, -INFINITY, NAN),
    SV(asin, NAN, NAN), SV(asin, 1.5, NAN), SV(asin, -1.5, NAN), SV(asin, 0.0, 0.0),
    SV(asin, -0.0, -0.0), SV(acos, NAN, NAN), SV(acos, 1.5, NAN), SV(acos, 1, 0.0),
    SV(atan, NAN, NAN), SV(atan, 0.0, 0.0), SV(atan, -0.0, -0.0),
    SV(sinh, NAN, NAN), SV(sinh, 0.0, 0.0), SV(sinh, -0.0, -0.0), SV(sinh, INFINITY, INFINITY),
    SV(sinh, -INFINITY, -INFINITY), SV(cosh, NAN, NAN), SV(cosh, 0.0, 1), SV(cosh, -0.0, 1),
    SV(cosh, INFINITY, INFINITY), SV(cosh, -INFINITY, INFINITY),
    SV(tanh, NAN, NAN), SV(tanh, 0.0, 0.0), SV(tanh, -0.0, -0.0), SV(tanh, INFINITY, 1),
    SV(tanh, -INFINITY, -1), SV(asinh, NAN, NAN), SV(asinh, 0.0, 0.0), SV(asinh, -0.0, -0.0),
    SV(asinh, INFINITY, INFINITY), SV(asinh, -INFINITY, -INFINITY),
    SV(acosh, NAN, NAN), SV(acosh, 0.5, NAN), SV(acosh, 1, 0.0), SV(acosh, INFINITY, INFINITY),
    SV(atanh, NAN, NAN), SV(atanh, 1.5, NAN), SV(atanh, -1, -INFINITY), SV(atanh, 1, INFINITY),
    SV(atanh, 0.0, 0.0), SV(atanh, -0.0, -0.0),
    SV(sqrt, NAN, NAN), SV(sqrt, -1, NAN), SV(sqrt, 0.0, 0.0), SV(sqrt, -0.0, -0.0),
    SV(sqrt, INFINITY, INFINITY), SV(sqrt, 4, 2),
    /* exact where the correctly rounded result is a trivial value */
    SV(cos, 1e-9, 1), SV(cos, -1e-300, 1), SV(sin, 1e-300, 1e-300), SV(sin, -1e-9, -1e-9),
    SV(tan, 1e-300, 1e-300), SV(exp, 1e-20, 1), SV(exp, -1e-20, 1), SV(expm1, 1e-300, 1e-300),
    SV(log1p, -1e-300, -1e-300), SV(sinh, 1e-300, 1e-300), SV(tanh, -1e-300, -1e-300),
    SV(cosh, 1e-9, 1), SV(tanh, 30, 1), SV(tanh, -20, -1),
};

static void test_special_values(void **state) {
  (void)state;
  int best = ndi_vmath_level();
  const size_t ns = sizeof specials / sizeof specials[0];
  for (int level = best; level >= 0; level--) {
    ndi_vmath_force_level(level);
    for (int t = 0; t < 2; t++) {
      nd_dtype dt = t ? ND_FLOAT32 : ND_FLOAT64;
      for (size_t k = 0; k < ns; k++) {
        /* each value alone (a vector tail) and within a long run (the vector body) */
        double run[37];
        for (int i = 0; i < 37; i++) run[i] = (i % 3 == 1) ? specials[k].x : 0.5;
        for (int v = 0; v < 2; v++) {
          nd_array *x = v ? nd_from_data(ND_FLOAT64, ND_SHAPE(37), run, ND_C)
                          : nd_from_data(ND_FLOAT64, ND_SHAPE(1), &specials[k].x, ND_C);
          nd_array *xt = nd_astype(x, dt), *y = specials[k].fn(xt);
          double got;
          nd_get_double(y, (int64_t[]){v ? 34 : 0}, &got);
          double want = t ? (double)(float)specials[k].want : specials[k].want;
          if (!ew_same(got, want, 0) && !(want == 3 && fabs(got - 3) < 1e-6))
            fail_msg("%s(%s)(%g) at level %d: got %.17g, want %.17g", specials[k].name,
                     nd_dtype_name(dt), specials[k].x, level, got, want);
          nd_release(y);
          nd_release(xt);
          nd_release(x);
        }
      }
    }
  }
  ndi_vmath_force_level(-1);
}

/* ---- dtypes and layouts -------------------------------------------------------------------- */

/* References: libm in double, C99's complex functions (the four C lacks from their
 * definitions), brought to the result dtype by the harness. */
static double complex c_expm1(double complex z) { return cexp(z) - 1; }
static double complex c_log1p(double complex z) { return clog(1 + z); }
static double complex c_log2(double complex z) { return clog(z) / M_LN2; }
static double complex c_log10(double complex z) { return clog(z) / M_LN10; }

#define REFS(N, CFN)                                                                       \
  static double f_##N(double a, double b) { (void)b; return N(a); }                        \
  static void c_##N##_ref(double ar, double ai, double br, double bi, double *re, double *im) { \
    (void)br, (void)bi;                                                                    \
    double complex z = CFN(ar + ai * I);                                                   \
    *re = creal(z);                                                                        \
    *im = cimag(z);                                                                        \
  }
REFS(exp, cexp) REFS(expm1, c_expm1) REFS(log, clog) REFS(log1p, c_log1p) REFS(log2, c_log2)
REFS(log10, c_log10) REFS(sin, csin) REFS(cos, ccos) REFS(tan, ctan) REFS(asin, casin)
REFS(acos, cacos) REFS(atan, catan) REFS(sinh, csinh) REFS(cosh, ccosh) REFS(tanh, ctanh)
REFS(asinh, casinh) REFS(acosh, cacosh) REFS(atanh, catanh) REFS(sqrt, csqrt)

#define MCASE(N, TOL)                                                                        \
  {.name = #N, .fn1 = nd_##N, .out1 = nd_##N##_out, .accepts = ew_all,                      \
   .compute = ew_int_as_float, .fref = f_##N, .cref = c_##N##_ref, .tol = TOL, .ctol = 5e-7}

static void test_dtypes_and_layouts(void **state) {
  (void)state;
  /* float32 results are within a few ulp of the double reference: 5e-7 relative */
  const ew_case cases[] = {
      MCASE(exp, 5e-7),   MCASE(expm1, 5e-7), MCASE(log, 5e-7),   MCASE(log1p, 5e-7),
      MCASE(log2, 5e-7),  MCASE(log10, 5e-7), MCASE(sin, 5e-7),   MCASE(cos, 5e-7),
      MCASE(tan, 5e-7),   MCASE(asin, 5e-7),  MCASE(acos, 5e-7),  MCASE(atan, 5e-7),
      MCASE(sinh, 5e-7),  MCASE(cosh, 5e-7),  MCASE(tanh, 5e-7),  MCASE(asinh, 5e-7),
      MCASE(acosh, 5e-7), MCASE(atanh, 5e-7), MCASE(sqrt, 0),
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) ew_check_case(&cases[i]);
}

static double f_atan2(double a, double b) { return atan2(a, b); }
static double f_hypot(double a, double b) { return hypot(a, b); }
static double f_logaddexp(double a, double b) {
  return a == b ? a + M_LN2 : fmax(a, b) + log1p(exp(-fabs(a - b)));
}

static void test_binary_dtypes_and_layouts(void **state) {
  (void)state;
  const ew_case cases[] = {
      {.name = "atan2", .fn2 = nd_atan2, .out2 = nd_atan2_out, .accepts = ew_real,
       .compute = ew_int_as_float, .fref = f_atan2, .tol = 5e-7},
      {.name = "hypot", .fn2 = nd_hypot, .out2 = nd_hypot_out, .accepts = ew_real,
       .compute = ew_int_as_float, .fref = f_hypot, .tol = 5e-7},
      {.name = "logaddexp", .fn2 = nd_logaddexp, .out2 = nd_logaddexp_out, .accepts = ew_real,
       .compute = ew_int_as_float, .fref = f_logaddexp, .tol = 5e-7},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) ew_check_case(&cases[i]);
  /* pow of floats and complex numbers on every layout pair (positive bases for reals) */
  static const int64_t sh[2] = {4, 5};
  const nd_dtype ts[4] = {ND_FLOAT32, ND_FLOAT64, ND_COMPLEX64, ND_COMPLEX128};
  for (int d = 0; d < 4; d++) {
    for (int la = 0; la < TH_NUM_LAYOUTS; la++) {
      for (int lb = 0; lb < TH_NUM_LAYOUTS; lb++) {
        nd_scope_begin();
        nd_array *x = nd_multiply_scalar(th_make(ts[d], 2, sh, (th_layout)la, 1), ND_FLOAT(0.1));
        if (d < 2) x = nd_add_scalar(nd_abs(x), ND_FLOAT(0.5));
        nd_array *y = nd_multiply_scalar(th_make(ts[d], 2, sh, (th_layout)lb, 2), ND_FLOAT(0.2));
        nd_array *r = nd_pow(x, y);
        assert_int_equal(nd_dtype_of(r), ts[d]);
        int64_t idx[2] = {0, 0};
        do {
          double xr, xi, yr, yi, rr, ri;
          th_get(x, idx, &xr, &xi);
          th_get(y, idx, &yr, &yi);
          th_get(r, idx, &rr, &ri);
          double complex w = d < 2 ? pow(xr, yr) : cpow(xr + xi * I, yr + yi * I);
          if (yr == 0 && yi == 0) w = 1;
          /* complex64 goes through cpowf: exp(y log x) in float, a few ulp times |y log x| */
          double scale = fmax(cabs(w), 1e-300), tol = d == 2 ? 2e-5 : 1e-6;
          if (!(fabs(rr - creal(w)) <= tol * scale && fabs(ri - cimag(w)) <= tol * scale))
            fail_msg("pow(%s) (%g,%g)**(%g,%g): got (%g,%g), want (%g,%g)", nd_dtype_name(ts[d]), xr, xi,
                     yr, yi, rr, ri, creal(w), cimag(w));
        } while (th_next(2, sh, idx));
        nd_scope_end();
      }
    }
  }
}

/* ---- complex functions --------------------------------------------------------------------- */

static void test_complex(void **state) {
  (void)state;
  nd_scope_begin();
  /* NumPy 2.4: np.exp(np.complex64(1+1j)) */
  float zf[2] = {1, 1};
  nd_array *z64 = nd_from_data(ND_COMPLEX64, ND_SHAPE(1), zf, ND_C);
  double re, im;
  nd_get_complex(nd_exp(z64), (int64_t[]){0}, &re, &im);
  assert_true(fabs(re - 1.4686939) < 1e-6 && fabs(im - 2.2873552) < 1e-6);
  /* the functions C lacks, against long double references, near 0 and further out */
  const double pts[][2] = {{1e-10, 1e-10}, {-1e-8, 3e-9}, {0.3, -0.2}, {-0.45, 0.49},
                           {2.5, 1.5}, {-3, 0.1}, {0.7, 5}, {-0.999, 1e-3}, {1e-300, 0}};
  const int np = sizeof pts / sizeof pts[0];
  nd_array *z = nd_from_data(ND_COMPLEX128, ND_SHAPE(np), pts, ND_C);
  nd_array *em1 = nd_expm1(z), *l1p = nd_log1p(z), *l2 = nd_log2(z), *l10 = nd_log10(z);
  for (int i = 0; i < np; i++) {
    long double complex w = pts[i][0] + pts[i][1] * I;
    /* near 0 the references are power series (exp(w) - 1 would cancel) */
    long double complex em = cexpl(w) - 1, lp = clogl(1 + w);
    if (cabsl(w) < 1e-3L) {
      long double complex term = w, pw = w; /* w^k / k! and w^k */
      em = lp = 0;
      for (int k = 1; k < 12; k++, pw *= w) {
        em += term;
        term = term * w / (k + 1);
        lp += (k % 2 ? 1.0L : -1.0L) * pw / k;
      }
    }
    long double complex want[4] = {em, lp, clogl(w) / logl(2), clogl(w) / logl(10)};
    nd_array *got[4] = {em1, l1p, l2, l10};
    for (int k = 0; k < 4; k++) {
      nd_get_complex(got[k], (int64_t[]){i}, &re, &im);
      long double scale = cabsl(want[k]);
      long double err = cabsl((re + im * I) - want[k]);
      if (!(err <= 4e-16L * scale + 1e-320L))
        fail_msg("function %d at (%g,%g): got (%.17g,%.17g), want (%.17Lg,%.17Lg)", k,
                 pts[i][0], pts[i][1], re, im, creall(want[k]), cimagl(want[k]));
    }
  }
  /* each function computes what C99's does: the inverse ones are C99's (the same bits),
   * the others nd's kernels (within 1e-15 of glibc's, both within a few ulp per part;
   * tests/accuracy measures against MPC) */
  nd_array *(*const fs[])(const nd_array *) = {nd_asin, nd_acos, nd_atan, nd_asinh, nd_acosh,
                                               nd_atanh, nd_exp, nd_log, nd_sqrt, nd_sin,
                                               nd_cos, nd_tan, nd_sinh, nd_cosh, nd_tanh};
  double complex (*const cs[])(double complex) = {casin, cacos, catan, casinh, cacosh, catanh,
                                                  cexp, clog, csqrt, csin, ccos, ctan, csinh,
                                                  ccosh, ctanh};
  for (size_t k = 0; k < sizeof fs / sizeof fs[0]; k++) {
    nd_array *r = fs[k](z);
    double tol = k < 6 ? 0 : 1e-15;
    for (int i = 0; i < np; i++) {
      double complex want = cs[k](pts[i][0] + pts[i][1] * I);
      nd_get_complex(r, (int64_t[]){i}, &re, &im);
      if (!(ew_same(re, creal(want), tol) && ew_same(im, cimag(want), tol)))
        fail_msg("function %zu at (%g,%g): got (%.17g,%.17g), C99 (%.17g,%.17g)", k, pts[i][0],
                 pts[i][1], re, im, creal(want), cimag(want));
    }
  }
  /* complex64 keeps its dtype; sqrt(-1) = i */
  nd_array *m1 = nd_from_data(ND_COMPLEX64, ND_SHAPE(1), (float[]){-1, 0}, ND_C);
  nd_array *s = nd_sqrt(m1);
  assert_int_equal(nd_dtype_of(s), ND_COMPLEX64);
  nd_get_complex(s, (int64_t[]){0}, &re, &im);
  assert_true(re == 0 && im == 1);
  nd_scope_end();
}

/* ---- atan2, hypot, logaddexp --------------------------------------------------------------- */

/* The standard's special values of complex expm1 and tanh (those of exp(z) - 1 and Annex
 * G's ctanh), which the accurate formula and glibc do not give by themselves, and the
 * zeros' signs of tan and tanh. */
static void test_complex_special_values(void **state) {
  (void)state;
  nd_scope_begin();
  const double inf = INFINITY, nan = NAN;
  /* z, expm1(z); NaN stands for "NaN", and a zero's sign is checked */
  const double cases[][4] = {{-0.0, 0.0, 0.0, 0.0},   {0.0, 0.0, 0.0, 0.0},    {inf, 0.0, inf, 0.0},
                             {-inf, inf, -1, 0},      {-inf, nan, -1, 0},      {nan, 0.0, nan, 0.0},
                             {inf, nan, inf, nan},    {1.0, inf, nan, nan}};
  for (int t = 0; t < 2; t++) {
    nd_dtype dt = t ? ND_COMPLEX64 : ND_COMPLEX128;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      nd_array *z = nd_astype(nd_from_data(ND_COMPLEX128, ND_SHAPE(1), cases[i], ND_C), dt);
      double re, im;
      nd_get_complex(nd_expm1(z), (int64_t[]){0}, &re, &im);
      if (isnan(cases[i][2])) assert_true(isnan(re));
      else if (cases[i][2] == 0) assert_true(re == 0 && !signbit(re));
      else assert_true(fabs(re) == fabs(cases[i][2]) && (isinf(re) || re == cases[i][2]));
      if (isnan(cases[i][3])) assert_true(isnan(im));
      else assert_true(im == 0 && (cases[i][0] == -inf || signbit(im) == signbit(cases[i][1])));
    }
    /* tanh(+-inf + iy), y finite: +-1 + 0i with the zero of y's sign */
    const double y[] = {2.0, -2.0, 0.5};
    for (int k = 0; k < 3; k++)
      for (int sx = -1; sx <= 1; sx += 2) {
        double zv[2] = {sx * inf, y[k]};
        double re, im;
        nd_get_complex(nd_tanh(nd_astype(nd_from_data(ND_COMPLEX128, ND_SHAPE(1), zv, ND_C), dt)),
                       (int64_t[]){0}, &re, &im);
        assert_true(re == sx);
        assert_true(im == 0 && signbit(im) == signbit(y[k]));
      }
    /* log2 and log10 of a zero: -inf + i arg (log's special value, scaled) */
    for (int sx = 0; sx < 2; sx++)
      for (int sy = 0; sy < 2; sy++) {
        double zv[2] = {sx ? -0.0 : 0.0, sy ? -0.0 : 0.0}, re, im, lre, lim;
        nd_array *z = nd_astype(nd_from_data(ND_COMPLEX128, ND_SHAPE(1), zv, ND_C), dt);
        nd_get_complex(nd_log(z), (int64_t[]){0}, &lre, &lim);
        nd_get_complex(nd_log2(z), (int64_t[]){0}, &re, &im);
        assert_true(re == -inf && lre == -inf);
        assert_true(signbit(im) == signbit(lim) && fabs(im - lim / log(2.0)) <= 1e-6 * fabs(im));
        nd_get_complex(nd_log10(z), (int64_t[]){0}, &re, &im);
        assert_true(re == -inf);
        assert_true(signbit(im) == signbit(lim) && fabs(im - lim / log(10.0)) <= 1e-6 * fabs(im));
      }
    /* a zero part keeps its sign through tan and tanh (tanh(+0 + 0i) = +0 + 0i, tan and
     * tanh odd, conj-symmetric): the zero part of the result is the input's zero */
    const double parts[] = {0.0, -0.0, 0.7, -1.5, 25.0};
    for (int a = 0; a < 5; a++)
      for (int b = 0; b < 5; b++) {
        if (a > 1 && b > 1) continue;
        double zv[2] = {parts[a], parts[b]}, re, im;
        nd_array *z = nd_astype(nd_from_data(ND_COMPLEX128, ND_SHAPE(1), zv, ND_C), dt);
        nd_get_complex(nd_tanh(z), (int64_t[]){0}, &re, &im);
        if (a < 2) assert_true(re == 0 && signbit(re) == signbit(zv[0]));
        if (b < 2) assert_true(im == 0 && signbit(im) == signbit(zv[1]));
        nd_get_complex(nd_tan(z), (int64_t[]){0}, &re, &im);
        if (a < 2) assert_true(re == 0 && signbit(re) == signbit(zv[0]));
        if (b < 2) assert_true(im == 0 && signbit(im) == signbit(zv[1]));
      }
  }
  nd_scope_end();
}

/* got is want's infinity, or within 1e-14 of want relative */
static bool near_or_inf(double got, double want) {
  return isinf(want) ? got == want : fabs(got - want) <= 1e-14 * fabs(want);
}

/* Complex exp, expm1, sinh, cosh with a large real part: e^x is kept unscaled, so a part
 * that a tiny factor brings back into range is finite and right (e^800 sin(1e-310)), and
 * one that overflows is an infinity, also for x beyond the clamp (1e300) and for expm1's
 * real part e^x cos y - 1 (which had come out NaN). Long double holds e^x up to 11356. */
static void test_complex_large_real(void **state) {
  (void)state;
  nd_scope_begin();
  const double inf = INFINITY;
  typedef struct {
    double x, y;
  } cz;
  const cz zs[] = {{800, 1e-310}, {1400, 1e-300}, {1450, 5e-324}, {1e300, 1e-310},
                   {800, 1.0},    {2000, 1.0},    {700, 1.0}};
  for (size_t i = 0; i < sizeof zs / sizeof zs[0]; i++) {
    double zv[2] = {zs[i].x, zs[i].y}, re, im;
    nd_array *z = nd_from_data(ND_COMPLEX128, ND_SHAPE(1), zv, ND_C);
    long double ex = zs[i].x > 11000 ? (long double)inf : expl((long double)zs[i].x);
    long double want_im = ex * sinl((long double)zs[i].y), want_re = ex * cosl((long double)zs[i].y);
    double wr = (double)want_re, wi = (double)want_im;
    nd_get_complex(nd_exp(z), (int64_t[]){0}, &re, &im);
    assert_true(near_or_inf(re, wr) && near_or_inf(im, wi));
    nd_get_complex(nd_expm1(z), (int64_t[]){0}, &re, &im);
    assert_true(near_or_inf(re, (double)(want_re - 1)) && near_or_inf(im, wi));
    /* cosh and sinh: e^x / 2 times cos y and sin y, for x > 40 */
    double hr = (double)(want_re / 2), hi = (double)(want_im / 2);
    nd_get_complex(nd_cosh(z), (int64_t[]){0}, &re, &im);
    assert_true(near_or_inf(re, hr) && near_or_inf(im, hi));
    nd_get_complex(nd_sinh(z), (int64_t[]){0}, &re, &im);
    assert_true(near_or_inf(re, hr) && near_or_inf(im, hi));
  }
  nd_scope_end();
}

static void test_real_binary(void **state) {
  (void)state;
  nd_scope_begin();
  const double inf = INFINITY, nan = NAN, pi = M_PI;
  /* the standard's atan2 cases */
  const double y[] = {0.0, -0.0, 0.0, -0.0, 1, -1, inf, inf, -inf, 1, -1, nan, 0.0};
  const double x[] = {-0.0, -0.0, 0.0, 0.0, 0.0, -0.0, inf, -inf, 1, inf, -inf, 1, nan};
  const double w[] = {pi, -pi, 0.0, -0.0, pi / 2, -pi / 2, pi / 4, 3 * pi / 4, -pi / 2, 0.0, -pi, nan, nan};
  const int n = sizeof y / sizeof y[0];
  nd_array *ya = nd_from_data(ND_FLOAT64, 1, (int64_t[]){n}, y, ND_C);
  nd_array *xa = nd_from_data(ND_FLOAT64, 1, (int64_t[]){n}, x, ND_C);
  nd_array *r = nd_atan2(ya, xa);
  for (int64_t i = 0; i < n; i++) {
    double g;
    nd_get_double(r, &i, &g);
    if (!ew_same(g, w[i], 1e-16)) fail_msg("atan2(%g, %g) = %g, want %g", y[i], x[i], g, w[i]);
  }
  /* hypot: inf beats NaN; no overflow for large values */
  nd_array *h = nd_hypot(nd_from_data(ND_FLOAT64, ND_SHAPE(3), (double[]){inf, 3e300, nan}, ND_C),
                         nd_from_data(ND_FLOAT64, ND_SHAPE(3), (double[]){nan, 4e300, 1}, ND_C));
  double g;
  nd_get_double(h, (int64_t[]){0}, &g);
  assert_true(isinf(g));
  nd_get_double(h, (int64_t[]){1}, &g);
  assert_true(ew_same(g, 5e300, 1e-15));
  nd_get_double(h, (int64_t[]){2}, &g);
  assert_true(isnan(g));
  /* logaddexp: stable for large values, infinities */
  const double la[] = {1000, -1000, inf, -inf, inf, 0, nan, 2};
  const double lb[] = {1000, -1001, inf, -inf, -inf, -inf, 1, 3};
  const int nl = sizeof la / sizeof la[0];
  nd_array *l = nd_logaddexp(nd_from_data(ND_FLOAT64, 1, (int64_t[]){nl}, la, ND_C),
                             nd_from_data(ND_FLOAT64, 1, (int64_t[]){nl}, lb, ND_C));
  const double lw[] = {1000 + M_LN2, -1000 + log1p(exp(-1.0)), inf, -inf, inf, 0, nan,
                       3 + log1p(exp(-1.0))};
  for (int64_t i = 0; i < nl; i++) {
    nd_get_double(l, &i, &g);
    if (!ew_same(g, lw[i], 1e-15)) fail_msg("logaddexp(%g, %g) = %.17g, want %.17g", la[i], lb[i], g, lw[i]);
  }
  /* integer inputs compute in float: int16 gives float32, int32 float64 */
  nd_array *i16 = th_arange(ND_INT16, ND_SHAPE(4)), *i32 = th_arange(ND_INT32, ND_SHAPE(4));
  assert_int_equal(nd_dtype_of(nd_hypot(i16, i16)), ND_FLOAT32);
  assert_int_equal(nd_dtype_of(nd_atan2(i16, i32)), ND_FLOAT64);
  assert_int_equal(nd_dtype_of(nd_logaddexp_scalar(i16, ND_INT(1))), ND_FLOAT32);
  assert_int_equal(nd_dtype_of(nd_sqrt(nd_less(i16, i16))), ND_FLOAT32);
  assert_int_equal(nd_dtype_of(nd_exp(nd_astype(i16, ND_UINT64))), ND_FLOAT64);
  /* against libm on every layout (both within an ulp: tests/accuracy) */
  static const int64_t sh[3] = {3, 4, 5};
  for (int L = 0; L < TH_NUM_LAYOUTS; L++) {
    nd_array *a = th_make(ND_FLOAT64, 3, sh, (th_layout)L, 1), *b = th_make(ND_FLOAT64, 3, sh, TH_F, 2);
    nd_array *ra = nd_atan2(a, b), *rh = nd_hypot(a, b), *rl = nd_logaddexp(a, b);
    int64_t idx[3] = {0};
    do {
      double av, bv, g1, g2, g3, im;
      th_get(a, idx, &av, &im);
      th_get(b, idx, &bv, &im);
      th_get(ra, idx, &g1, &im);
      th_get(rh, idx, &g2, &im);
      th_get(rl, idx, &g3, &im);
      assert_true(ew_same(g1, atan2(av, bv), 2.3e-16) && ew_same(g2, hypot(av, bv), 2.3e-16));
      assert_true(ew_same(g3, fmax(av, bv) + log1p(exp(-fabs(av - bv))), 1e-15));
    } while (th_next(3, sh, idx));
  }
  nd_scope_end();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_accuracy),     cmocka_unit_test(test_special_values),
      cmocka_unit_test(test_complex_large_real),
      cmocka_unit_test(test_dtypes_and_layouts), cmocka_unit_test(test_binary_dtypes_and_layouts),
      cmocka_unit_test(test_complex), cmocka_unit_test(test_complex_special_values),
      cmocka_unit_test(test_real_binary),
  };
  return TH_RUN(tests);
}
