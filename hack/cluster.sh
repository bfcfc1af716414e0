#!/usr/bin/env bash
# hack/cluster.sh: a real, single-node Kubernetes control plane for the
# kubelet test node (hack/kubelet.sh): etcd, kube-apiserver (Node and RBAC
# authorization, NodeRestriction), kube-controller-manager and
# kube-scheduler, all built from the Go module proxy, and the node's
# kubelet in API mode (it registers its Node; no static pod). diktyo is
# then installed through the API like on any cluster (TestCluster). See
# docs/testing.md.
#
#   hack/cluster.sh build        kube-apiserver, kube-controller-manager,
#                                kube-scheduler, kubectl and etcd (and the
#                                kubelet) into $STATE/bin (cached)
#   hack/cluster.sh up           the test node, build, PKI, etcd, the API
#                                server, controller-manager, scheduler,
#                                "kube-proxy for one service", the kubelet;
#                                waits for the Node to be Ready
#   hack/cluster.sh down         stop all of it (the kubelet's pods first)
#                                and remove what it made: PKI, etcd's data,
#                                kubeconfigs, its interface and nft table
#   hack/cluster.sh status | env
#   hack/cluster.sh kubectl ARGS kubectl as the cluster's admin
#
# No kube-proxy: the one Service the node needs, `kubernetes` (the API
# server, for pods using client-go's in-cluster config), is an nft table of
# this script's (ip diktyo_svc_<bridge>) DNATing its ClusterIP:443 to the
# API server, in output (host-network pods) and prerouting (pods).
#
# The test node's environment applies (hack/testvm.sh, hack/kubelet.sh),
# plus DIKTYO_CLUSTER_ADDRESS (the API server's and the node's address, on
# an interface of this script's, <bridge>-cp; default 198.18.251.1),
# DIKTYO_CLUSTER_SERVICE_CIDR (default 198.18.250.0/24: test-only ranges),
# DIKTYO_CLUSTER_API_PORT (16443), DIKTYO_CLUSTER_ETCD_PORT (12379; peers
# one above), DIKTYO_CLUSTER_CM_PORT (10457), DIKTYO_CLUSTER_SCHEDULER_PORT
# (10459), DIKTYO_KUBELET_PORT (10350). Needs root (but build).
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=versions.env
. "$REPO/hack/versions.env"
eval "$("$REPO/hack/testvm.sh" env)"

