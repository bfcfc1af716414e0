// Package rfc2136 is registerDNS's dynamic-update backend: it writes a
// pod's records to an authoritative server (BIND, Knot, PowerDNS, ...)
// with RFC 2136 UPDATE messages signed with TSIG.
//
// Ownership: beside each name it writes a TXT record holding the owner
// ("diktyo-owner=<OwnerID>" "diktyo-net=<network>"). Every change to a
// forward name carries an RFC 2136 prerequisite, either "name not in use"
// or "the owner TXT is exactly ours", so an update can never overwrite or
// delete a name another attachment holds, even when two nodes race. All of
// one zone's changes go in one UPDATE message, which the server applies
// atomically; when a pod's records span several zones (forward, then
// reverse), a failure in a later zone rolls back the earlier ones.
//
// Reverse (PTR) names are taken over rather than protected: an address
// belongs to whoever IPAM gave it to now, so a PTR left by a pod whose DEL
// never ran must not block the next pod with that address.
package rfc2136

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
)

// Key is a TSIG key. Name is fully qualified and lowercase; Algorithm is
// one of the dns.Hmac* names (e.g. "hmac-sha256."); Secret is base64.
type Key struct {
	Name      string
	Algorithm string
	Secret    string
}

// Options configure the backend; the registerdns package validates them.
type Options struct {
	Server       string // host:port
	Transport    string // "tcp" or "udp"
	Key          Key
	Zones        record.Zones // forward zones
	ReverseZones record.Zones
	// Timeout bounds each exchange (dial, write and read); the context
	// passed to every method bounds the whole operation.
	Timeout time.Duration
	// Node is this node's name: GC removes only records whose owner TXT
	// names it.
	Node string
}

// Backend implements record.Backend with RFC 2136 updates.
type Backend struct {
	o      Options
	client *dns.Client
	// behind: Add and Del answer once their change is checked and
	// queued, and this process's writer sends it (behind.go).
	behind bool
}

var _ record.Backend = (*Backend)(nil)

// New returns a backend; it does not contact the server.
func New(o Options) *Backend {
	return &Backend{o: o, client: &dns.Client{
		Net:        o.Transport,
		Timeout:    o.Timeout,
		TsigSecret: map[string]string{o.Key.Name: o.Key.Secret},
	}}
}

// errPrereq means the server refused an update because a prerequisite
// failed: a name is held by someone else, or is already gone.
var errPrereq = errors.New("prerequisite failed")

// Add writes the set's records zone by zone, forward zones first; writing
// behind, it checks and queues them.
func (b *Backend) Add(ctx context.Context, s record.Set) error {
	if b.behind {
		return committerOf(b).accept(b, false, s)
	}
	return b.add(ctx, s)
}

func (b *Backend) add(ctx context.Context, s record.Set) error {
	zones, groups := record.ByZone(s.Records)
	var done []string
	for _, z := range zones {
		var err error
		if record.IsReverseZone(z) {
			err = b.replace(ctx, z, groups[z])
		} else {
			err = b.addForward(ctx, z, groups[z], s.Owner)
		}
		if err != nil {
			b.rollback(ctx, done, groups, s.Owner)
			return err
		}
		done = append(done, z)
	}
	return nil
}

// addForward first tries the common case, every name new, in one message;
// when a name exists it reads the owners and retries with a prerequisite
// per name, so that a repeated ADD converges and a foreign name fails.
func (b *Backend) addForward(ctx context.Context, zone string, recs []record.Record, owner record.Owner) error {
	names := namesOf(recs)
	err := b.insertNew(ctx, zone, recs)
	if !errors.Is(err, errPrereq) {
		return err
	}

	m := b.update(zone)
	for _, n := range names {
		held, err := b.owner(ctx, n)
		if err != nil {
			return err
		}
		switch {
		case held.free:
			m.NameNotUsed(headers([]string{n}, dns.TypeANY))
		case !held.foreign && held.owner.Same(owner):
			// The stored TXT, which may be an older form of ours
			// (no node, no pod): the prerequisite compares exactly.
			m.Used([]dns.RR{ownerTXT(n, held.owner)})
		default:
			return fmt.Errorf("name %s is already taken: %s: %w", strings.TrimSuffix(n, "."), held, ErrTaken)
		}
	}
	for _, t := range []uint16{dns.TypeA, dns.TypeAAAA, dns.TypeTXT} {
		m.RemoveRRset(headers(names, t))
	}
	m.Insert(toRRs(recs))
	if err := b.send(ctx, m, zone); err != nil {
		if errors.Is(err, errPrereq) {
			return fmt.Errorf("zone %s: names %s changed while being updated (another writer?): %w", zone, strings.Join(names, " "), err)
		}
		return err
	}
	return nil
}

