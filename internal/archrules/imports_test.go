package archrules

import (
	"bytes"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/diktyo-io/diktyo/"

// pluginPackages are the CNI plugins and their subpackages: each works
// alone in any conflist.
var pluginPackages = []string{"pkg/ipmasq", "pkg/iproute", "pkg/registerdns", "pkg/noop"}

// testHelpers are imported by tests only (and by each other).
var testHelpers = []string{"pkg/testutil", "pkg/registerdns/dnstest", "pkg/ipmasq/internal/masqtest", "pkg/egress/hostaddr/lantest"}

// under reports whether pkg is p or below it.
func under(pkg string, ps ...string) bool {
	for _, p := range ps {
		if pkg == p || strings.HasPrefix(pkg, p+"/") {
			return true
		}
	}
	return false
}

// rule is one line of docs/architecture.md's "Import rules": what a
// package may import of diktyo's own (internal/ leaf helpers are open to
// every product package).
type rule struct {
	doc   string
	match func(pkg string) bool
	allow func(pkg, imp string) bool
}

var rules = []rule{
	{"pkg/api imports nothing of diktyo's",
		func(p string) bool { return p == "pkg/api" },
		func(string, string) bool { return false }},
	{"pkg/cniutil imports only pkg/api (and internal/ helpers)",
		func(p string) bool { return p == "pkg/cniutil" },
		func(_, imp string) bool { return imp == "pkg/api" || under(imp, "internal") }},
	{"a plugin package imports only pkg/api, pkg/cniutil, internal/ helpers and its own subpackages: never another plugin, pkg/policy or plugin",
		func(p string) bool { return under(p, pluginPackages...) && !under(p, testHelpers...) },
		func(p, imp string) bool {
			own := pluginPackages[slices.IndexFunc(pluginPackages, func(root string) bool { return under(p, root) })]
			return imp == "pkg/api" || imp == "pkg/cniutil" || under(imp, "internal") || under(imp, own)
		}},
	{"pkg/policy imports only pkg/api",
		func(p string) bool { return p == "pkg/policy" },
		func(_, imp string) bool { return imp == "pkg/api" || under(imp, "internal") }},
	{"pkg/cluster imports only pkg/policy: nothing else knows there is an API server",
		func(p string) bool { return p == "pkg/cluster" },
		func(_, imp string) bool { return imp == "pkg/policy" }},
	{"only plugin (diktyo-nri) and its cluster room plugin/internal/kube import pkg/cluster",
		func(p string) bool { return p != "plugin" && p != "plugin/internal/kube" && !under(p, "test", "hack") },
		func(_, imp string) bool { return imp != "pkg/cluster" }},
	{"pkg/inspect imports only pkg/cniutil: it reads the plugins through the registry it is given",
		func(p string) bool { return p == "pkg/inspect" },
		func(_, imp string) bool { return imp == "pkg/cniutil" || under(imp, "internal") }},
	{"pkg/explain imports no plugin package: it reaches the plugins through chainrun's registry",
		func(p string) bool { return p == "pkg/explain" },
		func(_, imp string) bool { return !under(imp, pluginPackages...) }},
	{"plugin (diktyo-nri) imports no plugin package: it reaches the plugins through chainrun's registry",
		func(p string) bool { return p == "plugin" },
		func(_, imp string) bool { return !under(imp, pluginPackages...) && !under(imp, "cmd") }},
	{"plugin/internal/plan (reconcile's decision) imports nothing of diktyo's: a pure function of what reconcile observed",
		func(p string) bool { return p == "plugin/internal/plan" },
		func(string, string) bool { return false }},
	{"plugin/internal/hold (the address holds) imports nothing of diktyo's: it is handed its walks, so it never reaches up to plugin or the chain",
		func(p string) bool { return p == "plugin/internal/hold" },
		func(string, string) bool { return false }},
	{"plugin/internal/health (faults, log-once, metrics) imports only internal/ helpers: never plugin, a pkg/ package or another room",
		func(p string) bool { return p == "plugin/internal/health" },
		func(_, imp string) bool { return under(imp, "internal") }},
	{"plugin/internal/foreign (the foreign-change listener) imports nothing of diktyo's: names, numbers and callbacks come from plugin",
		func(p string) bool { return p == "plugin/internal/foreign" },
		func(string, string) bool { return false }},
	{"plugin/internal/view (the read side: status, trace, debug dumps, counters) reads the view the face hands it: never plugin or another room; of pkg/ only the API, the chain's registry and read side, policy and egress",
		func(p string) bool { return p == "plugin/internal/view" },
		func(_, imp string) bool {
			return under(imp, "internal") || slices.Contains([]string{"pkg/localapi", "pkg/chainrun", "pkg/inspect", "pkg/cniutil", "pkg/policy", "pkg/egress"}, imp)
		}},
	{"plugin/internal/watch (the sandbox watch) imports nothing of diktyo's: it tells the face a sandbox ended through the Face it is handed, never reaching up to plugin or another room",
		func(p string) bool { return p == "plugin/internal/watch" },
		func(string, string) bool { return false }},
	{"plugin/internal/pods (the pod state) imports only pkg/chainrun (a pod's identity), pkg/policy (the pod policy.Decide knows) and internal/ helpers: never plugin or another room",
		func(p string) bool { return p == "plugin/internal/pods" },
		func(_, imp string) bool {
			return imp == "pkg/chainrun" || imp == "pkg/policy" || under(imp, "internal")
		}},
	{"plugin/internal/admit (egress admission) imports only pkg/api, pkg/policy, pkg/egress, pkg/egress/hostaddr and internal/ helpers: never plugin, pkg/cluster (the Leases are handed to it) or another room",
		func(p string) bool { return p == "plugin/internal/admit" },
		func(_, imp string) bool {
			return under(imp, "internal") || slices.Contains([]string{"pkg/api", "pkg/policy", "pkg/egress", "pkg/egress/hostaddr"}, imp)
		}},
	{"plugin/internal/gen (the config in force and its loading) imports only pkg/policy, pkg/chainrun, pkg/egress, pkg/egress/hostaddr, the admission, the health and internal/ helpers: never plugin, pkg/cluster or another room",
		func(p string) bool { return p == "plugin/internal/gen" },
		func(_, imp string) bool {
			return under(imp, "internal") || slices.Contains([]string{"pkg/policy", "pkg/chainrun", "pkg/egress", "pkg/egress/hostaddr",
				"plugin/internal/admit", "plugin/internal/health"}, imp)
		}},
	{"plugin/internal/kube (the cluster connection: labels, Leases, Events) imports only pkg/cluster, pkg/policy, pkg/localapi, pkg/egress, pkg/egress/hostaddr, the admission, the health and internal/ helpers: never plugin or another room",
		func(p string) bool { return p == "plugin/internal/kube" },
		func(_, imp string) bool {
			return under(imp, "internal") || slices.Contains([]string{"pkg/cluster", "pkg/policy", "pkg/localapi", "pkg/egress", "pkg/egress/hostaddr",
				"plugin/internal/admit", "plugin/internal/health"}, imp)
		}},
	{"plugin/internal/work (the chain work on pods, their locks, the holds' wiring, the sandbox watch's face) imports only pkg/chainrun, pkg/cniutil, pkg/policy, pkg/egress, internal/ helpers and the rooms below it (gen, pods, hold, admit, kube, health, view, watch): never plugin, reconcile, the listener, the plan or pkg/cluster",
		func(p string) bool { return p == "plugin/internal/work" },
		func(_, imp string) bool {
			return under(imp, "internal") || slices.Contains([]string{"pkg/chainrun", "pkg/cniutil", "pkg/policy", "pkg/egress",
				"plugin/internal/gen", "plugin/internal/pods", "plugin/internal/hold", "plugin/internal/admit",
				"plugin/internal/kube", "plugin/internal/health", "plugin/internal/view", "plugin/internal/watch"}, imp)
		}},
	{"plugin/internal/reconcile (observe, plan, act; GC; the foreign-write repair) imports only pkg/chainrun, pkg/cniutil, pkg/policy, internal/ helpers and the rooms below it (work, plan, gen, pods, hold, admit, kube, health, foreign): never plugin, the watch, the read side or pkg/cluster",
		func(p string) bool { return p == "plugin/internal/reconcile" },
		func(_, imp string) bool {
			return under(imp, "internal") || slices.Contains([]string{"pkg/chainrun", "pkg/cniutil", "pkg/policy",
				"plugin/internal/work", "plugin/internal/plan", "plugin/internal/gen", "plugin/internal/pods", "plugin/internal/hold",
				"plugin/internal/admit", "plugin/internal/kube", "plugin/internal/health", "plugin/internal/foreign"}, imp)
		}},
	{"nothing imports upward: only cmd/diktyo-nri imports plugin, nothing imports cmd",
		func(p string) bool { return p != "cmd/diktyo-nri" && !under(p, "test", "hack") },
		func(_, imp string) bool { return imp != "plugin" && !under(imp, "cmd") }},
	{"product code never imports a test helper",
		func(p string) bool { return !under(p, testHelpers...) && !under(p, "test", "hack") },
		func(_, imp string) bool { return !under(imp, testHelpers...) }},
}

// imports lists every package of the module with its non-test imports of
// diktyo's own, without the module prefix.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, module+"...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	m := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg, ok := strings.CutPrefix(f[0], module)
		if !ok {
			continue
		}
		m[pkg] = nil
		for _, imp := range f[1:] {
			if own, ok := strings.CutPrefix(imp, module); ok {
				m[pkg] = append(m[pkg], own)
			}
		}
	}
	return m
}

