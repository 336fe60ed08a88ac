# Thin wrapper over CMake. `make demo` and `make test` work on a fresh Debian machine:
# both first run scripts/install-deps.sh.
PREFIX ?= /usr/local
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build/release
ASAN_BUILD ?= build/asan

FUZZ_BUILD ?= build/fuzz
FUZZ_SECONDS ?= 60

.PHONY: all deps pydeps test test-release test-asan demo bench install clean docs fuzz

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
	    $(FUZZ_BUILD)/corpus-$$t fuzz/corpus/$$t 2>&1 | grep -E "stat::number_of_executed_units|ERROR|SUMMARY" || exit 1; \
	done

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf build
