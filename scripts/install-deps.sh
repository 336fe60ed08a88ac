#!/usr/bin/env bash
# Installs what nd's build, tests and benchmarks need, when it is missing:
#   Debian packages (as root, through apt-get) and, with --python, NumPy and the Python
#   package's build and test tools (pip, into .venv).
#   Open MPI, ScaLAPACK and ELPA are for the distributed component (libnd_mpi).
# Usage: scripts/install-deps.sh [--python | --docs]
#   --python also prepares .venv with the packages of scripts/python-requirements.txt
#   (NumPy, the Python package's build tools, the test tools and references, and the
#   libraries nd is tested inside: dask, xarray, opt_einsum, cotengra, quimb);
#   --docs also installs doxygen.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake make gcc pkg-config libopenblas-dev libopenblas-openmp-dev liblapacke-dev libcmocka-dev zlib1g-dev
          libzip-dev libdlpack-dev libfftw3-dev python3 python3-venv
          openmpi-bin libopenmpi-dev libscalapack-openmpi-dev libelpa-dev)
[ "${1:-}" = "--docs" ] && packages+=(doxygen)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# A python3 outside dpkg (pyenv, a distribution build) is fine if it can make venvs.
if command -v python3 >/dev/null && python3 -c 'import venv, ensurepip' 2>/dev/null; then
  missing=("${missing[@]/python3}"); missing=("${missing[@]/python3-venv}")
fi
clean=()
for p in "${missing[@]}"; do [ -n "$p" ] && clean+=("$p"); done
if [ ${#clean[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: missing Debian packages: ${clean[*]}" >&2
    echo "install-deps: run as root, or: sudo apt-get install ${clean[*]}" >&2
    exit 1
  fi
  echo "install-deps: installing ${clean[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${clean[@]}" >/dev/null
fi

if [ "${1:-}" = "--python" ]; then
  # The venv is (re)filled when the requirements list changed since it was last filled
  # (a copy of the list is kept in the venv as the stamp).
  req=scripts/python-requirements.txt
  if [ ! -x .venv/bin/python ] || ! cmp -s "$req" .venv/requirements.stamp; then
    echo "install-deps: preparing .venv ($(sed -e 's/#.*//' "$req" | xargs))"
    [ -x .venv/bin/python ] || python3 -m venv .venv
    .venv/bin/pip install -q --disable-pip-version-check -r "$req"
    cp "$req" .venv/requirements.stamp
  fi
fi
