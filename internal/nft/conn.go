package nft

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"syscall"

	"github.com/vishvananda/netns"
	"golang.org/x/sys/unix"
)

// ErrNotFound matches (errors.Is) every error of this package that says
// a table, chain, set, element or rule does not exist (ENOENT).
var ErrNotFound = errors.New("nftables object not found")

// ErrExists matches errors that say an object exists (EEXIST), or that a
// map key exists with another value (EBUSY).
var ErrExists = errors.New("nftables object exists")

// OpError is the kernel's refusal of one operation of a batch, or of a
// listing.
type OpError struct {
	Op    string // the operation, rendered as in Batch.String
	Errno syscall.Errno
	Msg   string // the kernel's extended ack message, if any
}

func (e *OpError) Error() string {
	s := e.Op + ": " + e.Errno.Error()
	if e.Msg != "" {
		s += " (" + e.Msg + ")"
	}
	return s
}

// Unwrap lets errors.Is match the errno itself.
func (e *OpError) Unwrap() error { return e.Errno }

// Is makes ErrNotFound and ErrExists match.
func (e *OpError) Is(target error) bool {
	switch target {
	case ErrNotFound:
		return e.Errno == unix.ENOENT
	case ErrExists:
		return e.Errno == unix.EEXIST || e.Errno == unix.EBUSY
	}
	return false
}

// Conn is a NETLINK_NETFILTER socket in one network namespace. It is not
// safe for concurrent use; open one per transaction.
type Conn struct {
	*sock
	// fam is the family of the tables the listings read: 0 is inet.
	fam byte
}

// sock is a Conn's socket, shared by its views (In).
type sock struct {
	fd  int
	seq uint32
	buf []byte
}

// Open opens a socket in the network namespace at path, or in the
// calling thread's when path is empty (see the package doc).
func Open(path string) (*Conn, error) {
	if path == "" {
		return openHere()
	}
	target, err := netns.GetFromPath(path)
	if err != nil {
		return nil, fmt.Errorf("opening netns %s: %w", path, err)
	}
	defer target.Close()
	// The thread enters the target only for socket(2); the socket stays
	// there. The thread is left locked (and so discarded) if it cannot
	// return to its namespace.
	runtime.LockOSThread()
	orig, err := netns.Get()
	if err != nil {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("reading the thread's netns: %w", err)
	}
	defer orig.Close()
	if err := netns.Set(target); err != nil {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("entering netns %s: %w", path, err)
	}
	c, err := openHere()
	if rerr := netns.Set(orig); rerr != nil {
		if c != nil {
			_ = c.Close()
		}
		return nil, fmt.Errorf("returning from netns %s: %w", path, rerr)
	}
	runtime.UnlockOSThread()
	return c, err
}

func openHere() (*Conn, error) {
	fd, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_RAW|unix.SOCK_CLOEXEC, unix.NETLINK_NETFILTER)
	if err != nil {
		return nil, fmt.Errorf("netlink socket: %w", err)
	}
	c := &Conn{sock: &sock{fd: fd, buf: make([]byte, 1<<16)}}
	if err := unix.Bind(fd, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("netlink bind: %w", err)
	}
	// Errors carry the kernel's message but not a copy of ours; a stuck
	// kernel cannot block a verb forever.
	_ = unix.SetsockoptInt(fd, unix.SOL_NETLINK, unix.NETLINK_EXT_ACK, 1)
	_ = unix.SetsockoptInt(fd, unix.SOL_NETLINK, unix.NETLINK_CAP_ACK, 1)
	_ = unix.SetsockoptTimeval(fd, unix.SOL_SOCKET, unix.SO_RCVTIMEO, &unix.Timeval{Sec: 10})
	return c, nil
}

// Close closes the socket, in the background: the kernel's release of a
// NETLINK_NETFILTER socket waits until nf_tables has destroyed what the
// transactions before it deleted, an RCU grace period (nft_rcv_nl_event
// flushes the destroy work: 6 to 12 ms on the benchmark machine, most of
// a pod's DEL). Nothing of diktyo's waits for that destruction; the
// caller goes on, and the socket is gone a grace period later.
func (c *Conn) Close() error {
	if c.fd < 0 {
		return nil
	}
	go func(fd int) { _ = unix.Close(fd) }(c.fd)
	c.fd = -1
	return nil
}

