package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The load part of section 4: several `crictl runp` at once against the
// bench VM's containerd, with and without diktyo-nri, and what pods
// starting at once do to CreateContainer of an unrelated pod. containerd's
// NRI adaptation handles one event at a time (every event takes its
// lock), so diktyo-nri's handler time is spent inside a section every
// pod's and container's NRI event passes through: these figures show
// what that costs when pods start together.

// loadBlockMin is the fewest pods of a load block: diktyo-nri is restarted
// for every block (the arms differ in its chain), so a block must be long
// enough for the restart not to set the pace.
const loadBlockMin = 16

// loadArms in the order of a round's first block (rotated every round).
var loadArms = []string{ArmNone, ArmNFTables, ArmIPTables}

// createBackend is the ipmasq backend of the annotated pods that start
// while CreateContainer is timed: the one deploy/chain.conflist ships.
const createBackend = ArmNFTables

// loadSamples collects one (arm, concurrency) point over its blocks.
type loadSamples struct {
	runp, stopp, handler []time.Duration
	wall                 time.Duration
	perPod               []time.Duration // per block: its start phase over its pods
}

// blockPlan is the pods per block and the rounds for a concurrency level:
// every block has at least c pods (so c really start at once) and
// loadBlockMin, within the mode's pod count, and the rounds reach
// CRILoadPods per arm. The highest level runs at least CRITopRounds: its
// pods/s ratio is a target, and its interval needs several blocks.
func (v *benchVM) blockPlan(c int) (block, rounds int) {
	pods := v.h.Opts.CRILoadPods
	block = max(c, min(loadBlockMin, pods))
	rounds = max(1, (pods+block-1)/block)
	if c == slices.Max(v.h.Opts.CRILevels) {
		rounds = max(rounds, v.h.Opts.CRITopRounds)
	}
	return block, rounds
}

// measureLoad runs, for each concurrency level, rounds of one block per
// arm, the arms' order rotated every round.
func (v *benchVM) measureLoad(ctx context.Context, res *ContainerdResult) error {
	for _, c := range v.h.Opts.CRILevels {
		block, rounds := v.blockPlan(c)
		samples := map[string]*loadSamples{}
		for _, arm := range loadArms {
			samples[arm] = &loadSamples{}
		}
		for r := range rounds {
			for i := range loadArms {
				arm := loadArms[(i+r)%len(loadArms)]
				if err := v.loadArm(ctx, arm, c, block, samples[arm]); err != nil {
					return fmt.Errorf("%s, %d at once: %w", arm, c, err)
				}
			}
		}
		for _, arm := range loadArms {
			s := samples[arm]
			res.Load = append(res.Load, LoadRow{Arm: arm, Concurrency: c, Runp: Summarize(s.runp), Stopp: Summarize(s.stopp),
				Handler: Summarize(s.handler), Wall: s.wall, BlockPerPod: s.perPod})
		}
		v.h.Log.Info("containerd load level done", "concurrency", c, "block", block, "rounds", rounds)
	}
	res.LoadNotes = append(res.LoadNotes,
		fmt.Sprintf("blocks of at least %d pods (and at least as many as start at once) per arm, arms rotating every round, at least %d rounds at %d at once; a block starts all its pods with that many `crictl runp` at once, then stops them (`crictl stopp`, timed, as many at once) and removes them (untimed); diktyo-nri is started for every block of a diktyo arm with that arm's chain and one annotated pod is run through it first, untimed", min(loadBlockMin, v.h.Opts.CRILoadPods), max(1, v.h.Opts.CRITopRounds), slices.Max(v.h.Opts.CRILevels)),
		"pods/s is a block's pods over the time from its first `crictl runp` to its last one returning, summed over blocks (the ratio's interval is drawn from the blocks' time per pod); the diktyo arms start annotated pods (the same policy as the single-pod rows), the arm without diktyo-nri pods without annotations")
	return nil
}

// loadArm runs one block of an arm, with diktyo-nri connected (and warmed
// up) for the diktyo arms.
func (v *benchVM) loadArm(ctx context.Context, arm string, c, n int, s *loadSamples) error {
	if arm == ArmNone {
		return v.loadBlock(ctx, c, n, false, s)
	}
	d, stop, err := v.readyNRI(ctx, v.configs[arm])
	if err != nil {
		return err
	}
	defer stop()
	from := d.count()
	if err := v.loadBlock(ctx, c, n, true, s); err != nil {
		return err
	}
	took, err := policyTimes(ctx, d, from, n)
	s.handler = append(s.handler, took...)
	return err
}

