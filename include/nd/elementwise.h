/** \file
 *  nd: elementwise functions — the 67 of the Array API 2024.12 and where().
 *
 *  Every function broadcasts its inputs (NumPy rules), promotes their dtypes (the Array
 *  API lattice with NumPy 2's rules for mixed kinds; see nd_result_type) and comes in up to
 *  four forms:
 *
 *      nd_array *nd_add(const nd_array *a, const nd_array *b);          // a new array
 *      nd_status nd_add_out(nd_array *out, const nd_array *a, const nd_array *b);
 *      nd_array *nd_add_scalar(const nd_array *a, nd_scalar b);         // a + 2.0
 *      nd_status nd_add_scalar_out(nd_array *out, const nd_array *a, nd_scalar b);
 *
 *  and, for functions whose operands do not commute, `nd_scalar_NAME(nd_scalar a, const
 *  nd_array *b)` (nd_scalar_subtract(ND_FLOAT(1.0), x) is 1 - x). The declarations below
 *  are grouped by family; each family's comment (on its first function) states the dtypes
 *  it takes and the errors specific to it.
 *
 *  Results. The allocating forms return a new array (NULL on failure) laid out as NumPy
 *  lays out a ufunc's result (order K over all inputs): C inputs give C order, F-ordered
 *  or transposed inputs F order, a mixture of C and F inputs C order; a broadcast input
 *  has no say along the axes it is broadcast over.
 *
 *  _out forms write into any existing writeable array or view: the inputs broadcast to
 *  out's shape (out itself never broadcasts), and the result's dtype must convert to out's
 *  by same-kind casting (float64 into float32 is allowed, float64 into int32 is not).
 *  out may be one of the inputs (in-place: nd_add_out(a, a, b) is a += b); when out
 *  overlaps an input in any other way, the result is still what a fresh output would hold.
 *
 *  Scalars. nd_scalar operands (ND_INT, ND_FLOAT, ND_COMPLEX, ND_BOOLV) and nd_weak arrays
 *  behave like Python scalars in NumPy 2 (NEP 50): a scalar no higher in kind than the
 *  array (bool < integer < float < complex) takes the array's dtype, so a float32 array
 *  plus ND_FLOAT(2.0) stays float32 and an int8 array plus ND_INT(1) stays int8; an integer
 *  scalar outside that dtype's range is an error (int8 + 1000: ND_ERR_OVERFLOW); a scalar
 *  of a higher kind gives its kind's default dtype (int32 * 0.5 is float64; float32 + 1i is
 *  complex64).
 *
 *  Errors. Messages start with the function's name (nd_add_scalar_out's is "add"). Every
 *  function can fail with these, which the families' "Errors:" lines call "the
 *  elementwise errors":
 *  - ND_ERR_NULL: a NULL input or out, keeping an earlier message ("add: argument a is
 *    NULL"; the parameter is named as in the declaration: "x", "a", "b", "out", "cond",
 *    "lo", "hi", so nd_NAME_scalar(a, s) names "a" and nd_scalar_NAME(s, b) names "b");
 *  - ND_ERR_SHAPE: shapes that do not broadcast ("add: shapes [2,3] and [2,2] cannot be
 *    broadcast (axis 1: 3 vs 2)"); an out whose shape is not the broadcast shape ("add:
 *    output of shape [3] does not match the broadcast shape [2,3] of the inputs");
 *  - ND_ERR_TYPE: a dtype the function does not take, naming the dtypes ("bitwise_and:
 *    input dtypes float64 and float64 are not supported (accepts integer and boolean
 *    dtypes)"); a result that does not cast same-kind into out ("add: cannot cast the
 *    result of dtype float64 to the output's dtype int32 (same-kind casting)");
 *  - ND_ERR_READONLY: a read-only out, or one with a broadcast (stride-0) axis ("add:
 *    destination array is read-only");
 *  - ND_ERR_OVERFLOW: an integer scalar (or weak array) outside the integer dtype the
 *    function computes in ("add: integer scalar 1000 is out of bounds for int8"; not for
 *    comparisons, see there); a broadcast shape whose size overflows int64;
 *  - ND_ERR_VALUE: an nd_scalar whose kind is not an nd_scalar_kind ("add: invalid scalar
 *    kind 7");
 *  - ND_ERR_NOMEM: out of memory.
 *
 *  Results are the same whatever the thread count (nd_set_num_threads). */
