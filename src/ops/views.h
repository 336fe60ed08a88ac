/* Views named after their caller (ops/views.c), for functions built on a view (trace). */
#ifndef NDI_OPS_VIEWS_H
#define NDI_OPS_VIEWS_H

#include "nd/types.h"

/* nd_diagonal with errors naming op (trace's own checks). */
nd_array *ndi_diagonal(const char *op, nd_array *a, int64_t offset, int axis1, int axis2);

#endif
