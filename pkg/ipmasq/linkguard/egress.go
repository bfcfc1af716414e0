package linkguard

// The node's egress addresses are the pods' identities on the far side:
// an address and a port of a pod's block name the pod in the
// attribution log. The link binding keeps the pods' own addresses to
// their links; this keeps the egress addresses to the pods: no process
// of the node may open a connection (or send a datagram of its own)
// from them. IP_FREEBIND needs no capability, and an address assigned
// to the node (a managed one) needs not even that, so any process could
// otherwise connect out from a pod's external address and port block.
//
//	table inet diktyo-egress {
//	  chain output { type filter hook output priority -190   # after conntrack
//	    ip saddr A ct direction original counter drop                    # managed or routed: every port
//	    ip saddr P meta l4proto tcp th sport LO-HI ct direction original counter drop   # a pool's ports (tcp, udp, sctp)
//	  }
//	}
//
// Only the original direction: the node may still answer on them (a
// reply to a connection a remote opened to the address, an ICMP error).
// The pods' own packets are forwarded, never seen by the output hook,
// and get their external in postrouting, after it.

import (
	"context"
	"encoding/binary"
	"fmt"
	"net/netip"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
)

// DefaultEgressTable is the egress guard's table (family inet).
const DefaultEgressTable = "diktyo-egress"

// egressPrio is after conntrack's output hook (-200), which ct
// direction needs, and before iptables' mangle (-150).
const egressPrio = -190

// PortRange is a range of ports of one address: a pool's.
type PortRange struct {
	Addr   netip.Addr
	Lo, Hi uint16
}

// EgressSpec is what the node's own processes may not send from: Whole
// addresses on every port (managed and routed egress addresses: the
// node never uses them as its own), and Ports of the others (pools on
// an address the node may use otherwise).
type EgressSpec struct {
	Whole []netip.Addr
	Ports []PortRange
}

func (s EgressSpec) empty() bool { return len(s.Whole) == 0 && len(s.Ports) == 0 }

// Egress keeps the egress guard's table. Apply is one transaction.
type Egress struct {
	Table string
	// NetNS is the node's network namespace; "" is the calling thread's.
	NetNS string
	// Client, when set, stands for the kernel (tests: an *nft.Fake).
	Client nft.Client
}

var egressChain = &nft.Chain{Name: OutputChain, Hook: &nft.Hook{Type: "filter", Num: unix.NF_INET_LOCAL_OUT, Priority: egressPrio}}

// Apply makes the table hold exactly spec's rules, in one transaction;
// an empty spec removes the table (nothing of it is left on a node
// without egress addresses).
func (e *Egress) Apply(ctx context.Context, spec EgressSpec) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c, err := nft.Use(e.Client, e.NetNS)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	b := nft.NewBatch(e.Table)
	if spec.empty() {
		ok, err := c.TableExists(e.Table)
		if err != nil || !ok {
			return err
		}
		b.DelTable()
	} else {
		b.AddTable()
		b.AddChain(egressChain)
		b.FlushChain(OutputChain)
		for _, r := range egressRules(spec) {
			b.AddRule(r)
		}
	}
	if err := c.Apply(b); err != nil {
		return fmt.Errorf("egress guard table %s: %w", e.Table, err)
	}
	return nil
}

func counterDrop() []expr.Any {
	return []expr.Any{&expr.Counter{}, &expr.Verdict{Kind: expr.VerdictDrop}}
}

func egressRules(spec EgressSpec) []*nft.Rule {
	var out []*nft.Rule
	for _, a := range spec.Whole {
		es := append(nft.MatchPrefix(false, netip.PrefixFrom(a, a.BitLen())), nft.CtOriginal()...)
		out = append(out, &nft.Rule{Chain: OutputChain, Exprs: append(es, counterDrop()...),
			Comment: "egress address " + a.String() + ": never a source of the node's own"})
	}
	for _, p := range spec.Ports {
		for _, proto := range []byte{unix.IPPROTO_TCP, unix.IPPROTO_UDP, unix.IPPROTO_SCTP} {
			es := nft.MatchPrefix(false, netip.PrefixFrom(p.Addr, p.Addr.BitLen()))
			es = append(es, nft.MatchL4Proto(proto)...)
			es = append(es,
				&expr.Payload{Base: expr.PayloadBaseTransportHeader, Offset: 0, Len: 2, DestRegister: nft.Reg1},
				&expr.Cmp{Op: expr.CmpOpGte, Register: nft.Reg1, Data: binary.BigEndian.AppendUint16(nil, p.Lo)},
				&expr.Cmp{Op: expr.CmpOpLte, Register: nft.Reg1, Data: binary.BigEndian.AppendUint16(nil, p.Hi)})
			es = append(es, nft.CtOriginal()...)
			out = append(out, &nft.Rule{Chain: OutputChain, Exprs: append(es, counterDrop()...),
				Comment: fmt.Sprintf("egress pool ports %s:%d-%d: never the node's own", p.Addr, p.Lo, p.Hi)})
		}
	}
	return out
}
