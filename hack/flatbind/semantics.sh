#!/bin/bash
# semantics.sh: the flat binding (flat.nft, option b of docs/ipmasq.md "The
# flat binding") on this kernel: pods on a bridge (A bound, B not), a routed
# veth (C, Calico style), a remote that counts what arrives; each sender's
# own and spoofed sources, fragments, IPv4 and IPv6, a host socket, with
# bridge-nf-call off and on. Each line says pass or drop and OK or WRONG.
# Root; throwaway namespaces lgx-*, removed on exit.
set -u
D=$(cd "$(dirname "$0")" && pwd); N=lgx-node; R=lgx-remote; A=lgx-a; B=lgx-b; C=lgx-c
cleanup() { for n in $N $R $A $B $C; do ip netns del $n 2>/dev/null; done; }
trap cleanup EXIT
for n in $N $R $A $B $C; do ip netns add $n; ip -n $n link set lo up; done
xn() { ip netns exec $N "$@"; }
xn sysctl -qw net.ipv4.ip_forward=1 net.ipv6.conf.all.forwarding=1
ip -n $N link add br0 type bridge; ip -n $N link set br0 up
ip -n $N addr add 10.1.0.1/24 dev br0; ip -n $N addr add fd01::1/64 dev br0 nodad
for p in "$A 10.1.0.2 fd01::2 vA" "$B 10.1.0.3 fd01::3 vB"; do set -- $p
  ip -n $N link add $4 type veth peer name eth0 netns $1
  ip -n $N link set $4 master br0 up
  ip -n $1 link set eth0 up; ip -n $1 addr add $2/24 dev eth0; ip -n $1 addr add $3/64 dev eth0 nodad
  ip -n $1 route add default via 10.1.0.1; ip -n $1 -6 route add default via fd01::1
done
# routed veth, Calico style
ip -n $N link add vC type veth peer name eth0 netns $C; ip -n $N link set vC up; xn sysctl -qw net.ipv4.conf.vC.proxy_arp=1
ip -n $C link set eth0 up; ip -n $C addr add 10.2.0.5/32 dev eth0; ip -n $C route add 169.254.1.1 dev eth0 scope link; ip -n $C route add default via 169.254.1.1; ip -n $C neigh add 169.254.1.1 lladdr $(ip netns exec $N cat /sys/class/net/vC/address) dev eth0
ip -n $N route add 10.2.0.5/32 dev vC
# remote
ip -n $N link add vR type veth peer name eth0 netns $R; ip -n $N link set vR up; ip -n $N addr add 192.168.9.1/24 dev vR; ip -n $N addr add fd09::1/64 dev vR nodad
ip -n $R link set eth0 up; ip -n $R addr add 192.168.9.2/24 dev eth0; ip -n $R addr add fd09::2/64 dev eth0 nodad
ip -n $R route add 10.0.0.0/8 via 192.168.9.1; ip -n $R -6 route add fd00::/8 via fd09::1
ip netns exec $R nft 'table inet cnt { chain pre { type filter hook prerouting priority -500; ip saddr 10.0.0.0/8 counter; ip6 saddr fd00::/8 counter; }; }'
sleep 1  # links up; IPv6 routes (nodad)
xn nft -f $D/flat.nft || exit 1
ia=$(xn cat /sys/class/net/vA/ifindex); ib=$(xn cat /sys/class/net/vB/ifindex); ic=$(xn cat /sys/class/net/vC/ifindex)
# bind A (bridge port), C (routed veth); B stays unbound at first
for t in bridge inet; do
  xn nft add element $t lgflat link4 "{ $ia . 10.1.0.2, $ic . 10.2.0.5 }"
  xn nft add element $t lgflat link6 "{ $ia . fd01::2 }"
  xn nft add element $t lgflat links "{ $ia, $ic }"
