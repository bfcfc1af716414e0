package cniutil

import (
	"context"
	"fmt"
	"runtime"

	"github.com/vishvananda/netns"
)

// Deferral takes work a plugin must have done before the pod's first
// application container starts, but not before the runtime is answered:
// the conntrack cleanup of a new pod's addresses (a full walk of the
// kernel's table, the larger part of an ADD's time), when the caller can
// hold the pod's containers until it is done. diktyo-nri is such a
// caller: its CreateContainer waits for the pod's deferred work, and a
// container is not created until it succeeded. work may be run more than
// once (a retry); release frees what it holds, once, when the caller
// drops it (done, or the pod gone).
type Deferral func(work func() error, release func())

type deferralKey struct{}

// WithDeferral returns ctx carrying d for the plugin verbs run with it.
func WithDeferral(ctx context.Context, d Deferral) context.Context {
	return context.WithValue(ctx, deferralKey{}, d)
}

// Defer hands work to the Deferral ctx carries and returns nil; without
// one (a plugin binary, any runtime but diktyo-nri, a repair of a running
// pod) it runs work now and returns its error. Handed over, work runs in
// the network namespace the plugin runs in now (the node's, or a test's
// throwaway one), whichever thread runs it later.
func Defer(ctx context.Context, work func() error) error {
	d, ok := ctx.Value(deferralKey{}).(Deferral)
	if !ok || d == nil {
		return work()
	}
	h, err := netns.Get()
	if err != nil {
		return work() // cannot say where later: now
	}
	d(func() error { return InNetNS(h, work) }, func() { _ = h.Close() })
	return nil
}

// InNetNS runs work on this goroutine's thread switched into h, and back:
// work a plugin left behind its answer, in the namespace it ran in. A
// thread that cannot be switched back is never used again (it stays
// locked, and ends with the goroutine).
func InNetNS(h netns.NsHandle, work func() error) error {
	runtime.LockOSThread()
	orig, err := netns.Get()
	if err != nil {
		runtime.UnlockOSThread()
		return fmt.Errorf("reading the thread's network namespace: %w", err)
	}
	defer func() { _ = orig.Close() }()
	if orig.Equal(h) {
		defer runtime.UnlockOSThread()
		return work()
	}
	if err := netns.Set(h); err != nil {
		runtime.UnlockOSThread()
		return fmt.Errorf("entering the plugin's network namespace: %w", err)
	}
	werr := work()
	if err := netns.Set(orig); err == nil {
		runtime.UnlockOSThread()
	}
	return werr
}
