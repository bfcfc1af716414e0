#!/usr/bin/env bash
# hack/testvm.sh: a test "VM" for diktyo on the machine it runs on: a real
# containerd (own root, state, socket), CRI with a bridge + host-local pod
# network on a test-only range, NRI on, hand-built pause and app images,
# crictl, and diktyo's own binaries. See docs/testing.md.
#
#   hack/testvm.sh provision          build and configure everything (cached)
#   hack/testvm.sh up [--nri MODE]    provision, then start containerd and,
#                                     MODE external (default): diktyo-nri
#                                     dialing the NRI socket; preinstalled:
#                                     containerd starts plugin_path/10-diktyo;
#                                     none: no diktyo-nri
#   hack/testvm.sh down               remove all pods, stop every process
#   hack/testvm.sh reset              down, then undo every change to the
#                                     host, keeping the state dir as a cache
#   hack/testvm.sh clean              reset, then remove everything created
#                                     (bridge, rules, netns, cgroups, mounts,
#                                     state dir): the host as it was found
#   hack/testvm.sh status | env       what runs; shell exports for crictl/ctr
#   hack/testvm.sh crictl|ctr ARGS... run the VM's crictl or ctr
#
# Environment: DIKTYO_TESTVM_DIR (state, default /var/lib/diktyo-testvm),
# DIKTYO_TESTVM_BRIDGE (default dktvm0), DIKTYO_TESTVM_SUBNET (default
# 198.18.0.0/24, a benchmarking range routed nowhere), DIKTYO_TESTVM_SUBNET6
# (default 2001:2:0:1<SUBNET's third octet>::/64: the pods are dual-stack),
# DIKTYO_NRI_MODE, DIKTYO_TESTVM_IPMASQ_BACKEND (iptables, the default,
# or nftables: ipmasq's backend in the node's chain),
# DIKTYO_TESTVM_IPROUTE_LAYOUT (shared, the default, fwmark or aws:
# iproute's host rule layout; fwmark uses the VM's own table),
# DIKTYO_TESTVM_REQUIRE_DIKTYO (1: containerd requires the diktyo NRI plugin
# for every container, as deploy/containerd/20-diktyo-required.toml does).
# Needs root. Idempotent: every step checks before it acts.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=versions.env
. "$REPO/hack/versions.env"

STATE=${DIKTYO_TESTVM_DIR:-/var/lib/diktyo-testvm}
BRIDGE=${DIKTYO_TESTVM_BRIDGE:-dktvm0}
SUBNET=${DIKTYO_TESTVM_SUBNET:-198.18.0.0/24}
# The IPv6 pod range beside it, in the benchmarking range 2001:2::/48
# (RFC 5180, routed nowhere), derived from SUBNET's third octet so that two
# VMs with different SUBNETs get different ones.
_third=${SUBNET%.*}; _third=${_third##*.}
SUBNET6=${DIKTYO_TESTVM_SUBNET6:-2001:2:0:1${_third}::/64}
NRI_MODE=${DIKTYO_NRI_MODE:-external}
# Names of everything the VM creates on the host derive from its bridge, so
# that two VMs (say the tests' and the benchmarks', each with its own
# DIKTYO_TESTVM_DIR, _BRIDGE, _SUBNET, _DNS_PORT, _METRICS) never touch
# each other's objects.
NETWORK=diktyo-$BRIDGE            # primary CNI network name (owner of results)
CGROUP_PARENT=/diktyo-$BRIDGE     # cgroup parent of every pod we run
SNAT_CHAIN=DIKTYO-${BRIDGE^^}     # ipmasq tag chain of the VM's chain conflist
NFT_TABLE=diktyo_${BRIDGE//[^a-zA-Z0-9_]/_} # ipmasq nftables table of the VM's chain
GUARD_TABLE=diktyo_guard_${BRIDGE//[^a-zA-Z0-9_]/_} # ipmasq's link binding table (family inet)
IPMASQ_BACKEND=${DIKTYO_TESTVM_IPMASQ_BACKEND:-iptables} # ipmasq backend of the VM's chain
IPROUTE_LAYOUT=${DIKTYO_TESTVM_IPROUTE_LAYOUT:-shared} # iproute host rule layout of the VM's chain
ROUTE_TABLE=diktyo_route_${BRIDGE//[^a-zA-Z0-9_]/_} # iproute's fwmark table (family inet)
PAUSE_IMAGE=diktyo.test/pause:1
APP_IMAGE=diktyo.test/app:1
METRICS_ADDR=${DIKTYO_TESTVM_METRICS:-127.0.0.1:9797}
DNS_PORT=${DIKTYO_TESTVM_DNS_PORT:-10053}
DNS_ZONE=pods.diktyo.test.
# Addresses pods may SNAT to and reach: a second benchmarking range, only
# ever used inside namespaces the tests and the demo create.
REMOTE_NET=198.19.0.0/16
# Its IPv6 counterpart: the remote namespace and the v6 externals.
REMOTE_NET6=2001:2:0:f000::/52

BIN=$STATE/bin
CNI_BIN=$STATE/cni/bin
CNI_CONF=$STATE/cni/net.d
ETC=$STATE/etc
RUN=$STATE/run
LOG=$STATE/log
SOCK=$RUN/containerd.sock
NRI_SOCK=$RUN/nri.sock
NRI_PLUGINS=$STATE/nri/plugins
NRI_CONF=$STATE/nri/conf.d
HOST=$STATE/host # what the host looked like before we touched it

export PATH=$BIN:/usr/local/go/bin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export CONTAINER_RUNTIME_ENDPOINT=unix://$SOCK
export CONTAINERD_ADDRESS=$SOCK CONTAINERD_NAMESPACE=k8s.io CRI_CONFIG_FILE=$BIN/crictl.yaml

# ---------------------------------------------------------------- helpers

PROG=testvm
# shellcheck source=lib.sh
. "$REPO/hack/lib.sh"
case $IPMASQ_BACKEND in
  iptables | nftables) ;;
  *) die "DIKTYO_TESTVM_IPMASQ_BACKEND=$IPMASQ_BACKEND: want iptables or nftables" ;;
esac
case $IPROUTE_LAYOUT in
  fwmark) IPROUTE_LAYOUT_JSON="\"layout\": \"fwmark\", \"nftTable\": \"$ROUTE_TABLE\"," ;;
  shared | aws) IPROUTE_LAYOUT_JSON="\"layout\": \"$IPROUTE_LAYOUT\"," ;;
  *) die "DIKTYO_TESTVM_IPROUTE_LAYOUT=$IPROUTE_LAYOUT: want fwmark, shared or aws" ;;
