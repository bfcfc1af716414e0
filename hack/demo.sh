#!/usr/bin/env bash
# hack/demo.sh (make demo): diktyo on a real containerd, end to end.
#
# Provisions the test VM (hack/testvm.sh; cached after the first run),
# starts containerd, diktyo-nri and a local BIND, runs annotated pods with
# crictl, and shows for each what diktyo did: SNAT rules, routes and policy
# rules, DNS records resolved through the server, and a live check of the
# source address a remote namespace sees. Then it stops the pods, shows
# that nothing is left, and resets the machine (DIKTYO_DEMO_KEEP=1 keeps
# the VM running). Needs root. All traffic stays inside the machine, in
# test ranges (198.18.0.0/15).
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
TESTVM=$REPO/hack/testvm.sh
REMOTE_NS=diktyo-demo-remote
REMOTE_IF=dkdemo0
NS=demo

if [[ -t 1 ]]; then B=$'\e[1m' G=$'\e[32m' R=$'\e[31m' C=$'\e[36m' N=$'\e[0m'; else B= G= R= C= N=; fi
title() { printf '\n%s━━ %s%s\n' "$B" "$*" "$N"; }
say() { printf '%s%s%s\n' "$C" "$*" "$N"; }
show() { printf '%s$ %s%s\n' "$B" "$*" "$N"; "$@" 2>&1 | sed 's/^/    /'; }
ok() { printf '  %s✔ %s%s\n' "$G" "$*" "$N"; }
bad() { printf '  %s✘ %s%s\n' "$R" "$*" "$N"; FAILED=1; }
FAILED=0

[[ $(id -u) == 0 ]] || { echo "demo: needs root" >&2; exit 1; }

