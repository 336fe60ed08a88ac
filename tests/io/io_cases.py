"""What the I/O tests exchange with NumPy: the files each side writes and the values in
them. The values are th_value() of tests/helpers.c (the C tests build the same arrays with
th_make), so both sides check each other's files against one formula, not against output
of the code under test."""
import ml_dtypes  # noqa: F401 (registers np.dtype("bfloat16"))
import numpy as np

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64", "complex64", "complex128", "float16", "bfloat16"]
SHAPE = (2, 3, 4)
MASK64 = (1 << 64) - 1
# The layouts nd writes (th_layout in tests/helpers.h) and whether the file it writes is in
# F order: an F-contiguous array (F, and a transposed C array) is written as it lies.
ND_LAYOUTS = {"C": False, "F": True, "transposed": True, "stepped": False,
              "negative": False, "broadcast": False}
VERSIONS = {2: ["float64", "int16", "complex64", "bool"], 3: ["float32", "uint64", "complex128"]}
# Members of the .npz files both sides write: key -> (dtype, shape, order, seed).
NPZ_MEMBERS = {"a": ("float64", SHAPE, "C", 1), "b": ("int32", SHAPE, "F", 2),
               "c": ("complex128", (0, 3), "C", 3), "d": ("bool", (), "C", 4),
               "e": ("int16", SHAPE, "C", 5)}


def kind_of(dt):
    """NumPy's kind letter, 'f' for ml_dtypes' bfloat16 (whose own kind is 'V')."""
    return "f" if dt.name == "bfloat16" else dt.kind


def loaded(arr, dtype):
    """An array np.load gave, seen as dtype: a bfloat16 file holds '<V2' bytes (what np.save
    writes for an ml_dtypes array), which a view turns back."""
    return arr.view(np.dtype(dtype)) if dtype == "bfloat16" else arr


def seed_of(dtype):
    return DTYPES.index(dtype) + 1


def th_value(kind, flat, seed):
    h = (flat * 2654435761 + ((seed * 40503) & 0xFFFFFFFF) + 17) & MASK64
    h ^= h >> 13
    v = h % 101
    if kind == "b":
        return float(v & 1), 0.0
    if kind == "i":
        return float(v - 50), 0.0
    if kind == "u":
        return float(v * 2), 0.0
    re = (v - 50) * 0.5
    if kind == "f":
        return re, 0.0
    return re, ((h >> 8) % 21 - 10) * 0.25


def expected(dtype, shape, seed):
    """The array th_make(dtype, shape, any layout, seed) holds, C-contiguous."""
    dt = np.dtype(dtype)
    n = int(np.prod(shape, dtype=np.int64)) if len(shape) else 1
    vals = [th_value(kind_of(dt), i, seed) for i in range(n)]
    if dt.kind == "c":
        flat = np.array([complex(r, i) for r, i in vals], dtype=dt)
    else:
        flat = np.array([r for r, _ in vals], dtype=np.float64).astype(dt)
    return flat.reshape(shape)
