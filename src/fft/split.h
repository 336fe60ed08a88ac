/* Long one-dimensional transforms split into two passes of shorter ones (four-step). */
#ifndef NDF_SPLIT_H
#define NDF_SPLIT_H

#include "pass.h"

/* Runs the pass, as two shorter passes with twiddles between them when its transform is
 * long and splits well (split.c), else as it is. */
nd_status ndf_split_run(const ndf_pass *p);

#endif