esac
# write_if_changed FILE: stdin to FILE unless identical; returns 0 if written.
write_if_changed() {
  local f=$1 tmp
  tmp=$(mktemp)
  cat >"$tmp"
  if [[ -f $f ]] && cmp -s "$tmp" "$f"; then rm -f "$tmp"; return 1; fi
  mkdir -p "$(dirname "$f")"
  mv "$tmp" "$f"
  chmod 0644 "$f"
}

# generated_unchanged FILE SUM: FILE is what this script last wrote (or a
# version from before the hash was kept, which said it is regenerated).
generated_unchanged() {
  if [[ -f $2 ]]; then (cd "$(dirname "$1")" && sha256sum --status -c "$2" 2>/dev/null); return; fi
  grep -q '^# docs/configuration.md. Regenerated on every provision.$' "$1"
}

# write_generated FILE: write_if_changed for a file a person may edit (the
# admin config): it is regenerated only while it is still exactly what
# this script last wrote (its hash is kept beside it), or with
# DIKTYO_TESTVM_REGEN_CONFIG=1. An edited file survives `up`, so a
# restarted test node keeps the operator's config.
write_generated() {
  local f=$1 sum=$1.generated.sha256 tmp
  tmp=$(mktemp)
  cat >"$tmp"
  if [[ -f $f && ${DIKTYO_TESTVM_REGEN_CONFIG:-0} != 1 ]] && ! generated_unchanged "$f" "$sum"; then
    note "keeping $f: edited since it was generated (DIKTYO_TESTVM_REGEN_CONFIG=1 regenerates it)"
    rm -f "$tmp"
    return 1
  fi
  write_if_changed "$f" <"$tmp" || { rm -f "$tmp"; return 1; }
  rm -f "$tmp"
  (cd "$(dirname "$f")" && sha256sum "$(basename "$f")") >"$sum"
}