STATE=$DIKTYO_TESTVM_DIR
BIN=$STATE/bin
RUN=$STATE/run
LOG=$STATE/log
BRIDGE=$DIKTYO_TESTVM_BRIDGE
CDIR=$STATE/cluster
PKI=$CDIR/pki
NODE=${BRIDGE}-kubelet # hack/kubelet.sh's node name
IFACE=${BRIDGE}-cp
ADDR=${DIKTYO_CLUSTER_ADDRESS:-198.18.251.1}
SERVICE_CIDR=${DIKTYO_CLUSTER_SERVICE_CIDR:-198.18.250.0/24}
API_PORT=${DIKTYO_CLUSTER_API_PORT:-16443}
ETCD_PORT=${DIKTYO_CLUSTER_ETCD_PORT:-12379}
ETCD_PEER_PORT=$((ETCD_PORT + 1))
CM_PORT=${DIKTYO_CLUSTER_CM_PORT:-10457}
SCHED_PORT=${DIKTYO_CLUSTER_SCHEDULER_PORT:-10459}
KUBELET_PORT=${DIKTYO_KUBELET_PORT:-10350}
NFT_TABLE=diktyo_svc_${BRIDGE//[^a-zA-Z0-9_]/_}
SERVER=https://$ADDR:$API_PORT
ADMIN=$CDIR/admin.kubeconfig
# The control plane's binaries, built together (hack/kubelet/go.mod's tools).
TOOLS=(etcd kube-apiserver kube-controller-manager kube-scheduler kubectl)

PROG=cluster.sh
# shellcheck source=lib.sh
. "$REPO/hack/lib.sh"

((${#IFACE} <= 15)) || die "interface name $IFACE too long (DIKTYO_TESTVM_BRIDGE)"

# cluster_ip: the first address of the service range, the `kubernetes`
# Service's ClusterIP.
cluster_ip() { local b=${SERVICE_CIDR%/*}; echo "${b%.*}.$((${b##*.} + 1))"; }

kubectl_admin() { "$BIN/kubectl" --kubeconfig "$ADMIN" "$@"; }

# ---------------------------------------------------------------- build

# build: the control plane from k8s.io/kubernetes at KUBELET_VERSION (the
# module and stamp scheme of hack/kubelet.sh's build) and etcd's server at
# the version Kubernetes pins (go.etcd.io/etcd/server/v3, a main package),
# in one go build so they share compiled packages, with each other and with
# the kubelet's build before it.
build() {
  "$REPO/hack/kubelet.sh" build
  local mod=$REPO/hack/kubelet stamp=$BIN/.cluster.version want t ok=1
  want="$KUBELET_VERSION $(cat "$mod/go.mod" "$mod/go.sum" | sha256sum | cut -c1-16)"
  for t in "${TOOLS[@]}"; do [[ -x $BIN/$t ]] || ok=0; done
  if ((ok)) && [[ "$(cat "$stamp" 2>/dev/null)" == "$want" ]]; then
    note "${TOOLS[*]}: $KUBELET_VERSION (cached)"
    return
  fi
  local minor=${KUBELET_VERSION#v1.} out=$BIN/.cluster-build etcd
  minor=${minor%%.*}
  etcd=$(cd "$mod" && go list -m -f '{{.Version}}' go.etcd.io/etcd/server/v3)
  rm -rf "$out"
  mkdir -p "$out"
  note "go build of ${TOOLS[*]} ($KUBELET_VERSION, etcd $etcd; minutes on 2 cores, once; then cached)"
  (cd "$mod" && GOFLAGS=-buildvcs=false go build -trimpath -o "$out/" \
    -ldflags "-s -w -X k8s.io/component-base/version.gitVersion=$KUBELET_VERSION -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=$minor -X go.etcd.io/etcd/api/v3/version.GitSHA=$etcd" \
    go.etcd.io/etcd/server/v3 k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager \
    k8s.io/kubernetes/cmd/kube-scheduler k8s.io/kubernetes/cmd/kubectl)
  # go build names a module's /vN main package after the element before.
  mv "$out/server" "$out/etcd"
  for t in "${TOOLS[@]}"; do mv -f "$out/$t" "$BIN/$t"; done
  rmdir "$out"
  echo "$want" >"$stamp"
  note "$("$BIN/etcd" --version | head -1); $("$BIN/kube-apiserver" --version); kubectl $("$BIN/kubectl" version --client -o json | jq -r .clientVersion.gitVersion)"
}

# ---------------------------------------------------------------- PKI

# key FILE: an ECDSA P-256 key.
key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; chmod 0600 "$1"; }

# ca NAME CN: a self-signed CA, valid 30 days.
ca() {
  key "$PKI/$1.key"
  openssl req -x509 -new -key "$PKI/$1.key" -subj "/CN=$2" -days 30 -out "$PKI/$1.crt" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
}

# cert NAME CA SUBJECT USAGE [SANS]: a leaf certificate signed by CA.
cert() {
  local name=$1 ca=$2 subj=$3 usage=$4 sans=${5:-} ext
  key "$PKI/$name.key"
  ext=$(mktemp)
  {
    echo "basicConstraints=critical,CA:FALSE"
    echo "keyUsage=critical,digitalSignature,keyEncipherment"
    echo "extendedKeyUsage=$usage"
    [[ -z $sans ]] || echo "subjectAltName=$sans"
  } >"$ext"
  openssl req -new -key "$PKI/$name.key" -subj "$subj" 2>/dev/null |
    openssl x509 -req -CA "$PKI/$ca.crt" -CAkey "$PKI/$ca.key" -CAcreateserial -days 30 \
      -extfile "$ext" -out "$PKI/$name.crt" 2>/dev/null
  rm -f "$ext"
}

# pki: a cluster CA and an etcd CA; serving certificates for etcd, the API
# server (its SANs: the ClusterIP, its address, the kubernetes.default
# names) and the kubelet; client certificates for the API server (to etcd
# and to the kubelet), the admin (system:masters), the kubelet
# (system:node:NODE in system:nodes, for the Node authorizer and
# NodeRestriction), the controller-manager and the scheduler; the service
# account signing key. Made once per `up` after a `down`.
pki() {
  if [[ -f $PKI/.done ]]; then note "$PKI (cached)"; return; fi
  rm -rf "$PKI"
  mkdir -p "$PKI"
  chmod 0700 "$PKI"
  ca ca diktyo-test-ca
  ca etcd-ca diktyo-test-etcd-ca
  cert etcd etcd-ca /CN=etcd serverAuth "IP:127.0.0.1,DNS:localhost"
  cert apiserver-etcd-client etcd-ca /CN=kube-apiserver-etcd-client clientAuth
  cert apiserver ca /CN=kube-apiserver serverAuth \
    "IP:$(cluster_ip),IP:$ADDR,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local"
  cert apiserver-kubelet-client ca "/O=system:masters/CN=kube-apiserver-kubelet-client" clientAuth
  cert admin ca "/O=system:masters/CN=diktyo-test-admin" clientAuth
  cert kubelet ca "/O=system:nodes/CN=system:node:$NODE" clientAuth
  cert kubelet-serving ca "/CN=$NODE" serverAuth "IP:$ADDR,DNS:$NODE"
  cert controller-manager ca /CN=system:kube-controller-manager clientAuth
  cert scheduler ca /CN=system:kube-scheduler clientAuth
  key "$PKI/sa.key"
  openssl pkey -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub" 2>/dev/null
  rm -f "$PKI"/*.srl
  touch "$PKI/.done"
  note "CA $PKI/ca.crt; apiserver SANs $(cluster_ip), $ADDR, kubernetes.default.svc; kubelet client CN=system:node:$NODE O=system:nodes"
}

# kubeconfig NAME: $CDIR/NAME.kubeconfig for the client certificate NAME.
kubeconfig() {
  cat >"$CDIR/$1.kubeconfig" <<EOF
apiVersion: v1
kind: Config
clusters:
  - name: diktyo-test
    cluster:
      server: $SERVER
      certificate-authority: $PKI/ca.crt
users:
  - name: $1
    user:
      client-certificate: $PKI/$1.crt
      client-key: $PKI/$1.key
contexts:
  - name: $1@diktyo-test
    context: {cluster: diktyo-test, user: $1}
current-context: $1@diktyo-test
EOF
  chmod 0600 "$CDIR/$1.kubeconfig"
}

kubeconfigs() {
  local n
  for n in admin kubelet controller-manager scheduler; do kubeconfig "$n"; done
  note "$ADMIN (system:masters) and the components' kubeconfigs in $CDIR"
}

# ---------------------------------------------------------------- network

# iface: an interface of this script's holding the API server's and the
# node's address, with the service range routed to it: the host's output
# has a route for a ClusterIP before nft's output hook DNATs it. A bridge
# without ports, as a dummy would be: not every kernel has the dummy
# driver (this machine's does not), every test node's has bridges.
iface() {
  ip link show "$IFACE" >/dev/null 2>&1 || ip link add "$IFACE" type bridge
  ip addr show dev "$IFACE" | grep -qF " $ADDR/32 " || ip addr add "$ADDR/32" dev "$IFACE"
  ip link set "$IFACE" up
  ip route replace "$SERVICE_CIDR" dev "$IFACE"
  note "$IFACE: $ADDR/32, route $SERVICE_CIDR"
}

# service_proxy: "kube-proxy for one service": the kubernetes Service's
# ClusterIP:443 DNATed to the API server, for the host's own traffic
# (host-network pods such as diktyo-nri: output) and pods' (prerouting).
# One atomic nft batch; nothing but this table is touched.
service_proxy() {
  local ip rule
  ip=$(cluster_ip)
  rule="ip daddr $ip tcp dport 443 dnat to $ADDR:$API_PORT"
  nft -f - <<EOF
add table ip $NFT_TABLE
flush table ip $NFT_TABLE
table ip $NFT_TABLE {
  comment "hack/cluster.sh: kube-proxy for one service (kubernetes)"
  chain output {
    type nat hook output priority -100; policy accept;
    $rule
  }
  chain prerouting {
    type nat hook prerouting priority -100; policy accept;
    $rule
  }
}
EOF
  note "nft table ip $NFT_TABLE: $ip:443 -> $ADDR:$API_PORT"
}

# ---------------------------------------------------------------- control plane

port_free() { ! ss -Htln "sport = :$1" | grep -q .; }

# wait_port NAME PORT: until NAME listens on PORT (or exits).
wait_port() {
  local i
  for ((i = 0; i < 600; i++)); do
    ss -Htln "sport = :$2" | grep -q . && return
    running "$1" || { tail -20 "$LOG/$1.log" >&2; die "$1 exited; see $LOG/$1.log"; }
    sleep 0.1
  done
  die "$1 does not listen on port $2 after 60 s; see $LOG/$1.log"
}

# start NAME PORT ARGS...: $BIN/NAME as a daemon logging to $LOG/NAME.log.
start() {
  local name=$1 port=$2
  shift 2
  if running "$name"; then note "$name running (pid $(pid_of "$name"))"; return; fi
  port_free "$port" || die "port $port in use (for $name)"
  daemon "$BIN/$name" "$@" >>"$LOG/$name.log" 2>&1 </dev/null &
  echo $! >"$RUN/$name.pid"
  wait_port "$name" "$port"
  note "$name pid $(pid_of "$name") on port $port, log $LOG/$name.log"
}

run_etcd() {
  mkdir -p "$CDIR/etcd"
  chmod 0700 "$CDIR/etcd"
  # The peer URL on loopback too (a cluster of one). --unsafe-no-fsync: a
  # test cluster, thrown away at down.
  start etcd "$ETCD_PORT" --name diktyo-test --data-dir "$CDIR/etcd" \
    --listen-client-urls "https://127.0.0.1:$ETCD_PORT" --advertise-client-urls "https://127.0.0.1:$ETCD_PORT" \
    --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
    --initial-cluster "diktyo-test=http://127.0.0.1:$ETCD_PEER_PORT" --initial-cluster-state new \
    --cert-file "$PKI/etcd.crt" --key-file "$PKI/etcd.key" --client-cert-auth --trusted-ca-file "$PKI/etcd-ca.crt" \
    --unsafe-no-fsync
}

run_apiserver() {
  start kube-apiserver "$API_PORT" --bind-address "$ADDR" --advertise-address "$ADDR" --secure-port "$API_PORT" \
    --cert-dir "$CDIR/apiserver" \
    --etcd-servers "https://127.0.0.1:$ETCD_PORT" --etcd-cafile "$PKI/etcd-ca.crt" \
    --etcd-certfile "$PKI/apiserver-etcd-client.crt" --etcd-keyfile "$PKI/apiserver-etcd-client.key" \
    --tls-cert-file "$PKI/apiserver.crt" --tls-private-key-file "$PKI/apiserver.key" \
    --client-ca-file "$PKI/ca.crt" --anonymous-auth=false \
    --authorization-mode Node,RBAC --enable-admission-plugins NodeRestriction \
    --service-cluster-ip-range "$SERVICE_CIDR" \
    --service-account-issuer https://kubernetes.default.svc.cluster.local \
    --service-account-key-file "$PKI/sa.pub" --service-account-signing-key-file "$PKI/sa.key" \
    --kubelet-client-certificate "$PKI/apiserver-kubelet-client.crt" --kubelet-client-key "$PKI/apiserver-kubelet-client.key" \
    --kubelet-certificate-authority "$PKI/ca.crt" --kubelet-preferred-address-types InternalIP \
    --allow-privileged=true --profiling=false --v=1
  local i
  for ((i = 0; i < 1200; i++)); do
    [[ "$(kubectl_admin get --raw /readyz 2>/dev/null)" == ok ]] && { note "API server ready: $SERVER"; return; }
    running kube-apiserver || { tail -20 "$LOG/kube-apiserver.log" >&2; die "kube-apiserver exited"; }
    sleep 0.1
  done
  kubectl_admin get --raw '/readyz?verbose' >&2 || true
  die "the API server is not ready after 120 s; see $LOG/kube-apiserver.log"
}

run_controller_manager() {
  local kc=$CDIR/controller-manager.kubeconfig
  # Every controller on by default (deployment, replicaset, daemonset,
  # serviceaccount and its token signer, garbage collector, namespace,
  # node lifecycle, root CA publisher, ...), each with its own service
  # account, as kubeadm's.
  start kube-controller-manager "$CM_PORT" --kubeconfig "$kc" \
    --authentication-kubeconfig "$kc" --authorization-kubeconfig "$kc" \
    --bind-address 127.0.0.1 --secure-port "$CM_PORT" --cert-dir "$CDIR/controller-manager" \
    --leader-elect=false --controllers '*' --use-service-account-credentials=true \
    --service-account-private-key-file "$PKI/sa.key" --root-ca-file "$PKI/ca.crt" \
    --cluster-signing-cert-file "$PKI/ca.crt" --cluster-signing-key-file "$PKI/ca.key" \
    --service-cluster-ip-range "$SERVICE_CIDR" --cluster-name diktyo-test --profiling=false --v=1
}

run_scheduler() {
  local kc=$CDIR/scheduler.kubeconfig
  start kube-scheduler "$SCHED_PORT" --kubeconfig "$kc" \
    --authentication-kubeconfig "$kc" --authorization-kubeconfig "$kc" \
    --bind-address 127.0.0.1 --secure-port "$SCHED_PORT" --cert-dir "$CDIR/scheduler" \
    --leader-elect=false --profiling=false --v=1
}

# controllers_work: the service account controller made the default
# namespace's ServiceAccount and the root CA publisher its kube-root-ca.crt
# (what pods' token volumes need).
controllers_work() {
  local i
  for ((i = 0; i < 600; i++)); do
    if kubectl_admin -n default get serviceaccount default >/dev/null 2>&1 &&
      kubectl_admin -n default get configmap kube-root-ca.crt >/dev/null 2>&1; then
      note "ServiceAccount default/default and ConfigMap default/kube-root-ca.crt made by the controller-manager"
      return
    fi
    running kube-controller-manager || die "kube-controller-manager exited; see $LOG/kube-controller-manager.log"
    sleep 0.1
  done
  die "the controller-manager made no default ServiceAccount in 60 s; see $LOG/kube-controller-manager.log"
}

# ---------------------------------------------------------------- kubelet

kubelet_env() {
  export DIKTYO_KUBELET_KUBECONFIG=$CDIR/kubelet.kubeconfig DIKTYO_KUBELET_NODE_IP=$ADDR \
    DIKTYO_KUBELET_PORT=$KUBELET_PORT DIKTYO_KUBELET_CLIENT_CA=$PKI/ca.crt \
    DIKTYO_KUBELET_TLS_CERT=$PKI/kubelet-serving.crt DIKTYO_KUBELET_TLS_KEY=$PKI/kubelet-serving.key
}

wait_node() {
  local i
  for ((i = 0; i < 1200; i++)); do
    if [[ "$(kubectl_admin get node "$NODE" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}' 2>/dev/null)" == True ]]; then
      note "node $NODE Ready"
      return
    fi
    sleep 0.1
  done
  kubectl_admin describe node "$NODE" >&2 || true
  die "node $NODE not Ready after 120 s; see $LOG/kubelet.log"
}

# ---------------------------------------------------------------- up, down

up() {
  "$REPO/hack/testvm.sh" up --nri none
  step "control plane $KUBELET_VERSION into $BIN" build
  mkdir -p "$CDIR" "$RUN" "$LOG"
  step "PKI in $PKI" pki
  step "kubeconfigs" kubeconfigs
  step "interface $IFACE ($ADDR)" iface
  step "etcd on 127.0.0.1:$ETCD_PORT" run_etcd
  step "kube-apiserver on $SERVER" run_apiserver
  step "kube-controller-manager" run_controller_manager
  step "kube-scheduler" run_scheduler
  step "controllers at work" controllers_work
  step "kube-proxy for one service: kubernetes" service_proxy
  kubelet_env
  "$REPO/hack/kubelet.sh" up
  step "wait for node $NODE" wait_node
}

down() {
  "$REPO/hack/kubelet.sh" down
  local n
  for n in kube-scheduler kube-controller-manager kube-apiserver etcd; do step "stop $n" stop_pid "$n"; done
  step "remove nft table ip $NFT_TABLE and interface $IFACE" remove_net
  if [[ -d $CDIR ]]; then rm -rf "$CDIR" && note "removed $CDIR (PKI, etcd data, kubeconfigs)"; fi
}

remove_net() {
  if nft delete table ip "$NFT_TABLE" 2>/dev/null; then note "deleted nft table ip $NFT_TABLE"; fi
  # Its address and the service route go with it.
  if ip link show "$IFACE" >/dev/null 2>&1; then ip link del "$IFACE" && note "deleted $IFACE"; fi
  return 0
}

status() {
  local n
  for n in etcd kube-apiserver kube-controller-manager kube-scheduler kubelet; do
    if running "$n"; then echo "$n: running (pid $(pid_of "$n"))"; else echo "$n: stopped"; fi
  done
  if running kube-apiserver; then kubectl_admin get nodes -o wide 2>/dev/null || true; fi
}

env_cmd() {
  cat <<EOF
export KUBECONFIG=$ADMIN
export DIKTYO_CLUSTER_DIR=$CDIR
export DIKTYO_CLUSTER_KUBECTL=$BIN/kubectl
export DIKTYO_CLUSTER_SERVER=$SERVER
export DIKTYO_CLUSTER_SERVICE_IP=$(cluster_ip)
export DIKTYO_CLUSTER_NFT_TABLE=$NFT_TABLE
export DIKTYO_CLUSTER_NODE=$NODE
export DIKTYO_CLUSTER_LOGS=$LOG
EOF
}

main() {
  [[ ${1:-} == build || ${1:-} == env || $(id -u) == 0 ]] || die "needs root"
  case ${1:-} in
  build) build ;;
  up) up ;;
  down) down ;;
  status) status ;;
  env) env_cmd ;;
  kubectl) shift; kubectl_admin "$@" ;;
  *) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
  esac
}

main "$@"