#ifndef ND_ELEMENTWISE_H
#define ND_ELEMENTWISE_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- scalars -------------------------------------------------------------------------- */

/** A weak 0-d array holding v (of v's default dtype: bool, int64, float64, complex128)
 *  that promotes like a Python scalar when passed to an elementwise function:
 *  nd_multiply(x, nd_weak(ND_FLOAT(0.5))) keeps a float32 x float32. Release it, or
 *  create it inside an nd_scope. Other functions see an ordinary 0-d array (nd_assign and
 *  the assignment functions of nd/indexing.h check its value against the target dtype).
 *  Errors: ND_ERR_VALUE (v.kind is not an nd_scalar_kind: "weak: invalid scalar kind 7"),
 *  ND_ERR_NOMEM. */
ND_API nd_array *nd_weak(nd_scalar v);
/** True for arrays made by nd_weak.
 *  Errors: none; false for NULL. */
ND_API bool nd_is_weak(const nd_array *a);

/* ---- the tables ------------------------------------------------------------------------ */

/* Each family below is one table, a row per function, from which this header declares
 * the functions and nd builds them (src/ops/elementwise_*.c) and binds them in Python
 * (python/nd/binops.h): adding a function is a row here and its kernel.
 *
 *   one input:  X(name, rule, accepts, cost)
 *   two inputs: X(name, first, mirror, rule, accepts, cost)
 *
 * first says how the form with a scalar first operand is made: COMMUTES (s op b is
 * b op s: no nd_scalar_<name>), FIRST (nd_scalar_<name>(s, b) is declared), MIRROR (s op b
 * is b mirror s: 2 < x is x > 2; mirror is `_` otherwise). rule (the result's dtype),
 * accepts (the dtypes taken, as error messages name them) and cost (of an element, against
 * a copy's 1; MATH: 10) are nd's own, stated for users in each family's comment. */

#define ND_EW_DECLARE_UNARY(name, rule, accepts, cost)                   \
  ND_API nd_array *nd_##name(const nd_array *x);                         \
  ND_API nd_status nd_##name##_out(nd_array *out, const nd_array *x);
#define ND_EW_DECLARE_BINARY(name, first, mirror, rule, accepts, cost)          \
  ND_API nd_array *nd_##name(const nd_array *a, const nd_array *b);             \
  ND_API nd_status nd_##name##_out(nd_array *out, const nd_array *a,            \
                                   const nd_array *b);                          \
  ND_API nd_array *nd_##name##_scalar(const nd_array *a, nd_scalar b);          \
  ND_API nd_status nd_##name##_scalar_out(nd_array *out, const nd_array *a,     \
                                          nd_scalar b);                         \
  ND_EW_DECLARE_##first(name)
#define ND_EW_DECLARE_COMMUTES(name)
#define ND_EW_DECLARE_MIRROR(name)
#define ND_EW_DECLARE_FIRST(name) ND_API nd_array *nd_scalar_##name(nd_scalar a, const nd_array *b);

/* ---- one input: nd_<name>(x) and nd_<name>_out(out, x) -------------------------------- */

/** \name Arithmetic and sign (one input) */
/** @{ */
/** Arithmetic and sign: nd_abs, nd_negative, nd_positive, nd_square, nd_reciprocal,
 *  nd_sign, nd_conj, each also as an _out form. abs: |x| (complex: the real modulus, in
 *  the real dtype, computed as NumPy's arrays do, bitwise; integers wrap, abs(INT8_MIN) is
 *  INT8_MIN); negative, positive: numeric dtypes, not bool; square: x*x (bool gives int8,
 *  as NumPy); reciprocal: 1/x (integers: NumPy's truncated 1/x; bool gives int8, as
 *  NumPy); sign: -1, 0 or 1 (NaN stays NaN; complex: z/|z|; not bool); conj: complex
 *  conjugate (the values themselves for real dtypes; bool gives int8, as NumPy).
 *  Errors: the elementwise errors (see the file comment), with ND_ERR_TYPE for bool input
 *  to negative, positive and sign ("negative: input dtype bool is not supported (accepts
 *  numeric dtypes, not bool)"). */
