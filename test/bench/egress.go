package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/containerd/nri/pkg/adaptation"
	nriapi "github.com/containerd/nri/pkg/api"
)

// The egress cost measurement: what a managed egress address adds to a
// pod's RunPodSandbox. The node gets a LAN interface (a veth to a
// namespace where nobody answers), one managed address on it and one
// routed address; pods ask for SNAT to one or the other.
const (
	egressLink    = "dkeg0"
	egressManaged = "198.19.0.60"
	egressRouted  = "198.19.0.61"
)

const egressConfig = `egress:
  addresses:
  - {address: ` + egressManaged + `, interface: ` + egressLink + `, manage: true}
  - {address: ` + egressRouted + `, routed: true}
  # shared: the holder and the measured pod both take ports 1000-1999 of
  # the managed address (explicit ranges would clash otherwise).
  pools:
  - {name: eg, address: ` + egressManaged + `, ports: "60000-60999", blockSize: 100, shared: true}
  stateDir: STATEDIR
  attributionLog: STATEDIR/attribution.jsonl
`

// runEgress interleaves, round by round: a pod to the routed address; a
// pod to the managed address while no pod uses it (diktyo-nri probes for
// a conflict, assigns it, announces it); and, with a holder pod keeping
// the address present, a pod to it again (a reference count). Each
// measured pod is stopped and removed before the next.
func (h *Harness) runEgress(ctx context.Context) error {
	w, err := h.newNRIWorldWith("iptables", true, strings.ReplaceAll(egressConfig, "STATEDIR", filepath.Join(h.Env.Dir, "egress-state")))
	if err != nil {
		return err
	}
	lan, err := h.Env.NewNetns("lan")
	if err != nil {
		return err
	}
	for _, c := range [][]string{
		{"ip", "-n", w.node.Name, "link", "add", egressLink, "type", "veth", "peer", "name", "eth0", "netns", lan.Name},
		{"ip", "-n", w.node.Name, "link", "set", egressLink, "up"},
		{"ip", "-n", lan.Name, "link", "set", "eth0", "up"},
	} {
		if _, err := runHost(c[0], c[1:]...); err != nil {
			return err
		}
	}
	d, err := w.startDaemon()
	if err != nil {
		return err
	}
	defer h.Env.Stop(d.cmd)
	if _, err := d.reconciled(ctx, 0, 30*time.Second); err != nil {
		return fmt.Errorf("egress: %w", err)
	}
	var routed, absent, present []time.Duration
	once := func(external string, into *[]time.Duration) error {
		p, err := w.egressPod(external)
		if err != nil {
			return err
		}
		dt, err := w.run(ctx, p)
		if err != nil {
			return fmt.Errorf("egress: RunPodSandbox %s to %s: %w", p.Name, external, err)
		}
		*into = append(*into, dt)
		return w.stopRemove(ctx, p)
	}
	rounds := max(5, h.Opts.Rounds*h.Opts.PerRound*3)
	for range rounds {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := once(egressRouted, &routed); err != nil {
			return err
		}
		if err := w.waitAddress(false); err != nil {
			return err
		}
		if err := once(egressManaged, &absent); err != nil {
			return err
		}
		holder, err := w.egressPod(egressManaged)
		if err != nil {
			return err
		}
		if _, err := w.run(ctx, holder); err != nil {
			return fmt.Errorf("egress: holder pod: %w", err)
		}
		if err := once(egressManaged, &present); err != nil {
			return err
		}
		if err := w.stopRemove(ctx, holder); err != nil {
			return err
		}
	}
	h.Res.Egress = &EgressResult{Routed: Summarize(routed), Absent: Summarize(absent), Present: Summarize(present)}
	return nil
}

// egressPod is a pod asking SNAT to external for the remote network.
func (w *nriWorld) egressPod(external string) (*nriapi.PodSandbox, error) {
	p, err := w.pod(false)
	if err != nil {
		return nil, err
	}
	if external == egressManaged {
		external += ":1000-1999"
	}
	masq, err := json.Marshal([]map[string]string{{"external": external, "destination": remoteNet.String(), "protocol": "udp"}})
	if err != nil {
		return nil, err
	}
	p.Annotations = map[string]string{"diktyo.io/v1.masq": string(masq)}
	return p, nil
}

// stopRemove stops and removes a pod, as the runtime does when it goes.
func (w *nriWorld) stopRemove(ctx context.Context, p *nriapi.PodSandbox) error {
	if err := w.runtime.StopPodSandbox(ctx, &adaptation.StopPodSandboxRequest{Pod: p}); err != nil {
		return fmt.Errorf("StopPodSandbox %s: %w", p.Name, err)
	}
	if err := w.runtime.RemovePodSandbox(ctx, &adaptation.RemovePodSandboxRequest{Pod: p}); err != nil {
		return fmt.Errorf("RemovePodSandbox %s: %w", p.Name, err)
	}
	w.mu.Lock()
	delete(w.pods, p.Id)
	w.mu.Unlock()
	return nil
}

// waitAddress waits (at most 5 s) until the managed address is on the
// node's LAN link (want) or not: "absent" must measure a first user.
func (w *nriWorld) waitAddress(want bool) error {
	deadline := time.Now().Add(5 * time.Second)
	for {
		out, err := w.node.Run("ip", "-o", "addr", "show", "dev", egressLink)
		if err != nil {
			return err
		}
		if strings.Contains(out, " "+egressManaged+"/") == want {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("egress: managed address %s still %s on %s", egressManaged, map[bool]string{true: "absent", false: "present"}[want], egressLink)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
