/* A tour of nd's memory model: the layout behaviours every user coming from NumPy,
 * PyTorch or a column-major library meets first. Build and run with `make demo`. */
#include <nd.h>
#include <stdio.h>
#include <stdlib.h>

/* Prints a title, the array and its layout. */
static void show(const char *title, const nd_array *a) {
  char *s = nd_to_string(a);
  char *d = nd_describe(a);
  printf("%s\n%s\n  %s\n\n", title, s ? s : nd_last_error(), d ? d : "");
  free(s);
  free(d);
}

static const char *yes(bool b) { return b ? "yes" : "no"; }

int main(void) {
  printf("nd %s: a tour of the memory model\n\n", nd_version());
  nd_scope_begin(); /* every array made below is released at nd_scope_end() */

  /* 1. The same six numbers, read as a 2x3 matrix in each order. */
  const double flat[6] = {0, 1, 2, 3, 4, 5};
  nd_array *c = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 3), flat, ND_C);
  nd_array *f = nd_from_data(ND_FLOAT64, ND_SHAPE(2, 3), flat, ND_F);
  show("flat 0..5 read as [2,3] in C order (rows are contiguous):", c);
  show("the same bytes read in F order (columns are contiguous):", f);
  double out[6];
  nd_to_data(c, out, ND_F);
  printf("the C-read matrix written out in F order: %g %g %g %g %g %g\n\n", out[0], out[1],
         out[2], out[3], out[4], out[5]);

  /* 2. reshape takes flat positions in the order you ask for. A row-major library (NumPy,
   *    JAX) folds and unfolds in C order; a column-major one (Fortran, Julia, tenferro) in F. */
  nd_array *seq = nd_arange(ND_FLOAT64, 0, 8, 1);
  nd_array *cube_c = nd_reshape(seq, ND_SHAPE(2, 2, 2), ND_C);
  nd_array *cube_f = nd_reshape(seq, ND_SHAPE(2, 2, 2), ND_F);
  show("arange(8) as [2,2,2] then [4,2], both in C order:",
       nd_reshape(cube_c, ND_SHAPE(4, 2), ND_C));
  show("arange(8) as [2,2,2] then [4,2], both in F order:",
       nd_reshape(cube_f, ND_SHAPE(4, 2), ND_F));
  show("mixing them (C-folded cube, F-order reshape) gives a third answer:",
       nd_reshape(cube_c, ND_SHAPE(4, 2), ND_F));

  /* 3. Transposes and most reshapes are views: no data moves. */
  nd_array *a = nd_reshape(nd_arange(ND_FLOAT64, 0, 12, 1), ND_SHAPE(3, 4), ND_C);
  nd_array *at = nd_transpose(a);
  show("a = arange(12) as [3,4] (strides in elements):", a);
  show("a.T: strides swapped, same memory:", at);
  printf("a.T shares memory with a: %s\n", yes(nd_shares_memory(a, at)));
  nd_array *r26 = nd_reshape(a, ND_SHAPE(2, 6), ND_C);
  printf("a reshaped to [2,6] shares memory: %s\n", yes(nd_shares_memory(a, r26)));
  nd_array *flat_t = nd_reshape(at, ND_SHAPE(12), ND_C);
  printf("a.T reshaped to [12] shares memory: %s (its C order is not a's memory order, so "
         "this reshape copies)\n\n",
         yes(nd_shares_memory(a, flat_t)));
  show("a.T reshaped to [12] (a copy):", flat_t);

  /* 4. ravel views when it can; flatten always copies. */
  nd_array *rv = nd_ravel(a, ND_C), *fl = nd_flatten(a, ND_C);
  printf("ravel(a) shares memory: %s; flatten(a) shares memory: %s\n",
         yes(nd_shares_memory(a, rv)), yes(nd_shares_memory(a, fl)));
  show("ravel(a) in F order (a copy, since a is C-ordered):", nd_ravel(a, ND_F));

  /* 5. Broadcasting is a stride of 0: a row seen as a matrix without copying. */
  nd_array *row = nd_arange(ND_FLOAT64, 10, 40, 10);
  nd_array *rows = nd_broadcast_to(row, ND_SHAPE(2, 3));
  show("[10,20,30] broadcast to [2,3]: stride 0 on the new axis, read-only:", rows);

  /* 6. An F-ordered array's buffer is written column by column. */
  nd_array *fa = nd_copy(a, ND_F);
  const double *buf = nd_data(fa);
  printf("a copied to F order; its buffer holds:");
  for (int i = 0; i < 12; i++) printf(" %g", buf[i]);
  printf("\n\n");

  /* 7. Slicing with steps, negative steps and new axes: views again. */
  show("a[::-1, 1::2] (negative and stepped strides):", nd_index(a, "::-1, 1::2"));
  show("a[None, :, 2]:", nd_index(a, "None, :, 2"));

  /* 8. Mistakes give errors, not wrong answers. */
  nd_array *bad = nd_reshape(nd_arange(ND_FLOAT64, 0, 24, 1), ND_SHAPE(5, -1), ND_C);
  printf("reshape of 24 elements into [5,-1]: %s -> \"%s\"\n", bad ? "ok?!" : "NULL",
         nd_last_error());
  nd_clear_error();
  bad = nd_broadcast_to(row, ND_SHAPE(3, 2));
  printf("broadcast [3] to [3,2]: %s -> \"%s\"\n", bad ? "ok?!" : "NULL", nd_last_error());

  nd_scope_end();
  return 0;
}
