# NumPy's functions by NumPy's names and signatures (_numpy_functions.pyx).
from nd._array cimport Array

cpdef Array arr(object a)