#define ND_EW_UNARY_ARITHMETIC(X)            \
  X(abs,         OUT_REAL,      NUMBOOL,  1) \
  X(negative,    SAME,          NUM,      1) \
  X(positive,    SAME,          NUM,      1) \
  X(square,      BOOL_TO_INT8,  NUMBOOL,  1) \
  X(reciprocal,  BOOL_TO_INT8,  NUMBOOL,  1) \
  X(sign,        SAME,          NUM,      1) \
  X(conj,        BOOL_TO_INT8,  NUMBOOL,  1)
ND_EW_UNARY_ARITHMETIC(ND_EW_DECLARE_UNARY)
/** @} */

/** \name Exponentials, logarithms, powers */
/** @{ */
/** Exponentials, logarithms, powers: nd_exp, nd_expm1, nd_log, nd_log1p, nd_log2,
 *  nd_log10, nd_sqrt, each also as an _out form. Any numeric or bool dtype; integers and
 *  bool are computed in float (float32 up to 16 bits, float64 above; NumPy's float16 for
 *  8-bit inputs is float32 here). float32/float64 run nd's own vector kernels (AVX-512,
 *  AVX2 with FMA or plain C, chosen at run time, the same bits on each): within 1 ulp of
 *  the exact result over the whole domain (measured table: docs/guide/elementwise.md),
 *  the correctly rounded value where that is a trivial one (exp(0) == 1, log(1) == 0,
 *  expm1(x) == x for tiny x); sqrt is correctly rounded. float16 and bfloat16 are
 *  computed in float32 and rounded once, as NumPy and ml_dtypes compute them (equal bits,
 *  except next to a 16-bit rounding tie, where the last bit of the two float32 routines
 *  decides). Complex inputs: for finite z each part within 1 ulp of its exact value (expm1's real part within 1 ulp of
 *  max(|re|, 2^-6 |e^z|), where it cancels), C99's special values for non-finite parts,
 *  and complex expm1 gives the standard's special values (those of exp(z) - 1:
 *  expm1(-0 + 0i) is +0 + 0i, expm1(-inf + NaN i) is -1 + 0i).
 *  Errors: the elementwise errors (see the file comment); every dtype is taken. */
#define ND_EW_UNARY_EXP_LOG(X)             \
  X(exp,    MATH,          NUMBOOL,  MATH) \
  X(expm1,  MATH,          NUMBOOL,  MATH) \
  X(log,    MATH,          NUMBOOL,  MATH) \
  X(log1p,  MATH,          NUMBOOL,  MATH) \
  X(log2,   MATH,          NUMBOOL,  MATH) \
  X(log10,  MATH,          NUMBOOL,  MATH) \
  X(sqrt,   INT_TO_FLOAT,  NUMBOOL,  2)
ND_EW_UNARY_EXP_LOG(ND_EW_DECLARE_UNARY)
/** @} */

/** \name Trigonometric and hyperbolic */
/** @{ */
/** Trigonometric and hyperbolic: nd_sin, nd_cos, nd_tan, nd_asin, nd_acos, nd_atan,
 *  nd_sinh, nd_cosh, nd_tanh, nd_asinh, nd_acosh, nd_atanh, each also as an _out form.
 *  Same dtypes and accuracy as exp; sin, cos and tan reduce their argument exactly at any
 *  magnitude (sin(1e300) within 1 ulp), cos(tiny) is 1.0, sin(tiny) and tanh(tiny) are
 *  tiny. Complex asin, acos, atan, asinh, acosh, atanh are C99's (glibc's: within 5 ulp
 *  per part), the others each part within 1 ulp. Complex tanh(+-inf + iy) with y finite
 *  is +-1 + 0i with the zero of y's sign (the standard's; glibc's ctanh gives it the sign
 *  of sin(2y)).
 *  Errors: the elementwise errors (see the file comment); every dtype is taken. */
#define ND_EW_UNARY_TRIG(X)        \
  X(sin,    MATH,  NUMBOOL,  MATH) \
  X(cos,    MATH,  NUMBOOL,  MATH) \
  X(tan,    MATH,  NUMBOOL,  MATH) \
  X(asin,   MATH,  NUMBOOL,  MATH) \
  X(acos,   MATH,  NUMBOOL,  MATH) \
  X(atan,   MATH,  NUMBOOL,  MATH) \
  X(sinh,   MATH,  NUMBOOL,  MATH) \
  X(cosh,   MATH,  NUMBOOL,  MATH) \
  X(tanh,   MATH,  NUMBOOL,  MATH) \
  X(asinh,  MATH,  NUMBOOL,  MATH) \
  X(acosh,  MATH,  NUMBOOL,  MATH) \
  X(atanh,  MATH,  NUMBOOL,  MATH)
