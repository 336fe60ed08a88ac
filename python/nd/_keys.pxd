# Basic index keys as nd's index (_keys.pyx).
cdef int basic_spec(object key, char *buf, int cap) except -2
