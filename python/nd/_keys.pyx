# cython: language_level=3, binding=True, embedsignature=True
"""Basic index keys (integers, slices, None, Ellipsis, and tuples of them) as nd's index,
for the Array's indexing fast path; keys with arrays, bools or other integer types take the
general path of _indexing.pyx."""


cdef extern from "Python.h":
    int PySlice_Unpack(object slice, Py_ssize_t *start, Py_ssize_t *stop, Py_ssize_t *step) except -1


cdef inline int _put_int(char *buf, int pos, long long v) noexcept:
    """Writes v in decimal at buf[pos] (a hand-written formatter: snprintf costs more than
    the rest of a small index)."""
    cdef char tmp[24]
    cdef int n = 0
    cdef unsigned long long u = <unsigned long long>v
    if v < 0:
        buf[pos] = 45  # '-'
        pos += 1
        u = 0 - u
    while True:
        tmp[n] = 48 + <char>(u % 10)
        n += 1
        u //= 10
        if u == 0:
            break
    while n > 0:
        n -= 1
        buf[pos] = tmp[n]
        pos += 1
    return pos


cdef int basic_item(object k, char *buf, int pos, int cap) except -2:
    """Appends one basic index item and a comma to nd's index string in buf; -1 if k is not
    one (an array, a bool, ...: the general path takes it). Slices are unpacked as Python
    unpacks them (absent bounds become the extreme values, which nd clips as NumPy does)."""
    cdef Py_ssize_t start, stop, step
    cdef long long v
    if pos >= cap - 80:
        return -1
    if type(k) is int:
        try:
            v = k
        except OverflowError:
            return -1
        pos = _put_int(buf, pos, v)
    elif type(k) is slice:
        PySlice_Unpack(k, &start, &stop, &step)
        pos = _put_int(buf, pos, start)
        buf[pos] = 58  # ':'
        pos = _put_int(buf, pos + 1, stop)
        buf[pos] = 58
        pos = _put_int(buf, pos + 1, step)
    elif k is None:
        buf[pos] = 78  # "None"
        buf[pos + 1] = 111
        buf[pos + 2] = 110
        buf[pos + 3] = 101
        pos += 4
    elif k is Ellipsis:
        buf[pos] = buf[pos + 1] = buf[pos + 2] = 46  # "..."
        pos += 3
    else:
        return -1
    buf[pos] = 44  # ','
    return pos + 1


cdef int basic_spec(object key, char *buf, int cap) except -2:
    """Writes a basic key as nd_index's string into buf (cap bytes, at least 80); -1 if the
    key is not basic (or too long for buf)."""
    cdef int pos = 0
    if type(key) is tuple:
        for k in <tuple>key:
            pos = basic_item(k, buf, pos, cap)
            if pos < 0:
                return -1
    else:
        pos = basic_item(key, buf, 0, cap)
        if pos < 0:
            return -1
    buf[pos - 1 if pos > 0 else 0] = 0  # the last comma ends the string
    return pos