ND_EW_UNARY_TRIG(ND_EW_DECLARE_UNARY)
/** @} */

/** \name Rounding */
/** @{ */
/** Rounding: nd_floor, nd_ceil, nd_trunc, nd_round, each also as an _out form. Real
 *  dtypes and bool (integers and bool are returned unchanged, in their dtype, except that
 *  round of bool gives float32 where NumPy gives float16); round is to the nearest
 *  integer, ties to even, and also takes complex (both parts).
 *  Errors: the elementwise errors (see the file comment), with ND_ERR_TYPE for complex
 *  input to floor, ceil and trunc ("floor: input dtype complex128 is not supported
 *  (accepts real numeric and boolean dtypes, not complex)"). */
#define ND_EW_UNARY_ROUNDING(X)          \
  X(floor,  SAME,           REALB,    1) \
  X(ceil,   SAME,           REALB,    1) \
  X(trunc,  SAME,           REALB,    1) \
  X(round,  BOOL_TO_FLOAT,  NUMBOOL,  1)
ND_EW_UNARY_ROUNDING(ND_EW_DECLARE_UNARY)
/** @} */

/** \name Classification */
/** @{ */
/** Classification: nd_isnan, nd_isinf, nd_isfinite, nd_signbit, each also as an _out
 *  form. bool results. Integers are never NaN or infinite; signbit of an integer is x < 0;
 *  signbit does not take complex.
 *  Errors: the elementwise errors (see the file comment), with ND_ERR_TYPE for complex
 *  input to signbit. */
#define ND_EW_UNARY_CLASSIFY(X)        \
  X(isnan,     OUT_BOOL,  NUMBOOL,  1) \
  X(isinf,     OUT_BOOL,  NUMBOOL,  1) \
  X(isfinite,  OUT_BOOL,  NUMBOOL,  1) \
  X(signbit,   OUT_BOOL,  REALB,    1)
ND_EW_UNARY_CLASSIFY(ND_EW_DECLARE_UNARY)
/** @} */

/** \name Bitwise and logical (one input) */
/** @{ */
/** Bitwise and logical: nd_bitwise_invert, nd_logical_not, each also as an _out form.
 *  bitwise_invert: ~x on integers, not x on bool; logical_not: bool only.
 *  Errors: the elementwise errors (see the file comment), with ND_ERR_TYPE for float or
 *  complex input to bitwise_invert and for any but bool to logical_not ("logical_not:
 *  input dtype float64 is not supported (accepts bool only; compare numbers first, ...)"). */
#define ND_EW_UNARY_BITWISE(X)            \
  X(bitwise_invert,  SAME,      INTB,  1) \
  X(logical_not,     OUT_BOOL,  BOOL,  1)
ND_EW_UNARY_BITWISE(ND_EW_DECLARE_UNARY)
/** @} */

/** \name Real and imaginary parts into out */
/** @{ */
/** Real and imaginary parts copied into out: nd_real_out, nd_imag_out (nd_real and
 *  nd_imag in nd/views.h are the views), with the same-kind rule of every _out form (a
 *  float part into an integer out is ND_ERR_TYPE). nd_imag_out of a real array is an
 *  error, as nd_imag is. Messages are named "real" and "imag".
 *  Errors: the elementwise errors for out (see the file comment; x broadcasts to out's
 *  shape: "real: cannot broadcast shape [3] to [2] ..."), and ND_ERR_TYPE for nd_imag_out
 *  of a real array ("imag: array of dtype float64 is not complex"). */
ND_API nd_status nd_real_out(nd_array *out, const nd_array *x);
ND_API nd_status nd_imag_out(nd_array *out, const nd_array *x);
/** @} */

/* ---- two inputs: nd_<name>(a, b), _out(out, a, b), _scalar(a, s), _scalar_out(out, a, s);
 *      nd_scalar_<name>(s, b) where the operands do not commute ----------------------------- */

