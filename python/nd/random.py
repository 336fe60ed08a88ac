"""nd.random: random numbers, the same ones NumPy's default_rng gives for the same seed and
calls (include/nd/random.h, docs/guide/random.md).

    g = nd.random.default_rng(42)
    x = g.standard_normal((1000, 3))   # == np.random.default_rng(42).standard_normal((1000, 3))

The module-level functions (seed, random, normal, uniform, standard_normal), NumPy's names
that NumPy-API code and autoray call, draw from one module generator: a default_rng
seeded from the system's entropy, or by seed(s) (their numbers are default_rng(s)'s, not
those of NumPy's legacy np.random.seed)."""
from nd._random import Generator, default_rng

__all__ = ["Generator", "default_rng", "seed", "random", "normal", "uniform", "standard_normal"]

_generator = None


def _module_generator():
    global _generator
    if _generator is None:
        _generator = default_rng()
    return _generator


def seed(seed=None):
    """Restarts the module generator as default_rng(seed)."""
    global _generator
    _generator = default_rng(seed)


def random(size=None, dtype=None):
    """Floats uniform in [0, 1) from the module generator."""
    return _module_generator().random(size, dtype)


def normal(loc=0.0, scale=1.0, size=None, dtype=None):
    """Normal draws from the module generator."""
    return _module_generator().normal(loc, scale, size, dtype=dtype)


def uniform(low=0.0, high=1.0, size=None, dtype=None):
    """Floats uniform in [low, high) from the module generator."""
    return _module_generator().uniform(low, high, size, dtype=dtype)


def standard_normal(size=None, dtype=None):
    """Standard normal draws from the module generator."""
    return _module_generator().standard_normal(size, dtype)