gateway() { local base=${SUBNET%/*}; echo "${base%.*}.$((${base##*.} + 1))"; }
gateway6() { echo "${SUBNET6%/*}1"; }

# ---------------------------------------------------------------- provision

deps() { "$REPO/hack/install-deps.sh"; }

# go_tool BINARY MODULE@VERSION: go install into $BIN unless the stamp matches.
go_tool() {
  local bin=$1 mod=$2 stamp=$BIN/.$1.version
  if [[ -x $BIN/$bin && "$(cat "$stamp" 2>/dev/null)" == "$mod" ]]; then
    note "$bin: $mod (cached)"
    return
  fi
  note "go install $mod"
  (cd "$REPO" && GOBIN=$BIN GOFLAGS=-buildvcs=false go install "$mod")
  echo "$mod" >"$stamp"
}

tools() {
  mkdir -p "$BIN"
  local ctrd=github.com/containerd/containerd/v2/cmd
  go_tool containerd "$ctrd/containerd@$CONTAINERD_VERSION"
  go_tool containerd-shim-runc-v2 "$ctrd/containerd-shim-runc-v2@$CONTAINERD_VERSION"
  go_tool ctr "$ctrd/ctr@$CONTAINERD_VERSION"
  go_tool crictl "sigs.k8s.io/cri-tools/cmd/crictl@$CRICTL_VERSION"
  go_tool cnitool "github.com/containernetworking/cni/cnitool@$CNITOOL_VERSION"
}

# cni_bins: the reference plugins from apt plus diktyo's binaries (rebuilt
# every time: go's build cache makes that a no-op when nothing changed).
cni_bins() {
  mkdir -p "$CNI_BIN"
  local p
  for p in bridge host-local loopback portmap; do
    [[ -x /usr/lib/cni/$p ]] || die "/usr/lib/cni/$p missing (apt containernetworking-plugins)"
    cmp -s "/usr/lib/cni/$p" "$CNI_BIN/$p" || install -m 0755 "/usr/lib/cni/$p" "$CNI_BIN/$p"
  done
  local out
  out=$(mktemp -d)
  (cd "$REPO" && GOFLAGS=-buildvcs=false go build -o "$out/" ./cmd/...)
  for p in "$out"/*; do
    cmp -s "$p" "$CNI_BIN/${p##*/}" || { install -m 0755 "$p" "$CNI_BIN/"; note "installed ${p##*/}"; }
  done
  rm -rf "$out"
  if [[ -x $CNI_BIN/diktyo-nri ]]; then
    mkdir -p "$NRI_PLUGINS"
    cmp -s "$CNI_BIN/diktyo-nri" "$BIN/diktyo-nri" || install -m 0755 "$CNI_BIN/diktyo-nri" "$BIN/diktyo-nri"
  fi
}

# images: the pause and app images as OCI layout tarballs (reproducible, so
# unchanged inputs give identical bytes and no re-import).
images() {
  local dir=$STATE/images
  mkdir -p "$dir"
  (cd "$REPO" && GOFLAGS=-buildvcs=false go build -o "$dir/ociimage" ./hack/ociimage &&
    CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -trimpath -ldflags=-s -o "$dir/pause" ./hack/pause &&
    CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -trimpath -ldflags=-s -o "$dir/echosrc" ./hack/echosrc)
  local bb=/bin/busybox
  [[ -x $bb ]] || die "$bb missing (apt busybox-static)"
  [[ "$(ldd "$bb" 2>&1 || true)" == *"not a dynamic"* ]] || die "$bb is not static"
  "$dir/ociimage" -name "$PAUSE_IMAGE" -o "$dir/pause.tar" -file "/pause=$dir/pause" -entrypoint /pause \
    -dir /dev -dir /proc -dir /sys -dir /etc
  # The app image: busybox, and echosrc (static) for the e2e suite's UDP
  # senders (test/e2e/spoof_test.go).
  "$dir/ociimage" -name "$APP_IMAGE" -o "$dir/app.tar" -file "/bin/busybox=$bb" -busybox-links /bin/busybox \
    -file "/bin/echosrc=$dir/echosrc" \
    -dir /dev -dir /proc -dir /sys -dir /etc -dir /tmp -dir /root -dir /var/run \
    -entrypoint /bin/sleep -cmd infinity
  note "$(sha256sum "$dir/pause.tar" | cut -c1-12) pause.tar, $(sha256sum "$dir/app.tar" | cut -c1-12) app.tar"
}

# require_diktyo_config: with DIKTYO_TESTVM_REQUIRE_DIKTYO=1, the fail-closed
# drop-in of deploy/containerd/20-diktyo-required.toml: containerd creates
# no container while diktyo-nri is not registered.
require_diktyo_config() {
  [[ ${DIKTYO_TESTVM_REQUIRE_DIKTYO:-0} == 1 ]] || return 0
  # The deployed file itself, less its header: one source of truth.
  sed -n "/^\[plugins/,\$ s/^/  /p" "$REPO/deploy/containerd/20-diktyo-required.toml"
}

containerd_config() {
  mkdir -p "$ETC/containerd" "$STATE/containerd/root" "$STATE/containerd/state" "$RUN" "$LOG" \
    "$NRI_PLUGINS" "$NRI_CONF" "$STATE/s" "$STATE/opt" "$STATE/pods"
  # imports = []: the machine's own drop-ins (/etc/containerd/conf.d) must
  # not leak in. Every path is under $STATE so a containerd of the machine,
  # if any, is untouched.
  write_if_changed "$ETC/containerd/config.toml" <<EOF && note "wrote $ETC/containerd/config.toml" || true
# Written by hack/testvm.sh; regenerated on every provision.
version = 3
root = '$STATE/containerd/root'
state = '$STATE/containerd/state'
imports = []

[grpc]
  address = '$SOCK'

[ttrpc]
  address = '$SOCK.ttrpc'

[plugins]
  [plugins.'io.containerd.internal.v1.opt']
    path = '$STATE/opt'

  [plugins.'io.containerd.shim.v1.manager']
    socket_dir = '$STATE/s'

  [plugins.'io.containerd.cri.v1.images']
    snapshotter = 'overlayfs'
    [plugins.'io.containerd.cri.v1.images'.pinned_images]
      sandbox = '$PAUSE_IMAGE'

  [plugins.'io.containerd.cri.v1.runtime']
    # Required here: the capability bounding set lacks CAP_SYS_RESOURCE, so
    # runc cannot raise the sandbox's oom_score_adj (field notes, section 5).
    restrict_oom_score_adj = true
    # Pod netns under our state dir, so clean-up can find every one of ours.
    netns_mounts_under_state_dir = true
    [plugins.'io.containerd.cri.v1.runtime'.containerd.runtimes.runc.options]
      SystemdCgroup = false
      Root = '$STATE/runc'
    [plugins.'io.containerd.cri.v1.runtime'.cni]
      bin_dirs = ['$CNI_BIN']
      conf_dir = '$CNI_CONF'
      max_conf_num = 1

  [plugins.'io.containerd.nri.v1.nri']
    disable = false
    socket_path = '$NRI_SOCK'
    plugin_path = '$NRI_PLUGINS'
    plugin_config_path = '$NRI_CONF'
    plugin_registration_timeout = '5s'
    plugin_request_timeout = '2s'
$(require_diktyo_config)
EOF
  # The pod network: a bridge with host-local IPAM on a test range, no
  # ipMasq: the only SNAT on this node is diktyo's.
  write_if_changed "$CNI_CONF/10-$NETWORK.conflist" <<EOF && note "wrote $CNI_CONF/10-$NETWORK.conflist" || true
{
  "cniVersion": "1.0.0",
  "name": "$NETWORK",
  "plugins": [
    {
      "type": "bridge",
      "bridge": "$BRIDGE",
      "isGateway": true,
      "ipMasq": false,
      "hairpinMode": true,
      "ipam": {
        "type": "host-local",
        "dataDir": "$STATE/cni/ipam",
        "ranges": [[{"subnet": "$SUBNET", "gateway": "$(gateway)"}],
                   [{"subnet": "$SUBNET6", "gateway": "$(gateway6)"}]],
        "routes": [{"dst": "0.0.0.0/0"}, {"dst": "::/0"}]
      }
    },
    {"type": "portmap", "capabilities": {"portMappings": true}}
  ]
}
EOF
  # crictl reads crictl.yaml beside its binary when /etc/crictl.yaml is absent;
  # CONTAINER_RUNTIME_ENDPOINT (exported by `env`) wins anyway. The timeout
  # bounds one CRI call: 20 pods stopped at once on 2 loaded cores take
  # containerd, the shims and runc close to 10 s (measured), diktyo's
  # handlers a few milliseconds of it.
  write_if_changed "$BIN/crictl.yaml" <<EOF || true
runtime-endpoint: unix://$SOCK
image-endpoint: unix://$SOCK
timeout: 30
pull-image-on-create: false
EOF
  diktyo_config
}

# diktyo_config: the admin config and the chain for the VM's diktyo-nri:
# the chain of deploy/chain.conflist with the VM's own object names (so
# clean-up removes exactly what it created) and paths under $STATE, and an
# admin config granting the test namespaces ("demo", "e2e-*") every
# feature within the test ranges.
diktyo_config() {
  mkdir -p "$ETC/diktyo" "$STATE/diktyo/cni-cache" "$STATE/diktyo/debug" "$STATE/dns"
  write_if_changed "$ETC/diktyo/chain.conflist" <<EOF || true
{
  "cniVersion": "1.1.0",
  "name": "diktyo",
  "plugins": [
    {
      "type": "ipmasq",
      "backend": "$IPMASQ_BACKEND",
      "tag": "$SNAT_CHAIN",
      "table": "$NFT_TABLE",
      "guardTable": "$GUARD_TABLE",
      "capabilities": {"masqEntries": true, "snatPolicy": true, "ips": true}
    },
    {
      "type": "iproute",
      $IPROUTE_LAYOUT_JSON
      "podCIDRs": ["$SUBNET", "$SUBNET6"],
      "tableRange": {"min": 100, "max": 199},
      "stateDir": "$RUN/iproute",
      "capabilities": {"routeEntries": true, "policyRouting": true, "ips": true}
    },
    {
      "type": "registerDNS",
      "backend": "rfc2136",
      "zones": ["$DNS_ZONE"],
      "reverseZones": ["$(reverse_zone)", "$(reverse_zone6)"],
      "nameTemplate": "{name}.{namespace}.{zone}",
      "rfc2136": {"server": "127.0.0.1:$DNS_PORT", "tsigSecretFile": "$STATE/dns/tsig.key"},
      "capabilities": {"dnsNames": true, "ips": true, "metadata": true}
    }
  ]
}
EOF
  write_generated "$ETC/diktyo/config.yaml" <<EOF || true
# diktyo-nri admin config of the test VM (hack/testvm.sh); see
# docs/configuration.md. Regenerated by provision while unedited; an
# edited file is kept (DIKTYO_TESTVM_REGEN_CONFIG=1 regenerates it).
failurePolicy: fail
api:
  # The test node's own socket: two test nodes never share one.
  socket: $RUN/diktyo-nri-api.sock
chain:
  conflist: $ETC/diktyo/chain.conflist
  binDirs: [$CNI_BIN]
  cacheDir: $STATE/diktyo/cni-cache
reloadInterval: 1s
reconcile:
  interval: 30s
debug:
  dir: $STATE/diktyo/debug
namespaces:
  - namespaces: ["demo", "e2e-*"]
    allow:
      masq:
        externals: ["198.19.255.10", "198.19.255.11", "198.19.255.12:20000-29999", "masquerade",
                    "2001:2:0:ffff::10", "2001:2:0:ffff::11"]
        pools: [demo]
        destinations: ["$REMOTE_NET", "$REMOTE_NET6"]
      snatExclude: {cidrs: ["$REMOTE_NET", "$REMOTE_NET6"]}
      snatInclude: {cidrs: ["$REMOTE_NET", "$REMOTE_NET6"]}
      routes:
        destinations: ["$REMOTE_NET", "$REMOTE_NET6"]
        gateways: ["$(gateway)", "$(gateway6)"]
        types: [unicast, blackhole, unreachable, prohibit]
        metrics: ["0-1000"]
      routeTable: {tables: ["100-199"]}
      dns:
        zones: ["$DNS_ZONE"]
        templates: ["{name}.{namespace}.{zone}", "{label}.{name}.{namespace}.{zone}"]
      debug: true
# The externals the node owns (the remote namespace routes them back to the
# node), and a pool of port blocks on one of them (docs/egress.md).
egress:
  # routed: the remote routes them to the node, which does not carry them
  # (a manage: false address must otherwise be assigned on the node).
  addresses:
  - {address: 198.19.255.10, routed: true}
  - {address: 198.19.255.11, routed: true}
  - {address: 198.19.255.12, routed: true}
  - {address: 198.19.255.13, routed: true}
  - {address: "2001:2:0:ffff::10", routed: true}
  - {address: "2001:2:0:ffff::11", routed: true}
  pools:
  - {name: demo, address: 198.19.255.13, ports: "30000-30255", blockSize: 64}
  attributionLog: $STATE/diktyo/egress/attribution.jsonl
  stateDir: $STATE/diktyo/egress
EOF
  # Pre-installed mode: containerd passes this file to plugin_path/10-diktyo.
  write_if_changed "$NRI_CONF/10-diktyo.conf" <<EOF || true
configFile: $ETC/diktyo/config.yaml
EOF
  dns_config
}

# reverse_zone: the in-addr.arpa zone of the /24 pod subnet.
reverse_zone() {
  local a b c
  IFS=. read -r a b c _ <<<"${SUBNET%/*}"
  echo "$c.$b.$a.in-addr.arpa."
}

# reverse_zone6: the ip6.arpa zone of the /64 pod subnet (nibbles of its
# first 64 bits, reversed).
reverse_zone6() {
  local left g full="" i nib="" gs
  left=${SUBNET6%/*}
  left=${left%%::*}
  IFS=: read -ra gs <<<"$left"
  for ((i = 0; i < 4; i++)); do
    g=${gs[i]:-0}
    full+=$(printf '%04x' "0x$g")
  done
  for ((i = 15; i >= 0; i--)); do nib+="${full:i:1}."; done
  echo "${nib}ip6.arpa."
}

# dns_config: a BIND9 primary for the pod zone and its reverse zone, on
# loopback only, updatable with a TSIG key (registerDNS's rfc2136 backend).
dns_config() {
  local d=$STATE/dns z
  [[ -s $d/tsig.key ]] || tsig-keygen -a hmac-sha256 diktyo-testvm. >"$d/tsig.key"
  chmod 0600 "$d/tsig.key"
  for z in "$DNS_ZONE" "$(reverse_zone)" "$(reverse_zone6)"; do
    [[ -f $d/$z.zone ]] || cat >"$d/$z.zone" <<EOF
\$TTL 30
@ IN SOA ns.$DNS_ZONE hostmaster.$DNS_ZONE 1 60 60 600 30
@ IN NS ns.$DNS_ZONE
EOF
  done
  grep -q "^ns " "$d/$DNS_ZONE.zone" || echo "ns IN A 127.0.0.1" >>"$d/$DNS_ZONE.zone"
  write_if_changed "$d/named.conf" <<EOF || true
include "$d/tsig.key";
options {
  directory "$d";
  pid-file "$d/named.pid";
  session-keyfile "$d/session.key";
  managed-keys-directory "$d";
  listen-on port $DNS_PORT { 127.0.0.1; };
  listen-on-v6 { none; };
  recursion no;
  allow-query { 127.0.0.1; };
  dnssec-validation no;
  notify no;
};
zone "$DNS_ZONE" { type primary; file "$d/$DNS_ZONE.zone"; allow-update { key "diktyo-testvm."; }; allow-transfer { key "diktyo-testvm."; }; };
zone "$(reverse_zone)" { type primary; file "$d/$(reverse_zone).zone"; allow-update { key "diktyo-testvm."; }; allow-transfer { key "diktyo-testvm."; }; };
zone "$(reverse_zone6)" { type primary; file "$d/$(reverse_zone6).zone"; allow-update { key "diktyo-testvm."; }; allow-transfer { key "diktyo-testvm."; }; };
EOF
  named-checkconf "$d/named.conf"
}

provision() {
  [[ $(id -u) == 0 ]] || die "needs root"
  step "apt packages and pinned Go tools (hack/install-deps.sh)" deps
  step "containerd $CONTAINERD_VERSION, crictl $CRICTL_VERSION, cnitool $CNITOOL_VERSION into $BIN" tools
  step "CNI plugins (reference + diktyo) into $CNI_BIN" cni_bins
  step "OCI images $PAUSE_IMAGE and $APP_IMAGE" images
  step "containerd, CNI, crictl and diktyo config under $ETC" containerd_config
}

# ---------------------------------------------------------------- up / down

# Forwarding is machine-wide, and test nodes share the machine (the tests',
# the kubelet e2e's, the benchmarks'): the first node up saves the settings
# in a machine-wide record under /run, every node registers in it, and the
# last one down puts them back. IPv6 forwarding turns off accepting router
# advertisements on interfaces with accept_ra=1, which would drop the
# machine's own IPv6 routes learnt from them: those interfaces are switched
# to accept_ra=2 first (and back at the end).
HOST_SHARED=/run/diktyo-testvm-host

host_forwarding_on() {
  mkdir -p "$HOST_SHARED"
  local lk ra
  exec {lk}>"$HOST_SHARED/lock"
  flock "$lk"
  if [[ ! -s $HOST_SHARED/users ]]; then
    {
      echo "sysctl net.ipv4.ip_forward=$(sysctl -n net.ipv4.ip_forward)"
      # diktyo-nri's egress guard reserves the pools' ports and adds its
      # output table on the node, which is this host: put both back.
      echo "reserved_ports $(cat /proc/sys/net/ipv4/ip_local_reserved_ports)"
      nft list table inet diktyo-egress >/dev/null 2>&1 || echo "egress_table absent"
      if [[ -e /proc/sys/net/ipv6/conf/all/forwarding ]]; then
        echo "sysctl net.ipv6.conf.all.forwarding=$(sysctl -n net.ipv6.conf.all.forwarding)"
        for ra in /proc/sys/net/ipv6/conf/*/accept_ra; do
          [[ $(cat "$ra") == 1 ]] && echo "accept_ra $ra"
        done
      fi
    } >"$HOST_SHARED/saved"
  fi
  grep -qxF "$STATE" "$HOST_SHARED/users" 2>/dev/null || echo "$STATE" >>"$HOST_SHARED/users"
  while read -r kind ra; do
    [[ $kind == accept_ra && -f $ra ]] && echo 2 >"$ra"
  done <"$HOST_SHARED/saved"
  sysctl -qw net.ipv4.ip_forward=1
  if [[ -e /proc/sys/net/ipv6/conf/all/forwarding ]]; then
    sysctl -qw net.ipv6.conf.all.forwarding=1
  fi
  exec {lk}>&-
}

host_forwarding_release() {
  [[ -f $HOST_SHARED/users ]] || return 0
  local lk kind v left
  exec {lk}>"$HOST_SHARED/lock"
  flock "$lk"
  left=$(grep -vxF "$STATE" "$HOST_SHARED/users" || true)
  if [[ -n $left ]]; then
    echo "$left" >"$HOST_SHARED/users"
    note "forwarding left on: other test nodes are up ($(echo "$left" | tr '\n' ' '))"
  else
    while read -r kind v; do
      case $kind in
        sysctl) sysctl -qw "$v" && note "$v" ;;
        accept_ra) [[ -f $v ]] && echo 1 >"$v" ;;
        reserved_ports) echo "$v" >/proc/sys/net/ipv4/ip_local_reserved_ports && note "net.ipv4.ip_local_reserved_ports=$v" ;;
        egress_table) nft delete table inet diktyo-egress 2>/dev/null && note "removed table inet diktyo-egress (diktyo-nri's egress guard)" || true ;;
      esac
    done <"$HOST_SHARED/saved"
    rm -f "$HOST_SHARED/saved" "$HOST_SHARED/users"
  fi
  exec {lk}>&-
}