/** \name Arithmetic (two inputs) */
/** @{ */
/** Arithmetic: nd_add, nd_subtract, nd_multiply, nd_divide, nd_floor_divide,
 *  nd_remainder, nd_pow, each with its _out, _scalar and _scalar_out forms (and
 *  nd_scalar_NAME for all but add and multiply). Numeric dtypes. add and multiply also
 *  take bool (or, and), subtract does not. Integers wrap on overflow; integer
 *  floor_divide and remainder by 0 give 0, and INT_MIN // -1 wraps (NumPy). divide of
 *  integers or bool gives float64. floor_divide rounds toward -inf and remainder has the
 *  divisor's sign (NumPy's divmod, also for floats: floor_divide(1.0, 0.0) is inf,
 *  remainder(1.0, 0.0) NaN), except that float floor_divide with exactly one infinite
 *  operand follows the Array API's special cases where NumPy does not: finite // +-inf is
 *  a zero of the quotient's sign (-1.0 // inf is -0.0, NumPy's -1.0) and +-inf // finite
 *  an infinity (NumPy's NaN). pow of integers to a negative integer power is an error
 *  (ND_ERR_VALUE); floor_divide, remainder and pow of bool give int8. A float pow whose
 *  exponent is one value (a scalar, 0-d or broadcast single element) of 2, 0.5 or -1 is
 *  square, sqrt or reciprocal, as in NumPy 2 (so pow(-0.0, 0.5) is -0.0 there, 0.0 with
 *  an array of exponents). float32/float64 pow is within 1 ulp (nd's vector kernels, as
 *  exp); complex pow is C99's. floor_divide and remainder do not take complex.
 *  Errors: the elementwise errors (see the file comment), with ND_ERR_TYPE for bool input
 *  to subtract ("subtract: input dtypes bool and bool are not supported (accepts numeric
 *  dtypes, not bool; use logical_xor for bool)") and complex input to floor_divide and
 *  remainder, and ND_ERR_VALUE for an integer to a negative integer power ("pow: integers
 *  to negative integer powers are not allowed"; an _out form whose exponent is one value,
 *  a scalar, 0-d or broadcast single element, fails before writing and leaves out as it
 *  was, as NumPy does; with an array of exponents it may have written other elements of
 *  out, as NumPy writes those before the first negative exponent). */
#define ND_EW_BINARY_ARITHMETIC(X)                               \
  X(add,           COMMUTES,  _,  SAME,          NUMBOOL,  1)    \
  X(subtract,      FIRST,     _,  SAME,          NUM_XOR,  1)    \
  X(multiply,      COMMUTES,  _,  SAME,          NUMBOOL,  1)    \
  X(divide,        FIRST,     _,  INT_TO_F64,    NUMBOOL,  1)    \
  X(floor_divide,  FIRST,     _,  BOOL_TO_INT8,  REALB,    2)    \
  X(remainder,     FIRST,     _,  BOOL_TO_INT8,  REALB,    2)    \
  X(pow,           FIRST,     _,  BOOL_TO_INT8,  NUMBOOL,  MATH)
ND_EW_BINARY_ARITHMETIC(ND_EW_DECLARE_BINARY)
/** @} */

/** \name Comparison */
/** @{ */
/** Comparison: nd_equal, nd_not_equal, nd_less, nd_less_equal, nd_greater,
 *  nd_greater_equal, each with its _out, _scalar and _scalar_out forms. bool results,
 *  every dtype; complex numbers order lexicographically (NumPy); any NaN compares unequal
 *  and unordered. An integer scalar outside the array's range compares exactly (int8
 *  array < 1000 is true) instead of being an error, and int64 against uint64 compares
 *  exactly too.
 *  Errors: the elementwise errors (see the file comment) but ND_ERR_OVERFLOW for a
 *  scalar; every dtype is taken. */
#define ND_EW_BINARY_COMPARISON(X)                                \
  X(equal,          COMMUTES,  _,              COMPARE,  ALL,  1) \
  X(not_equal,      COMMUTES,  _,              COMPARE,  ALL,  1) \
  X(less,           MIRROR,    greater,        COMPARE,  ALL,  1) \
  X(less_equal,     MIRROR,    greater_equal,  COMPARE,  ALL,  1) \
  X(greater,        MIRROR,    less,           COMPARE,  ALL,  1) \
  X(greater_equal,  MIRROR,    less_equal,     COMPARE,  ALL,  1)
