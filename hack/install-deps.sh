#!/usr/bin/env bash
# Installs what diktyo's build and tests need on a Debian or Ubuntu machine:
# apt packages, and Go tools at the versions pinned in hack/versions.env.
# Idempotent: a second run only checks. Needs root (apt) on a fresh machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=versions.env
. "$here/versions.env"
GOBIN=${GOBIN:-/usr/local/bin}
export GOBIN

step() { printf '==> %s\n' "$*"; }

# gcc and libc6-dev: the test VM's containerd is built with cgo, as
# upstream builds it (hack/testvm.sh).
APT_PACKAGES=(iptables nftables iproute2 containernetworking-plugins runc
  busybox-static bind9 bind9-dnsutils jq procps psmisc gcc libc6-dev)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  step "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
# bind9's package starts a system named; diktyo's tests run their own.
if command -v systemctl >/dev/null && systemctl is-active -q named 2>/dev/null; then
  systemctl stop named || true
fi

go_tool() { # go_tool BINARY MODULE@VERSION
  local bin=$1 mod=$2 stamp="$GOBIN/.$1.version"
  if [[ -x "$GOBIN/$bin" && "$(cat "$stamp" 2>/dev/null)" == "$mod" ]]; then return; fi
  step "go install $mod"
  go install "$mod"
  echo "$mod" >"$stamp"
}
go_tool golangci-lint "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$GOLANGCI_LINT_VERSION"
go_tool cnitool "github.com/containernetworking/cni/cnitool@$CNITOOL_VERSION"
