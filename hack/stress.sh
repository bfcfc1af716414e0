#!/usr/bin/env bash
# hack/stress.sh [COUNT]: the daemon's integration tests (plugin) and the
# end-to-end suite under a real containerd (test/e2e), COUNT times each
# (default 10), beside a busy loop on every core, so that a test that
# passes only when the machine is idle (a sleep standing in for an event,
# a budget too tight for a loaded node) fails here. Root (make stress).
# The hogs end with this script, however it ends.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
PROG=stress.sh
# shellcheck source=lib.sh
. "$REPO/hack/lib.sh"

count=${1:-10}
[[ $count =~ ^[1-9][0-9]*$ ]] || die "COUNT $count: want a positive number"
[[ $(id -u) == 0 ]] || die "needs root (the tests use the kernel, netns and containerd)"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
for _ in $(seq "$(nproc)"); do
  (while :; do :; done) &
  pids+=($!)
done
note "$(nproc) busy loops running; plugin and test/e2e, -count=$count"
cd "$REPO"
DIKTYO_E2E=1 DIKTYO_KUBE_BIN=${DIKTYO_KUBE_BIN:?set DIKTYO_KUBE_BIN (make stress does)} \
  go test -count="$count" -timeout "$((count * 20))m" ./plugin/ ./test/e2e/
