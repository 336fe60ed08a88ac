# Thin wrapper over CMake. `make demo` and `make test` work on a fresh Debian machine:
# both first run scripts/install-deps.sh.
PREFIX ?= /usr/local
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build/release
ASAN_BUILD ?= build/asan

FUZZ_BUILD ?= build/fuzz
FUZZ_SECONDS ?= 60

.PHONY: all deps pydeps accuracy test test-release test-asan test-tsan check-install check-python-install test-python python bench-python conformance demo demo-mpi bench bench-contract bench-mpi install clean docs fuzz

all:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j $(JOBS)

deps:
	scripts/install-deps.sh

pydeps:
	scripts/install-deps.sh --python

TSAN_BUILD ?= build/tsan

test: pydeps
	$(MAKE) test-release
	$(MAKE) check-install
	$(MAKE) check-python-install
	$(MAKE) test-python
	$(MAKE) test-asan
	$(MAKE) test-tsan

test-release: all
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Installs the release build into a temporary prefix and builds the README's example
# against it outside the source tree: CMake (nd::nd, nd::nd_static) and pkg-config (nd,
# nd-static).
check-install: all
	scripts/check-install.sh $(BUILD)

# The Python package as a user installs it: in a fresh venv (python3 -m venv), `pip wheel .`
# from this directory with pip's build isolation (scikit-build-core and Cython from PyPI)
# makes a wheel carrying libnd and libnd_fft, pip installs it, and a smoke test runs
# outside the source tree (nd, nd.linalg, nd.fft against NumPy, DLPack both ways). One
# isolated build of the package: about 2.5 minutes on 2 cores.
check-python-install: deps
	scripts/check-python-install.sh

# The Python package (python/, Cython over libnd): `make python` installs it into .venv
# with pip (scikit-build-core, which builds libnd again in $(PY_BUILD), incremental after the
# first time). The tests (tests/python: pytest, hypothesis, against NumPy) use the package
# staged in the release build tree instead (ND_PYTHON=ON), next to the libnd that
# test-release built, so that CI builds libnd once.
PY_BUILD ?= build/python
python: pydeps
	.venv/bin/pip install -q --disable-pip-version-check --no-build-isolation \
	  -Cbuild-dir=$(PY_BUILD) .

test-python: pydeps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DND_PYTHON=ON -DPython_EXECUTABLE=$(CURDIR)/.venv/bin/python
	cmake --build $(BUILD) -j $(JOBS)
	cd tests/python && PYTHONPATH=$(CURDIR)/$(BUILD)/python ../../.venv/bin/python -m pytest . -q -n $(JOBS) -p no:cacheprovider

# The Python package against NumPy: call overhead on tiny arrays, large arrays, the TRG.
bench-python: test-python
	cd bench && PYTHONPATH=$(CURDIR)/$(BUILD)/python ../.venv/bin/python python_cases.py

# The Array API conformance suite (data-apis/array-api-tests, a checkout outside this
# repository: make conformance ARRAY_API_TESTS=/path/to/array-api-tests) against nd,
# with the project's list of known differences.
ARRAY_API_TESTS ?=
conformance: python
	@test -n "$(ARRAY_API_TESTS)" || { echo "conformance: set ARRAY_API_TESTS=<array-api-tests checkout>"; exit 2; }
	.venv/bin/pip install -q --disable-pip-version-check -r $(ARRAY_API_TESTS)/requirements.txt
	ARRAY_API_TESTS_MODULE=nd ARRAY_API_TESTS_VERSION=2024.12 .venv/bin/python -m pytest \
	  $(ARRAY_API_TESTS)/array_api_tests -n 2 --max-examples 200 --derandomize --disable-deadline \
	  --xfails-file $(CURDIR)/tests/python/array-api-xfails.txt

# The C tests, then the Python package's tests on the instrumented libnd and Cython glue
# (python itself is not instrumented, so the sanitizer runtime is preloaded; Python's own
# allocations at exit would drown LeakSanitizer, so leaks are test_no_leak's job, run last
# without ASan's quarantine, which otherwise holds on to freed memory).
asan_py = cd tests/python && LD_PRELOAD=$$($(CC) -print-file-name=libasan.so) ASAN_OPTIONS=$(1) \
  UBSAN_OPTIONS=print_stacktrace=1 PYTHONPATH=$(CURDIR)/$(ASAN_BUILD)/python \
  ../../.venv/bin/python -m pytest -q -p no:cacheprovider
test-asan: pydeps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DND_SANITIZE=ON -DND_BUILD_BENCH=OFF \
	  -DND_PYTHON=ON -DPython_EXECUTABLE=$(CURDIR)/.venv/bin/python
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS)
	$(call asan_py,detect_leaks=0) -n $(JOBS) -k 'not test_no_leak' .
	$(call asan_py,detect_leaks=0:quarantine_size_mb=0) test_fuzz.py -k test_no_leak

# ThreadSanitizer on the multi-threaded test (nd's own OpenMP loops stay serial there:
# libgomp is not instrumented, so its barriers would be reported falsely).
test-tsan:
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DND_TSAN=ON -DND_BUILD_BENCH=OFF -DND_BUILD_EXAMPLES=OFF
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target test_threads test_pool
	OMP_NUM_THREADS=1 TSAN_OPTIONS=halt_on_error=1 $(TSAN_BUILD)/tests/test_threads
	@# nd's worker pool on 2 to 4 threads (its own threads, which TSan sees; OpenMP's it cannot)
	OMP_NUM_THREADS=1 TSAN_OPTIONS=halt_on_error=1:die_after_fork=0 $(TSAN_BUILD)/tests/test_pool
	@# libnd_fft: its plan cache under program threads, its batches on nd's pool (when FFTW is there to build it)
	if grep -q '^ND_FFT_BUILT:INTERNAL=ON' $(TSAN_BUILD)/CMakeCache.txt; then \
	  cmake --build $(TSAN_BUILD) -j $(JOBS) --target test_fft_plans && \
	  OMP_NUM_THREADS=1 TSAN_OPTIONS=halt_on_error=1 $(TSAN_BUILD)/tests/test_fft_plans; fi