// message is one netlink message being built.
type message struct {
	typ   uint16 // NFT_MSG_*, or a batch delimiter (with delim)
	delim bool   // a batch delimiter: typ is not nf_tables'

	flags uint16
	fam   byte
	resID uint16
	attrs []byte
}

func (m *message) encode(b []byte, seq uint32) []byte {
	n := unix.SizeofNlMsghdr + 4 + len(m.attrs)
	b = binary.NativeEndian.AppendUint32(b, uint32(n))
	// NFT_MSG_GETGEN has the number of NFNL_MSG_BATCH_BEGIN: only the
	// delimiters go without the subsystem.
	typ := m.typ
	if !m.delim {
		typ |= unix.NFNL_SUBSYS_NFTABLES << 8
	}
	b = binary.NativeEndian.AppendUint16(b, typ)
	b = binary.NativeEndian.AppendUint16(b, m.flags)
	b = binary.NativeEndian.AppendUint32(b, seq)
	b = binary.NativeEndian.AppendUint32(b, 0)
	b = append(b, m.fam, unix.NFNETLINK_V0)
	b = binary.BigEndian.AppendUint16(b, m.resID)
	return append(b, m.attrs...)
}

// Apply sends b as one transaction: the kernel applies every operation
// or none. An error is an *OpError for each refused operation (joined).
func (c *Conn) Apply(b *Batch) error {
	if len(b.Ops) == 0 {
		return nil
	}
	msgs := make([]message, 0, len(b.Ops))
	for _, op := range b.Ops {
		m, err := encodeOp(b.FamilyOf(op), b.Table, op)
		if err != nil {
			return fmt.Errorf("%s: %w", b.Render(op), err)
		}
		msgs = append(msgs, m)
	}
	base := c.seq + 1
	c.seq += uint32(len(msgs)) + 2
	// The kernel takes only requests, delimiters included: an END without
	// NLM_F_REQUEST aborts the batch.
	delim := message{flags: unix.NLM_F_REQUEST, resID: unix.NFNL_SUBSYS_NFTABLES, delim: true}
	begin, end := delim, delim
	begin.typ, end.typ = unix.NFNL_MSG_BATCH_BEGIN, unix.NFNL_MSG_BATCH_END
	if b.GenID != 0 {
		begin.attrs = attrs(nil).u32(unix.NFNL_BATCH_GENID, b.GenID)
	}
	out := begin.encode(nil, base)
	for i := range msgs {
		out = msgs[i].encode(out, base+1+uint32(i))
	}
	out = end.encode(out, base+1+uint32(len(msgs)))
	if err := unix.Sendto(c.fd, out, 0, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
		return fmt.Errorf("sending nftables batch: %w", err)
	}
	// Every message asked for an acknowledgement, and the kernel sends
	// one per message whether the batch commits or aborts.
	var errs []error
	for pending := len(msgs); pending > 0; {
		replies, err := c.receive()
		if err != nil {
			return fmt.Errorf("reading nftables batch acks: %w", err)
		}
		for _, r := range replies {
			if r.typ != unix.NLMSG_ERROR {
				continue
			}
			i := int(r.seq) - int(base) - 1
			if i < 0 || i >= len(msgs) {
				// The batch as a whole was refused (e.g. EPERM).
				if r.errno != 0 {
					return &OpError{Op: "nftables batch", Errno: r.errno, Msg: r.msg}
				}
				continue
			}
			pending--
			if r.errno != 0 {
				errs = append(errs, &OpError{Op: b.Render(b.Ops[i]), Errno: r.errno, Msg: r.msg})
			}
		}
	}
	return errors.Join(errs...)
}

// Gen returns the ruleset's generation: a batch carrying it (GenID) is
// refused when anything committed since.
func (c *Conn) Gen() (uint32, error) {
	msgs, err := c.request(unix.NFT_MSG_GETGEN, unix.AF_UNSPEC, unix.NLM_F_REQUEST, nil)
	if err != nil {
		return 0, listErr("the ruleset generation", err)
	}
	for _, m := range msgs {
		for _, a := range decodeAttrs(m) {
			if a.typ == unix.NFTA_GEN_ID {
				return beU32(a.data), nil
			}
		}
	}
	return 0, errors.New("the kernel gave no ruleset generation")
}

