# The two commands: `make run` builds and starts everything; `make test` runs
# every test. Both work on a fresh machine with Go and Node installed.

GO ?= go
NPM ?= npm
BIN := bin/site
FUZZTIME ?= 1000x

.PHONY: run build web test test-go test-fuzz test-lint test-web test-e2e screenshots icons bench bench-tools clean

# The server logs the address it listens on as its first line.
run: build
	./$(BIN)

build: $(BIN)

# npm ci runs again only when the lock file changes.
node_modules/.installed: package-lock.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

web: node_modules/.installed
	$(NPM) run --silent build

# nodynamic: the WebP encoder (gen2brain/webp) then always runs its
# WebAssembly copy of libwebp, never a libwebp.so it might find installed.
$(BIN): web FORCE
	$(GO) build -trimpath -tags nodynamic -o $(BIN) ./cmd/site

FORCE:

# The Go tests wait on databases, timers and fsync for about half their
# time: the frontend's lint and unit tests and the fuzz targets run beside
# them, each printing its output when it ends. The browser tests come last,
# on their own, with the binary built once at the start.
test: build
	$(MAKE) --no-print-directory -j4 --output-sync=target test-go test-lint test-web test-fuzz
	npx playwright test

# The Go packages; ./... would also take in Go files that npm packages ship
# under node_modules.
GO_PKGS := ./cmd/... ./internal/... ./web/... ./bench/...

test-go:
	$(GO) vet $(GO_PKGS)
	$(GO) tool staticcheck $(GO_PKGS)
	@[ -n "$$TEST_DATABASE_URL" ] || echo "TEST_DATABASE_URL not set: PostgreSQL tests skipped"
	$(GO) test -count=1 $(GO_PKGS)

# Each fuzz target runs briefly on top of its seed corpus: a count of inputs
# (FUZZTIME, or its own after a second colon) rather than a duration, because
# a duration races the fuzz coordinator's deadline on a loaded machine and
# fails with "context deadline exceeded" though nothing was found.
FUZZ_TARGETS := \
	internal/site:FuzzLeadValidate \
	internal/site:FuzzPageValidate \
	internal/site:FuzzValidateDoc \
	internal/site:FuzzSlugify \
	internal/site:FuzzCheckPassword:500x \
	internal/site:FuzzCheckText \
	internal/inbox:FuzzDecodeBody \
	internal/httpx:FuzzClientAddr

test-fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$$(echo $$t | cut -d: -f1); name=$$(echo $$t | cut -d: -f2); n=$$(echo $$t | cut -d: -f3); \
		n=$${n:-$(FUZZTIME)}; echo "fuzz $$name ($$n)"; \
		out=$$($(GO) test -run='^$$' -fuzz="^$$name\$$" -fuzztime=$$n ./$$pkg 2>&1) || { echo "$$out"; exit 1; }; \
	done

# ESLint: the import boundaries of web/src and no import cycles
# (eslint.config.js).
test-lint: node_modules/.installed
	npx eslint web/src

test-web: node_modules/.installed
	npx vitest run

test-e2e: build
	npx playwright test

# Full-page screenshots of every public route at 320, 375, 768, 1280 and 1920 px, in
# Chromium, into screenshots/{width}/{route}.png (git ignores the folder; set
# SCREENSHOTS_DIR for another). Not a test: for looking at the pages.
screenshots: build
	npx playwright test --config e2e/screenshots.config.ts

# The icons and the web app manifest in web/public, drawn in the default
# brand colour; the files are committed, and a Go test checks they are current.
icons:
	$(GO) run ./internal/ogimage/makeicons web/public

# The benchmark suite (docs/BENCHMARKS.md): nginx and wrk for the side-by-side
# load runs, Lighthouse (bench/package.json, installed apart from the app's
# packages) in Debian's Chromium; then the lead inbox's queries with 100,000
# leads, on PostgreSQL too when TEST_DATABASE_URL is set. Not part of make test: a busy machine moves
# its figures.
bench: build bench-tools bench/node_modules/.installed
	$(GO) run ./bench -site $(BIN)
	$(GO) test -run '^$$' -bench LeadList -benchtime 20x ./internal/sqlite ./internal/postgres

bench/node_modules/.installed: bench/package-lock.json
	cd bench && $(NPM) ci --no-audit --no-fund
	@touch $@

bench-tools:
	@missing=""; \
	for t in nginx:nginx-light wrk:wrk chromium:chromium; do \
		command -v $${t%%:*} >/dev/null || missing="$$missing $${t#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			apt-get update -qq && apt-get install -y -qq $$missing; \
		else echo "make bench needs:$$missing (Debian: apt-get install -y$$missing)"; exit 1; fi; \
	fi

clean:
	rm -rf bin web/dist node_modules/.installed bench/node_modules/.installed test-results screenshots