// readyNRI starts diktyo-nri with the admin config cfg and warms it up;
// stop ends it. On an error nothing is left running.
func (v *benchVM) readyNRI(ctx context.Context, cfg string) (*daemon, func(), error) {
	d, err := v.startNRI(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	stop := func() { v.h.Env.Stop(d.cmd) }
	if err := v.warmUp(ctx, d); err != nil {
		stop()
		return nil, nil, err
	}
	return d, stop, nil
}

// warmUp runs one annotated pod through a freshly connected diktyo-nri
// (untimed) and waits for its log line, so later lines are the measured
// pods'.
func (v *benchVM) warmUp(ctx context.Context, d *daemon) error {
	from := d.count()
	if _, err := v.runp(ctx, true); err != nil {
		return fmt.Errorf("warm-up pod: %w", err)
	}
	_, err := policyTimes(ctx, d, from, 1)
	return err
}

// policyTimes waits for n `policy applied` lines from index from on and
// returns their took fields.
func policyTimes(ctx context.Context, d *daemon, from, n int) ([]time.Duration, error) {
	var took []time.Duration
	for range n {
		l, next, err := d.waitLog(ctx, from, 30*time.Second, func(l logLine) bool { return l.msg == "policy applied" })
		if err != nil {
			return took, fmt.Errorf("diktyo-nri's policy applied line %d of %d: %w", len(took)+1, n, err)
		}
		took, from = append(took, durAttr(l.attr["took"])), next
	}
	return took, nil
}

// block is a set of pods started together.
type block struct {
	ids         []string
	runp, stopp []time.Duration
	wall        time.Duration
}

// loadBlock starts n pods, c at a time, then stops and removes them.
func (v *benchVM) loadBlock(ctx context.Context, c, n int, annotated bool, s *loadSamples) error {
	b, err := v.startBlock(ctx, c, n, annotated)
	if err != nil {
		return err
	}
	if err := v.stopBlock(ctx, b, c); err != nil {
		return err
	}
	s.runp, s.stopp, s.wall = append(s.runp, b.runp...), append(s.stopp, b.stopp...), s.wall+b.wall
	s.perPod = append(s.perPod, b.wall/time.Duration(n))
	return nil
}

// startBlock times n `crictl runp`, c at a time (pod configs are written
// before, untimed). When one fails, the pods started are removed.
func (v *benchVM) startBlock(ctx context.Context, c, n int, annotated bool) (*block, error) {
	cfgs := make([]string, n)
	for i := range cfgs {
		var err error
		if cfgs[i], err = v.podConfig(annotated); err != nil {
			return nil, err
		}
	}
	b := &block{ids: make([]string, n), runp: make([]time.Duration, n)}
	t0 := time.Now()
	err := forEach(n, c, func(i int) error {
		var err error
		b.ids[i], b.runp[i], err = v.startPod(ctx, cfgs[i])
		return err
	})
	b.wall = time.Since(t0)
	if err != nil {
		return nil, errors.Join(err, v.removePods(ctx, b.ids))
	}
	return b, nil
}

// stopBlock times `crictl stopp` of the block's pods, c at a time, then
// removes them (untimed; also when a stop failed).
func (v *benchVM) stopBlock(ctx context.Context, b *block, c int) error {
	b.stopp = make([]time.Duration, len(b.ids))
	err := forEach(len(b.ids), c, func(i int) error {
		var err error
		b.stopp[i], err = v.stopPod(ctx, b.ids[i])
		return err
	})
	return errors.Join(err, v.removePods(ctx, b.ids))
}

// removePods force-removes pods in one crictl call (empty ids, of pods
// that did not start, are left out).
func (v *benchVM) removePods(ctx context.Context, ids []string) error {
	ids = slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return id == "" })
	if len(ids) == 0 {
		return nil
	}
	_, err := v.crictl(ctx, append([]string{"rmp", "-f"}, ids...)...)
	return err
}