ND_EW_BINARY_COMPARISON(ND_EW_DECLARE_BINARY)
/** @} */

/** \name Extrema */
/** @{ */
/** Extrema: nd_maximum, nd_minimum, each with its _out, _scalar and _scalar_out forms.
 *  Every dtype; NaN propagates (from either operand).
 *  Errors: the elementwise errors (see the file comment); every dtype is taken. */
#define ND_EW_BINARY_EXTREMA(X)              \
  X(maximum,  COMMUTES,  _,  SAME,  ALL,  1) \
  X(minimum,  COMMUTES,  _,  SAME,  ALL,  1)
ND_EW_BINARY_EXTREMA(ND_EW_DECLARE_BINARY)
/** @} */

/** \name Real two-argument functions */
/** @{ */
/** Real two-argument functions: nd_atan2, nd_hypot, nd_copysign, nd_nextafter,
 *  nd_logaddexp, each with its _out, _scalar and _scalar_out forms (and nd_scalar_NAME for
 *  atan2, copysign and nextafter). Real dtypes and bool; integers and bool are computed in
 *  float as for exp, float32 when every integer input has at most 16 bits (int16 with
 *  uint16 too), else float64; complex is an error. float32/float64 atan2 and hypot are
 *  within 1 ulp (nd's vector kernels, as exp), logaddexp within 1 ulp of
 *  max(|result|, 2^-6) (where e^a + e^b is near 1 the result cancels).
 *  Errors: the elementwise errors (see the file comment), with ND_ERR_TYPE for complex
 *  input ("atan2: input dtypes complex128 and complex128 are not supported (accepts real
 *  numeric and boolean dtypes, not complex)"). */
#define ND_EW_BINARY_REAL(X)                                \
  X(atan2,      FIRST,     _,  INT_TO_FLOAT,  REALB,  MATH) \
  X(hypot,      COMMUTES,  _,  INT_TO_FLOAT,  REALB,  MATH) \
  X(copysign,   FIRST,     _,  INT_TO_FLOAT,  REALB,  1)    \
  X(nextafter,  FIRST,     _,  INT_TO_FLOAT,  REALB,  MATH) \
  X(logaddexp,  COMMUTES,  _,  INT_TO_FLOAT,  REALB,  MATH)
ND_EW_BINARY_REAL(ND_EW_DECLARE_BINARY)
/** @} */

/** \name Bitwise (two inputs) */
/** @{ */
/** Bitwise: nd_bitwise_and, nd_bitwise_or, nd_bitwise_xor, nd_bitwise_left_shift,
 *  nd_bitwise_right_shift, each with its _out, _scalar and _scalar_out forms (and
 *  nd_scalar_NAME for the shifts). Integers and bool (floats are an error). Shifts by the
 *  bit width or more, or by a negative amount, give 0 (or -1 for right shifts of negative
 *  values), as NumPy; shifts of bool give int8.
 *  Errors: the elementwise errors (see the file comment), with ND_ERR_TYPE for float or
 *  complex input ("bitwise_and: input dtypes float64 and float64 are not supported
 *  (accepts integer and boolean dtypes)"). */
#define ND_EW_BINARY_BITWISE(X)                                   \
  X(bitwise_and,          COMMUTES,  _,  SAME,          INTB,  1) \
  X(bitwise_or,           COMMUTES,  _,  SAME,          INTB,  1) \
  X(bitwise_xor,          COMMUTES,  _,  SAME,          INTB,  1) \
  X(bitwise_left_shift,   FIRST,     _,  BOOL_TO_INT8,  INTB,  1) \
  X(bitwise_right_shift,  FIRST,     _,  BOOL_TO_INT8,  INTB,  1)
ND_EW_BINARY_BITWISE(ND_EW_DECLARE_BINARY)
/** @} */

/** \name Logical (two inputs) */
/** @{ */
/** Logical: nd_logical_and, nd_logical_or, nd_logical_xor, each with its _out, _scalar
 *  and _scalar_out forms. bool arrays and bool scalars only (compare first, e.g.
 *  nd_not_equal_scalar(x, ND_INT(0)), to use numbers).
 *  Errors: the elementwise errors (see the file comment), with ND_ERR_TYPE for any input
 *  but bool ("logical_and: input dtypes bool and integer scalar are not supported (accepts
 *  bool only; ...)"). */