# remember_host: before the first change, note what we may alter so clean
# can put it back.
remember_host() {
  mkdir -p "$HOST"
  [[ -f $HOST/paths ]] || for d in /var/lib/cni /var/lib/cni/results /run/containerd /run/containerd/runc /run/containerd/runc/k8s.io /run/containerd/s /run/netns; do
    [[ -e $d ]] && echo "$d"
  done >"$HOST/paths"
  return 0
}

start_named() {
  if running named; then note "named running (pid $(pid_of named))"; return; fi
  daemon named -g -n 1 -u root -c "$STATE/dns/named.conf" >>"$LOG/named.log" 2>&1 </dev/null &
  echo $! >"$RUN/named.pid"
  local i
  for ((i = 0; i < 50; i++)); do
    dig +short +time=1 +tries=1 -p "$DNS_PORT" @127.0.0.1 "$DNS_ZONE" SOA >/dev/null 2>&1 && break
    alive "$(pid_of named)" || { tail -20 "$LOG/named.log" >&2; die "named exited"; }
    sleep 0.1
  done
  note "named pid $(pid_of named), log $LOG/named.log"
}

start_containerd() {
  if running containerd; then note "containerd running (pid $(pid_of containerd))"; return; fi
  # Pre-installed mode: containerd starts plugin_path/10-diktyo at start-up.
  rm -f "$NRI_PLUGINS/10-diktyo"
  if [[ $NRI_MODE == preinstalled ]]; then
    [[ -x $BIN/diktyo-nri ]] || die "diktyo-nri not built (cmd/diktyo-nri)"
    install -m 0755 "$BIN/diktyo-nri" "$NRI_PLUGINS/10-diktyo"
  fi
  host_forwarding_on
  daemon containerd --config "$ETC/containerd/config.toml" >>"$LOG/containerd.log" 2>&1 </dev/null &
  echo $! >"$RUN/containerd.pid"
  echo "$NRI_MODE" >"$RUN/nri-mode"
  local i
  for ((i = 0; i < 100; i++)); do
    ctr -a "$SOCK" version >/dev/null 2>&1 && break
    alive "$(pid_of containerd)" || { tail -20 "$LOG/containerd.log" >&2; die "containerd exited"; }
    sleep 0.1
  done
  ctr -a "$SOCK" version >/dev/null || die "containerd not ready; see $LOG/containerd.log"
  note "containerd pid $(pid_of containerd), socket $SOCK"
}

