#!/bin/bash
# cost.sh N: what one pod's link binding costs the kernel with N pods (or
# devices) present, for the layouts issue 31 weighs (docs/ipmasq.md, "The
# flat binding"): (a) netdev ingress chains hooked on many devices, (b)
# exact-key elements in fixed bridge and inet chains, and today's per-pod
# inet ingress chain. Each figure is the batch's sendmsg as strace -T times
# it (the kernel's work, not nft's start-up), seven runs. Root; runs in a
# throwaway network namespace (lgmeasN) that it removes.
set -u
N=${1:?usage: cost.sh N}; NS=lgmeas$N; D=$(mktemp -d /tmp/flatbind.XXXXXX)
ip netns add $NS || exit 1
trap 'ip netns del $NS; rm -rf "$D"' EXIT
X="ip netns exec $NS"
t() { # kernel time of the batch sendmsg, microseconds (strace -T of nft -f)
  $X strace -f -T -e trace=sendmsg,sendto nft -f $1 2>&1 >/dev/null | awk -F'<' '/sendmsg|sendto/ {gsub(/>/,"",$NF); if ($NF+0>m) m=$NF+0} END {printf "%d", m*1e6}'
}
rep() { local a=() b=(); for r in 1 2 3 4 5 6 7; do a+=($(t $1)); b+=($(t $2)); done; echo "$3 add: ${a[*]} us; del: ${b[*]} us"; }
ip4() { echo "10.$(($1/65536)).$((($1/256)%256)).$(($1%256))"; }
{ for i in $(seq 0 $((N+1))); do echo "link add d$i type ifb"; done; for i in $(seq 0 $((N+1))); do echo "link set d$i up"; done; } > $D/links$N
s=$(date +%s.%N); $X ip -batch $D/links$N; echo "N=$N devices made in $(echo "$(date +%s.%N) - $s" | bc) s"
# (a) netdev chains hooked on N devices: at most 256 devices a chain (NFT_NETDEVICE_MAX)
{ echo "table netdev t {"; echo -n "chain cap { type filter hook ingress devices = { d0"; for i in $(seq 1 254); do echo -n ", d$i"; done; echo " } priority -500; }"; echo "}"; } > $D/cap256.nft
$X nft -f $D/cap256.nft && echo "(a) 255 devices in one chain: ok"; $X nft delete table netdev t
{ echo "table netdev t {"; echo -n "chain cap { type filter hook ingress devices = { d0"; for i in $(seq 1 256); do echo -n ", d$i"; done; echo " } priority -500; }"; echo "}"; } > $D/cap257.nft
$X nft -f $D/cap257.nft 2>&1 | grep -o "Error: .*" | head -1 | sed 's/^/(a) 257 devices in one chain: /'; $X nft delete table netdev t 2>/dev/null
{ echo "table netdev t {"; for c in $(seq 0 $(((N-1)/250))); do lo=$((c*250)); hi=$((lo+249)); [ $hi -ge $N ] && hi=$((N-1)); [ $c -eq $(((N-1)/250)) ] && hi=$((hi-1)); echo -n "chain c$c { type filter hook ingress devices = { d$lo"; for i in $(seq $((lo+1)) $hi); do echo -n ", d$i"; done; echo " } priority -500; }"; done; echo "}"; } > $D/a$N.nft
LAST=c$(((N-1)/250))
s=$(date +%s.%N); $X nft -f $D/a$N.nft; echo "(a) netdev chains ($LAST last) on $((N-1)) devices: created in $(echo "$(date +%s.%N) - $s" | bc) s"
echo "add chain netdev t $LAST { type filter hook ingress devices = { d$N } priority -500; }" > $D/aadd.nft
$X nft -f $D/aadd.nft && echo "(a) device added: listed $($X nft list chain netdev t $LAST | grep -c "d$N[ ,]")"
$X nft delete table netdev t; $X nft -f $D/a$N.nft
a=(); for r in 1 2 3 4 5 6 7; do $X nft delete table netdev t; $X nft -f $D/a$N.nft; a+=($(t $D/aadd.nft)); done; echo "(a) add one device to a chain of 249 with $((N-1)) hooked: ${a[*]} us"
$X nft delete table netdev t
$X nft "table inet u { chain c { type filter hook ingress devices = { d0, d1 } priority -500; }; }" && echo "(a') inet ingress takes 2 devices"; $X nft delete table inet u 2>/dev/null
# (b) bridge + inet tables, set ifindex . ipv4_addr, N elements
{ echo "table bridge g { set b4 { type iface_index . ipv4_addr; }; chain pre { type filter hook prerouting priority -450; meta protocol ip meta iif . ip saddr @b4 meta mark set meta mark | 0x2000; }; }"
  echo "table inet g { set b4 { type iface_index . ipv4_addr; }; set a4 { type ipv4_addr; }; chain pre { type filter hook prerouting priority -450; meta iif . ip saddr @b4 accept; ip saddr @a4 drop; }; }"
  for tb in "bridge g b4" "inet g b4"; do echo -n "add element $tb { 101 . 10.0.0.1"; for i in $(seq 2 $N); do echo -n ", $((i+100)) . $(ip4 $i)"; done; echo " }"; done
  echo -n "add element inet g a4 { 10.0.0.1"; for i in $(seq 2 $N); do echo -n ", $(ip4 $i)"; done; echo " }"
} > $D/b$N.nft
s=$(date +%s.%N); $X nft -f $D/b$N.nft; echo "(b) $N pods loaded in $(echo "$(date +%s.%N) - $s" | bc) s"
printf 'add element bridge g b4 { 7 . 11.0.0.1 }\nadd element inet g b4 { 7 . 11.0.0.1 }\nadd element inet g a4 { 11.0.0.1 }\n' > $D/badd.nft
sed 's/^add/delete/' $D/badd.nft > $D/bdel.nft
rep $D/badd.nft $D/bdel.nft "(b) one pod (3 elements)"
$X nft delete table bridge g; $X nft delete table inet g
# old: per-pod inet ingress chain, N present
{ echo "table inet o {"; for i in $(seq 0 $((N-1))); do echo "chain link-d$i { type filter hook ingress device d$i priority -500; ip saddr 10.0.0.1 meta mark set meta mark | 0x2000 accept; counter drop; }"; done; echo "}"; } > $D/o$N.nft
s=$(date +%s.%N); $X nft -f $D/o$N.nft; echo "(old) $N per-pod ingress chains loaded in $(echo "$(date +%s.%N) - $s" | bc) s"
printf "add chain inet o link-d$N { type filter hook ingress device d$N priority -500; }\nadd rule inet o link-d$N ip saddr 10.0.0.1 meta mark set meta mark | 0x2000 accept\nadd rule inet o link-d$N counter drop\n" > $D/oadd.nft
printf "flush chain inet o link-d$N\ndelete chain inet o link-d$N\n" > $D/odel.nft
rep $D/oadd.nft $D/odel.nft "(old) one per-pod ingress chain"