// reply is one received netlink message.
type reply struct {
	typ   uint16
	flags uint16
	seq   uint32
	data  []byte // after the nlmsghdr (and the nfgenmsg for nftables messages)
	errno syscall.Errno
	msg   string // extended ack message
}

func (c *Conn) receive() ([]reply, error) {
	for {
		n, _, err := unix.Recvfrom(c.fd, c.buf, 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, err
		}
		return parseReplies(c.buf[:n])
	}
}

func parseReplies(b []byte) ([]reply, error) {
	var out []reply
	for len(b) >= unix.SizeofNlMsghdr {
		n := int(binary.NativeEndian.Uint32(b[0:4]))
		if n < unix.SizeofNlMsghdr || n > len(b) {
			return nil, errors.New("truncated netlink message")
		}
		r := reply{typ: binary.NativeEndian.Uint16(b[4:6]), flags: binary.NativeEndian.Uint16(b[6:8]), seq: binary.NativeEndian.Uint32(b[8:12])}
		body := b[unix.SizeofNlMsghdr:n]
		switch {
		case r.typ == unix.NLMSG_ERROR && len(body) >= 4:
			r.errno = syscall.Errno(-int32(binary.NativeEndian.Uint32(body[:4])))
			r.msg = extAckMsg(body, r.flags)
		case r.typ >= unix.NLMSG_MIN_TYPE && len(body) >= 4:
			r.data = body[4:]
		}
		out = append(out, r)
		b = b[nlmsgAlign(n):]
	}
	return out, nil
}

// extAckMsg reads NLMSGERR_ATTR_MSG from an error carrying a capped copy
// of the request's header (NETLINK_CAP_ACK).
func extAckMsg(body []byte, flags uint16) string {
	if flags&unix.NLM_F_ACK_TLVS == 0 || len(body) < 4+unix.SizeofNlMsghdr {
		return ""
	}
	for _, a := range decodeAttrs(body[4+unix.SizeofNlMsghdr:]) {
		if a.typ == unix.NLMSGERR_ATTR_MSG {
			return cstring(a.data)
		}
	}
	return ""
}

func nlmsgAlign(n int) int { return (n + unix.NLMSG_ALIGNTO - 1) &^ (unix.NLMSG_ALIGNTO - 1) }

// dump sends a GET request and returns its replies' payloads. One that
// is not a dump (a single object) returns a one-element slice.
func (c *Conn) dump(typ uint16, dumpAll bool, attrs []byte) ([][]byte, error) {
	flags := uint16(unix.NLM_F_REQUEST | unix.NLM_F_ACK)
	if dumpAll {
		flags |= unix.NLM_F_DUMP
	}
	return c.request(typ, c.family(), flags, attrs)
}

// request sends one GET request and returns its replies' payloads: until
// NLMSG_DONE for a dump, the ack with NLM_F_ACK, else the first reply.
func (c *Conn) request(typ uint16, fam byte, flags uint16, attrs []byte) ([][]byte, error) {
	dumpAll := flags&unix.NLM_F_DUMP != 0
	c.seq++
	seq := c.seq
	m := message{typ: typ, flags: flags, fam: fam, attrs: attrs}
	if err := unix.Sendto(c.fd, m.encode(nil, seq), 0, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
		return nil, fmt.Errorf("sending nftables request: %w", err)
	}
	var out [][]byte
	for {
		replies, err := c.receive()
		if err != nil {
			return nil, fmt.Errorf("reading nftables reply: %w", err)
		}
		for _, r := range replies {
			if r.seq != seq {
				continue
			}
			switch r.typ {
			case unix.NLMSG_DONE:
				return out, nil
			case unix.NLMSG_ERROR:
				if r.errno != 0 {
					return nil, &OpError{Errno: r.errno, Msg: r.msg}
				}
				if !dumpAll {
					return out, nil // the ack after a single object
				}
			default:
				// Copied: the receive buffer is reused.
				out = append(out, append([]byte(nil), r.data...))
				if flags&(unix.NLM_F_ACK|unix.NLM_F_DUMP) == 0 {
					return out, nil // no ack follows
				}
			}
		}
	}
}
