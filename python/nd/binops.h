/* The tables of nd's elementwise functions as the binding calls them, built from the tables
 * of nd/elementwise.h (so a function added there is bound here with nothing more): for each
 * two-input function its array-array, array-scalar and scalar-array forms and their _out
 * forms, for each one-input function the function and its _out form. The Array object's
 * operators (_array.pyx) and the namespace's functions (_elementwise.pyx) call through
 * them. The scalar-array form is nd_scalar_<name> where the operands do not commute, the
 * array-scalar form with the operands swapped where they do, and the mirrored comparison
 * for the order comparisons (2 < x is x > 2). */
#ifndef NDPY_BINOPS_H
#define NDPY_BINOPS_H

#include <nd.h>

typedef nd_array *(*ndpy_aa_fn)(const nd_array *, const nd_array *);
typedef nd_array *(*ndpy_as_fn)(const nd_array *, nd_scalar);
typedef nd_array *(*ndpy_sa_fn)(nd_scalar, const nd_array *);
typedef nd_status (*ndpy_aa_out_fn)(nd_array *, const nd_array *, const nd_array *);
typedef nd_status (*ndpy_as_out_fn)(nd_array *, const nd_array *, nd_scalar);
typedef nd_array *(*ndpy_a_fn)(const nd_array *);
typedef nd_status (*ndpy_a_out_fn)(nd_array *, const nd_array *);

typedef struct ndpy_binop {
  const char *name;
  ndpy_aa_fn aa;
  ndpy_as_fn as;
  ndpy_sa_fn sa;
  ndpy_aa_out_fn aa_out; /* in-place operators: out = a op b */
  ndpy_as_out_fn as_out;
} ndpy_binop;

typedef struct ndpy_unop {
  const char *name;
  ndpy_a_fn a;
  ndpy_a_out_fn a_out;
} ndpy_unop;

/* the scalar-array form of each two-input function, from its `first` column */
#define NDPY_SA_COMMUTES(name, mirror)                                                     \
  static nd_array *ndpy_sa_##name(nd_scalar s, const nd_array *b) { return nd_##name##_scalar(b, s); }
#define NDPY_SA_MIRROR(name, mirror)                                                       \
  static nd_array *ndpy_sa_##name(nd_scalar s, const nd_array *b) { return nd_##mirror##_scalar(b, s); }
#define NDPY_SA_FIRST(name, mirror)                                                        \
  static nd_array *ndpy_sa_##name(nd_scalar s, const nd_array *b) { return nd_scalar_##name(s, b); }
#define NDPY_SA(name, first, mirror, ...) NDPY_SA_##first(name, mirror)
ND_BINARY_FUNCTIONS(NDPY_SA)

#define NDPY_ID(name, ...) NDPY_OP_##name,
enum { ND_BINARY_FUNCTIONS(NDPY_ID) NDPY_NUM_BINOPS };
#define NDPY_UID(name, ...) NDPY_UOP_##name,
enum { ND_UNARY_FUNCTIONS(NDPY_UID) NDPY_NUM_UNOPS };

#define NDPY_ENTRY(name, ...)                                                              \
  {#name, nd_##name, nd_##name##_scalar, ndpy_sa_##name, nd_##name##_out, nd_##name##_scalar_out},
static const ndpy_binop ndpy_binops[] = {ND_BINARY_FUNCTIONS(NDPY_ENTRY)};
#define NDPY_UENTRY(name, ...) {#name, nd_##name, nd_##name##_out},
static const ndpy_unop ndpy_unops[] = {ND_UNARY_FUNCTIONS(NDPY_UENTRY)};

#endif