#define ND_EW_BINARY_LOGICAL(X)                       \
  X(logical_and,  COMMUTES,  _,  OUT_BOOL,  BOOL,  1) \
  X(logical_or,   COMMUTES,  _,  OUT_BOOL,  BOOL,  1) \
  X(logical_xor,  COMMUTES,  _,  OUT_BOOL,  BOOL,  1)
ND_EW_BINARY_LOGICAL(ND_EW_DECLARE_BINARY)
/** @} */

/** Every one-input function, X(name, rule, accepts, cost). */
#define ND_UNARY_FUNCTIONS(X)                                                           \
  ND_EW_UNARY_ARITHMETIC(X) ND_EW_UNARY_EXP_LOG(X) ND_EW_UNARY_TRIG(X)                 \
  ND_EW_UNARY_ROUNDING(X) ND_EW_UNARY_CLASSIFY(X) ND_EW_UNARY_BITWISE(X)
/** Every two-input function, X(name, first, mirror, rule, accepts, cost). */
#define ND_BINARY_FUNCTIONS(X)                                                          \
  ND_EW_BINARY_ARITHMETIC(X) ND_EW_BINARY_COMPARISON(X) ND_EW_BINARY_EXTREMA(X)        \
  ND_EW_BINARY_REAL(X) ND_EW_BINARY_BITWISE(X) ND_EW_BINARY_LOGICAL(X)

/* ---- three inputs --------------------------------------------------------------------- */

/** \name Clipping */
/** @{ */
/** Clipping: nd_clip, nd_clip_out, and nd_clip_scalar, nd_clip_scalar_out with scalar
 *  bounds. clip(x, lo, hi): x raised to lo, then lowered to hi, as NumPy's: lo > hi gives
 *  hi, a NaN
 *  bound gives NaN. Where x equals a bound, x is kept when both bounds are single values
 *  (scalars, 0-d or broadcast single elements: clip(-0.0, 0, 1) is -0.0) and the bound is
 *  taken otherwise (clip(-0.0, [0.0], ...) with bounds that vary is 0.0), as NumPy does.
 *  Real dtypes and bool. Both bounds are required (one-sided clipping is nd_maximum or
 *  nd_minimum). For an integer x, an integer scalar (weak) lo at or below the minimum of
 *  x's dtype, or hi at or above its maximum, is dropped, as np.clip drops it: x is clipped
 *  by the other bound alone, as nd_maximum / nd_minimum would (the bound taken where x
 *  equals it), whatever that bound's kind: clip(int8 x, 0, 1000) stays int8,
 *  clip(uint8 [0, 1, 2], 400.0, 300) is float64 [400, 400, 400]. Any other integer scalar
 *  out of the range (lo above it, hi below it; any for bool x) is ND_ERR_OVERFLOW
 *  (NumPy's OverflowError).
 *  Errors: the elementwise errors (see the file comment; "clip: argument lo is NULL"),
 *  with ND_ERR_TYPE for complex input, and ND_ERR_OVERFLOW as just said ("clip: integer
 *  scalar 1000 is out of bounds for int8" for lo = 1000). */
ND_API nd_array *nd_clip(const nd_array *x, const nd_array *lo, const nd_array *hi);
ND_API nd_status nd_clip_out(nd_array *out, const nd_array *x, const nd_array *lo,
                             const nd_array *hi);
ND_API nd_array *nd_clip_scalar(const nd_array *x, nd_scalar lo, nd_scalar hi);
ND_API nd_status nd_clip_scalar_out(nd_array *out, const nd_array *x, nd_scalar lo,
                                    nd_scalar hi);
/** @} */

/** \name Selection */
/** @{ */
/** Selection: nd_where, nd_where_out. where(cond, a, b): a where cond is true, else b, all
 *  three broadcast; cond of any dtype is read as cond != 0; a and b promote.
 *  Errors: the elementwise errors (see the file comment; "where: argument cond is NULL");
 *  every dtype is taken. */
ND_API nd_array *nd_where(const nd_array *cond, const nd_array *a, const nd_array *b);
ND_API nd_status nd_where_out(nd_array *out, const nd_array *cond, const nd_array *a,
                              const nd_array *b);
/** @} */

#ifdef __cplusplus
}
#endif
#endif
