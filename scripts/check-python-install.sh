#!/usr/bin/env bash
# Checks the Python package the way a user meets it, in a fresh virtual environment
# (python3 -m venv): `pip wheel .` from the repository root, with pip's build isolation
# (scikit-build-core and Cython come from PyPI, as on a user's machine), must make a wheel
# that carries libnd (and libnd_fft where FFTW is installed); pip installs it into the
# venv, and a smoke test runs outside the source tree: import, a few operations,
# nd.linalg, nd.fft against NumPy, DLPack both ways with NumPy.
# `pip install .` is exactly this: pip builds the same wheel with the same backend in the
# same isolation, then installs it. Doing it as `pip wheel .` plus the install of that
# wheel builds the package once instead of twice (scikit-build-core starts every isolated
# build afresh: about 4 minutes on 2 cores).
# Usage: scripts/check-python-install.sh   (needs the Debian packages of scripts/install-deps.sh)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/nd-check-python-install.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-python-install: $*" >&2; exit 1; }
# libnd_fft (and nd.fft) is built when FFTW's header is there, where CMake looks for it
expect_fft=0
[ -f /usr/include/fftw3.h ] && expect_fft=1
export EXPECT_FFT=$expect_fft

echo "== check-python-install: fresh venv in $work/venv"
python3 -m venv "$work/venv"
py=$work/venv/bin/python
pip=("$work/venv/bin/pip" --disable-pip-version-check -q)

echo "== check-python-install: pip wheel . (build isolation: build requirements from PyPI)"
start=$SECONDS
(cd "$src" && "${pip[@]}" wheel --no-deps -w "$work/wheels" .) || fail "pip wheel . failed"
echo "   built in $((SECONDS - start)) s"
wheel=$(find "$work/wheels" -name 'nd-*.whl' | head -n 1)
[ -n "$wheel" ] || fail "pip wheel . made no nd wheel"
cat > "$work/wheel_files.py" <<'PY'
import os, sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
need = ["nd/__init__.py", "nd/libnd.so", "nd/linalg/__init__.py"]
if int(os.environ["EXPECT_FFT"]):
    need += ["nd/libnd_fft.so", "nd/fft.py"]
missing = [n for n in need if n not in names]
assert not missing, f"missing from {os.path.basename(sys.argv[1])}: {missing}"
assert any(n.startswith("nd/_array.") and n.endswith(".so") for n in names), "no nd/_array extension"
libs = ", ".join(n for n in need if n.endswith(".so"))
print(f"   {os.path.basename(sys.argv[1])}: {len(names)} files, with {libs}")
PY
"$py" "$work/wheel_files.py" "$wheel" || fail "the wheel lacks a file"

echo "== check-python-install: pip install the wheel (and NumPy, for the comparisons)"
"${pip[@]}" install "$wheel" numpy || fail "pip install failed"

echo "== check-python-install: smoke test outside the source tree"
cat > "$work/smoke.py" <<'PY'
import os
import sys

import numpy as np

import nd

here = os.path.dirname(nd.__file__)
assert here.startswith(sys.prefix), f"nd imported from {here}, not from the venv {sys.prefix}"
assert os.path.exists(os.path.join(here, "libnd.so")), "libnd.so is not inside the package"
assert nd.__array_api_version__ == "2024.12"

x = nd.asarray([[4.0, 1.0], [2.0, 3.0]])
assert nd.all(nd.abs(nd.linalg.inv(x) @ x - nd.eye(2)) < 1e-12)
assert float(nd.sum(x * 2.0)) == 20.0
assert nd.reshape(nd.arange(6), (2, 3))[1, ::-1].tolist() == [5, 4, 3]
assert np.allclose(np.asarray(nd.linalg.eigvalsh(x + x.T)), np.linalg.eigvalsh(np.asarray(x + x.T)))

# DLPack and the buffer protocol, both ways, without copies
n = np.arange(12.0).reshape(3, 4)[:, ::2]
a = nd.from_dlpack(n)
assert np.shares_memory(np.asarray(a), n)
b = np.from_dlpack(a)
assert np.shares_memory(b, n) and np.array_equal(b, n)
r = nd.broadcast_to(nd.asarray([1.0, 2.0]), (3, 2))  # read-only: out without a copy
v = np.from_dlpack(r)
assert not v.flags.writeable and v.strides[0] == 0 and v.tolist() == [[1.0, 2.0]] * 3

msg = f"nd {nd.__version__}"
if int(os.environ["EXPECT_FFT"]):
    assert os.path.exists(os.path.join(here, "libnd_fft.so")), "libnd_fft.so is not inside the package"
    s = np.random.default_rng(0).standard_normal((8, 12))
    assert np.allclose(np.asarray(nd.fft.rfftn(nd.asarray(s), norm="ortho")),
                       np.fft.rfftn(s, norm="ortho"), rtol=1e-12, atol=1e-12)
    assert np.allclose(np.asarray(nd.fft.ifft(nd.fft.fft(nd.asarray(s), axis=0), axis=0)), s)
    msg += ", with nd.fft"
else:
    assert not hasattr(nd, "fft"), "nd.fft without FFTW?"
    msg += ", without nd.fft (no FFTW)"
print(f"   import from the venv, operations, linalg, fft, DLPack with NumPy: ok ({msg})")
PY
(cd "$work" && "$py" smoke.py) || fail "smoke test failed"
echo "check-python-install: ok"
