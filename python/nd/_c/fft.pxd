# Declarations of include/nd/fft.h (libnd_fft, built when FFTW 3 is found).
from libc.stdint cimport int64_t
from nd._c.types cimport *

cdef extern from "nd/fft.h" nogil:
    ctypedef enum nd_fft_norm:
        ND_FFT_BACKWARD, ND_FFT_ORTHO, ND_FFT_FORWARD
    int nd_fft_norm_from_name(const char *name)

    nd_array *nd_fft_fft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm)
    nd_array *nd_fft_ifft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm)
    nd_array *nd_fft_rfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm)
    nd_array *nd_fft_irfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm)
    nd_array *nd_fft_hfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm)
    nd_array *nd_fft_ihfft(const nd_array *x, int64_t n, int axis, nd_fft_norm norm)
    nd_status nd_fft_fft_out(nd_array *out, const nd_array *x, int64_t n, int axis, nd_fft_norm norm)
    nd_status nd_fft_ifft_out(nd_array *out, const nd_array *x, int64_t n, int axis, nd_fft_norm norm)
    nd_status nd_fft_rfft_out(nd_array *out, const nd_array *x, int64_t n, int axis, nd_fft_norm norm)
    nd_status nd_fft_irfft_out(nd_array *out, const nd_array *x, int64_t n, int axis, nd_fft_norm norm)
    nd_status nd_fft_hfft_out(nd_array *out, const nd_array *x, int64_t n, int axis, nd_fft_norm norm)
    nd_status nd_fft_ihfft_out(nd_array *out, const nd_array *x, int64_t n, int axis, nd_fft_norm norm)

    nd_array *nd_fft_fftn(const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s, nd_fft_norm norm)
    nd_array *nd_fft_ifftn(const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s, nd_fft_norm norm)
    nd_array *nd_fft_rfftn(const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s, nd_fft_norm norm)
    nd_array *nd_fft_irfftn(const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s, nd_fft_norm norm)
    nd_status nd_fft_fftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s, nd_fft_norm norm)
    nd_status nd_fft_ifftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s, nd_fft_norm norm)
    nd_status nd_fft_rfftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s, nd_fft_norm norm)
    nd_status nd_fft_irfftn_out(nd_array *out, const nd_array *x, int naxes, const int *axes, int ns, const int64_t *s, nd_fft_norm norm)

    nd_array *nd_fft_fftfreq(int64_t n, double d, nd_dtype t)
    nd_array *nd_fft_rfftfreq(int64_t n, double d, nd_dtype t)
    nd_array *nd_fft_fftshift(const nd_array *x, int naxes, const int *axes)
    nd_array *nd_fft_ifftshift(const nd_array *x, int naxes, const int *axes)

    ctypedef enum nd_fft_planner:
        ND_FFT_AUTO, ND_FFT_ESTIMATE, ND_FFT_MEASURE, ND_FFT_PATIENT
    nd_status nd_fft_set_planner(nd_fft_planner mode)
    nd_fft_planner nd_fft_get_planner()
    nd_status nd_fft_save_wisdom(const char *path)
    nd_status nd_fft_load_wisdom(const char *path)
    void nd_fft_forget_wisdom()
    void nd_fft_clear_plans()
    nd_status nd_fft_set_cache_limits(int64_t max_plans, int64_t max_bytes)
    ctypedef struct nd_fft_cache_stats:
        int64_t plans
        int64_t bytes
        int64_t hits
        int64_t misses
        int64_t upgrades
        int64_t evictions
    nd_status nd_fft_get_cache_stats(nd_fft_cache_stats *stats)
