"""nd.random: random numbers, the same ones NumPy's default_rng gives for the same seed and
calls (include/nd/random.h, docs/guide/random.md).

    g = nd.random.default_rng(42)
    x = g.standard_normal((1000, 3))   # == np.random.default_rng(42).standard_normal((1000, 3))
"""
from nd._random import Generator, default_rng

__all__ = ["Generator", "default_rng"]