// forEach calls f for 0..n-1 from c goroutines; after an error no new
// index is started. It returns every error.
func forEach(n, c int, f func(int) error) error {
	var (
		next   atomic.Int64
		failed atomic.Bool
		mu     sync.Mutex
		errs   []error
		wg     sync.WaitGroup
	)
	for range min(c, n) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n && !failed.Load(); i = int(next.Add(1)) - 1 {
				if err := f(i); err != nil {
					failed.Store(true)
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// measureCreate times CreateContainer of a container in a running pod
// without annotations in three conditions, interleaved per round: with
// diktyo-nri connected and nothing else starting; while a block of
// annotated pods starts (diktyo-nri's handler in NRI's path); and while a
// block of pods without annotations starts without diktyo-nri (what the
// same load costs containerd alone).
func (v *benchVM) measureCreate(ctx context.Context, res *ContainerdResult) error {
	img := v.vars["DIKTYO_TESTVM_APP_IMAGE"]
	if img == "" {
		v.h.Res.skip(SecContainerd, "CreateContainer under load: hack/testvm.sh env names no app image")
		return nil
	}
	if _, err := v.crictl(ctx, "inspecti", img); err != nil {
		v.h.Res.skip(SecContainerd, fmt.Sprintf("CreateContainer under load: image %s not on the test node (%v)", img, err))
		return nil
	}
	c := slices.Max(v.h.Opts.CRILevels)
	n, _ := v.blockPlan(c)
	cfg, err := v.podConfig(false)
	if err != nil {
		return err
	}
	victim, _, err := v.startPod(ctx, cfg)
	if err != nil {
		return err
	}
	vp := victimPod{id: victim, cfg: cfg, img: img}
	var idle, dk, plain []time.Duration
	conds := []func() error{
		func() error { return v.createIdle(ctx, vp, n/2, &idle) },
		func() error { return v.createDuring(ctx, vp, c, n, true, &dk) },
		func() error { return v.createDuring(ctx, vp, c, n, false, &plain) },
	}
	for r := range max(1, v.h.Opts.CRICreateRounds) {
		for i := range conds {
			if err := conds[(i+r)%len(conds)](); err != nil {
				return errors.Join(err, v.removePods(ctx, []string{victim}))
			}
		}
	}
	if err := v.removePods(ctx, []string{victim}); err != nil {
		return err
	}
	res.Create = &CreateLoad{Concurrency: c, Backend: createBackend, Idle: Summarize(idle), Diktyo: Summarize(dk), Plain: Summarize(plain),
		DiktyoSamples: dk, PlainSamples: plain}
	res.Create.Notes = append(res.Create.Notes, fmt.Sprintf("`crictl create --no-pull` of a container (image %s, not started, removed untimed) in a running pod without annotations, back to back for as long as a block of %d pods takes to start %d at a time (those pods are then stopped and removed, untimed), or %d times in a row while nothing else starts; the three conditions rotate every round", img, n, c, n/2))
	return nil
}

// victimPod is the running pod without annotations whose container
// creation is timed.
type victimPod struct{ id, cfg, img string }

// createIdle times n creates with diktyo-nri connected and nothing else
// starting.
func (v *benchVM) createIdle(ctx context.Context, vp victimPod, n int, out *[]time.Duration) error {
	_, stop, err := v.readyNRI(ctx, v.configs[createBackend])
	if err != nil {
		return err
	}
	defer stop()
	for range max(n, 1) {
		dt, err := v.createOnce(ctx, vp)
		if err != nil {
			return err
		}
		*out = append(*out, dt)
	}
	return nil
}

// createDuring times creates back to back while a block of n pods starts
// c at a time: annotated ones through a connected diktyo-nri, or ones
// without annotations and no diktyo-nri.
func (v *benchVM) createDuring(ctx context.Context, vp victimPod, c, n int, annotated bool, out *[]time.Duration) error {
	if annotated {
		_, stop, err := v.readyNRI(ctx, v.configs[createBackend])
		if err != nil {
			return err
		}
		defer stop()
	}
	started := make(chan struct{})
	var samples []time.Duration
	var cerr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-started:
				return
			default:
			}
			dt, err := v.createOnce(ctx, vp)
			if err != nil {
				cerr = err
				return
			}
			samples = append(samples, dt)
		}
	}()
	b, err := v.startBlock(ctx, c, n, annotated)
	close(started)
	<-done
	if err != nil {
		return errors.Join(err, cerr)
	}
	*out = append(*out, samples...)
	return errors.Join(cerr, v.stopBlock(ctx, b, c))
}

// createOnce times `crictl create` of a container in the victim pod and
// removes the container (untimed).
func (v *benchVM) createOnce(ctx context.Context, vp victimPod) (time.Duration, error) {
	name := fmt.Sprintf("probe-%04d", v.seq.Add(1))
	ctr, err := json.Marshal(map[string]any{
		"metadata": map[string]any{"name": name},
		"image":    map[string]any{"image": vp.img},
		"log_path": name + ".log",
		"linux":    map[string]any{},
	})
	if err != nil {
		return 0, err
	}
	f := filepath.Join(v.dir, name+".json")
	if err := os.WriteFile(f, ctr, 0o644); err != nil {
		return 0, err
	}
	t0 := time.Now()
	out, err := v.crictl(ctx, "create", "--no-pull", vp.id, f, vp.cfg)
	dt := time.Since(t0)
	if err != nil {
		return 0, err
	}
	if _, err := v.crictl(ctx, "rm", strings.TrimSpace(out)); err != nil {
		return 0, err
	}
	return dt, nil
}
