"""nd's registrations with the libraries that dispatch on array types, made without importing
them: autoray (the dispatcher of quimb and cotengra) and dask.array. Each registration runs
when nd is imported if its library is already imported, otherwise right after the library's
own import (a finder on sys.meta_path that wraps the module's execution and leaves once
every registration has run), so that neither import order needs a shim in user code.

autoray finds nd's functions by NumPy's names in the nd module; what it needs beyond them:
- linalg.svd with full_matrices=False by default: the standard's svd, like NumPy's, gives
  the full U and Vh, and quimb relies on autoray giving it the thin one (autoray wraps
  NumPy's svd so; a backend named "nd" would not get that wrapper);
- complex(re, im), which autoray composes per backend.
dask.array needs nd.Array registered as a chunk type only to mix bare nd arrays with dask
arrays (dask_array + nd_array); graphs whose chunks are all nd arrays need nothing."""
import importlib.abc
import sys
import warnings


def _svd(fn):
    def svd(x, full_matrices=False, **kwargs):
        return fn(x, full_matrices=full_matrices, **kwargs)
    return svd


def complex(re, im):  # (a def with a plain name: autoray's lazy mode compiles the name)
    """re + 1j * im, in the complex dtype of re and im."""
    return re + im * 1j


def register_autoray(autoray):
    autoray.register_function("nd", "linalg.svd", wrapper=_svd)
    autoray.register_function("nd", "complex", complex)


def register_dask(dask_array):
    import nd
    dask_array.register_chunk_type(nd.Array)


# module name -> registration, pending until that module has been executed
_PENDING = {"autoray": register_autoray, "dask.array": register_dask}


def _register(name, module):
    register = _PENDING.pop(name, None)
    if register is None:
        return
    try:
        register(module)
    except Exception as e:  # an incompatible version must not break the user's import
        warnings.warn(f"nd: could not register with {name}: {e!r}", RuntimeWarning, stacklevel=2)
    if not _PENDING and _finder in sys.meta_path:
        sys.meta_path.remove(_finder)


class _AfterImport(importlib.abc.MetaPathFinder):
    """Finds the pending modules with the other finders and runs nd's registration after
    the module's own code."""

    def find_spec(self, name, path, target=None):
        if name not in _PENDING:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        execute = loader.exec_module

        def exec_module(module):
            execute(module)
            _register(name, module)
        loader.exec_module = exec_module
        return spec


_finder = _AfterImport()


def install():
    for name in list(_PENDING):
        if name in sys.modules:
            _register(name, sys.modules[name])
    if _PENDING and _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)


install()