done
xn nft add element inet lgflat pods4 "{ 10.1.0.2, 10.2.0.5 }"; xn nft add element inet lgflat as4 "{ 10.1.0.2, 10.2.0.5 }"
xn nft add element inet lgflat pods6 "{ fd01::2 }"; xn nft add element inet lgflat as6 "{ fd01::2 }"
remote() { ip netns exec $R nft list chain inet cnt pre | grep -o "$1 counter packets [0-9]*" | awk '{print $NF}'; }
before=0
step() { # step NAME NETNS SRC DST SIZE COUNT EXPECT-(pass|drop)
  local name=$1 ns=$2 src=$3 dst=$4 size=$5 n=$6 want=$7 key
  if [[ $src == *:* ]]; then key="ip6 saddr fd00::/8"; else key="ip saddr 10.0.0.0/8"; fi
  local b=$(remote "$key"); out=$(ip netns exec $ns python3 $D/send.py $src $dst 9 $size $n 2>&1); local a=$(remote "$key")
  local got=$((a-b)) verdict=drop; [ $got -gt 0 ] && verdict=pass
  printf '%-58s %-5s (%s packets at the remote; %s) %s\n' "$name" $verdict $got "$out" "$([ $verdict = $want ] && echo OK || echo WRONG)"
}
check_all() {
step "A own v4 (bridge port)" $A 10.1.0.2 192.168.9.2 100 3 pass
step "A own v4, fragmented (bridge port)" $A 10.1.0.2 192.168.9.2 3000 3 pass
step "A own v6 (bridge port)" $A fd01::2 fd09::2 100 3 pass
step "C own v4 (routed veth)" $C 10.2.0.5 192.168.9.2 100 3 pass
step "C own v4, fragmented (routed veth)" $C 10.2.0.5 192.168.9.2 3000 3 pass
ip -n $B addr add 10.1.0.2/32 dev eth0; ip -n $B addr add fd01::2/128 dev eth0 nodad; ip -n $B addr add 10.2.0.5/32 dev eth0
step "unbound B as A v4 (same bridge)" $B 10.1.0.2 192.168.9.2 100 3 drop
step "unbound B as A v4, fragmented" $B 10.1.0.2 192.168.9.2 3000 3 drop
step "unbound B as A v6" $B fd01::2 fd09::2 100 3 drop
step "unbound B as C v4 (routed pod, from the bridge)" $B 10.2.0.5 192.168.9.2 100 3 drop
ip -n $B addr del 10.1.0.2/32 dev eth0; ip -n $B addr del fd01::2/128 dev eth0; ip -n $B addr del 10.2.0.5/32 dev eth0
ip -n $A addr add 10.1.0.3/32 dev eth0; ip -n $A addr add 10.2.0.5/32 dev eth0
step "bound A from its link with B's source (from)" $A 10.1.0.3 192.168.9.2 100 3 drop
step "bound A as C (from)" $A 10.2.0.5 192.168.9.2 100 3 drop
ip -n $A addr del 10.1.0.3/32 dev eth0; ip -n $A addr del 10.2.0.5/32 dev eth0
ip -n $C addr add 10.1.0.2/32 dev eth0
step "routed C as A v4" $C 10.1.0.2 192.168.9.2 100 3 drop
step "routed C as A v4, fragmented" $C 10.1.0.2 192.168.9.2 3000 3 drop
ip -n $C addr del 10.1.0.2/32 dev eth0
step "node host socket as A (IP_TRANSPARENT)" $N 10.1.0.2 192.168.9.2 100 3 drop
step "node host socket as B, unbound (control)" $N 10.1.0.3 192.168.9.2 100 3 pass
}
ip -n $N route get 192.168.9.2 from 10.1.0.2; echo "== bridge-nf-call off"; check_all
xn sysctl -qw net.bridge.bridge-nf-call-iptables=1 net.bridge.bridge-nf-call-ip6tables=1 2>/dev/null && { echo "== bridge-nf-call on (br_netfilter)"; check_all; }
echo "== counters"; xn nft list set inet lgflat as4 | grep -o "10[^,}]*packets [0-9]*" ; xn nft list set bridge lgflat links | grep -o "[0-9]* counter packets [0-9]*"; xn nft list set inet lgflat links | grep -o "[0-9]* counter packets [0-9]*"
echo "ifindex A=$ia C=$ic"
