// Package nft is diktyo's nftables layer: typed objects of one inet
// table, batches that reach the kernel as one netlink transaction, and
// typed listings. ipmasq's nftables backend and iproute's fwmark layout
// use it, so no hot path execs nft, in diktyo-nri or in a plugin binary.
//
// # Why this library, and how much of it
//
// Rule expressions are github.com/google/nftables/expr values: typed,
// with the library's netlink encoding and decoding, the part of it that
// is well exercised (it was already in the module graph at v0.3.0).
// Its Conn, however, cannot express what the backends need and is not
// used:
//
//   - chain comments (NFTA_CHAIN_USERDATA): GC of pod chains reads them;
//   - NLM_F_EXCL on a chain ("create chain"), which the first ADD relies on
//     to notice an existing pod chain without listing;
//   - which message of a batch failed: Conn.Flush joins the kernel's
//     replies into one error, losing the operation and a typed errno;
//   - concatenated interval keys in a listing of elements.
//
// The alternatives are worse: sigs.k8s.io/knftables execs nft (what this
// replaces), vishvananda/netlink has no nftables, and ti-mo/netfilter is
// framing only. So this package frames messages itself (about as much
// code as working around Conn would take) on a raw NETLINK_NETFILTER
// socket: every object attribute it sends is the one nft 1.0.6 sends for
// the same declaration, so `nft list` prints the same ruleset.
//
// # Namespaces
//
// A netlink socket belongs to the network namespace of the thread that
// created it. Open with an empty path creates it on the calling thread:
// a plugin binary's own namespace, or the namespace diktyo-nri's
// in-process runner entered on a locked thread before calling the verb
// (the caller must not hand the call to another goroutine). Open with a
// path creates it inside that namespace and returns to the caller's.
//
// # Testing: Client, Fake, Dump
//
// Callers hold a Client: a *Conn, or a *Fake, an in-memory ruleset that
// applies a batch as the kernel does: operation by operation, with the
// errno the kernel gives for what it refuses (ENOENT, EEXIST, EBUSY,
// EINVAL, EOPNOTSUPP), nothing kept unless every operation succeeds. It
// encodes each operation as Conn does, so it refuses what Conn would not
// send; it does not run the kernel's expression validation (registers,
// NAT outside a nat chain), which the kernel tests cover. Observe wraps
// either to record round trips.
//
// Dump renders tables read through a Client in the syntax of
// nft list ruleset; RuleText renders a rule's expressions in nft's words
// (registers followed from load to use: payload and meta loads, cmp,
// bitwise masks, lookups and verdict maps, immediates, verdicts, counter,
// snat/dnat/masquerade with ranges and flags, ct, meta mark set,
// comments), and anything it cannot read as <unknown expr ...>, never
// dropped. Batch.Script renders a batch as the nft script doing the same.
// Rule.String stays the exact, register-level key listings are compared
// by. TestFakeAgreesWithKernel applies the same batches to a Fake and to
// the kernel in a throwaway namespace and compares their Dump.
//
// # Cost
//
// A batch is one sendmsg and the kernel's acknowledgements; a listing is
// one request per object kind, never a dump of the whole ruleset.
package nft
