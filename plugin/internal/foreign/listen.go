package foreign

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/google/nftables"
	mdnetlink "github.com/mdlayher/netlink"
	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netlink/nl"
	"github.com/vishvananda/netns"
	"golang.org/x/sys/unix"
)

// The sources of notifications, the values of
// diktyo_foreign_watch_failures_total{source}.
const (
	SourceNftables = "nftables"
	SourceRules    = "rules"
	SourceRoutes   = "routes"
)

// Sources lists every source.
var Sources = []string{SourceNftables, SourceRules, SourceRoutes}

// Options configure a listener.
type Options struct {
	// NetNS is the path of the namespace to listen in; "": the caller's
	// (the host's).
	NetNS string
	// Owned says what diktyo owns now (the config may change).
	Owned func() Owned
	// LivePods returns the addresses of the live pods (read once per
	// batch of ip rule deletions that names one).
	LivePods func() map[netip.Addr]bool
	// Ours reports whether the task that committed an nftables
	// transaction is diktyo's own; nil: OwnTask.
	Ours func(pid uint32) bool
	// Changed is told what of diktyo's one batch of notifications
	// deleted or changed (never Empty).
	Changed func(Change)
	// Failed is told that a source could not subscribe, or that its
	// subscription ended (an overrun: ENOBUFS); established says which.
	// The listener subscribes again.
	Failed func(source string, err error, established bool)
	// Resubscribed is told that a source that was lost listens again:
	// what happened meanwhile was not seen.
	Resubscribed func(source string)
	// RcvBuf is each subscription's receive buffer (0: 4 MiB).
	RcvBuf int
	// RetryMax bounds the wait between failed subscriptions (0: 30 s).
	RetryMax time.Duration
	Log      *slog.Logger
}

// Run listens until ctx ends. It never fails: a source that cannot
// subscribe is retried with backoff, a lost one at once.
func Run(ctx context.Context, o Options) {
	if o.Ours == nil {
		o.Ours = OwnTask
	}
	if o.RcvBuf == 0 {
		o.RcvBuf = 4 << 20
	}
	if o.RetryMax == 0 {
		o.RetryMax = 30 * time.Second
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	l := &listener{o: o}
	done := make(chan struct{}, 3)
	for src, serve := range map[string]func(context.Context, func()) error{
		SourceNftables: l.serveNftables,
		SourceRules:    l.serveRules,
		SourceRoutes:   l.serveRoutes,
	} {
		go func() {
			defer func() { done <- struct{}{} }()
			l.keep(ctx, src, serve)
		}()
	}
	for range 3 {
		<-done
	}
}

type listener struct{ o Options }

// keep runs serve until ctx ends, subscribing again whenever it ends.
// serve calls ready once it listens.
func (l *listener) keep(ctx context.Context, src string, serve func(context.Context, func()) error) {
	const minWait = 100 * time.Millisecond
	wait, lost, established := minWait, false, false
	for {
		established = false
		began := time.Now()
		err := serve(ctx, func() {
			established, wait = true, minWait
			if lost {
				lost = false
				l.o.Resubscribed(src)
			}
		})
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			err = errors.New("subscription ended")
		}
		l.o.Failed(src, err, established)
		if established {
			lost = true
			if time.Since(began) > time.Second {
				// Lost after a while (an overrun): listen again at once.
				continue
			}
			// Lost as soon as made: back off, as for a refusal.
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, l.o.RetryMax)
	}
}

// nsHandle opens the namespace to listen in (netns.None(): the
// caller's); the caller closes it.
func (l *listener) nsHandle() (netns.NsHandle, error) {
	if l.o.NetNS == "" {
		return netns.None(), nil
	}
	h, err := netns.GetFromPath(l.o.NetNS)
	if err != nil {
		return netns.None(), fmt.Errorf("opening netns %q: %w", l.o.NetNS, err)
	}
	return h, nil
}

