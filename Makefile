# Gequ: the README commands.
#   make run    install what is missing, build, start gequ-server on http://127.0.0.1:8080
#   make test   install what is missing, build, run every suite; ends with "N passed, N failed"
#   make bench  the benchmarks (not part of make test)
#   make cluster  PostgreSQL, an S3 server, three gequ-server instances and nginx on http://127.0.0.1:8080 (docs/deploy.md)
SHELL := /bin/bash
BUILD_DIR ?= build/release
JOBS ?= $(shell nproc)
WEB_SOURCES := $(shell find web/src web/public web/scripts -type f 2>/dev/null) web/index.html web/package.json web/vite.config.ts \
               web/vite.prerender.config.ts \
               libdomain/data/genres.tsv libdomain/data/rules.json $(wildcard web/tsconfig*.json)

.PHONY: run test bench cluster deps build cpp web clean

run: build
	@source scripts/env.sh && exec $(BUILD_DIR)/bin/gequ-server

test: build
	@source scripts/env.sh && scripts/test.sh $(BUILD_DIR)

bench: build
	@source scripts/env.sh && scripts/bench.sh $(BUILD_DIR)

cluster: build
	@source scripts/env.sh && scripts/cluster.sh $(BUILD_DIR)

deps:
	@scripts/deps.sh

build: deps cpp web

cpp: deps
	@mkdir -p $(BUILD_DIR)
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -Wno-dev > $(BUILD_DIR)/configure.log 2>&1 \
	    || { cat $(BUILD_DIR)/configure.log; exit 1; }
	@echo "build: C++ ($(BUILD_DIR), $(JOBS) jobs)"
	@cmake --build $(BUILD_DIR) -j $(JOBS) > $(BUILD_DIR)/build.log 2>&1 \
	    || { grep -E -B2 -A6 'error|Error' $(BUILD_DIR)/build.log | head -120; echo "build failed: $(BUILD_DIR)/build.log"; exit 1; }

web: web/dist/index.html

web/dist/index.html: $(WEB_SOURCES) | deps
	@mkdir -p $(BUILD_DIR) && echo "build: web (vite)"
	@source scripts/env.sh && cd web && npm run --silent build > ../$(BUILD_DIR)/web-build.log 2>&1 \
	    || { cat ../$(BUILD_DIR)/web-build.log; exit 1; }
	@touch $@

clean:
	rm -rf build web/dist web/dist-prerender