// insertNew writes recs in one message whose prerequisite is that none
// of their names is in use.
func (b *Backend) insertNew(ctx context.Context, zone string, recs []record.Record) error {
	m := b.update(zone)
	m.NameNotUsed(headers(namesOf(recs), dns.TypeANY))
	m.Insert(toRRs(recs))
	return b.send(ctx, m, zone)
}

// addNew writes the records of several sets in one UPDATE per zone, as
// Add writes one set's when all its names are new: forward zones first,
// each with the prerequisite that none of its names is in use, then the
// reverse zones, replaced. applied false: a name is in use, or sets
// share a name, and nothing is left written (the zones written before
// are rolled back), so the caller writes each set with Add; an error:
// the same, for a failure that may pass (the server down).
func (b *Backend) addNew(ctx context.Context, sets []record.Set) (applied bool, err error) {
	var recs []record.Record
	owners := map[string]record.Owner{}
	for _, s := range sets {
		for _, r := range s.Records {
			if o, ok := owners[r.Name]; ok && !o.Same(s.Owner) {
				return false, nil
			}
			owners[r.Name] = s.Owner
		}
		recs = append(recs, s.Records...)
	}
	zones, groups := record.ByZone(recs)
	var done []string
	for _, z := range zones {
		if record.IsReverseZone(z) {
			err = b.replace(ctx, z, groups[z])
		} else {
			err = b.insertNew(ctx, z, groups[z])
		}
		if err != nil {
			b.rollbackNames(ctx, done, groups, func(n string) record.Owner { return owners[n] })
			if errors.Is(err, errPrereq) {
				return false, nil
			}
			return false, err
		}
		done = append(done, z)
	}
	return true, nil
}

// replace overwrites the reverse names' PTR and TXT records in one message.
func (b *Backend) replace(ctx context.Context, zone string, recs []record.Record) error {
	names := namesOf(recs)
	m := b.update(zone)
	m.RemoveRRset(headers(names, dns.TypePTR))
	m.RemoveRRset(headers(names, dns.TypeTXT))
	m.Insert(toRRs(recs))
	return b.send(ctx, m, zone)
}

// rollback removes what Add wrote to the zones in done. It runs on a
// fresh, shorter deadline because the failure may have been the caller's
// deadline; what it cannot remove is left to GC.
func (b *Backend) rollback(ctx context.Context, done []string, groups map[string][]record.Record, owner record.Owner) {
	if len(done) == 0 {
		return
	}
	b.rollbackNames(ctx, done, groups, func(string) record.Owner { return owner })
}

// rollbackNames removes what was written to the zones in done, each name
// under the prerequisite of its owner, ownerOf(name).
func (b *Backend) rollbackNames(ctx context.Context, done []string, groups map[string][]record.Record, ownerOf func(name string) record.Owner) {
	if len(done) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), b.o.Timeout/2)
	defer cancel()
	for _, z := range done {
		var items []owned
		for _, n := range namesOf(groups[z]) {
			items = append(items, owned{name: n, owner: ownerOf(n)})
		}
		_ = b.removeOwned(ctx, z, items)
	}
}

// Del removes the owner's forward names and the PTRs of their addresses.
// The addresses come from the set and from the server's current A/AAAA
// records, so a DEL without prevResult or netns still finds its PTRs.
// Each name's owner TXT is read first: the removal's prerequisite must
// match it exactly, and DEL may not know all of it (no CNI_ARGS, so no
// pod; or a record written before owners named a node).
func (b *Backend) Del(ctx context.Context, s record.Set) error {
	if b.behind {
		return committerOf(b).accept(b, true, s)
	}
	return b.del(ctx, s)
}

