package linkguard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/containernetworking/plugins/pkg/ns"
)

// reservedSysctl holds the ports the kernel never picks for an
// ephemeral bind or connect (both families read it).
const reservedSysctl = "/proc/sys/net/ipv4/ip_local_reserved_ports"

// PortReserver keeps the pools' ports in the node's
// ip_local_reserved_ports, so that the node's own connections never get
// a pool's port by chance (the egress guard would refuse them on a
// pool's address; on another address they would still share the
// pool's ports with the pods' flows in conntrack). Only the ports it
// added are ever removed: what the admin (or anyone else) reserved
// stays, whether it was there before or overlaps a pool.
type PortReserver struct {
	// NetNS is the node's network namespace; "" is the calling thread's.
	NetNS string
	// Record is the file naming the ports this reserver added, so
	// that a later Apply (another process, after a restart) removes
	// them and nothing else.
	Record string
}

// ports is a set of ports, as the sysctl lists them.
type ports [65536]bool

func parsePorts(s string) (*ports, error) {
	var p ports
	for f := range strings.SplitSeq(strings.TrimSpace(s), ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(f, "-")
		if !isRange {
			hi = lo
		}
		l, err1 := strconv.ParseUint(lo, 10, 16)
		h, err2 := strconv.ParseUint(hi, 10, 16)
		if err := errors.Join(err1, err2); err != nil || l > h {
			return nil, fmt.Errorf("port list %q: entry %q: %w", s, f, err)
		}
		for i := l; i <= h; i++ {
			p[i] = true
		}
	}
	return &p, nil
}

func (p *ports) String() string {
	var out []string
	for i := 0; i < len(p); i++ {
		if !p[i] {
			continue
		}
		j := i
		for j+1 < len(p) && p[j+1] {
			j++
		}
		if i == j {
			out = append(out, strconv.Itoa(i))
		} else {
			out = append(out, fmt.Sprintf("%d-%d", i, j))
		}
		i = j
	}
	return strings.Join(out, ",")
}

// Apply makes the sysctl hold want's ports besides the entries that are
// not the reserver's, and removes those it added before that want no
// longer has. The record is written first with both the old and the
// new ports, so a crash between the writes leaves no port of the
// reserver's unrecorded.
func (r *PortReserver) Apply(want []PortRange) error {
	ours, err := r.recorded()
	if err != nil {
		return err
	}
	return r.in(func() error {
		b, err := os.ReadFile(reservedSysctl)
		if err != nil {
			return fmt.Errorf("reading %s: %w", reservedSysctl, err)
		}
		cur, err := parsePorts(string(b))
		if err != nil {
			return fmt.Errorf("%s: %w", reservedSysctl, err)
		}
		// admin: what someone else reserved (everything not recorded
		// as the reserver's).
		var admin, next, nextOurs, both ports
		for i := range cur {
			admin[i] = cur[i] && !ours[i]
			next[i], both[i] = admin[i], ours[i]
		}
		for _, w := range want {
			for i := int(w.Lo); i <= int(w.Hi); i++ {
				nextOurs[i] = !admin[i]
				both[i] = both[i] || nextOurs[i]
				next[i] = true
			}
		}
		if err := r.record(&both); err != nil {
			return err
		}
		if next != *cur {
			if err := os.WriteFile(reservedSysctl, []byte(next.String()+"\n"), 0o644); err != nil {
				return fmt.Errorf("writing %s = %q: %w", reservedSysctl, next.String(), err)
			}
		}
		return r.record(&nextOurs)
	})
}

func (r *PortReserver) in(fn func() error) error {
	if r.NetNS == "" {
		return fn()
	}
	return ns.WithNetNSPath(r.NetNS, func(ns.NetNS) error { return fn() })
}

func (r *PortReserver) recorded() (*ports, error) {
	b, err := os.ReadFile(r.Record)
	if errors.Is(err, fs.ErrNotExist) {
		return &ports{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reserved ports record %s: %w", r.Record, err)
	}
	p, err := parsePorts(string(b))
	if err != nil {
		return nil, fmt.Errorf("reserved ports record %s: %w", r.Record, err)
	}
	return p, nil
}

// record writes p to the record atomically (a temporary file renamed).
func (r *PortReserver) record(p *ports) error {
	tmp, err := os.CreateTemp(filepath.Dir(r.Record), ".reserved-ports-*")
	if err != nil {
		return fmt.Errorf("reserved ports record %s: %w", r.Record, err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	_, err = tmp.WriteString(p.String() + "\n")
	if err = errors.Join(err, tmp.Sync(), tmp.Close()); err != nil {
		return fmt.Errorf("reserved ports record %s: %w", r.Record, err)
	}
	if err := os.Rename(tmp.Name(), r.Record); err != nil {
		return fmt.Errorf("reserved ports record %s: %w", r.Record, err)
	}
	return nil
}
