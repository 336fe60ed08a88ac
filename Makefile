# Thin wrapper over CMake. `make demo` and `make test` work on a fresh Debian machine:
# both first run scripts/install-deps.sh.
PREFIX ?= /usr/local
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build/release
ASAN_BUILD ?= build/asan

.PHONY: all deps pydeps test test-release test-asan demo bench install clean docs

all:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j $(JOBS)

deps:
	scripts/install-deps.sh

pydeps:
	scripts/install-deps.sh --python

test: pydeps
	$(MAKE) test-release
	$(MAKE) test-asan

test-release: all
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-asan:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DND_SANITIZE=ON -DND_BUILD_BENCH=OFF
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS)

demo: deps all
	$(BUILD)/examples/tour

bench: pydeps all
	.venv/bin/python bench/run.py --build $(BUILD)

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf build
