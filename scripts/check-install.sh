#!/usr/bin/env bash
# Checks the installed package the way a user meets it: installs the build into a
# temporary prefix, then, outside the source tree, compiles every installed header on its
# own (C11 and C++), and builds and runs the README's example program through CMake
# (find_package(nd), nd::nd and nd::nd_static) and through pkg-config (nd, and
# nd-static with --static); with the FFT component, its example the same ways (CMake
# COMPONENTS fft, pkg-config nd-fft and nd-fft-static); and, when libnd_mpi was built, the
# distributed tight-binding example through find_package(nd COMPONENTS mpi) and
# pkg-config nd-mpi / nd-mpi-static, run under mpiexec. Fails on a missing header, nd.pc,
# nd-static.pc or ndConfig.cmake, a wrong link line, or a program that does not print the
# expected result.
# Usage: scripts/check-install.sh [BUILD_DIR]   (default build/release, already built)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-build/release}" && pwd)
work=$(mktemp -d /tmp/nd-check-install.XXXXXX)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
fail() { echo "check-install: $*" >&2; exit 1; }

echo "== check-install: installing into $prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(find "$prefix" -name nd.pc -printf '%h\n' | head -n 1)
[ -n "$libdir" ] || fail "nd.pc was not installed"
for f in nd.pc nd-static.pc; do [ -f "$libdir/$f" ] || fail "$f was not installed"; done
[ -n "$(find "$prefix" -name ndConfig.cmake)" ] || fail "ndConfig.cmake was not installed"

# Every header of the source tree must be installed and compile on its own.
echo "== check-install: headers"
(cd "$src/include" && find . -name '*.h' | sort) > "$work/headers"
while read -r h; do
  [ -f "$prefix/include/${h#./}" ] || fail "header ${h#./} was not installed"