import_images() {
  local img tar want
  for img in pause app; do
    tar=$STATE/images/$img.tar
    want=$(sha256sum "$tar" | cut -d' ' -f1)
    if [[ "$(cat "$STATE/images/.$img.imported" 2>/dev/null)" == "$want" ]] &&
      ctr -a "$SOCK" -n k8s.io images ls -q | grep -qx "diktyo.test/$img:1"; then
      note "$img image imported (cached)"
      continue
    fi
    ctr -a "$SOCK" -n k8s.io images import --no-unpack=false "$tar" >/dev/null
    echo "$want" >"$STATE/images/.$img.imported"
    note "imported $tar"
  done
}

start_nri() {
  case $NRI_MODE in
  none) note "no diktyo-nri (--nri none)"; return ;;
  preinstalled) note "containerd runs $NRI_PLUGINS/10-diktyo"; return ;;
  external) ;;
  *) die "unknown NRI mode $NRI_MODE (external, preinstalled, none)" ;;
  esac
  if running diktyo-nri; then note "diktyo-nri running (pid $(pid_of diktyo-nri))"; return; fi
  [[ -x $BIN/diktyo-nri ]] || die "diktyo-nri not built (cmd/diktyo-nri)"
  daemon "$BIN/diktyo-nri" --config "$ETC/diktyo/config.yaml" --socket "$NRI_SOCK" \
    --metrics-addr "$METRICS_ADDR" >>"$LOG/diktyo-nri.log" 2>&1 </dev/null &
  echo $! >"$RUN/diktyo-nri.pid"
  sleep 0.3
  alive "$(pid_of diktyo-nri)" || { tail -20 "$LOG/diktyo-nri.log" >&2; die "diktyo-nri exited"; }
  note "diktyo-nri pid $(pid_of diktyo-nri), metrics http://$METRICS_ADDR/metrics, log $LOG/diktyo-nri.log"
}

