# Index keys as nd's index items (_keys.pyx).
from nd._c.indexing cimport nd_index_item

cdef int basic_item(object k, nd_index_item *it) except -2
cdef int basic_items(object key, nd_index_item *items, int cap) except -2
