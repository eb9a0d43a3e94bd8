# The two commands: `make run` builds and starts everything; `make test` runs
# every test. Both work on a fresh machine with Go and Node installed.

GO ?= go
NPM ?= npm
BIN := bin/site
FUZZTIME ?= 5s

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

# Each fuzz target runs briefly (FUZZTIME) on top of its seed corpus.
FUZZ_TARGETS := \
	internal/site:FuzzLeadValidate \
	internal/site:FuzzPageValidate \
	internal/site:FuzzSlugify \
	internal/site:FuzzCheckPassword \
	internal/httpd:FuzzDecodeBody \
	internal/httpd:FuzzClientAddr

test-fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzz $$name ($(FUZZTIME))"; \
		out=$$($(GO) test -run='^$$' -fuzz="^$$name\$$" -fuzztime=$(FUZZTIME) ./$$pkg 2>&1) || { echo "$$out"; exit 1; }; \
	done

test-web: node_modules/.installed
	npx vitest run

test-e2e: build
	npx playwright test

bench: build
	@echo "Benchmarks arrive with the performance work; see docs/BENCHMARKS.md." && exit 1

clean:
	rm -rf bin web/dist node_modules/.installed test-results