up() {
  provision
  remember_host
  if running containerd && [[ "$(cat "$RUN/nri-mode" 2>/dev/null)" != "$NRI_MODE" ]]; then
    step "switch NRI mode to $NRI_MODE: stop diktyo-nri and containerd" stop_daemons
  fi
  step "start DNS server (named on 127.0.0.1:$DNS_PORT, zone $DNS_ZONE)" start_named
  step "start containerd" start_containerd
  step "import images" import_images
  step "start diktyo-nri ($NRI_MODE)" start_nri
}

remove_pods() {
  running containerd || return 0
  local n
  n=$(crictl pods -q 2>/dev/null | wc -l)
  ((n == 0)) && { note "no pods"; return; }
  crictl rmp -fa >/dev/null 2>&1 || crictl rmp -fa
  note "removed $n pods"
}

stop_daemons() {
  stop_pid diktyo-nri
  stop_pid containerd
  stop_pid named
  # pre-installed diktyo-nri is containerd's child; it exits with its socket.
  kill_ours "$NRI_PLUGINS/10-diktyo"
  # any other diktyo-nri dialing this VM's NRI socket (started by hand).
  kill_ours "--socket $NRI_SOCK"
}

# kill_ours PATTERN: kill processes whose command line contains PATTERN
# (always a path under $STATE, so only ours match).
kill_ours() {
  local p cmd
  for p in /proc/[0-9]*; do
    { cmd=$(tr '\0' ' ' <"$p/cmdline"); } 2>/dev/null || continue
    [[ $cmd == *"$1"* ]] || continue
    kill -KILL "${p#/proc/}" 2>/dev/null && note "killed ${p#/proc/}: ${cmd:0:80}" || true
  done
}

