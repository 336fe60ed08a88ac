# nd's failures as Python exceptions (_errors.pyx).
from nd._c.types cimport nd_status, ND_OK

cdef int raise_error() except -1
cdef int raise_as(object exc) except -1


cdef inline int check(nd_status st) except -1:
    """Raises nd's last failure when st is one."""
    if st != ND_OK:
        raise_error()
    return 0