# The accuracy of the transcendental functions against MPFR, in full (tests/accuracy: about
# 150 000 inputs per function and dtype, a few minutes): prints the table of
# docs/guide/elementwise.md and fails above a function's bound. `make test` runs a sample.
accuracy: pydeps all
	.venv/bin/python tests/accuracy/accuracy.py --lib $(BUILD)/libnd.so --full

demo: deps all
	$(BUILD)/examples/tour
	@echo "== TRG for the 2D Ising model against Onsager's exact free energy"
	$(BUILD)/examples/trg_ising --beta 0.4 --chi 16 --steps 30
	$(BUILD)/examples/trg_ising --beta 0.44068679350977147 --chi 16 --steps 30
	@echo "== Finite elements for the quantum harmonic oscillator (H c = E M c, the 10 lowest) against E_n = n + 1/2"
	$(BUILD)/examples/fem_oscillator --check 1e-6
	@echo "== Heisenberg ring of 20 spins by Lanczos against exact diagonalisation and the Bethe ansatz"
	$(BUILD)/examples/heisenberg --N 20
	@if [ -x $(BUILD)/examples/split_operator ]; then \
	  echo "== Split-operator wave packet in a 2-D harmonic potential (libnd_fft) against the exact motion"; \
	  $(BUILD)/examples/split_operator; fi

bench: pydeps all
	.venv/bin/python bench/run.py --build $(BUILD)

# The contraction benchmark (bench/contract.py): CCSD, MP2, AO->MO and tensor-network
# contractions, nd (Python and C) against NumPy, each in its own process, and against the
# matrix products they map to; the table goes to bench/contract_results.md. About 10
# minutes on 2 cores; CONTRACT_ARGS passes options (--rounds, --budget, case prefixes).
bench-contract: test-python
	.venv/bin/python bench/contract.py --build $(BUILD) $(CONTRACT_ARGS)

# MPI programs on this machine: Open MPI may run as root (CI does), more ranks than cores,
# over loopback only, ranks not bound to one core each (so that a rank can use the
# threads ND_MPI_THREADS=auto gives it). See cmake/MpiTestEnv.cmake for the tests' version.
MPI_ENV = OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
  OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl=self,tcp OMPI_MCA_btl_tcp_if_include=lo \
  OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_mpi_yield_when_idle=1 \
  OMPI_MCA_hwloc_base_binding_policy=none OMPI_MCA_btl_base_warn_component_unused=0
MPIEXEC ?= mpiexec

# The distributed example: tight binding on a 48 x 48 lattice (2304 x 2304), 2 ranks.
demo-mpi: deps all
	$(MPI_ENV) $(MPIEXEC) -n 2 $(BUILD)/examples/dist_tight_binding --L 48

# The distributed layer's benchmark at 1, 2 and 4 ranks (bench/mpi_bench.c); the one-rank
# line gives the ratios to nd's serial functions.
bench-mpi: deps all
	@for p in 1 2 4; do $(MPI_ENV) $(MPIEXEC) -n $$p $(BUILD)/bench/mpi_bench $(MPI_BENCH_ARGS) \
	  $$([ $$p = 1 ] || echo --no-header) || exit 1; done

# Each libFuzzer harness in fuzz/ runs FUZZ_SECONDS seconds (clang, ASan+UBSan), starting
# from fuzz/corpus/<target>; new crashes land in $(FUZZ_BUILD)/crashes-<target>.
fuzz: deps
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DND_FUZZ=ON -DND_SANITIZE=ON -DND_BUILD_BENCH=OFF -DND_BUILD_EXAMPLES=OFF
	cmake --build $(FUZZ_BUILD) -j $(JOBS)
	@for f in $(FUZZ_BUILD)/fuzz/fuzz_*; do \
	  t=$${f##*/fuzz_}; mkdir -p $(FUZZ_BUILD)/corpus-$$t $(FUZZ_BUILD)/crashes-$$t; \
	  echo "== fuzz $$t ($(FUZZ_SECONDS) s)"; \
	  ASAN_OPTIONS=allocator_may_return_null=1 $$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/crashes-$$t/ \
	    $(FUZZ_BUILD)/corpus-$$t fuzz/corpus/$$t > $(FUZZ_BUILD)/fuzz-$$t.log 2>&1; rc=$$?; \
	  grep -E "stat::number_of_executed_units|ERROR|SUMMARY" $(FUZZ_BUILD)/fuzz-$$t.log; \
	  if [ $$rc -ne 0 ]; then echo "fuzz $$t failed (rc $$rc): see $(FUZZ_BUILD)/fuzz-$$t.log and $(FUZZ_BUILD)/crashes-$$t/"; exit 1; fi; \
	done

# API reference from the header comments (Doxygen; warnings are errors).
docs:
	scripts/install-deps.sh --docs
	mkdir -p build
	doxygen docs/Doxyfile
	@echo "API reference: build/docs/html/index.html"

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf build