down() {
  # A kubelet on this node (hack/kubelet.sh) would restart the pods
  # removed below: it goes first, with everything it changed, and so does
  # the control plane of hack/cluster.sh (which stops that kubelet first).
  if [[ -d $STATE/cluster ]]; then "$REPO/hack/cluster.sh" down; fi
  if [[ -d $STATE/kubelet ]]; then "$REPO/hack/kubelet.sh" down; fi
  step "remove all pods" remove_pods
  step "stop diktyo-nri, containerd and named" stop_daemons
  step "stop leftover shims of this containerd" kill_ours "-address $SOCK"
}

# ---------------------------------------------------------------- clean

unmount_ours() {
  local m
  # deepest first
  while read -r m; do
    umount -l "$m" 2>/dev/null && note "unmounted $m" || true
  done < <(awk -v s="$STATE/" 'index($5, s) == 1 {print $5}' /proc/self/mountinfo | sort -r)
}

# remove_chain IPTABLES: the VM's ipmasq tag chain, the POSTROUTING rules
# that reach it (whatever their matches and comment) and the per-pod
# chains only it reaches. Nothing else is flushed.
remove_chain() {
  local ipt=$1 line sub subs
  $ipt -t nat -S "$SNAT_CHAIN" >/dev/null 2>&1 || return 0
  subs=$($ipt -t nat -S "$SNAT_CHAIN" | awk '$1 == "-A" {for (i = 1; i < NF; i++) if ($i == "-j" || $i == "-g") print $(i+1)}' | sort -u)
  while read -r line; do
    [[ -n $line ]] || continue
    # iptables -S quotes what needs quoting, so its lines eval back safely.
    eval "$ipt -t nat -D ${line#-A }"
  done < <($ipt -t nat -S POSTROUTING | awk -v c="$SNAT_CHAIN" '{for (i = 1; i < NF; i++) if (($i == "-j" || $i == "-g") && $(i+1) == c) {print; next}}')
  $ipt -t nat -F "$SNAT_CHAIN"
  $ipt -t nat -X "$SNAT_CHAIN"
  for sub in $subs; do
    case $sub in SNAT | MASQUERADE | RETURN | ACCEPT | DROP) continue ;; esac
    { $ipt -t nat -F "$sub" && $ipt -t nat -X "$sub"; } 2>/dev/null || note "kept $ipt chain $sub (still referenced elsewhere)"
  done
  note "removed $ipt nat chain $SNAT_CHAIN and $(wc -w <<<"$subs") chains below it"
}