// serveNftables listens to nftables' transactions (NFNLGRP_NFTABLES).
func (l *listener) serveNftables(ctx context.Context, ready func()) error {
	h, err := l.nsHandle()
	if err != nil {
		return err
	}
	defer h.Close()
	opts := []nftables.ConnOption{nftables.WithSockOptions(func(c *mdnetlink.Conn) error {
		return c.SetReadBuffer(l.o.RcvBuf)
	})}
	if h.IsOpen() {
		opts = append(opts, nftables.WithNetNSFd(int(h)))
	}
	conn, err := nftables.New(opts...)
	if err != nil {
		return fmt.Errorf("nftables connection: %w", err)
	}
	// Every action and object: a narrower monitor also drops the
	// generation message that ends each transaction (the library's
	// filter), and no transaction would ever be reported.
	mon := nftables.NewMonitor(nftables.WithMonitorEventBuffer(256))
	events, err := conn.AddGenerationalMonitor(mon)
	if err != nil {
		return fmt.Errorf("subscribing to nftables changes: %w", err)
	}
	defer func() {
		_ = mon.Close()
		for range events { // the monitor's goroutine ends once drained
		}
	}()
	ready()
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-events:
			if !ok {
				return errors.New("nftables monitor closed")
			}
			if g := ev.GeneratedBy; g != nil && g.Type == nftables.MonitorEventTypeOOB {
				return fmt.Errorf("receiving nftables changes: %w", g.Error)
			}
			if c := NftChange(ev, l.o.Owned(), l.o.Ours); !c.Empty() {
				l.o.Changed(c)
			}
		}
	}
}

// serveRules listens to ip rule changes (RTNLGRP_IPV4_RULE and
// RTNLGRP_IPV6_RULE): the netlink library has no subscription for them.
func (l *listener) serveRules(ctx context.Context, ready func()) error {
	h, err := l.nsHandle()
	if err != nil {
		return err
	}
	defer h.Close()
	s, err := nl.SubscribeAt(h, netns.None(), unix.NETLINK_ROUTE, unix.RTNLGRP_IPV4_RULE, unix.RTNLGRP_IPV6_RULE)
	if err != nil {
		return fmt.Errorf("subscribing to ip rule changes: %w", err)
	}
	if err := s.SetReceiveBufferSize(l.o.RcvBuf, false); err != nil {
		s.Close()
		return fmt.Errorf("setting the rule subscription's buffer: %w", err)
	}
	stop := context.AfterFunc(ctx, s.Close)
	defer func() {
		if stop() {
			s.Close()
		}
	}()
	ready()
	for {
		msgs, from, err := s.Receive()
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return fmt.Errorf("receiving ip rule changes: %w", err)
		}
		if from.Pid != nl.PidKernel {
			continue
		}
		if c := l.rulesChange(msgs); len(c.Kinds) > 0 {
			l.o.Changed(c)
		}
	}
}

// rulesChange is what of diktyo's a batch of rule notifications
// deleted.
func (l *listener) rulesChange(msgs []syscall.NetlinkMessage) Change {
	var isLive func(netip.Addr) bool // nil: every address counts
	if l.o.LivePods != nil {
		var live map[netip.Addr]bool
		isLive = func(a netip.Addr) bool {
			if live == nil {
				live = l.o.LivePods()
			}
			return live[a]
		}
	}
	o := l.o.Owned()
	var c Change
	for _, m := range msgs {
		if m.Header.Type != unix.RTM_DELRULE {
			continue
		}
		r, err := ParseRule(m.Data)
		switch {
		case err != nil:
			c.add(KindIPRule) // unreadable: the re-check decides
			c.Whole = true
		case o.OwnsRule(r, isLive):
			c.add(KindIPRule)
			if a, ok := r.podAddr(); ok {
				c.Addrs = append(c.Addrs, a)
			} else {
				c.Whole = true
			}
		}
	}
	return c
}

