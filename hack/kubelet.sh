#!/usr/bin/env bash
# hack/kubelet.sh: a real kubelet, standalone (no API server; or in API mode,
# hack/cluster.sh's), on the test node of hack/testvm.sh: it creates the pods
# through the node's containerd (CRI); standalone, diktyo-nri runs as a
# static pod rendered from deploy/'s DaemonSet and application pods are
# static pod manifests. See docs/testing.md.
#
#   hack/kubelet.sh build     the kubelet from the Go module proxy into
#                             $STATE/bin/kubelet (hack/kubelet/go.mod; cached)
#   hack/kubelet.sh image     the diktyo image (deploy/Dockerfile's content,
#                             built without a registry) imported into the node
#   hack/kubelet.sh up        test node up (--nri none), build, image, the
#                             static pod of diktyo-nri, start the kubelet and
#                             wait for diktyo-nri to be registered with NRI
#   hack/kubelet.sh down      stop the kubelet and remove its pods, mounts,
#                             cgroups and host changes (sysctls it set,
#                             /var/log/containers links); the test node stays
#   hack/kubelet.sh node-config  this node's admin config, chain and TSIG
#                             key on the DaemonSet's paths into
#                             $STATE/kubelet/node-config (what its ConfigMap
#                             holds)
#   hack/kubelet.sh status | env
#
# The test node's environment variables apply (DIKTYO_TESTVM_DIR, _BRIDGE,
# _SUBNET, _DNS_PORT, _METRICS, ...), plus DIKTYO_KUBELET_HEALTHZ_PORT
# (the kubelet's healthz on 127.0.0.1, default 10358). Needs root.
#
# API mode (hack/cluster.sh sets it): with DIKTYO_KUBELET_KUBECONFIG the
# kubelet registers its Node with that API server and runs the pods it is
# given, no static pod; its server listens on DIKTYO_KUBELET_NODE_IP
# (also the Node's InternalIP) port DIKTYO_KUBELET_PORT (default 10350)
# with DIKTYO_KUBELET_TLS_CERT/_KEY, clients authenticated by
# DIKTYO_KUBELET_CLIENT_CA or a token, authorized by the API server
# (Webhook), so `kubectl logs` and `kubectl exec` work.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=versions.env
. "$REPO/hack/versions.env"
eval "$("$REPO/hack/testvm.sh" env)"

STATE=$DIKTYO_TESTVM_DIR
BIN=$STATE/bin
RUN=$STATE/run
LOG=$STATE/log
SOCK=$DIKTYO_TESTVM_SOCKET
KDIR=$STATE/kubelet
ROOT=$KDIR/root            # the kubelet's --root-dir
MANIFESTS=$KDIR/manifests  # staticPodPath
HOST=$KDIR/host            # what the host looked like before the kubelet
CGROUP_PARENT=$DIKTYO_TESTVM_CGROUP_PARENT
NETNS_DIR=$STATE/containerd/state/io.containerd.grpc.v1.cri/netns
NODE=${DIKTYO_TESTVM_BRIDGE}-kubelet
HEALTHZ_PORT=${DIKTYO_KUBELET_HEALTHZ_PORT:-10358}
METRICS_ADDR=${DIKTYO_TESTVM_METRICS:-127.0.0.1:9797}
# API mode (hack/cluster.sh): the kubelet's kubeconfig, server and its cert.
API_KUBECONFIG=${DIKTYO_KUBELET_KUBECONFIG:-}
NODE_IP=${DIKTYO_KUBELET_NODE_IP:-}
KUBELET_PORT=${DIKTYO_KUBELET_PORT:-10350}
# The sysctls the kubelet sets when protectKernelDefaults is false
# (pkg/kubelet/cm: setupKernelTunables); down puts them back.
SYSCTLS=(vm.overcommit_memory vm.panic_on_oom kernel.panic kernel.panic_on_oops kernel.keys.root_maxkeys kernel.keys.root_maxbytes)
CONTAINER_LOGS=/var/log/containers # fixed in the kubelet
DEVICE_PLUGINS=/var/lib/kubelet/device-plugins # fixed too: its device plugin socket