func (b *Backend) del(ctx context.Context, s record.Set) error {
	byZone := map[string][]owned{}
	var zones []string
	add := func(zone string, it owned) {
		if _, ok := byZone[zone]; !ok {
			zones = append(zones, zone)
		}
		if !slices.Contains(byZone[zone], it) {
			byZone[zone] = append(byZone[zone], it)
		}
	}
	addrs := slices.Clone(s.Addrs)
	for _, n := range s.Names {
		it, ok, err := b.ours(ctx, n.FQDN, s.Owner)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		add(n.Zone, it)
		if len(b.o.ReverseZones) > 0 {
			got, err := b.addrsAt(ctx, n.FQDN)
			if err != nil {
				return err
			}
			addrs = append(addrs, got...)
		}
	}
	for _, a := range addrs {
		rev := record.ReverseName(a)
		z, ok := b.o.ReverseZones.Match(rev)
		if !ok {
			continue
		}
		it, ok, err := b.ours(ctx, rev, s.Owner)
		if err != nil {
			return err
		}
		if ok {
			add(z, it)
		}
	}
	var errs []error
	for _, z := range zones {
		errs = append(errs, b.removeOwned(ctx, z, byZone[z]))
	}
	return errors.Join(errs...)
}

// ours reads name's owner TXT; ok is true when it is owner's attachment,
// and the item then carries the TXT as stored.
func (b *Backend) ours(ctx context.Context, name string, owner record.Owner) (owned, bool, error) {
	held, err := b.owner(ctx, name)
	if err != nil || held.free || held.foreign || !held.owner.Same(owner) {
		return owned{}, false, err
	}
	return owned{name: name, owner: held.owner}, true, nil
}

// addrsAt returns the addresses at name.
func (b *Backend) addrsAt(ctx context.Context, name string) ([]netip.Addr, error) {
	var out []netip.Addr
	for _, t := range []uint16{dns.TypeA, dns.TypeAAAA} {
		r, err := b.query(ctx, name, t)
		if err != nil {
			return nil, err
		}
		for _, rr := range r.Answer {
			if a, ok := rrAddr(rr); ok {
				out = append(out, a)
			}
		}
	}
	return out, nil
}

// owned is a name and the owner whose TXT must be there for it to go.
type owned struct {
	name  string
	owner record.Owner
}

