# diktyo: see README.md. Every target that touches the kernel needs root.
SHELL := /bin/bash
GO ?= go
BIN := $(CURDIR)/bin
GOTESTFLAGS ?= -count=1
FUZZTIME ?= 5s
# diktyo-nri version reports this (cmd/diktyo-nri: main.version).
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)

.PHONY: all build image deps lint unit test soak stress fuzz bench e2e e2e-kubelet e2e-cluster kubelet cluster demo clean vm-up vm-down vm-reset vm-clean

all: build

build:
	@mkdir -p $(BIN)
	$(GO) build -ldflags "-X main.version=$(VERSION)" -o $(BIN)/ ./cmd/...

# The image operators run (diktyo-nri, the plugins, iptables of both
# flavours and nft) as an OCI archive, built without a registry or docker
# (hack/image.sh; the kubelet and cluster tests run the same): load it
# with `ctr -n k8s.io images import bin/diktyo-image.tar`, or push it with
# `skopeo copy oci-archive:bin/diktyo-image.tar docker://REGISTRY/diktyo:TAG`.
image: deps
	hack/image.sh $(BIN)/diktyo-image.tar

# Installs apt packages and pinned Go tools (hack/install-deps.sh).
deps:
	hack/install-deps.sh

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt:"; echo "$$out"; exit 1; fi
	@# No compiled binary is tracked (a stray `go build` output was, once).
	@bins=$$(git ls-files -z | xargs -0 -r grep -lIL '' -- 2>/dev/null | while read -r f; do \
		head -c 4 "$$f" | grep -q $$'^\x7fELF' && echo "$$f"; done); \
		if [ -n "$$bins" ]; then echo "tracked executable binaries:"; echo "$$bins"; exit 1; fi
	$(GO) vet ./...
	golangci-lint run ./...

# Fast tests that need no root (kernel tests skip themselves).
unit:
	$(GO) test -short $(GOTESTFLAGS) ./...

# The full suite: unit, integration (real kernel, netns, iptables, nftables,
# BIND9), end to end under a real containerd (test/e2e, DIKTYO_E2E=1),
# short runs of every fuzz target, end to end under a real kubelet
# (e2e-kubelet: about 10 minutes more on a fresh machine, to build the
# kubelet once) and under a real control plane (e2e-cluster: about 5
# minutes more, to build it once; built first, since pkg/cluster's and
# plugin's tests of Events, Leases and node labels run against its etcd and
# kube-apiserver). Needs root.
# hack/hostpaths.sh then proves the tests left the host's production paths
# (/run/diktyo, /etc/diktyo, /var/lib/diktyo, /opt/cni/bin, /var/lib/cni)
# as they found them.
test: deps build lint
	@mkdir -p $(BIN) && hack/hostpaths.sh save $(BIN)/hostpaths.before
	$(MAKE) cluster
	DIKTYO_E2E=1 DIKTYO_KUBE_BIN=$(KUBE_BIN) $(GO) test $(GOTESTFLAGS) -timeout 30m ./...
	$(MAKE) fuzz
	$(MAKE) e2e-kubelet
	$(MAKE) e2e-cluster
	hack/hostpaths.sh check $(BIN)/hostpaths.before

# The fault-injection property (plugin TestFaultProperty: NRI loss,
# restarts, a missing or corrupt config, failed lookups, pod churn; no
# running pod may lose policy it had) for SOAK (default 30m), one seed
# (SOAKSEED, default from the clock; the log names it). Root.
SOAK ?= 30m
SOAKSEED ?= $(shell date +%s)
soak: deps build
	set -o pipefail; DIKTYO_FAULT_DURATION=$(SOAK) DIKTYO_FAULT_SEED=$(SOAKSEED) $(GO) test -count=1 -v -timeout 2h -run '^TestFaultProperty$$' ./plugin/ 2>&1 | grep -E '^(=== RUN|--- |PASS|FAIL|ok)|fault_test.go:[0-9]+: (seed|[0-9]+ steps|step [0-9]+: running pod)'

# The daemon's integration tests and the end-to-end suite STRESS times
# each (default 10) beside a busy loop on every core (hack/stress.sh): no
# test may depend on an idle machine. Root; hours at the default.
STRESS ?= 10
stress: deps build
	DIKTYO_KUBE_BIN=$(KUBE_BIN) hack/stress.sh $(STRESS)

