#!/usr/bin/env bash
# hack/image.sh OUT.tar: the diktyo image operators run, as an OCI
# image-layout archive, with no registry and no docker (make image). The
# one recipe the tests run too: hack/kubelet.sh imports this archive into
# the test node, and TestKubelet and TestCluster run it.
#
# Content, as deploy/Dockerfile's (the registry path for those who build
# with docker): diktyo-nri, the chain's plugins under /opt/diktyo/cni/bin
# (the install-cni init container copies them to the node), the default
# config, a shell for that init container (busybox), and iptables (both
# flavours' binaries where the machine has them) and nft with every shared
# object they and the xtables extensions load, from the building machine.
# The image's name is the one deploy/ names (kustomize's images), printed
# on the last line. Needs the machine's iptables, nftables and
# busybox-static (hack/install-deps.sh).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
PROG=image.sh
# shellcheck source=lib.sh
. "$REPO/hack/lib.sh"

out=${1:?usage: hack/image.sh OUT.tar}
out=$(realpath -m "$out")
mkdir -p "$(dirname "$out")"
name=$(cd "$REPO/hack/kubelet" && GOFLAGS=-buildvcs=false go run ./staticpod -k "$REPO/deploy" -print-image)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$REPO" && GOFLAGS=-buildvcs=false go build -o "$work/ociimage" ./hack/ociimage &&
  CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -trimpath \
    -ldflags "-s -w -X main.version=$(git describe --always --dirty 2>/dev/null || echo dev)" -o "$work/bin/" ./cmd/...)

args=(-file "/usr/local/bin/diktyo-nri=$work/bin/diktyo-nri")
for p in ipmasq iproute registerDNS noop; do args+=(-file "/opt/diktyo/cni/bin/$p=$work/bin/$p"); done
args+=(-file "/etc/diktyo/config.yaml=$REPO/deploy/config.yaml" -file "/etc/diktyo/chain.conflist=$REPO/deploy/chain.conflist")
[[ -x /bin/busybox ]] || die "/bin/busybox missing (apt busybox-static)"
args+=(-file /bin/busybox=/bin/busybox -busybox-links /bin/busybox)

# iptables as the node's alternative names it, plus each flavour's own
# binaries where installed, nft, and every shared object they load.
bins=()
for p in iptables iptables-save iptables-restore ip6tables ip6tables-save ip6tables-restore; do
  f=$(readlink -f "/usr/sbin/$p") || die "/usr/sbin/$p missing (apt iptables)"
  args+=(-file "/usr/sbin/$p=$f")
  bins+=("$f")
  base=${p%%-*} suffix=${p#"${p%%-*}"} # iptables-save: iptables, -save
  for flavour in legacy nft; do
    n=$base-$flavour$suffix # iptables-legacy-save
    [[ -e /usr/sbin/$n ]] || continue
    f=$(readlink -f "/usr/sbin/$n")
    args+=(-file "/usr/sbin/$n=$f")
    bins+=("$f")
  done
done
args+=(-file /usr/sbin/nft=/usr/sbin/nft)
bins+=(/usr/sbin/nft)
xt=""
for f in /usr/lib/*/xtables /usr/lib64/xtables /usr/lib/xtables; do [[ -d $f ]] && { xt=$f; break; }; done
[[ -n $xt ]] || die "no xtables extensions directory (apt iptables)"
for f in "$xt"/*.so; do args+=(-file "$f=$f"); bins+=("$f"); done
libs=$(ldd "${bins[@]}" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\/.*[^:]$/ {print $1}' | sort -u)
for f in $libs; do args+=(-file "$f=$(readlink -f "$f")"); done
for f in /etc/protocols /etc/services; do [[ -f $f ]] && args+=(-file "$f=$f"); done
"$work/ociimage" -name "$name" -o "$out" "${args[@]}" \
  -dir /dev -dir /proc -dir /sys -dir /tmp -dir /run -dir /var/run -dir /var/lib \
  -entrypoint /usr/local/bin/diktyo-nri
echo "$name"