// TestImportRules holds the tree to docs/architecture.md's import rules.
func TestImportRules(t *testing.T) {
	all := imports(t)
	if len(all) < 20 {
		t.Fatalf("go list found %d packages; is this the module's tree?", len(all))
	}
	for _, r := range rules {
		matched := 0
		for pkg, imps := range all {
			if !r.match(pkg) {
				continue
			}
			matched++
			for _, imp := range imps {
				if !r.allow(pkg, imp) {
					t.Errorf("%s imports %s, against the rule %q (docs/architecture.md)", pkg, imp, r.doc)
				}
			}
		}
		if matched == 0 {
			t.Errorf("rule %q matches no package: the tree or the rule changed", r.doc)
		}
	}
}

// TestRulesCatchViolations: every rule refuses what it is there to
// refuse (a rule that allows everything would pass any tree).
func TestRulesCatchViolations(t *testing.T) {
	for _, v := range []struct{ pkg, imp string }{
		{"pkg/api", "pkg/cniutil"},
		{"pkg/cniutil", "pkg/policy"},
		{"pkg/ipmasq/nftables", "pkg/iproute"},
		{"pkg/iproute", "pkg/policy"},
		{"pkg/policy", "pkg/ipmasq/snat"},
		{"plugin", "pkg/ipmasq/snat"},
		{"pkg/inspect", "pkg/iproute"},
		{"pkg/inspect", "pkg/chainrun"},
		{"pkg/explain", "pkg/registerdns"},
		{"pkg/chainrun", "plugin"},
		{"plugin/internal/plan", "pkg/policy"},
		{"plugin/internal/plan", "plugin"},
		{"plugin/internal/hold", "plugin"},
		{"plugin/internal/hold", "pkg/chainrun"},
		{"plugin/internal/health", "plugin"},
		{"plugin/internal/health", "plugin/internal/hold"},
		{"plugin/internal/health", "pkg/egress"},
		{"plugin/internal/foreign", "pkg/chainrun"},
		{"plugin/internal/view", "plugin"},
		{"plugin/internal/view", "plugin/internal/hold"},
		{"plugin/internal/view", "plugin/internal/health"},
		{"plugin/internal/view", "pkg/cluster"},
		{"plugin/internal/view", "pkg/egress/hostaddr"},
		{"plugin/internal/watch", "plugin"},
		{"plugin/internal/watch", "plugin/internal/health"},
		{"plugin/internal/watch", "pkg/chainrun"},
		{"plugin/internal/pods", "plugin"},
		{"plugin/internal/pods", "plugin/internal/hold"},
		{"plugin/internal/pods", "pkg/egress/hostaddr"},
		{"plugin/internal/admit", "plugin"},
		{"plugin/internal/admit", "plugin/internal/pods"},
		{"plugin/internal/admit", "plugin/internal/health"},
		{"plugin/internal/admit", "pkg/cluster"},
		{"plugin/internal/admit", "pkg/chainrun"},
		{"plugin/internal/gen", "plugin"},
		{"plugin/internal/gen", "pkg/cluster"},
		{"plugin/internal/gen", "plugin/internal/hold"},
		{"plugin/internal/gen", "plugin/internal/pods"},
		{"plugin/internal/kube", "plugin"},
		{"plugin/internal/kube", "plugin/internal/gen"},
		{"plugin/internal/kube", "pkg/chainrun"},
		{"plugin/internal/gen", "plugin/internal/kube"},
		{"plugin/internal/hold", "pkg/cluster"},
		{"plugin/internal/work", "plugin"},
		{"plugin/internal/work", "pkg/cluster"},
		{"plugin/internal/work", "plugin/internal/foreign"},
		{"plugin/internal/watch", "plugin/internal/work"},
		{"plugin/internal/work", "plugin/internal/plan"},
		{"plugin/internal/gen", "plugin/internal/work"},
		{"plugin/internal/kube", "plugin/internal/work"},
		{"plugin/internal/reconcile", "plugin"},
		{"plugin/internal/reconcile", "plugin/internal/watch"},
		{"plugin/internal/reconcile", "plugin/internal/view"},
		{"plugin/internal/reconcile", "pkg/cluster"},
		{"plugin/internal/work", "plugin/internal/reconcile"},
		{"plugin/internal/plan", "plugin/internal/reconcile"},
		{"pkg/egress", "pkg/testutil"},
	} {
		refused := false
		for _, r := range rules {
			if r.match(v.pkg) && !r.allow(v.pkg, v.imp) {
				refused = true
			}
		}
		if !refused {
			t.Errorf("no rule refuses %s importing %s", v.pkg, v.imp)
		}
	}
}
