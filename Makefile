# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

## Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

y# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

R# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

A# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

D# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

M# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

y# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

S# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

H# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

L# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

L# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

?# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

B# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

N# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

C# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

U# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

R# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

D# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

R# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

S# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

F# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

L# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

A# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

S# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

?# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

1# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

F# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

U# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

M# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

?# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

5# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

P# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

H# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

N# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Y# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

2# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

w# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

@# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

B# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

N# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

B# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

N# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

## Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

@# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

'# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

*# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

'# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

;# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

[# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

"# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

"# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

]# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

;# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

"# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

"# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

;# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

"# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

"# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

;# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

x# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

1# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

;# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

## Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

F# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

S# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

F# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

L# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

A# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

S# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

## Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

,# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

,# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

,# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

,# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

,# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

## Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

B# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

N# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

D# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

9# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

,# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

2# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

,# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

D# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

K# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Y# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

_# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

2# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

1# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

## Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

y# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

N# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

D# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

K# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Y# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

_# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

2# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

1# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

S# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

F# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

L# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

A# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

S# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

3# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

0# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

M# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

A# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

K# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

## Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

y# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

V# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

M# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

,# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

2# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

D# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

K# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Y# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

_# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

2# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

1# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

S# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

F# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

L# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

A# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

S# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

1# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

5# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

2# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

## Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

j# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

+# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

y# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

+# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

,# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

w# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

w# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

## Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

y# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

,# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

## Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

V# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

M# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

y# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

w# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

w# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

v# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

## Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

R# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

F# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

*# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

g# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

o# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

F# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

U# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

M# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

F# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

U# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

M# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

F# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

U# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

Z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

T# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

M# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

E# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

=# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

k# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

z# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

p# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

i# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

d# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

G# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

O# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

s# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

t# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

u# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

'# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

^# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

'# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

b# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

h# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

/# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

.# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

c# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

l# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

e# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

a# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

n# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

:# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

	# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

m# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

-# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

r# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

f# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

 # Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

$# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

(# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

B# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

I# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

N# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

)# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)


# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) $(BENCHFLAGS)

