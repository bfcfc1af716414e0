package plugin

import (
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/plugin/internal/kube"
)

// kubeOptions wire the cluster connection (plugin/internal/kube) to the
// config, the admission and the health.
func kubeOptions(p *Plugin) kube.Options {
	return kube.Options{
		Log: p.log, Metrics: p.metrics, Health: &p.health, Admission: p.admission,
		Selects: func() bool { return p.conf.Load().Cfg.Egress.HasNodeSelectors() },
		Reload:  func() (bool, error) { return p.conf.Reload(false) },
		Changed: func() { p.triggerReconcile("node labels") },
		Ledger:  func() *hostaddr.Ledger { return p.conf.Load().Ledger },
		// Through p at each call: the state is published as it is then.
		Published: func() { p.publishHealth() },
	}
}

// connectCluster sets up p.kube from the config in force at start
// (cluster.*, read at start only), or from Options.Cluster.
func (p *Plugin) connectCluster() (err error) {
	p.kube, err = kube.Connect(p.conf.Load().Cfg.Cluster, p.opts.Cluster, p.opts.ConnectCluster, kubeOptions(p))
	return err
}
