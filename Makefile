# The two commands: `make run` builds and starts everything; `make test` runs
# every test. Both work on a fresh machine with Go and Node installed.

GO ?= go
NPM ?= npm
BIN := bin/site
FUZZTIME ?= 20000x

.PHONY: run build web test test-go test-fuzz test-web test-e2e bench clean

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

$(BIN): web FORCE
	$(GO) build -trimpath -o $(BIN) ./cmd/site

FORCE:

test: build test-go test-fuzz test-web test-e2e

test-go:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

# Each fuzz target runs briefly on top of its seed corpus: a count of inputs
# (FUZZTIME, or its own after a second colon) rather than a duration, because
# a duration races the fuzz coordinator's deadline on a loaded machine and
# fails with "context deadline exceeded" though nothing was found.
FUZZ_TARGETS := \
	internal/site:FuzzLeadValidate \
	internal/site:FuzzPageValidate \
	internal/site:FuzzSlugify \
	internal/site:FuzzCheckPassword:500x \
	internal/httpd:FuzzDecodeBody \
	internal/httpd:FuzzClientAddr

test-fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$$(echo $$t | cut -d: -f1); name=$$(echo $$t | cut -d: -f2); n=$$(echo $$t | cut -d: -f3); \
		n=$${n:-$(FUZZTIME)}; echo "fuzz $$name ($$n)"; \
		out=$$($(GO) test -run='^$$' -fuzz="^$$name\$$" -fuzztime=$$n ./$$pkg 2>&1) || { echo "$$out"; exit 1; }; \
	done

test-web: node_modules/.installed
	npx vitest run

test-e2e: build
	npx playwright test

bench: build
	@echo "Benchmarks arrive with the performance work; see docs/BENCHMARKS.md." && exit 1

clean:
	rm -rf bin web/dist node_modules/.installed test-results