PROG=kubelet.sh
# shellcheck source=lib.sh
. "$REPO/hack/lib.sh"

# ---------------------------------------------------------------- build

# build: k8s.io/kubernetes/cmd/kubelet at the version hack/kubelet/go.mod
# pins (every staging module replaced by its k8s.io/* v0.Y.Z), stamped with
# the hash of go.mod and go.sum so an unchanged pin is not rebuilt.
build() {
  local mod=$REPO/hack/kubelet stamp=$BIN/.kubelet.version want
  grep -Eq "^[[:space:]]*(require[[:space:]]+)?k8s.io/kubernetes $KUBELET_VERSION( //.*)?\$" "$mod/go.mod" ||
    die "hack/kubelet/go.mod does not require k8s.io/kubernetes $KUBELET_VERSION (hack/versions.env)"
  want="$KUBELET_VERSION $(cat "$mod/go.mod" "$mod/go.sum" | sha256sum | cut -c1-16)"
  if [[ -x $BIN/kubelet && "$(cat "$stamp" 2>/dev/null)" == "$want" ]]; then
    note "kubelet $KUBELET_VERSION (cached)"
    return
  fi
  mkdir -p "$BIN"
  local minor=${KUBELET_VERSION#v1.}
  minor=${minor%%.*}
  note "go build k8s.io/kubernetes/cmd/kubelet@$KUBELET_VERSION (about 10 minutes on 2 cores, once; then cached)"
  (cd "$mod" && GOFLAGS=-buildvcs=false go build -trimpath -o "$BIN/kubelet" \
    -ldflags "-s -w -X k8s.io/component-base/version.gitVersion=$KUBELET_VERSION -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=$minor" \
    k8s.io/kubernetes/cmd/kubelet)
  echo "$want" >"$stamp"
  note "$("$BIN/kubelet" --version)"
}

# ---------------------------------------------------------------- image


# image: the image make image builds (hack/image.sh: the one recipe),
# imported into the node's containerd.
image() {
  local dir=$KDIR/image name
  mkdir -p "$dir"
  name=$("$REPO/hack/image.sh" "$dir/diktyo.tar" | tail -n 1)
  local want
  want=$(sha256sum "$dir/diktyo.tar" | cut -d' ' -f1)
  if [[ "$(cat "$dir/.imported" 2>/dev/null)" == "$want" ]] &&
    ctr -a "$SOCK" -n k8s.io images ls -q | grep -qx "$name"; then
    note "$name imported (cached)"
    return
  fi
  ctr -a "$SOCK" -n k8s.io images import --no-unpack=false "$dir/diktyo.tar" >/dev/null
  echo "$want" >"$dir/.imported"
  note "imported $name ($(du -h "$dir/diktyo.tar" | cut -f1))"
}

# ---------------------------------------------------------------- static pod

# node_config: the test node's admin config and chain (hack/testvm.sh),
# with its host paths turned into the paths the DaemonSet mounts them at,
# and its TSIG key: the ConfigMap this node's admin would write.
node_config() {
  local d=$KDIR/node-config etc=$STATE/etc/diktyo f
  mkdir -p "$d"
  for f in config.yaml chain.conflist; do
    sed -e "s#$etc/#/etc/diktyo/#g" \
      -e "s#$STATE/cni/bin#/opt/cni/bin#g" \
      -e "s#$STATE/diktyo/#/var/lib/diktyo/#g" -e "s#$STATE/diktyo\\b#/var/lib/diktyo#g" \
      -e "s#$RUN/iproute#/run/diktyo/iproute#g" \
      -e "s#$RUN/diktyo-nri-api.sock#/run/diktyo/diktyo-nri.sock#g" \
      -e "s#$STATE/dns/tsig.key#/etc/diktyo/tsig.key#g" "$etc/$f" >"$d/$f.new"
    if grep -F "$STATE" "$d/$f.new"; then die "$etc/$f: a path above has no mount in the DaemonSet"; fi
    mv "$d/$f.new" "$d/$f"
  done
  install -m 0600 "$STATE/dns/tsig.key" "$d/tsig.key"
}

# static_pod: deploy/'s DaemonSet as a static pod, on this node's paths.
static_pod() {
  node_config
  mkdir -p "$MANIFESTS" "$RUN/diktyo" "$STATE/diktyo"
  (cd "$REPO/hack/kubelet" && GOFLAGS=-buildvcs=false go run ./staticpod -k "$REPO/deploy" \
    -o "$MANIFESTS/diktyo-nri.yaml" \
    -configmap "diktyo-config=$KDIR/diktyo-config" \
    -configfile "config.yaml=$KDIR/node-config/config.yaml" \
    -configfile "chain.conflist=$KDIR/node-config/chain.conflist" \
    -configfile "tsig.key=$KDIR/node-config/tsig.key" \
    -hostpath "/var/run/nri=$RUN" \
    -hostpath "/opt/cni/bin=$STATE/cni/bin" \
    -hostpath "/var/lib/diktyo=$STATE/diktyo" \
    -hostpath "/run/diktyo=$RUN/diktyo" \
    -hostpath "/run/diktyo-ipmasq.lock=$RUN/diktyo-ipmasq.lock" \
    -samepath "netns=$NETNS_DIR" \
    -arg "--metrics-addr=$METRICS_ADDR")
  chmod 0600 "$KDIR/diktyo-config/tsig.key"
  note "wrote $MANIFESTS/diktyo-nri.yaml"
}

# shared_netns: the pod netns directory as a shared mount, so the netns
# containerd mounts there reach diktyo-nri's container (the DaemonSet
# mounts it HostToContainer, which containerd refuses on a private mount;
# a real node's / is shared).
shared_netns() {
  mkdir -p "$NETNS_DIR"
  if awk -v d="$NETNS_DIR" '$5 == d' /proc/self/mountinfo | grep -q 'shared:'; then
    note "$NETNS_DIR is a shared mount"
    return
  fi
  awk -v d="$NETNS_DIR" '$5 == d {f=1} END {exit !f}' /proc/self/mountinfo || mount --bind "$NETNS_DIR" "$NETNS_DIR"
  mount --make-shared "$NETNS_DIR"
  note "$NETNS_DIR: bind-mounted onto itself, shared"
}

# ---------------------------------------------------------------- kubelet

# mode_config: what differs between the standalone kubelet (static pods,
# no server) and the API mode's (hack/cluster.sh: a server on the node's
# address, clients checked by certificate or token, requests authorized by
# the API server).
mode_config() {
  if [[ -z $API_KUBECONFIG ]]; then
    cat <<EOF
staticPodPath: $MANIFESTS
fileCheckFrequency: 2s
# No server: nothing listens but healthz, on loopback.
enableServer: false
address: 127.0.0.1
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: false}
authorization:
  mode: AlwaysAllow
EOF
    return
  fi
  [[ -n $NODE_IP && -n ${DIKTYO_KUBELET_TLS_CERT:-} && -n ${DIKTYO_KUBELET_TLS_KEY:-} && -n ${DIKTYO_KUBELET_CLIENT_CA:-} ]] ||
    die "API mode needs DIKTYO_KUBELET_NODE_IP, _TLS_CERT, _TLS_KEY and _CLIENT_CA"
  cat <<EOF
# API mode (hack/cluster.sh): no static pods; the server on the node's
# address for the API server's logs, exec and port-forward.
enableServer: true
address: $NODE_IP
port: $KUBELET_PORT
tlsCertFile: $DIKTYO_KUBELET_TLS_CERT
tlsPrivateKeyFile: $DIKTYO_KUBELET_TLS_KEY
rotateCertificates: false
serverTLSBootstrap: false
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $DIKTYO_KUBELET_CLIENT_CA}
authorization:
  mode: Webhook
