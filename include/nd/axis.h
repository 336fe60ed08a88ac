/** \file
 *  nd: axis arguments: a single axis or none, and lists of axes.
 *
 *  The one rule for functions taking a list of axes as `(int naxes, const int *axes)`
 *  (reductions, statistics, vector norms, squeeze, flip, fftn and the other n-axes
 *  transforms, fftshift): naxes `ND_ALL_AXES` (-1) means every axis (axes may be NULL),
 *  as Python's `axis=None`; naxes 0 means no axis, as `axis=()`; naxes > 0 lists the
 *  axes (a negative axis counts from the end). A naxes below -1 is ND_ERR_VALUE.
 *  Functions whose naxes is not an axis selection say so (nd_permute takes every axis,
 *  nd_tensordot a count, nd_roll's -1 rolls the flattened array, NumPy's axis=None).
 *
 *  Deprecated: nd_squeeze and nd_flip with naxes 0 and axes NULL still mean every axis,
 *  their meaning before this rule, for the 0.3 releases; after them naxes 0 means no
 *  axis whatever axes is. With a non-NULL axes pointer naxes 0 already means no axis
 *  there. Write ND_ALL_AXES for every axis. */
#ifndef ND_AXIS_H
#define ND_AXIS_H

/** Passed as the `axis` of a function that takes a single axis (argmax, take, concat,
 *  repeat, cumulative_sum, ...): no axis, i.e. work on the flattened array (C order), as
 *  Python's `axis=None`. Functions taking a list of axes take `naxes = ND_ALL_AXES`
 *  instead. */
#define ND_AXIS_NONE (-2147483647 - 1)

/** Passed as the `naxes` of a function taking `(naxes, axes)`: every axis of the array,
 *  as Python's `axis=None` (axes may be NULL). */
#define ND_ALL_AXES (-1)

#endif
