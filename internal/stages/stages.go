// Package stages times the steps of one handler, so that a slow
// RunPodSandbox says where its time went: in its log line, in a
// histogram, and in the benchmark's stage table.
//
// A Recorder rides in the context of one piece of work; every step that
// wants to be seen calls Since (or Time) with its name. Without a
// Recorder in the context those calls cost a context lookup and nothing
// else, so the plugins call them unconditionally.
package stages

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Stage is one timed step. A name seen more than once (a plugin run
// twice in one chain) is one Stage, its times summed, in the order it
// was first seen.
type Stage struct {
	Name string
	Took time.Duration
}

// Recorder collects the stages of one handler. Its methods are safe for
// concurrent use (a plugin may run in a goroutine of its own) and on a
// nil Recorder, where they do nothing.
type Recorder struct {
	mu   sync.Mutex
	list []Stage
}

// Add records that stage name took d.
func (r *Recorder) Add(name string, d time.Duration) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range r.list {
		if r.list[i].Name == name {
			r.list[i].Took += d
			return
		}
	}
	r.list = append(r.list, Stage{Name: name, Took: d})
}

// Since records that stage name ran from start until now.
func (r *Recorder) Since(name string, start time.Time) {
	if r != nil {
		r.Add(name, time.Since(start))
	}
}

// Stages is a copy of what was recorded, in first-seen order.
func (r *Recorder) Stages() []Stage {
	if r == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Stage(nil), r.list...)
}

// LogValue is a group of name=duration, for slog (JSON: an object of
// nanoseconds).
func (r *Recorder) LogValue() slog.Value {
	list := r.Stages()
	attrs := make([]slog.Attr, 0, len(list))
	for _, s := range list {
		attrs = append(attrs, slog.Duration(s.Name, s.Took.Round(time.Microsecond)))
	}
	return slog.GroupValue(attrs...)
}

type ctxKey struct{}

// With returns ctx carrying r.
func With(ctx context.Context, r *Recorder) context.Context {
	return context.WithValue(ctx, ctxKey{}, r)
}

// From is the Recorder ctx carries, or nil.
func From(ctx context.Context) *Recorder {
	r, _ := ctx.Value(ctxKey{}).(*Recorder)
	return r
}

// Time starts stage name of ctx's Recorder; the function it returns
// ends it: defer stages.Time(ctx, "x")().
func Time(ctx context.Context, name string) func() {
	r := From(ctx)
	if r == nil {
		return func() {}
	}
	start := time.Now()
	return func() { r.Since(name, start) }
}