clusterDomain: cluster.local
registerNode: true
EOF
}

kubelet_config() {
  mkdir -p "$KDIR" "$ROOT" "$MANIFESTS" "$KDIR/pod-logs" "$KDIR/pki" "$KDIR/volume-plugins" "$LOG"
  cat >"$KDIR/config.yaml" <<EOF
# Written by hack/kubelet.sh: a kubelet on the test node's containerd,
# $([[ -n $API_KUBECONFIG ]] && echo "registered with the API server of $API_KUBECONFIG" || echo "standalone (no API server)").
# Every path is under $STATE.
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
containerRuntimeEndpoint: unix://$SOCK
imageServiceEndpoint: unix://$SOCK
$(mode_config)
syncFrequency: 10s
# containerd's runc runs with SystemdCgroup = false; every pod cgroup
# under the test node's parent, which hack/testvm.sh reset removes.
cgroupDriver: cgroupfs
cgroupRoot: $CGROUP_PARENT
cgroupsPerQOS: true
failCgroupV1: false
failSwapOn: false
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: $HEALTHZ_PORT
# The host's networking is the test node's: no KUBE-* iptables chains.
makeIPTablesUtilChains: false
protectKernelDefaults: false
oomScoreAdj: 0
podLogsDir: $KDIR/pod-logs
volumePluginDir: $KDIR/volume-plugins
resolvConf: /etc/resolv.conf
# A test node on a shared machine: no evictions, no image GC.
evictionHard:
  memory.available: "1Mi"
  nodefs.available: "1%"
  nodefs.inodesFree: "1%"
  imagefs.available: "1%"
  imagefs.inodesFree: "1%"
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
EOF
}

