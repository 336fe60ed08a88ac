"""__array_namespace_info__: what nd offers (one device, the CPU; its dtypes)."""
from nd._core import CPU, DTYPES, check_device


class Info:
    """The inspection object of the Array API (nd.__array_namespace_info__())."""

    __module__ = "nd"

    def capabilities(self):
        # boolean indexing and data-dependent shapes (unique, nonzero) are supported;
        # max dimensions: nd's limit
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self):
        return CPU

    def devices(self):
        return [CPU]

    def default_dtypes(self, *, device=None):
        check_device(device)
        d = {t.name: t for t in DTYPES}
        return {"real floating": d["float64"], "complex floating": d["complex128"],
                "integral": d["int64"], "indexing": d["int64"]}

    def dtypes(self, *, device=None, kind=None):
        check_device(device)
        from nd import isdtype
        out = {}
        for t in DTYPES:
            if kind is None or isdtype(t, kind):
                out[t.name] = t
        return out


def __array_namespace_info__():
    """The namespace's inspection object: capabilities, devices, default and all dtypes."""
    return Info()