title "1. Provision and start the test VM: containerd + NRI, diktyo-nri, BIND"
"$TESTVM" up --nri external
eval "$("$TESTVM" env)"
STATE=$DIKTYO_TESTVM_DIR
DNS_HOST=${DIKTYO_TESTVM_DNS_SERVER%:*}
DNS_PORT=${DIKTYO_TESTVM_DNS_SERVER#*:}
ZONE=${DIKTYO_TESTVM_DNS_ZONE%.}
GW=$(jq -r '.plugins[0].ipam.ranges[0][0].gateway' "$STATE"/cni/net.d/*.conflist)

ECHO_PID=
cleanup() {
  [[ -n $ECHO_PID ]] && kill "$ECHO_PID" 2>/dev/null || true
  ip link del "$REMOTE_IF" 2>/dev/null || true
  ip netns del "$REMOTE_NS" 2>/dev/null || true
  if [[ ${DIKTYO_DEMO_KEEP:-} == 1 ]]; then
    say "DIKTYO_DEMO_KEEP=1: the VM keeps running (hack/testvm.sh reset removes it)"
  else
    title "6. Tear down (hack/testvm.sh reset; the state dir stays as a cache)"
    "$TESTVM" reset
  fi
}
trap cleanup EXIT

title "2. A remote network namespace, reached from the node through a veth"
say "198.19.1.1: SNAT destination, 198.19.2.1: excluded from SNAT, 198.19.5.1: only via host table 100"
ip netns del "$REMOTE_NS" 2>/dev/null || true
ip netns add "$REMOTE_NS"
ip link add "$REMOTE_IF" type veth peer name eth0 netns "$REMOTE_NS"
ip addr add 198.19.0.1/24 dev "$REMOTE_IF"
ip link set "$REMOTE_IF" up
ip -n "$REMOTE_NS" link set lo up
ip -n "$REMOTE_NS" link set eth0 up
for a in 198.19.0.2 198.19.1.1 198.19.2.1 198.19.5.1; do ip -n "$REMOTE_NS" addr add "$a/24" dev eth0; done
ip -n "$REMOTE_NS" route add default via 198.19.0.1
ip route add 198.19.1.0/24 via 198.19.0.2 dev "$REMOTE_IF"
ip route add 198.19.2.0/24 via 198.19.0.2 dev "$REMOTE_IF"
ip route add 198.19.5.0/24 via 198.19.0.2 dev "$REMOTE_IF" table 100
(cd "$REPO" && GOFLAGS=-buildvcs=false go build -o "$STATE/bin/echosrc" ./hack/echosrc)
ip netns exec "$REMOTE_NS" "$STATE/bin/echosrc" -listen 198.19.1.1:8080,198.19.2.1:8080,198.19.5.1:8080 -timeout 10m &
ECHO_PID=$!
show ip route show root 198.19.0.0/16
show ip route show table 100

# pod NAME ANNOTATIONS-JSON: runs a pod and its busybox container; prints
# the pod ID.
pod() {
  local name=$1 ann=$2 dir
  dir=$(mktemp -d)
  jq -n --arg name "$name" --arg ns "$NS" --arg logs "$STATE/pods/$name" --argjson ann "$ann" \
    --arg cg "$DIKTYO_TESTVM_CGROUP_PARENT" \
    '{metadata: {name: $name, namespace: $ns, uid: ($name + "-demo"), attempt: 0},
      annotations: $ann, log_directory: $logs, linux: {cgroup_parent: $cg}}' >"$dir/pod.json"
  jq -n --arg img "$DIKTYO_TESTVM_APP_IMAGE" \
    '{metadata: {name: "app"}, image: {image: $img}, log_path: "app.log", linux: {}}' >"$dir/ctr.json"
  local id ctr
  id=$(crictl runp "$dir/pod.json")
  ctr=$(crictl create --no-pull "$id" "$dir/ctr.json" "$dir/pod.json")
  crictl start "$ctr" >/dev/null
  rm -rf "$dir"
  echo "$id"
}
pod_ip() { crictl inspectp -o json "$1" | jq -r .status.network.ip; }
pod_ctr() { crictl ps -q --pod "$1" | head -1; }
# owner ID: the name diktyo gives everything of one attachment
# (cniutil.OwnerID: sha256 of network NUL containerID NUL ifname, 16 hex).
owner() { printf 'diktyo\0%s\0eth0' "$1" | sha256sum | cut -c1-16; }

# seen ID DST: the source address the remote saw for a connection from the pod.
seen() {
  { crictl exec "$(pod_ctr "$1")" sh -c "echo hi | nc -w 3 $2 8080" 2>&1 || true; } | sed -n 's/^seen //p'
}

WEB_ANN=$(jq -nc --arg zone "$ZONE" '{
  "diktyo.io/v1.masq": ([
      {external: "198.19.255.12:20000-20099", destination: "198.19.1.0/24", protocol: "tcp", description: "partner API"},
      {external: "198.19.255.10", destination: "198.19.0.0/16", description: "everything else remote"}] | tojson),
  "diktyo.io/v1.snat-exclude": "198.19.2.0/24",
  "diktyo.io/v1.route-table": "100",
  "diktyo.io/v1.routes": ([{destination: "198.19.3.0/24", type: "blackhole", description: "never there"}] | tojson),
  "diktyo.io/v1.dns-names": ("api.web.demo." + $zone)}')
DB_ANN=$(jq -nc '{"diktyo.io/v1.masq": ([{external: "198.19.255.11", destination: "198.19.0.0/16"}] | tojson)}')
# A block of ports of the node's egress pool "demo" (198.19.255.13:30000-30255,
# blocks of 64), granted at admission and recorded for attribution.
POOL_ANN=$(jq -nc '{"diktyo.io/v1.masq": ([{external: "pool:demo", destination: "198.19.1.0/24", protocol: "tcp"}] | tojson)}')

title "3. What the admin config allows, and what diktyo would do (diktyo-nri explain)"
args=()
while IFS= read -r kv; do args+=(--annotation "$kv"); done < <(jq -r 'to_entries[] | "\(.key)=\(.value)"' <<<"$WEB_ANN")
show "$STATE/bin/diktyo-nri" explain --config "$DIKTYO_TESTVM_CONFIG" --namespace "$NS" --name web "${args[@]}"

title "4. Run annotated pods with crictl"
show jq . <<<"$WEB_ANN"
WEB=$(pod web "$WEB_ANN")
DB=$(pod db "$DB_ANN")
PLAIN=$(pod plain '{}')
POOLED=$(pod pooled "$POOL_ANN")
show crictl pods --namespace "$NS"

check_pod() { # NAME ID
  local name=$1 id=$2 ip o
  ip=$(pod_ip "$id")
  o=$(owner "$id")
  title "Pod $name ($ip)"
  say "SNAT rules (iptables nat, chain DKT-$o):"
  iptables-save -t nat | grep -E -- "$o|$ip/32" | sed 's/^/    /' || echo "    (none)"
  say "host policy rules for $ip:"
  ip rule show | grep -F " $ip " | sed 's/^/    /' || echo "    (none)"
  say "routes inside the pod:"
  crictl exec "$(pod_ctr "$id")" ip -4 route show | sed 's/^/    /'
  say "DNS, asked of the server at $DIKTYO_TESTVM_DNS_SERVER:"
  local n
  for n in "$name.$NS.$ZONE" ${3:-}; do
    printf '    %s A -> %s\n' "$n" "$(dig +short -p "$DNS_PORT" @"$DNS_HOST" "$n" A | tr '\n' ' ')"
  done
  printf '    %s PTR -> %s\n' "$ip" "$(dig +short -p "$DNS_PORT" @"$DNS_HOST" -x "$ip" | tr '\n' ' ')"
}

# expect NAME ID DST WANT-REGEX WHY
expect() {
  local got
  got=$(seen "$2" "$3")
  if [[ $got =~ $4 ]]; then ok "$1 -> $3: remote saw ${got:-no connection} ($5)"; else bad "$1 -> $3: remote saw '${got:-no connection}', want $4 ($5)"; fi
}

check_pod web "$WEB" "api.web.$NS.$ZONE"
say "live traffic to the remote namespace:"
WEB_IP=$(pod_ip "$WEB")
expect web "$WEB" 198.19.1.1 '^198\.19\.255\.12:200[0-9][0-9]$' "SNAT to 198.19.255.12, ports 20000-20099"
expect web "$WEB" 198.19.2.1 "^${WEB_IP//./\\.}:" "198.19.2.0/24 is excluded: the pod's own address"
expect web "$WEB" 198.19.5.1 '^198\.19\.255\.10:' "reached through host table 100, SNAT to 198.19.255.10"
expect web "$WEB" 198.19.3.1 '^$' "blackhole route inside the pod"

check_pod db "$DB"
say "live traffic to the remote namespace:"
expect db "$DB" 198.19.1.1 '^198\.19\.255\.11:' "SNAT to 198.19.255.11"
expect db "$DB" 198.19.5.1 '^$' "no table 100 for this pod: no route"

check_pod plain "$PLAIN"
PLAIN_IP=$(pod_ip "$PLAIN")
say "live traffic to the remote namespace:"
expect plain "$PLAIN" 198.19.1.1 "^${PLAIN_IP//./\\.}:" "no annotations: no SNAT"

title "Pod pooled ($(pod_ip "$POOLED")): a port block of egress pool demo"
say "live traffic to the remote namespace:"
expect pooled "$POOLED" 198.19.1.1 '^198\.19\.255\.13:30[0-2][0-9][0-9]$' "a block of pool demo, 198.19.255.13:30000-30255"
say "the grant in the attribution log ($DIKTYO_TESTVM_ATTRIBUTION_LOG):"
jq -c 'select(.pod.name == "pooled")' "$DIKTYO_TESTVM_ATTRIBUTION_LOG" | sed 's/^/    /'
grants=$(jq -c 'select(.pod.name == "pooled" and .event == "grant")' "$DIKTYO_TESTVM_ATTRIBUTION_LOG" | wc -l)
[[ $grants -ge 1 ]] && ok "the block's grant is recorded (pod, address, ports, time)" || bad "no grant recorded for pooled"

title "5. Ask the running diktyo-nri what it did (status, trace)"
show "$STATE/bin/diktyo-nri" status --api-socket "$DIKTYO_TESTVM_API_SOCKET"
show "$STATE/bin/diktyo-nri" status "$NS/web" --api-socket "$DIKTYO_TESTVM_API_SOCKET"
show "$STATE/bin/diktyo-nri" trace "$NS/web" 198.19.1.1:443 --protocol tcp --api-socket "$DIKTYO_TESTVM_API_SOCKET"
show "$STATE/bin/diktyo-nri" trace "$NS/web" 198.19.2.1 --api-socket "$DIKTYO_TESTVM_API_SOCKET"
out=$("$STATE/bin/diktyo-nri" trace "$NS/web" 198.19.1.1:443 --protocol tcp --api-socket "$DIKTYO_TESTVM_API_SOCKET" 2>&1 || true)
[[ $out == *198.19.255.12* ]] && ok "trace: tcp to 198.19.1.1 leaves as 198.19.255.12" || bad "trace does not name 198.19.255.12: $out"
out=$("$STATE/bin/diktyo-nri" status --api-socket "$DIKTYO_TESTVM_API_SOCKET" 2>&1 || true)
[[ $out == *web* && $out == *db* ]] && ok "status lists the demo's pods" || bad "status: $out"

title "6. Stop and remove the pods: nothing is left"
owners=("$(owner "$WEB")" "$(owner "$DB")")
ips=("$WEB_IP" "$(pod_ip "$DB")")
show crictl stopp "$WEB" "$DB" "$PLAIN" "$POOLED"
show crictl rmp "$WEB" "$DB" "$PLAIN" "$POOLED"
left=$(iptables-save -t nat | grep -cE "${owners[0]}|${owners[1]}|${ips[0]}/32|${ips[1]}/32" || true)
[[ $left == 0 ]] && ok "no nat rules of the pods" || bad "$left nat rules left"
left=$(ip rule show | grep -cE " (${ips[0]}|${ips[1]}) " || true)
[[ $left == 0 ]] && ok "no policy rules of the pods" || bad "$left policy rules left"
for n in "web.$NS.$ZONE" "api.web.$NS.$ZONE" "db.$NS.$ZONE"; do
  a=$(dig +short -p "$DNS_PORT" @"$DNS_HOST" "$n" A)
  [[ -z $a ]] && ok "$n no longer resolves" || bad "$n still resolves to $a"
done
ptr=$(dig +short -p "$DNS_PORT" @"$DNS_HOST" -x "${ips[0]}")
[[ -z $ptr ]] && ok "no PTR for ${ips[0]}" || bad "PTR for ${ips[0]} still there: $ptr"
# The release follows the pod's chain DEL, which may finish just after rmp.
for _ in $(seq 50); do
  releases=$(jq -c 'select(.pod.name == "pooled" and .event == "release")' "$DIKTYO_TESTVM_ATTRIBUTION_LOG" | wc -l)
  [[ $releases -ge 1 ]] && break
  sleep 0.1
done
[[ $releases -ge 1 ]] && ok "the pool block's release is recorded" || bad "no release recorded for pooled"
cache=$(find "$STATE/diktyo/cni-cache" -type f | wc -l)
[[ $cache == 0 ]] && ok "diktyo's CNI cache is empty" || bad "$cache cache entries left"

if [[ $FAILED == 0 ]]; then title "${G}demo passed${N}"; else title "${R}demo: some checks failed${N}"; fi
exit $FAILED
