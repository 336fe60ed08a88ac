/* Split-operator propagation of a wave packet in a 2-D harmonic potential (hbar = m =
 * omega = 1), checked against the exact motion. nd's public API and libnd_fft only.
 *
 *     split_operator [--grid N] [--dt DT] [--periods P] [--check]
 *
 * prints one line:
 *     split_operator grid=128x128 dt=0.001 steps=6283 t=6.283 norm_err=... centre_err=...
 *     energy_err=... time=...s
 * With --check, exits with status 1 unless the norm is kept to 1e-12 and the centre and
 * the energy to 1e-5.
 *
 * The packet starts as the ground state displaced by x0 along x (a coherent state): its
 * centre follows (x0 cos t, 0), its norm stays 1 and its energy 1 + x0^2/2. One step of
 * Strang splitting is
 *     psi <- exp(-i V dt/2) ifft2( exp(-i k^2 dt/2) fft2( exp(-i V dt/2) psi ) ),
 * exact in its two halves (V is diagonal on the grid, the kinetic energy k^2/2 in Fourier
 * space) and accurate to O(dt^2) over a fixed time. Every step runs the same two
 * transforms into preallocated arrays (the _out forms), so after the first step all
 * plans come from the cache and nothing is allocated. */
#include <math.h>
#include <nd.h>
#include <nd/fft.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double item(nd_array *a) {
  double v = NAN;
  nd_item_double(a, &v);
  return v;
}

/* sum(a) * w as a double (inside a scope) */
static double total(nd_array *a, double w) { return item(nd_sum(a, -1, NULL, false)) * w; }

int main(int argc, char **argv) {
  int64_t n = 128;
  double dt = 1e-3, periods = 1, box = 24, x0 = 2;
  bool check = false;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--grid") && i + 1 < argc) n = atol(argv[++i]);
    else if (!strcmp(argv[i], "--dt") && i + 1 < argc) dt = atof(argv[++i]);
    else if (!strcmp(argv[i], "--periods") && i + 1 < argc) periods = atof(argv[++i]);
    else if (!strcmp(argv[i], "--check")) check = true;
    else {
      fprintf(stderr, "usage: %s [--grid N] [--dt DT] [--periods P] [--check]\n", argv[0]);
      return 2;
    }
  }
  int64_t steps = (int64_t)llround(periods * 2 * M_PI / dt);
  double dx = box / (double)n, t = (double)steps * dt;

  nd_scope_begin();
  /* grids as broadcastable columns and rows: x[i] = -box/2 + i dx, k = 2 pi fftfreq(n, dx) */
  nd_array *x = nd_reshape(nd_arange(ND_FLOAT64, 0, (double)n, 1), 2, (int64_t[]){n, 1}, ND_C);
  x = nd_subtract_scalar(nd_multiply_scalar(x, ND_FLOAT(dx)), ND_FLOAT(box / 2));
  nd_array *y = nd_reshape(x, 2, (int64_t[]){1, n}, ND_C);
  nd_array *kx = nd_reshape(nd_multiply_scalar(nd_fft_fftfreq(n, dx, ND_FLOAT64), ND_FLOAT(2 * M_PI)),
                            2, (int64_t[]){n, 1}, ND_C);
  nd_array *ky = nd_reshape(kx, 2, (int64_t[]){1, n}, ND_C);
  nd_array *V = nd_multiply_scalar(nd_add(nd_square(x), nd_square(y)), ND_FLOAT(0.5));
  nd_array *T = nd_multiply_scalar(nd_add(nd_square(kx), nd_square(ky)), ND_FLOAT(0.5));
  /* half a step of the potential, a whole step of the kinetic energy */
  nd_array *eV = nd_keep(nd_exp(nd_multiply_scalar(V, ND_COMPLEX(0, -dt / 2))));
  nd_array *eT = nd_keep(nd_exp(nd_multiply_scalar(T, ND_COMPLEX(0, -dt))));
  /* psi(0) = pi^(-1/2) exp(-((x - x0)^2 + y^2) / 2) */
  nd_array *r2 = nd_add(nd_square(nd_subtract_scalar(x, ND_FLOAT(x0))), nd_square(y));
  nd_array *psi = nd_keep(nd_astype(
      nd_multiply_scalar(nd_exp(nd_multiply_scalar(r2, ND_FLOAT(-0.5))), ND_FLOAT(1 / sqrt(M_PI))),
      ND_COMPLEX128));
  nd_array *phi = nd_keep(nd_empty_like(psi, ND_C));
  nd_keep(x);
  nd_keep(V);
  nd_keep(T);
  nd_scope_end();
  if (!psi || !phi || !eV || !eT) {
    fprintf(stderr, "split_operator: setup failed: %s\n", nd_last_error());
    return 1;
  }

  double t0 = now();
  nd_status st = ND_OK;
  for (int64_t s = 0; s < steps && !st; s++) {
    st = nd_multiply_out(psi, psi, eV);
    if (!st) st = nd_fft_fftn_out(phi, psi, -1, NULL, -1, NULL, ND_FFT_BACKWARD);
    if (!st) st = nd_multiply_out(phi, phi, eT);
    if (!st) st = nd_fft_ifftn_out(psi, phi, -1, NULL, -1, NULL, ND_FFT_BACKWARD);
    if (!st) st = nd_multiply_out(psi, psi, eV);
  }
  double elapsed = now() - t0;
  if (st) {
    fprintf(stderr, "split_operator: step failed: %s\n", nd_last_error());
    return 1;
  }

  /* observables: norm, centre, energy (kinetic part in Fourier space, by Parseval) */
  nd_scope_begin();
  double w = dx * dx;
  nd_array *rho = nd_square(nd_abs(psi));
  double norm = total(rho, w);
  double xc = total(nd_multiply(rho, x), w) / norm;
  double yc = total(nd_multiply(rho, nd_reshape(x, 2, (int64_t[]){1, n}, ND_C)), w) / norm;
  nd_array *rhok = nd_square(nd_abs(nd_fft_fftn(psi, -1, NULL, -1, NULL, ND_FFT_BACKWARD)));
  double energy = total(nd_multiply(rho, V), w) + total(nd_multiply(rhok, T), w / (double)(n * n));
  nd_scope_end();
  double norm_err = fabs(norm - 1), centre_err = hypot(xc - x0 * cos(t), yc);
  double energy_err = fabs(energy - (1 + x0 * x0 / 2));
  printf("split_operator grid=%lldx%lld dt=%g steps=%lld t=%.6g norm_err=%.2e centre_err=%.2e "
         "energy_err=%.2e time=%.3fs\n",
         (long long)n, (long long)n, dt, (long long)steps, t, norm_err, centre_err, energy_err, elapsed);
  nd_release(psi);
  nd_release(phi);
  nd_release(eV);
  nd_release(eT);
  nd_release(x);
  nd_release(V);
  nd_release(T);
  nd_fft_clear_plans();
  bool ok = norm_err <= 1e-12 && centre_err <= 1e-5 && energy_err <= 1e-5;
  return check && !ok ? 1 : 0;
}
