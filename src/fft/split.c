/* Long transforms split into two passes (four-step). */
#include "split.h"

nd_status ndf_split_run(const ndf_pass *p) { return ndf_pass_run(p); }
