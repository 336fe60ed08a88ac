"""nd.fft: the Array API's fft extension over libnd_fft (include/nd/fft.h, FFTW 3):

    X = nd.fft.fft(x, n=1024, axis=0, norm="ortho")   # NumPy 2's np.fft semantics

Beyond the standard, as NumPy 2: out= on every transform, and fft2, ifft2, rfft2, irfft2;
and the plan cache's controls (set_planner, save_wisdom, ...). See docs/guide/python.md
and docs/guide/fft.md.

The module exists when the package was built with FFTW (libfftw3-dev): `hasattr(nd,
"fft")` tells, as the standard asks. FFTW is GPL-2+, so a distributed nd package that
carries nd.fft (libnd_fft, linked with FFTW) is covered by the GPL as a whole."""
try:
    from nd._fft import (CacheStats, clear_plans, fft, fft2, fftfreq, fftn, fftshift,
                         forget_wisdom, get_cache_stats, get_planner, hfft, ifft, ifft2, ifftn,
                         ifftshift, ihfft, irfft, irfft2, irfftn, load_wisdom, rfft, rfft2,
                         rfftfreq, rfftn, save_wisdom, set_cache_limits, set_planner)
except ModuleNotFoundError as _e:
    if _e.name != "nd._fft":
        raise
    raise ImportError("nd.fft: this nd package was built without FFTW 3 (libfftw3-dev), so it "
                      "has no fft extension; install FFTW and rebuild it") from None

# The standard's functions, then NumPy's 2-D spellings and the plan cache's controls.
__all__ = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
           "fftfreq", "rfftfreq", "fftshift", "ifftshift",
           "fft2", "ifft2", "rfft2", "irfft2",
           "CacheStats", "clear_plans", "forget_wisdom", "get_cache_stats", "get_planner",
           "load_wisdom", "save_wisdom", "set_cache_limits", "set_planner"]
