package iproute

import "strings"

// nftKeywords are the words nft 1.0.6 reads as keywords where a table
// name goes ("nft list table inet ip" is a syntax error): the keywords of
// its scanner (src/scanner.l at v1.0.6) that fail as the table of "add
// table", "list table", "add chain" or "add element" with that nft. The
// kernel takes such a name over netlink, but nobody could then list or
// repair the table with nft, so nftTable refuses them.
var nftKeywords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		accept add ah all and arp auto-merge bridge cgroup chain chains
		comment comp constant continue counter counters cpu create ct day
		dccp define delete describe device devices dnat drop dst dup dynamic
		ecn element elements eq esp ether exists expires export exthdr fib
		flags flow flowtable flowtables flush frag fwd gc-interval ge get goto
		gt handle hbh hook hooks hour ibriport ibrname icmp icmpv6 igmp iif
		iifgroup iifname iiftype import include index inet insert interval ip
		ip6 ipsec jhash jump le limit limits list log lshift lt map maps mark
		masquerade meta meter meters mh missing monitor ne netdev nftrace not
		notrack numgen obriport obrname offload oif oifgroup oifname oiftype
		or osf pkttype policy position priority queue quota quotas random
		redefine redirect reject rename replace reset return rshift rt rt0 rt2
		rtclassid rule ruleset sctp secmark secmarks set sets size skgid skuid
		snat socket srh symhash synproxy synproxys table tables tcp th time
		timeout tproxy type typeof udp udplite undefine update vlan vmap xor xt
	`) {
		m[w] = true
	}
	return m
}()