done < "$work/headers"
# nd/mpi.h needs MPI's header (pkg-config mpi); without MPI it is left out.
mpi_cflags=$(pkg-config --cflags mpi 2>/dev/null) || mpi_cflags=""
while read -r h; do
  h=${h#./}
  extra=""
  if [ "$h" = nd/mpi.h ]; then
    if ! pkg-config --exists mpi 2>/dev/null; then echo "   $h: skipped (no MPI)"; continue; fi
    extra=$mpi_cflags
  fi
  printf '#include <%s>\nint main(void) { return 0; }\n' "$h" > "$work/h.c"
  # shellcheck disable=SC2086
  cc -std=c11 -Wall -Wextra -Werror -pedantic-errors -fsyntax-only -I"$prefix/include" $extra "$work/h.c" \
    || fail "installed header $h does not compile on its own"
done < "$work/headers"
if command -v c++ >/dev/null; then
  printf '#include <nd.h>\nint main() { return nd_version() == nullptr; }\n' > "$work/h.cpp"
  c++ -std=c++11 -Wall -Werror -fsyntax-only -I"$prefix/include" "$work/h.cpp" \
    || fail "nd.h does not compile as C++"
fi

# The README's complete example: the C block after the check-install marker.
awk '/<!-- check-install: example.c -->/ {on=1; next}
     on && /^```c/ {code=1; next}
     code && /^```/ {exit}
     code {print}' "$src/README.md" > "$work/example.c"
[ -s "$work/example.c" ] || fail "no example after '<!-- check-install: example.c -->' in README.md"
expected=$(sed -n 's|.*/\* prints: \(.*\) \*/.*|\1|p' "$work/example.c")
[ -n "$expected" ] || fail "the README example has no '/* prints: ... */' comment"

run() {  # run PROGRAM LABEL: it must succeed and print the expected result
  local out
  out=$("$1" | tr -s ' \n' ' ' | sed 's/ $//') || fail "$2: the example failed"
  [ "$out" = "$expected" ] || fail "$2: printed '$out', expected '$expected'"
  echo "   $2: ok"
}

echo "== check-install: CMake project (find_package(nd))"
mkdir -p "$work/cmake"
cp "$src/tests/install/cmake/CMakeLists.txt" "$work/example.c" "$work/cmake/"
cmake -S "$work/cmake" -B "$work/cmake/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null \
  || fail "the CMake project does not configure against the installed package"
cmake --build "$work/cmake/build" >/dev/null || fail "the CMake project does not build"
run "$work/cmake/build/example" "CMake nd::nd"
run "$work/cmake/build/example_static" "CMake nd::nd_static"

echo "== check-install: Makefile project (pkg-config)"
mkdir -p "$work/make"
cp "$src/tests/install/pkgconfig/Makefile" "$work/example.c" "$work/make/"
PKG_CONFIG_PATH="$libdir" make -s -C "$work/make" >/dev/null || fail "the pkg-config project does not build"
run "$work/make/example" "pkg-config nd"
run "$work/make/example_static" "pkg-config --static nd-static"
for exe in "$work/cmake/build/example_static" "$work/make/example_static"; do
  if ldd "$exe" | grep -q 'libnd\.so'; then fail "$exe links libnd.so, not libnd.a"; fi
done
# The FFT component, when it was built (libnd_fft needs FFTW): CMake's fft component and
# pkg-config's nd-fft and nd-fft-static, with its own example.
if [ -f "$libdir/nd-fft.pc" ]; then
  [ -f "$libdir/nd-fft-static.pc" ] || fail "nd-fft-static.pc was not installed"
  expected=$(sed -n 's|.*/\* prints: \(.*\) \*/.*|\1|p' "$src/tests/install/fft/fft_example.c")
  echo "== check-install: FFT component, CMake (find_package(nd COMPONENTS fft))"
  mkdir -p "$work/fft-cmake" "$work/fft-make"
  cp "$src/tests/install/fft/CMakeLists.txt" "$src/tests/install/fft/fft_example.c" "$work/fft-cmake/"
  cmake -S "$work/fft-cmake" -B "$work/fft-cmake/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null \
    || fail "the FFT CMake project does not configure against the installed package"
  cmake --build "$work/fft-cmake/build" >/dev/null || fail "the FFT CMake project does not build"
  run "$work/fft-cmake/build/fft_example" "CMake nd::fft"
  run "$work/fft-cmake/build/fft_example_static" "CMake nd::fft_static"
  echo "== check-install: FFT component, pkg-config"
  cp "$src/tests/install/fft/Makefile" "$src/tests/install/fft/fft_example.c" "$work/fft-make/"
  PKG_CONFIG_PATH="$libdir" make -s -C "$work/fft-make" >/dev/null || fail "the FFT pkg-config project does not build"
  run "$work/fft-make/fft_example" "pkg-config nd-fft"
  run "$work/fft-make/fft_example_static" "pkg-config --static nd-fft-static"
  for exe in "$work/fft-cmake/build/fft_example_static" "$work/fft-make/fft_example_static"; do
    if ldd "$exe" | grep -q 'libnd\(_fft\)\?\.so'; then fail "$exe links a shared nd library"; fi
  done
fi
# The distributed component, when it was built: the tight-binding example through CMake
# (find_package(nd COMPONENTS mpi)) and pkg-config (nd-mpi, nd-mpi-static), run with 2
# ranks (it checks its eigenvalues itself and exits 1 if they are off).
if [ -f "$libdir/nd-mpi.pc" ]; then
  [ -f "$libdir/nd-mpi-static.pc" ] || fail "nd-mpi-static.pc was not installed"
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
    OMPI_MCA_btl=self,tcp OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo \
    OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_hwloc_base_binding_policy=none
  run_mpi() {  # run_mpi PROGRAM LABEL
    "${MPIEXEC:-mpiexec}" -n 2 "$1" --L 6 | grep -q 'max|E-E_exact|' || fail "$2: the MPI example failed"
    echo "   $2: ok"
  }
  echo "== check-install: CMake project (find_package(nd COMPONENTS mpi))"
  mkdir -p "$work/cmake-mpi"
  cp "$src/tests/install/cmake-mpi/CMakeLists.txt" "$src/examples/dist_tight_binding.c" "$work/cmake-mpi/"
  cmake -S "$work/cmake-mpi" -B "$work/cmake-mpi/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null \
    || fail "the CMake project does not find the mpi component"
  cmake --build "$work/cmake-mpi/build" >/dev/null || fail "the CMake mpi project does not build"
  run_mpi "$work/cmake-mpi/build/tight_binding" "CMake nd::mpi"
  run_mpi "$work/cmake-mpi/build/tight_binding_static" "CMake nd::mpi_static"
  echo "== check-install: Makefile project (pkg-config nd-mpi)"
  mkdir -p "$work/make-mpi"
  cp "$src/tests/install/pkgconfig-mpi/Makefile" "$src/examples/dist_tight_binding.c" "$work/make-mpi/"
  PKG_CONFIG_PATH="$libdir" make -s -C "$work/make-mpi" >/dev/null || fail "the pkg-config mpi project does not build"
  run_mpi "$work/make-mpi/tight_binding" "pkg-config nd-mpi"
  run_mpi "$work/make-mpi/tight_binding_static" "pkg-config --static nd-mpi-static"
  for exe in "$work/cmake-mpi/build/tight_binding_static" "$work/make-mpi/tight_binding_static"; do
    if ldd "$exe" | grep -q 'libnd_mpi\.so\|libnd\.so'; then fail "$exe links a shared nd library"; fi
  done
fi
echo "== check-install: passed"
