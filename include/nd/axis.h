/** \file
 *  nd: the axis argument of functions that take one axis or none. */
#ifndef ND_AXIS_H
#define ND_AXIS_H

/** Passed as the `axis` of a function that takes a single axis (argmax, take, concat,
 *  repeat, cumulative_sum, ...): no axis, i.e. work on the flattened array (C order), as
 *  Python's `axis=None`. Functions reducing over several axes take `naxes = -1` for all
 *  axes instead. */
#define ND_AXIS_NONE (-2147483647 - 1)

#endif