// removeOwned deletes the names' A, AAAA, PTR and TXT RRsets, each only if
// its owner TXT is still the given one. One message for the zone first;
// when a prerequisite fails (a name is gone or held by someone else), each
// name on its own, skipping those that fail.
func (b *Backend) removeOwned(ctx context.Context, zone string, items []owned) error {
	if len(items) == 0 {
		return nil
	}
	build := func(items []owned) *dns.Msg {
		m := b.update(zone)
		for _, it := range items {
			m.Used([]dns.RR{ownerTXT(it.name, it.owner)})
		}
		for _, t := range []uint16{dns.TypeA, dns.TypeAAAA, dns.TypePTR, dns.TypeTXT} {
			for _, it := range items {
				m.RemoveRRset(headers([]string{it.name}, t))
			}
		}
		return m
	}
	err := b.send(ctx, build(items), zone)
	if !errors.Is(err, errPrereq) || len(items) == 1 {
		if errors.Is(err, errPrereq) {
			return nil
		}
		return err
	}
	var errs []error
	for _, it := range items {
		if err := b.send(ctx, build([]owned{it}), zone); err != nil && !errors.Is(err, errPrereq) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Check compares the server's records with the set's; writing behind, a
// change of the set's owner still queued is not drift, and one whose
// sends fail, or that the server refused, is reported.
func (b *Backend) Check(ctx context.Context, s record.Set) error {
	if b.behind {
		queued, err := committerOf(b).pending(keyOf(s.Owner))
		if err != nil || queued {
			return err
		}
	}
	want := map[string]map[record.Type][]string{}
	var names []string
	for _, r := range s.Records {
		if want[r.Name] == nil {
			want[r.Name] = map[record.Type][]string{}
			names = append(names, r.Name)
		}
		want[r.Name][r.Type] = append(want[r.Name][r.Type], r.Data)
	}
	var problems []string
	for _, n := range names {
		types := []record.Type{record.A, record.AAAA, record.TXT}
		if _, ok := want[n][record.PTR]; ok {
			types = []record.Type{record.PTR, record.TXT}
		}
		for _, t := range types {
			got, err := b.values(ctx, n, t)
			if err != nil {
				return err
			}
			if t == record.TXT {
				got = sameOwner(got, s.Owner)
			}
			problems = append(problems, diff(n, t, got, want[n][t])...)
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("server %s: %s", b.o.Server, strings.Join(problems, "; "))
	}
	return nil
}

// values returns the server's records of type t at name as record.Data
// strings.
func (b *Backend) values(ctx context.Context, name string, t record.Type) ([]string, error) {
	r, err := b.query(ctx, name, dns.StringToType[string(t)])
	if err != nil {
		return nil, err
	}
	var out []string
	for _, rr := range r.Answer {
		if rr.Header().Rrtype != dns.StringToType[string(t)] || !strings.EqualFold(rr.Header().Name, name) {
			continue
		}
		out = append(out, rrData(rr))
	}
	return out, nil
}

// sameOwner rewrites owner TXTs of owner's attachment to owner's current
// form: an older form (no node, no pod) is still this attachment's.
func sameOwner(txts []string, owner record.Owner) []string {
	out := slices.Clone(txts)
	for i, v := range out {
		if o, ok := record.ParseOwner(strings.Fields(v)); ok && o.Same(owner) {
			out[i] = owner.String()
		}
	}
	return out
}

func diff(name string, t record.Type, got, want []string) []string {
	var out []string
	for _, w := range want {
		if !slices.Contains(got, w) {
			out = append(out, fmt.Sprintf("%s %s %q missing", name, t, w))
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			out = append(out, fmt.Sprintf("%s %s %q unexpected", name, t, g))
		}
	}
	return out
}

// GC transfers every configured zone (AXFR, signed with the key) and
// removes the names whose owner TXT names this network, this node, and an
// owner not in valid. valid lists only this node's attachments: another
// node's records, and records whose owner names no node (written before
// owners did), are never this GC's. Each removal keeps the owner
// prerequisite, so a name re-added meanwhile by a live attachment is left
// alone.
func (b *Backend) GC(ctx context.Context, network string, valid map[string]bool) error {
	var errs []error
	for _, z := range slices.Concat(b.o.Zones, b.o.ReverseZones) {
		stale, err := b.staleIn(ctx, z, network, valid)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		errs = append(errs, b.removeOwned(ctx, z, stale))
	}
	return errors.Join(errs...)
}

func (b *Backend) staleIn(ctx context.Context, zone, network string, valid map[string]bool) ([]owned, error) {
	rrs, err := b.transfer(ctx, zone)
	if err != nil {
		return nil, err
	}
	var stale []owned
	for _, rr := range rrs {
		txt, ok := rr.(*dns.TXT)
		if !ok {
			continue
		}
		o, ok := record.ParseOwner(txt.Txt)
		if !ok || o.Network != network || o.Node == "" || o.Node != b.o.Node || valid[o.ID] {
			continue
		}
		stale = append(stale, owned{name: strings.ToLower(txt.Hdr.Name), owner: o})
	}
	return stale, nil
}

func (b *Backend) transfer(ctx context.Context, zone string) ([]dns.RR, error) {
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(b.o.Timeout)
	}
	budget := time.Until(deadline)
	if budget <= 0 {
		return nil, fmt.Errorf("zone transfer of %s from %s: %w", zone, b.o.Server, context.DeadlineExceeded)
	}
	tr := &dns.Transfer{
		DialTimeout:  min(b.o.Timeout, budget),
		ReadTimeout:  budget,
		WriteTimeout: budget,
		TsigSecret:   b.client.TsigSecret,
	}
	m := new(dns.Msg)
	m.SetAxfr(zone)
	m.SetTsig(b.o.Key.Name, b.o.Key.Algorithm, 300, time.Now().Unix())
	ch, err := tr.In(m, b.o.Server)
	if err != nil {
		return nil, fmt.Errorf("zone transfer of %s from %s: %w", zone, b.o.Server, err)
	}
	var out []dns.RR
	for env := range ch {
		if env.Error != nil && isTSIGError(env.Error) {
			return nil, fmt.Errorf("zone transfer of %s: %w", zone, b.unverified(env.Error))
		}
		if env.Error != nil {
			return nil, fmt.Errorf("zone transfer of %s from %s (allowed to key %s?): %w", zone, b.o.Server, b.o.Key.Name, env.Error)
		}
		out = append(out, env.RR...)
	}
	return out, nil
}

// Status asks the server for each zone's SOA and requires an
// authoritative answer.
func (b *Backend) Status(ctx context.Context) error {
	if b.behind {
		if err := committerOf(b).fault(); err != nil {
			return err
		}
	}
	for _, z := range slices.Concat(b.o.Zones, b.o.ReverseZones) {
		r, err := b.query(ctx, z, dns.TypeSOA)
		if err != nil {
			return err
		}
		if !r.Authoritative || r.Rcode != dns.RcodeSuccess || len(r.Answer) == 0 {
			return fmt.Errorf("server %s is not authoritative for zone %s (rcode %s)", b.o.Server, z, dns.RcodeToString[r.Rcode])
		}
	}
	return nil
}

// heldBy describes who holds a name.
type heldBy struct {
	free    bool         // no records at all
	owner   record.Owner // from the owner TXT, when there is exactly one
	foreign bool         // records, but no diktyo owner TXT
}

func (h heldBy) String() string {
	if h.foreign {
		return "it has records diktyo did not create"
	}
	return "owned by " + h.owner.Describe()
}

// owner reads the owner TXT at name.
func (b *Backend) owner(ctx context.Context, name string) (heldBy, error) {
	r, err := b.query(ctx, name, dns.TypeTXT)
	if err != nil {
		return heldBy{}, err
	}
	if r.Rcode == dns.RcodeNameError {
		return heldBy{free: true}, nil
	}
	var txts []*dns.TXT
	for _, rr := range r.Answer {
		if t, ok := rr.(*dns.TXT); ok {
			txts = append(txts, t)
		}
	}
	if len(txts) == 1 {
		if o, ok := record.ParseOwner(txts[0].Txt); ok {
			return heldBy{owner: o}, nil
		}
	}
	return heldBy{foreign: true}, nil
}

// query asks the server (signed) and accepts NOERROR and NXDOMAIN.
func (b *Backend) query(ctx context.Context, name string, t uint16) (*dns.Msg, error) {
	m := new(dns.Msg)
	m.SetQuestion(name, t)
	m.RecursionDesired = false
	r, err := b.exchange(ctx, m)
	if err != nil {
		return nil, fmt.Errorf("query %s %s: %w", name, dns.TypeToString[t], err)
	}
	if r.Rcode != dns.RcodeSuccess && r.Rcode != dns.RcodeNameError {
		return nil, fmt.Errorf("query %s %s: server %s answered %s", name, dns.TypeToString[t], b.o.Server, dns.RcodeToString[r.Rcode])
	}
	return r, nil
}

func (b *Backend) update(zone string) *dns.Msg {
	m := new(dns.Msg)
	m.SetUpdate(zone)
	return m
}

// send sends an UPDATE and maps the answer to nil, errPrereq or an error
// that says what to fix.
func (b *Backend) send(ctx context.Context, m *dns.Msg, zone string) error {
	r, err := b.exchange(ctx, m)
	if err != nil {
		return fmt.Errorf("update of zone %s: %w", zone, err)
	}
	switch r.Rcode {
	case dns.RcodeSuccess:
		return nil
	case dns.RcodeYXDomain, dns.RcodeYXRrset, dns.RcodeNXRrset, dns.RcodeNameError:
		return fmt.Errorf("update of zone %s: %s: %w", zone, dns.RcodeToString[r.Rcode], errPrereq)
	case dns.RcodeRefused:
		return fmt.Errorf("update of zone %s refused by %s (does the zone allow updates with key %s?)", zone, b.o.Server, b.o.Key.Name)
	case dns.RcodeNotZone:
		return fmt.Errorf("update of zone %s: a name is outside the zone (NOTZONE)", zone)
	default:
		return fmt.Errorf("update of zone %s: server %s answered %s", zone, b.o.Server, dns.RcodeToString[r.Rcode])
	}
}

// exchange signs m and sends it, and believes the answer only when it
// carries a valid TSIG of our key: an unsigned answer (or one signed with
// another key) could come from anyone on the path, and a forged NOERROR
// would make ADD report records that do not exist, or make DEL and GC
// act on a forged owner. A TSIG failure on either side becomes an error
// naming the key (never the secret).
func (b *Backend) exchange(ctx context.Context, m *dns.Msg) (*dns.Msg, error) {
	m.SetTsig(b.o.Key.Name, b.o.Key.Algorithm, 300, time.Now().Unix())
	r, _, err := b.client.ExchangeContext(ctx, m, b.o.Server)
	if r != nil && r.Rcode == dns.RcodeNotAuth && (err == nil || isTSIGError(err)) {
		// BIND answers NOTAUTH both to a bad signature (with a TSIG
		// error, and a MAC we cannot verify) and for a zone it does not
		// serve (signed, no error).
		if t := r.IsTsig(); t == nil || t.Error != 0 || err != nil {
			why := "unsigned answer"
			if t != nil {
				why = dns.RcodeToString[int(t.Error)]
			}
			return nil, fmt.Errorf("server %s rejected TSIG key %s (%s): check rfc2136.keyName, rfc2136.algorithm and the secret in rfc2136.tsigSecretFile", b.o.Server, b.o.Key.Name, why)
		}
		return nil, fmt.Errorf("server %s is not authoritative for %s (NOTAUTH): check zones and reverseZones", b.o.Server, m.Question[0].Name)
	}
	if err != nil {
		if isTSIGError(err) {
			return nil, b.unverified(err)
		}
		return nil, fmt.Errorf("server %s unreachable over %s: %w", b.o.Server, b.o.Transport, err)
	}
	// The dns client verifies a TSIG when the answer has one, and
	// accepts an answer without one.
	if t := r.IsTsig(); t == nil || !strings.EqualFold(t.Hdr.Name, b.o.Key.Name) {
		return nil, b.unverified(dns.ErrNoSig)
	}
	return r, nil
}

// isTSIGError reports whether err is the dns package's verdict on an
// answer's TSIG (rather than a network error).
func isTSIGError(err error) bool {
	for _, e := range []error{dns.ErrSig, dns.ErrTime, dns.ErrSecret, dns.ErrNoSig, dns.ErrKeyAlg, dns.ErrAlg, dns.ErrAuth} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

func (b *Backend) unverified(err error) error {
	if errors.Is(err, dns.ErrNoSig) {
		return fmt.Errorf("server %s: unsigned answer to a request signed with key %s: not trusted (a forged answer, or a server that does not know the key)", b.o.Server, b.o.Key.Name)
	}
	return fmt.Errorf("server %s: TSIG verification of the answer failed for key %s: %w", b.o.Server, b.o.Key.Name, err)
}

func namesOf(recs []record.Record) []string {
	var out []string
	for _, r := range recs {
		if !slices.Contains(out, r.Name) {
			out = append(out, r.Name)
		}
	}
	return out
}

// headers returns data-less RRs of type t, as the prerequisite and
// RRset-deletion helpers of the dns package expect.
func headers(names []string, t uint16) []dns.RR {
	out := make([]dns.RR, 0, len(names))
	for _, n := range names {
		out = append(out, &dns.ANY{Hdr: dns.RR_Header{Name: n, Rrtype: t, Class: dns.ClassINET}})
	}
	return out
}

func ownerTXT(name string, o record.Owner) dns.RR {
	return &dns.TXT{Hdr: dns.RR_Header{Name: name, Rrtype: dns.TypeTXT, Class: dns.ClassINET}, Txt: o.Strings()}
}

// toRRs converts records to dns RRs.
func toRRs(recs []record.Record) []dns.RR {
	out := make([]dns.RR, 0, len(recs))
	for _, r := range recs {
		hdr := dns.RR_Header{Name: r.Name, Class: dns.ClassINET, Ttl: r.TTL}
		switch r.Type {
		case record.A:
			hdr.Rrtype = dns.TypeA
			out = append(out, &dns.A{Hdr: hdr, A: net.ParseIP(r.Data)})
		case record.AAAA:
			hdr.Rrtype = dns.TypeAAAA
			out = append(out, &dns.AAAA{Hdr: hdr, AAAA: net.ParseIP(r.Data)})
		case record.PTR:
			hdr.Rrtype = dns.TypePTR
			out = append(out, &dns.PTR{Hdr: hdr, Ptr: r.Data})
		case record.TXT:
			hdr.Rrtype = dns.TypeTXT
			out = append(out, &dns.TXT{Hdr: hdr, Txt: strings.Fields(r.Data)})
		}
	}
	return out
}

// rrData is the inverse of toRRs for one RR's data.
func rrData(rr dns.RR) string {
	switch v := rr.(type) {
	case *dns.A, *dns.AAAA:
		a, _ := rrAddr(v)
		return a.String()
	case *dns.PTR:
		return strings.ToLower(v.Ptr)
	case *dns.TXT:
		return strings.Join(v.Txt, " ")
	}
	return rr.String()
}

func rrAddr(rr dns.RR) (netip.Addr, bool) {
	var ip net.IP
	switch v := rr.(type) {
	case *dns.A:
		ip = v.A
	case *dns.AAAA:
		ip = v.AAAA
	default:
		return netip.Addr{}, false
	}
	a, ok := netip.AddrFromSlice(ip)
	return a.Unmap(), ok
}
