package cluster

import (
	"log/slog"
	"unicode/utf8"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/events"
)

// Event reasons diktyo-nri posts (kubectl describe shows them).
const (
	// ReasonRefused: a pod diktyo refused to start (its annotation, the
	// value and why are in the note).
	ReasonRefused = "DiktyoPolicyRefused"
	// ReasonRepairFailed: a running pod's policy could not be repaired
	// (what is applied stays; retried).
	ReasonRepairFailed = "DiktyoRepairFailed"
	// ReasonPoolExhausted: a pool had no free block for a pod.
	ReasonPoolExhausted = "DiktyoPoolExhausted"
	// ReasonAddressHeld: a managed egress address a pod asked for is
	// held by another node's Lease.
	ReasonAddressHeld = "DiktyoEgressAddressHeld"
	// ReasonDegraded and ReasonRecovered: the daemon's state on the node.
	ReasonDegraded  = "DiktyoDegraded"
	ReasonRecovered = "DiktyoRecovered"
	// ReasonLeaseLost: a Lease this node held was taken by another node
	// while its pods still use the address (they keep it).
	ReasonLeaseLost = "DiktyoLeaseLost"
	// ReasonNRIUnavailable: diktyo-nri cannot reach the runtime's NRI
	// (no socket: NRI disabled, or containerd down); no pod gets policy.
	ReasonNRIUnavailable = "DiktyoNRIUnavailable"
	// ReasonRuntimeUnsupported: the runtime lacks what every pod with a
	// policy needs (containerd before 2.1: no pod IPs over NRI).
	ReasonRuntimeUnsupported = "DiktyoRuntimeUnsupported"
)

// maxNote is the API's limit on an Event's note (events.k8s.io/v1).
const maxNote = 1024

// Recorder posts Events, asynchronously: a call never waits for the API
// server (client-go's broadcaster queues, drops when full, aggregates
// repeats into a series). A nil *Recorder posts nothing (node-local).
type Recorder struct {
	rec  events.EventRecorder
	node *v1.ObjectReference
	stop func()
}

// NewRecorder starts posting Events through c.
func NewRecorder(c *Client, log *slog.Logger) *Recorder {
	b := events.NewBroadcaster(&events.EventSinkImpl{Interface: c.Events})
	stop := make(chan struct{})
	b.StartRecordingToSink(stop)
	// A private scheme: only core/v1's references are ever made.
	s := runtime.NewScheme()
	_ = v1.AddToScheme(s)
	log.Info("kubernetes events on", "reportingController", ReportingController)
	return &Recorder{
		rec:  b.NewRecorder(s, ReportingController),
		node: &v1.ObjectReference{APIVersion: "v1", Kind: "Node", Name: c.Node, UID: types.UID(c.Node)},
		stop: func() { close(stop); b.Shutdown() },
	}
}

// PodRef names the pod an Event is about.
type PodRef struct{ Namespace, Name, UID string }

// Pod posts an Event on a pod: warning or normal, a reason above, the
// action diktyo was taking (an NRI event name), and the note.
func (r *Recorder) Pod(p PodRef, warning bool, reason, action, note string) {
	if r == nil || p.Name == "" {
		return
	}
	ref := &v1.ObjectReference{APIVersion: "v1", Kind: "Pod", Namespace: p.Namespace, Name: p.Name, UID: types.UID(p.UID)}
	r.rec.Eventf(ref, r.node, eventType(warning), reason, action, "%s", truncate(note))
}

// Node posts an Event on this node.
func (r *Recorder) Node(warning bool, reason, action, note string) {
	if r == nil {
		return
	}
	r.rec.Eventf(r.node, nil, eventType(warning), reason, action, "%s", truncate(note))
}

// Shutdown stops posting (what is queued may be lost).
func (r *Recorder) Shutdown() {
	if r != nil {
		r.stop()
	}
}

func eventType(warning bool) string {
	if warning {
		return v1.EventTypeWarning
	}
	return v1.EventTypeNormal
}

// truncate cuts note to the API's limit on a rune boundary, marking the cut.
func truncate(note string) string {
	if len(note) <= maxNote {
		return note
	}
	const mark = " [...]"
	cut := maxNote - len(mark)
	for cut > 0 && !utf8.RuneStart(note[cut]) {
		cut--
	}
	return note[:cut] + mark
}