// ParseRule reads an RTM_NEWRULE/RTM_DELRULE message's body (struct
// fib_rule_hdr, laid out as struct rtmsg, and its attributes).
func ParseRule(b []byte) (RuleEvent, error) {
	var r RuleEvent
	if len(b) < unix.SizeofRtMsg {
		return r, fmt.Errorf("rule message of %d bytes", len(b))
	}
	hdr := nl.DeserializeRtMsg(b)
	r.Table = uint32(hdr.Table)
	attrs, err := nl.ParseRouteAttr(b[unix.SizeofRtMsg:])
	if err != nil {
		return r, fmt.Errorf("rule message attributes: %w", err)
	}
	for _, a := range attrs {
		switch a.Attr.Type {
		case nl.FRA_PRIORITY:
			r.Priority = native(a.Value)
		case nl.FRA_TABLE:
			r.Table = native(a.Value)
		case nl.FRA_SRC:
			r.Src = prefix(a.Value, hdr.Src_len)
		case nl.FRA_DST:
			r.Dst = prefix(a.Value, hdr.Dst_len)
		}
	}
	return r, nil
}

func native(b []byte) uint32 {
	if len(b) < 4 {
		return 0
	}
	return nl.NativeEndian().Uint32(b)
}

func prefix(b []byte, bits uint8) netip.Prefix {
	a, ok := netip.AddrFromSlice(b)
	if !ok {
		return netip.Prefix{}
	}
	p, err := a.Unmap().Prefix(int(bits))
	if err != nil {
		return netip.Prefix{}
	}
	return p
}

// serveRoutes listens to route changes (RTNLGRP_IPV4_ROUTE and
// RTNLGRP_IPV6_ROUTE): a deleted or replaced route of an owned table.
func (l *listener) serveRoutes(ctx context.Context, ready func()) error {
	h, err := l.nsHandle()
	if err != nil {
		return err
	}
	defer h.Close()
	ch := make(chan netlink.RouteUpdate, 256)
	done := make(chan struct{})
	errs := make(chan error, 1)
	err = netlink.RouteSubscribeWithOptions(ch, done, netlink.RouteSubscribeOptions{
		Namespace:         &h,
		ReceiveBufferSize: l.o.RcvBuf,
		ErrorCallback: func(err error) {
			select {
			case errs <- err:
			default:
			}
		},
	})
	if err != nil {
		return fmt.Errorf("subscribing to route changes: %w", err)
	}
	defer func() {
		close(done)
		for range ch { // the library's goroutine ends once drained
		}
	}()
	ready()
	for {
		select {
		case <-ctx.Done():
			return nil
		case u, ok := <-ch:
			if !ok {
				select {
				case err := <-errs:
					return fmt.Errorf("receiving route changes: %w", err)
				default:
					return errors.New("route subscription closed")
				}
			}
			if routeChanged(u) && l.o.Owned().OwnsRouteTable(uint32(u.Table)) {
				l.o.Changed(Change{Kinds: []Kind{KindRoute}, Whole: true})
			}
		}
	}
}

// routeChanged: a deletion, or a replacement of what was there.
func routeChanged(u netlink.RouteUpdate) bool {
	return u.Type == unix.RTM_DELROUTE || (u.Type == unix.RTM_NEWROUTE && u.NlFlags&unix.NLM_F_REPLACE != 0)
}

// OwnTask reports whether pid (a task id, as nftables names the
// committing task) is a thread of this process or a child of it (a
// chain plugin run as a binary). A task that is gone by the time this
// is asked is not known to be ours.
func OwnTask(pid uint32) bool {
	if pid == 0 {
		return false
	}
	if int(pid) == os.Getpid() {
		return true
	}
	id := strconv.FormatUint(uint64(pid), 10)
	if _, err := os.Stat("/proc/self/task/" + id); err == nil {
		return true
	}
	return parentOf(id) == os.Getpid()
}

// parentOf reads a task's parent from /proc (-1: unknown).
func parentOf(id string) int {
	b, err := os.ReadFile("/proc/" + id + "/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "PPid:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return -1
			}
			return n
		}
	}
	return -1
}