remove_net() {
  if ip link show "$BRIDGE" >/dev/null 2>&1; then ip link del "$BRIDGE" && note "deleted bridge $BRIDGE"; fi
  # diktyo's rules of the VM's chain (its own chain and table names).
  remove_chain iptables
  remove_chain ip6tables
  local fam
  for fam in ip ip6 inet; do
    nft delete table "$fam" "$NFT_TABLE" 2>/dev/null && note "deleted nft table $fam $NFT_TABLE" || true
  done
  nft delete table inet "$GUARD_TABLE" 2>/dev/null && note "deleted nft table inet $GUARD_TABLE" || true
  nft delete table inet "$ROUTE_TABLE" 2>/dev/null && note "deleted nft table inet $ROUTE_TABLE" || true
  # policy rules naming an address of our pod subnet (diktyo's iproute
  # removes its own on DEL; this catches pods killed with their plugin).
  local args net
  for fam in 4 6; do
    net="${SUBNET%.*}."
    [[ $fam == 6 ]] && net="${SUBNET6%::/*}:"
    while read -r args; do
      [[ -n $args ]] || continue
      # shellcheck disable=SC2086
      ip -$fam rule del $args 2>/dev/null && note "deleted ip -$fam rule $args" || true
    done < <(ip -j -$fam rule show | jq -r --arg net "$net" --argjson host "$((fam == 4 ? 32 : 128))" '.[]
      | select(((.src // "") | startswith($net)) or ((.dst // "") | startswith($net)))
      | "pref \(.priority)"
        + (if .src and .src != "all" then " from \(.src)/\(.srclen // $host)" else "" end)
        + (if .dst and .dst != "all" then " to \(.dst)/\(.dstlen // $host)" else "" end)
        + " table \(.table)"')
  done
  return 0
}

remove_cgroups() {
  local d
  for d in /sys/fs/cgroup/*"$CGROUP_PARENT" /sys/fs/cgroup/"$CGROUP_PARENT"; do
    [[ -d $d ]] || continue
    find "$d" -depth -type d -exec rmdir {} + 2>/dev/null || true
    [[ -d $d ]] && note "could not remove $d (processes left?)" || note "removed $d"
  done
  return 0
}

restore_host() {
  host_forwarding_release
  rm -f "$HOST/ip_forward" "$HOST/ip6_forward" "$HOST/accept_ra" # older layouts
  rm -f /var/lib/cni/results/"$NETWORK"-* 2>/dev/null || true
  local d
  for d in /var/lib/cni/results /var/lib/cni /run/containerd/runc/k8s.io /run/containerd/runc /run/containerd/s /run/containerd /run/netns; do
    [[ -d $d ]] || continue
    grep -qx "$d" "$HOST/paths" 2>/dev/null && continue
    rmdir "$d" 2>/dev/null && note "removed $d (created by the test VM)" || true
  done
  return 0
}

# reset: down, then undo every change to the host, keeping the state dir
# (tools, images, configs) so the next `up` is quick.
reset() {
  down
  step "unmount everything under $STATE" unmount_ours
  step "remove bridge, rules and tables of the test VM" remove_net
  step "remove cgroups under $CGROUP_PARENT" remove_cgroups
  step "restore host settings" restore_host
}

clean() {
  [[ -d $STATE ]] || note "nothing to clean ($STATE absent)"
  reset
  step "remove $STATE" rm -rf "$STATE"
}

status() {
  local n
  for n in containerd diktyo-nri named; do
    if running "$n"; then echo "$n: running (pid $(pid_of "$n"))"; else echo "$n: stopped"; fi
  done
  echo "nri mode: $(cat "$RUN/nri-mode" 2>/dev/null || echo -)"
  running containerd && crictl pods 2>/dev/null || true
}

env_cmd() {
  cat <<EOF
export DIKTYO_TESTVM_DIR=$STATE
export PATH=$BIN:\$PATH
export CONTAINER_RUNTIME_ENDPOINT=unix://$SOCK
export CONTAINERD_ADDRESS=$SOCK
export CONTAINERD_NAMESPACE=k8s.io
export CRI_CONFIG_FILE=$BIN/crictl.yaml
export DIKTYO_TESTVM_SOCKET=$SOCK
export DIKTYO_TESTVM_NRI_SOCKET=$NRI_SOCK
export DIKTYO_TESTVM_BRIDGE=$BRIDGE
export DIKTYO_TESTVM_SUBNET=$SUBNET
export DIKTYO_TESTVM_SUBNET6=$SUBNET6
export DIKTYO_TESTVM_CGROUP_PARENT=$CGROUP_PARENT
export DIKTYO_TESTVM_SNAT_CHAIN=$SNAT_CHAIN
export DIKTYO_TESTVM_IPMASQ_BACKEND=$IPMASQ_BACKEND
export DIKTYO_TESTVM_NFT_TABLE=$NFT_TABLE
export DIKTYO_TESTVM_GUARD_TABLE=$GUARD_TABLE
export DIKTYO_TESTVM_IPROUTE_LAYOUT=$IPROUTE_LAYOUT
export DIKTYO_TESTVM_ROUTE_TABLE=$ROUTE_TABLE
export DIKTYO_TESTVM_DNS_SERVER=127.0.0.1:$DNS_PORT
export DIKTYO_TESTVM_DNS_ZONE=$DNS_ZONE
export DIKTYO_TESTVM_CONFIG=$ETC/diktyo/config.yaml
export DIKTYO_TESTVM_API_SOCKET=$RUN/diktyo-nri-api.sock
export DIKTYO_TESTVM_ATTRIBUTION_LOG=$STATE/diktyo/egress/attribution.jsonl
export DIKTYO_TESTVM_APP_IMAGE=$APP_IMAGE
EOF
}

main() {
  local cmd=${1:-}
  shift || true
  while [[ ${1:-} == --* ]]; do
    case $1 in
    --nri) NRI_MODE=$2; shift 2 ;;
    --nri=*) NRI_MODE=${1#--nri=}; shift ;;
    *) break ;;
    esac
  done
  case $cmd in
  provision) provision ;;
  up) up ;;
  down) down ;;
  reset) reset ;;
  clean) clean ;;
  status) status ;;
  env) env_cmd ;;
  crictl) exec crictl "$@" ;;
  ctr) exec ctr -a "$SOCK" -n k8s.io "$@" ;;
  *) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
  esac
}

main "$@"