# Only the end-to-end suite (provisions the test VM, cached).
e2e: deps build
	DIKTYO_E2E=1 $(GO) test $(GOTESTFLAGS) -v -timeout 15m ./test/e2e/

# diktyo under a real kubelet (standalone, no API server) on a test node of
# its own: the kubelet built from the Go module proxy (hack/kubelet.sh;
# minutes once, cached in the state dir), diktyo-nri as the static pod made
# from deploy/'s DaemonSet, annotated static pods (TestKubelet). Root.
# Its chain runs ipmasq's nftables backend and iproute's fwmark layout, the ones deploy/ ships
# (TestKubelet checks that the two agree); the main test node keeps
# iptables and iproute's shared layout, so both backends and both layouts
# run under a real containerd.
KUBELET_TESTVM_DIR ?= /var/lib/diktyo-testvm-kubelet
# etcd and kube-apiserver (hack/cluster.sh build) for the Go tests that
# need a real API server (pkg/testutil/kubeapi: pkg/cluster, plugin).
KUBE_BIN ?= $(KUBELET_TESTVM_DIR)/bin
KUBELET_TESTVM ?= DIKTYO_TESTVM_DIR=$(KUBELET_TESTVM_DIR) DIKTYO_TESTVM_BRIDGE=dktku0 \
	DIKTYO_TESTVM_SUBNET=198.18.2.0/24 DIKTYO_TESTVM_DNS_PORT=10055 DIKTYO_TESTVM_METRICS=127.0.0.1:9799 \
	DIKTYO_TESTVM_IPMASQ_BACKEND=nftables DIKTYO_TESTVM_IPROUTE_LAYOUT=fwmark
e2e-kubelet: deps build
	$(KUBELET_TESTVM) DIKTYO_E2E=1 DIKTYO_E2E_KUBELET=1 $(GO) test $(GOTESTFLAGS) -v -timeout 30m -run '^TestKubelet$$' ./test/e2e/

# Only the kubelet binary (no root needed).
kubelet:
	$(KUBELET_TESTVM) hack/kubelet.sh build

# diktyo installed through a real API server on the kubelet's test node:
# etcd, kube-apiserver (Node,RBAC; NodeRestriction), controller-manager and
# scheduler built from the Go module proxy (hack/cluster.sh; minutes once,
# cached in the state dir), the kubelet in API mode, "kube-proxy for one
# service" (the kubernetes ClusterIP, an nft table of its own). TestCluster
# applies deploy/ (kustomize, host paths moved to the node's) and then the
# Helm chart, each with a Deployment of annotated pods. Root.
e2e-cluster: deps build
	$(KUBELET_TESTVM) DIKTYO_E2E=1 DIKTYO_E2E_CLUSTER=1 $(GO) test $(GOTESTFLAGS) -v -timeout 30m -run '^TestCluster$$' ./test/e2e/

# Only the control plane's binaries (no root needed).
cluster:
	$(KUBELET_TESTVM) hack/cluster.sh build

# The main job: containerd + diktyo-nri + annotated pods, showing what
# diktyo did, then that nothing is left.
demo: deps
	hack/demo.sh

# The test VM by hand (docs/testing.md).
vm-up: deps
	hack/testvm.sh up
vm-down:
	hack/testvm.sh down
vm-reset:
	hack/testvm.sh reset
vm-clean:
	hack/testvm.sh clean

# Runs each Fuzz* target for FUZZTIME (hack/fuzz.sh).
fuzz:
	FUZZTIME=$(FUZZTIME) GO=$(GO) hack/fuzz.sh

# Root. Go micro-benchmarks, then the harness (test/bench), which writes
# docs/benchmarks.md and docs/img/bench-*.svg (about 6 minutes on 2 quiet
# cores). BENCHFLAGS=-quick: a 1-2 minute smoke run into bin/bench/.
# The upstream peers (go.mod's containernetworking/plugins) are built once
# per version into bin/bench/upstream/ (module cache or Go module proxy).
# Per-package Go benchmarks (e.g. plugin's BenchmarkRunPodSandbox, route's
# BenchmarkLayoutPacket) run with `go test -run '^$$' -bench . ./PKG`.
BENCHFLAGS ?=
bench: deps build
	$(GO) test -run '^$$' -bench . -benchmem ./test/bench/micro/
	$(GO) run ./test/bench/cmd/diktyo-bench -bin $(BIN) -json $(BIN)/bench/results.json $(BENCHFLAGS)

clean:
	rm -rf $(BIN)
