/* The table of nd's two-operand elementwise functions, as the binding calls them: for
 * each, the array-array form, the array-scalar form and a scalar-array form. Both the
 * Array object's operators (_array.pyx) and the namespace functions (_elementwise.pyx) use
 * this one table. The scalar-array form is nd's own nd_scalar_<name> where the operands
 * do not commute, the array-scalar form with the operands swapped where they do, and the
 * mirrored comparison for the order comparisons (2 < x is x > 2). */
#ifndef NDPY_BINOPS_H
#define NDPY_BINOPS_H

#include <nd.h>

typedef nd_array *(*ndpy_aa_fn)(const nd_array *, const nd_array *);
typedef nd_array *(*ndpy_as_fn)(const nd_array *, nd_scalar);
typedef nd_array *(*ndpy_sa_fn)(nd_scalar, const nd_array *);
typedef nd_status (*ndpy_aa_out_fn)(nd_array *, const nd_array *, const nd_array *);
typedef nd_status (*ndpy_as_out_fn)(nd_array *, const nd_array *, nd_scalar);

typedef struct ndpy_binop {
  const char *name;
  ndpy_aa_fn aa;
  ndpy_as_fn as;
  ndpy_sa_fn sa;
  ndpy_aa_out_fn aa_out; /* in-place operators: out = a op b */
  ndpy_as_out_fn as_out;
} ndpy_binop;

/* X(name, how the scalar goes first: COMM, FIRST (nd_scalar_<name>) or MIRROR(other)) */
#define NDPY_BINOPS(X)                                                                      \
  X(add, COMM, _) X(subtract, FIRST, _) X(multiply, COMM, _) X(divide, FIRST, _)          \
  X(floor_divide, FIRST, _) X(remainder, FIRST, _) X(pow, FIRST, _)                       \
  X(equal, COMM, _) X(not_equal, COMM, _) X(less, MIRROR, greater)                        \
  X(less_equal, MIRROR, greater_equal) X(greater, MIRROR, less)                           \
  X(greater_equal, MIRROR, less_equal) X(maximum, COMM, _) X(minimum, COMM, _)            \
  X(atan2, FIRST, _) X(hypot, COMM, _) X(copysign, FIRST, _) X(nextafter, FIRST, _)       \
  X(logaddexp, COMM, _) X(bitwise_and, COMM, _) X(bitwise_or, COMM, _)                    \
  X(bitwise_xor, COMM, _) X(bitwise_left_shift, FIRST, _)                                 \
  X(bitwise_right_shift, FIRST, _) X(logical_and, COMM, _) X(logical_or, COMM, _)         \
  X(logical_xor, COMM, _)

#define NDPY_SA_COMM(name, other)                                                           \
  static nd_array *ndpy_sa_##name(nd_scalar s, const nd_array *b) { return nd_##name##_scalar(b, s); }
#define NDPY_SA_MIRROR(name, other)                                                         \
  static nd_array *ndpy_sa_##name(nd_scalar s, const nd_array *b) { return nd_##other##_scalar(b, s); }
#define NDPY_SA_FIRST(name, other)                                                          \
  static nd_array *ndpy_sa_##name(nd_scalar s, const nd_array *b) { return nd_scalar_##name(s, b); }
#define NDPY_SA(name, how, other) NDPY_SA_##how(name, other)
NDPY_BINOPS(NDPY_SA)

#define NDPY_ID(name, how, other) NDPY_OP_##name,
enum { NDPY_BINOPS(NDPY_ID) NDPY_NUM_BINOPS };

#define NDPY_ENTRY(name, how, other)   {#name, nd_##name, nd_##name##_scalar, ndpy_sa_##name, nd_##name##_out, nd_##name##_scalar_out},
static const ndpy_binop ndpy_binops[] = {NDPY_BINOPS(NDPY_ENTRY)};

#endif