# remember_host: the host settings the kubelet changes, before it first
# runs, for down to restore.
remember_host() {
  mkdir -p "$HOST"
  local s
  [[ -f $HOST/sysctls ]] || for s in "${SYSCTLS[@]}"; do echo "$s=$(sysctl -n "$s")"; done >"$HOST/sysctls"
  [[ -f $HOST/container-logs ]] || { [[ -d $CONTAINER_LOGS ]] && echo existed || echo absent; } >"$HOST/container-logs"
  local d
  [[ -f $HOST/device-plugins ]] || for d in /var/lib/kubelet "$DEVICE_PLUGINS"; do
    [[ -d $d ]] && echo "$d"
  done >"$HOST/device-plugins"
  return 0
}

# cgroup_root: the kubelet insists that its cgroupRoot exists in every
# hierarchy; cpuset children start empty on cgroup v1, so copy the root's.
cgroup_root() {
  local h d
  for h in /sys/fs/cgroup/*/ /sys/fs/cgroup/; do
    [[ -f $h/cgroup.procs ]] || continue
    d=${h%/}$CGROUP_PARENT
    [[ -d $d ]] || mkdir "$d"
    if [[ -f $d/cpuset.cpus && ! -s $d/cpuset.cpus ]] || [[ -f $d/cpuset.cpus && -z "$(tr -d '\n' <"$d/cpuset.cpus")" ]]; then
      cat "${h%/}/cpuset.cpus" >"$d/cpuset.cpus"
      cat "${h%/}/cpuset.mems" >"$d/cpuset.mems"
    fi
  done
}

# healthy: the kubelet's healthz answers ok (bash's /dev/tcp: no curl on
# a minimal machine).
healthy() {
  local reply
  reply=$(timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$HEALTHZ_PORT && printf 'GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3 && cat <&3" 2>/dev/null) || return 1
  [[ $reply == HTTP/1.?\ 200* && $reply == *$'\n'ok ]]
}

start_kubelet() {
  if running kubelet; then note "kubelet running (pid $(pid_of kubelet))"; return; fi
  if ss -Htln "sport = :$HEALTHZ_PORT" | grep -q .; then die "127.0.0.1:$HEALTHZ_PORT in use (DIKTYO_KUBELET_HEALTHZ_PORT)"; fi
  # The device plugin socket's path is fixed in the kubelet: a machine
  # running a kubelet of its own keeps it.
  if ss -Hxl | grep -qF "$DEVICE_PLUGINS/kubelet.sock"; then die "another kubelet listens on $DEVICE_PLUGINS/kubelet.sock"; fi
  local api=()
  if [[ -n $API_KUBECONFIG ]]; then
    if ss -Htln "sport = :$KUBELET_PORT" | grep -q .; then die "port $KUBELET_PORT in use (DIKTYO_KUBELET_PORT)"; fi
    api=(--kubeconfig "$API_KUBECONFIG" --node-ip "$NODE_IP")
  fi
  remember_host
  cgroup_root
  daemon "$BIN/kubelet" --config "$KDIR/config.yaml" --root-dir "$ROOT" --cert-dir "$KDIR/pki" \
    --hostname-override "$NODE" "${api[@]}" --v=2 >>"$LOG/kubelet.log" 2>&1 </dev/null &
  echo $! >"$RUN/kubelet.pid"
  local i
  for ((i = 0; i < 300; i++)); do
    healthy && break
    alive "$(pid_of kubelet)" || { tail -30 "$LOG/kubelet.log" >&2; die "kubelet exited; see $LOG/kubelet.log"; }
    sleep 0.1
  done
  note "kubelet pid $(pid_of kubelet), node $NODE, healthz http://127.0.0.1:$HEALTHZ_PORT/healthz, log $LOG/kubelet.log"
  [[ -z $API_KUBECONFIG ]] || note "API mode: $API_KUBECONFIG, server https://$NODE_IP:$KUBELET_PORT"
}

# wait_nri: the static pod's diktyo-nri container runs and has synchronized
# with containerd (registered as an NRI plugin).
wait_nri() {
  local id="" deadline=$((SECONDS + 120))
  while ((SECONDS < deadline)); do
    id=$(crictl ps -q --name '^diktyo-nri$' --state running 2>/dev/null | head -1)
    if [[ -n $id ]] && crictl logs "$id" 2>&1 | grep -q 'msg=reconciled trigger=Synchronize'; then
      note "diktyo-nri container $id synchronized with containerd"
      return
    fi
    running kubelet || die "kubelet exited; see $LOG/kubelet.log"
    sleep 0.5
  done
  crictl pods >&2 || true
  crictl ps -a >&2 || true
  [[ -n $id ]] && crictl logs "$id" 2>&1 | tail -20 >&2
  grep -E 'diktyo-nri|E[0-9]{4}' "$LOG/kubelet.log" | tail -20 >&2
  die "diktyo-nri did not come up under the kubelet"
}

up() {
  "$REPO/hack/testvm.sh" up --nri none
  step "kubelet $KUBELET_VERSION into $BIN" build
  step "diktyo image (deploy/Dockerfile's content, hack/ociimage)" image
  if [[ -n $API_KUBECONFIG ]]; then
    # The pods come from the API server; a static pod of an earlier
    # standalone run must not come back.
    rm -f "$MANIFESTS/diktyo-nri.yaml"
  else
    step "static pod of diktyo-nri from deploy/ into $MANIFESTS" static_pod
  fi
  step "pod netns directory as a shared mount" shared_netns
  step "kubelet config $KDIR/config.yaml" kubelet_config
  step "start the kubelet" start_kubelet
  [[ -n $API_KUBECONFIG ]] || step "wait for diktyo-nri (static pod) to register with containerd" wait_nri
}

# ---------------------------------------------------------------- down


# remove_pods: the kubelet's pods (all of the node's: the kubelet kills
# any pod it does not know, so none of the node's pods are anyone else's).
remove_pods() {
  if ! ctr -a "$SOCK" version >/dev/null 2>&1; then note "containerd not running"; return 0; fi
  local n apps
  n=$(crictl pods -q 2>/dev/null | wc -l)
  ((n == 0)) && { note "no pods"; return; }
  # The application pods first, while diktyo-nri still runs (the kubelet
  # is stopped, its containers are not) and removes their policy.
  apps=$(crictl pods -o json | jq -r '.items[] | select(.metadata.namespace != "diktyo-system") | .id')
  if [[ -n $apps ]]; then
    # shellcheck disable=SC2086
    crictl rmp -f $apps >/dev/null
  fi
  crictl rmp -fa >/dev/null 2>&1 || crictl rmp -fa
  note "removed $n pods"
}

# unmount_kubelet: the kubelet's mounts under its root, and the shared
# bind mount of the netns directory (its pods, and so their netns, are gone).
unmount_kubelet() {
  local m
  while read -r m; do
    umount -l "$m" 2>/dev/null && note "unmounted $m" || true
  done < <(awk -v s="$KDIR/" -v n="$NETNS_DIR" 'index($5, s) == 1 || $5 == n {print $5}' /proc/self/mountinfo | sort -r)
}

remove_cgroups() {
  local d
  for d in /sys/fs/cgroup/*"$CGROUP_PARENT"/kubepods /sys/fs/cgroup"$CGROUP_PARENT"/kubepods; do
    [[ -d $d ]] || continue
    find "$d" -depth -type d -exec rmdir {} + 2>/dev/null || true
    [[ -d $d ]] && note "could not remove $d (processes left?)" || note "removed $d"
  done
  return 0
}

restore_host() {
  local kv
  if [[ -f $HOST/sysctls ]]; then
    while read -r kv; do sysctl -qw "$kv" || note "could not restore $kv"; done <"$HOST/sysctls"
    note "restored ${SYSCTLS[*]}"
    rm -f "$HOST/sysctls"
  fi
  # The kubelet links each container's log into /var/log/containers.
  if [[ -d $CONTAINER_LOGS ]]; then
    local l n=0
    for l in "$CONTAINER_LOGS"/*; do
      [[ -L $l && "$(readlink "$l")" == "$KDIR/"* ]] || continue
      rm -f "$l"
      n=$((n + 1))
    done
    ((n == 0)) || note "removed $n links from $CONTAINER_LOGS"
    if [[ "$(cat "$HOST/container-logs" 2>/dev/null)" == absent ]]; then
      rmdir "$CONTAINER_LOGS" 2>/dev/null && note "removed $CONTAINER_LOGS (created by the kubelet)" || true
    fi
  fi
  rm -f "$HOST/container-logs"
  # The device plugin directory (its path is fixed in the kubelet).
  if [[ -f $HOST/device-plugins ]]; then
    if ! grep -qx "$DEVICE_PLUGINS" "$HOST/device-plugins"; then
      rm -f "$DEVICE_PLUGINS/kubelet.sock" "$DEVICE_PLUGINS/kubelet_internal_checkpoint"
      rmdir "$DEVICE_PLUGINS" 2>/dev/null && note "removed $DEVICE_PLUGINS (created by the kubelet)" || true
    fi
    if ! grep -qx /var/lib/kubelet "$HOST/device-plugins"; then
      rmdir /var/lib/kubelet 2>/dev/null && note "removed /var/lib/kubelet (created by the kubelet)" || true
    fi
    rm -f "$HOST/device-plugins"
  fi
}

down() {
  step "stop the kubelet" stop_pid kubelet
  step "remove the kubelet's pods" remove_pods
  step "unmount everything under $KDIR" unmount_kubelet
  step "remove the kubelet's cgroups under $CGROUP_PARENT" remove_cgroups
  step "restore host settings the kubelet changed" restore_host
}

status() {
  if running kubelet; then echo "kubelet: running (pid $(pid_of kubelet), node $NODE)"; else echo "kubelet: stopped"; fi
  find "$MANIFESTS" -maxdepth 1 -type f ! -name '.*' -printf 'manifest: %f\n' 2>/dev/null || true
}

env_cmd() {
  cat <<EOF
export DIKTYO_KUBELET_DIR=$KDIR
export DIKTYO_KUBELET_MANIFESTS=$MANIFESTS
export DIKTYO_KUBELET_NODE=$NODE
export DIKTYO_KUBELET_LOG=$LOG/kubelet.log
export DIKTYO_KUBELET_HEALTHZ=http://127.0.0.1:$HEALTHZ_PORT/healthz
EOF
}

main() {
  [[ ${1:-} == build || $(id -u) == 0 ]] || die "needs root"
  case ${1:-} in
  build) build ;;
  image) image ;;
  node-config) node_config; echo "$KDIR/node-config" ;;
  up) up ;;
  down) down ;;
  status) status ;;
  env) env_cmd ;;
  *) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
  esac
}

main "$@"
