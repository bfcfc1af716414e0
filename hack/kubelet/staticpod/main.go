// Command staticpod renders diktyo-nri's kubelet static pod manifest from
// the kustomize base in deploy/: it builds the base with the kustomize
// library `kubectl apply -k` uses, takes the DaemonSet's pod template as it
// is (image, command, init container, mounts, security context, resources,
// host network) and makes a Pod of it. A static pod cannot read a
// ConfigMap or a ServiceAccount (no API server), so:
//
//   - the ConfigMap volume becomes a hostPath directory holding the
//     ConfigMap's data (-configmap NAME=DIR, written by this command), with
//     a key replaced or added by a node's own file where given (-configfile
//     KEY=PATH: what an admin editing the ConfigMap would do);
//   - serviceAccountName is dropped and no token is mounted (there is no
//     API server to give one: diktyo-nri is node-local, and says so in
//     its log and status).
//
// The node's own layout, for a node whose paths are not the defaults
// (hack/kubelet.sh's test node keeps everything under its state dir):
// -hostpath FROM=TO moves a hostPath volume, -samepath VOLUME=PATH puts a
// volume at PATH on both sides (the pod netns directory: the netns paths
// NRI hands diktyo-nri must resolve inside the container), -arg
// --flag=VALUE replaces a container argument with the same flag.
//
//	staticpod -k deploy -o $STATE/kubelet/manifests/diktyo-nri.yaml \
//	  -configmap diktyo-config=$STATE/kubelet/diktyo-config \
//	  -hostpath /opt/cni/bin=$STATE/cni/bin -samepath netns=$NETNS_DIR
//	staticpod -k deploy -print-image
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

type pairs map[string]string

func (p pairs) String() string { return fmt.Sprint(map[string]string(p)) }
func (p pairs) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" || val == "" {
		return fmt.Errorf("%q: want KEY=VALUE", v)
	}
	p[k] = val
	return nil
}

type list []string

func (l *list) String() string     { return strings.Join(*l, " ") }
func (l *list) Set(v string) error { *l = append(*l, v); return nil }

type options struct {
	dir, out   string
	printImage bool
	configMaps pairs // ConfigMap name -> host directory
	configFile pairs // ConfigMap key -> host file replacing its data
	hostPaths  pairs // DaemonSet hostPath -> node path
	samePaths  pairs // volume name -> path on the host and in the container
	args       list  // --flag=value replacing the same flag
}

func main() {
	o := options{configMaps: pairs{}, configFile: pairs{}, hostPaths: pairs{}, samePaths: pairs{}}
	flag.StringVar(&o.dir, "k", "deploy", "kustomize base (kustomization.yaml's directory)")
	flag.StringVar(&o.out, "o", "", "static pod manifest to write")
	flag.BoolVar(&o.printImage, "print-image", false, "print the diktyo-nri container's image and exit")
	flag.Var(o.configMaps, "configmap", "NAME=DIR: ConfigMap NAME's data into DIR, mounted as a hostPath (repeatable)")
	flag.Var(o.configFile, "configfile", "KEY=PATH: a ConfigMap key's data from PATH instead, or an added key (repeatable)")
	flag.Var(o.hostPaths, "hostpath", "FROM=TO: the hostPath volume FROM at TO on this node (repeatable)")
	flag.Var(o.samePaths, "samepath", "VOLUME=PATH: VOLUME at PATH on the host and in every container (repeatable)")
	flag.Var(&o.args, "arg", "--flag=VALUE replacing the container argument --flag=... (repeatable)")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "staticpod:", err)
		os.Exit(1)
	}
}

// render builds the kustomize base and returns its one DaemonSet and its
// ConfigMaps by name.
func render(dir string) (*appsv1.DaemonSet, map[string]*corev1.ConfigMap, error) {
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	rm, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, nil, fmt.Errorf("kustomize build %s: %w", dir, err)
	}
	var ds *appsv1.DaemonSet
	cms := map[string]*corev1.ConfigMap{}
	for _, r := range rm.Resources() {
		b, err := r.AsYAML()
		if err != nil {
			return nil, nil, err
		}
		switch r.GetKind() {
		case "DaemonSet":
			if ds != nil {
				return nil, nil, errors.New("more than one DaemonSet")
			}
			ds = &appsv1.DaemonSet{}
			if err := yaml.UnmarshalStrict(b, ds); err != nil {
				return nil, nil, fmt.Errorf("DaemonSet: %w", err)
			}
		case "ConfigMap":
			cm := &corev1.ConfigMap{}
			if err := yaml.UnmarshalStrict(b, cm); err != nil {
				return nil, nil, fmt.Errorf("ConfigMap: %w", err)
			}
			cms[cm.Name] = cm
		}
	}
	if ds == nil {
		return nil, nil, fmt.Errorf("kustomize build %s: no DaemonSet", dir)
	}
	return ds, cms, nil
}

func run(o options) error {
	ds, cms, err := render(o.dir)
	if err != nil {
		return err
	}
	if o.printImage {
		if len(ds.Spec.Template.Spec.Containers) == 0 {
			return errors.New("DaemonSet has no container")
		}
		fmt.Println(ds.Spec.Template.Spec.Containers[0].Image)
		return nil
	}
	if o.out == "" {
		return errors.New("-o is required")
	}
	pod, err := staticPod(o, ds, cms)
	if err != nil {
		return err
	}
	b, err := yaml.Marshal(pod)
	if err != nil {
		return err
	}
	hdr := fmt.Sprintf("# diktyo-nri as a kubelet static pod, rendered by hack/kubelet/staticpod\n# from the DaemonSet of the kustomize base %s. Do not edit.\n", o.dir)
	return writeIfChanged(o.out, append([]byte(hdr), b...), 0o644)
}

func staticPod(o options, ds *appsv1.DaemonSet, cms map[string]*corev1.ConfigMap) (*corev1.Pod, error) {
	tmpl := ds.Spec.Template.DeepCopy()
	pod := &corev1.Pod{
		TypeMeta:   metaPod,
		ObjectMeta: tmpl.ObjectMeta,
		Spec:       tmpl.Spec,
	}
	pod.Name = ds.Name
	pod.Namespace = ds.Namespace
	pod.Labels = mergeLabels(ds.Labels, tmpl.Labels)
	pod.Spec.ServiceAccountName = ""
	pod.Spec.DeprecatedServiceAccount = ""
	noToken := false
	pod.Spec.AutomountServiceAccountToken = &noToken

	used := map[string]bool{}
	for i := range pod.Spec.Volumes {
		v := &pod.Spec.Volumes[i]
		switch {
		case v.ConfigMap != nil:
			dir, ok := o.configMaps[v.ConfigMap.Name]
			if !ok {
				return nil, fmt.Errorf("volume %s: ConfigMap %s: give -configmap %s=DIR (a static pod reads no ConfigMap)", v.Name, v.ConfigMap.Name, v.ConfigMap.Name)
			}
			used["configmap:"+v.ConfigMap.Name] = true
			cm, ok := cms[v.ConfigMap.Name]
			if !ok {
				return nil, fmt.Errorf("volume %s: the base has no ConfigMap %s", v.Name, v.ConfigMap.Name)
			}
			if err := writeConfigMap(cm, dir, o.configFile, used); err != nil {
				return nil, err
			}
			v.VolumeSource = hostPath(dir, corev1.HostPathDirectory)
		case v.HostPath != nil:
			if p, ok := o.samePaths[v.Name]; ok {
				used["samepath:"+v.Name] = true
				from := v.HostPath.Path
				v.HostPath.Path = p
				if err := moveMounts(&pod.Spec, v.Name, from, p); err != nil {
					return nil, err
				}
			} else if p, ok := o.hostPaths[v.HostPath.Path]; ok {
				used["hostpath:"+v.HostPath.Path] = true
				v.HostPath.Path = p
			}
		case v.EmptyDir != nil:
			// The pod's own scratch space (the links to the node's
			// iptables flavour): a static pod has it as any pod does.
		default:
			return nil, fmt.Errorf("volume %s: only hostPath, configMap and emptyDir volumes are handled", v.Name)
		}
	}
	for _, a := range o.args {
		if err := replaceArg(&pod.Spec, a, used); err != nil {
			return nil, err
		}
	}
	// A flag naming nothing of the base is a typo or a stale script.
	for k := range o.configMaps {
		if !used["configmap:"+k] {
			return nil, fmt.Errorf("-configmap %s: no volume of the DaemonSet uses it", k)
		}
	}
	for k := range o.configFile {
		if !used["configfile:"+k] {
			return nil, fmt.Errorf("-configfile %s: no ConfigMap volume to put it in", k)
		}
	}
	for k := range o.hostPaths {
		if !used["hostpath:"+k] {
			return nil, fmt.Errorf("-hostpath %s: no hostPath volume has that path", k)
		}
	}
	for k := range o.samePaths {
		if !used["samepath:"+k] {
			return nil, fmt.Errorf("-samepath %s: no hostPath volume has that name", k)
		}
	}
	return pod, nil
}

var metaPod = corev1.Pod{}.TypeMeta

func init() { metaPod.APIVersion, metaPod.Kind = "v1", "Pod" }

func mergeLabels(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

func hostPath(p string, t corev1.HostPathType) corev1.VolumeSource {
	return corev1.VolumeSource{HostPath: &corev1.HostPathVolumeSource{Path: p, Type: &t}}
}

// moveMounts points every mount of volume name at path (the mount of the
// whole volume, at its old host path, keeps the same relative layout).
func moveMounts(spec *corev1.PodSpec, name, from, path string) error {
	n := 0
	for _, cs := range [][]corev1.Container{spec.InitContainers, spec.Containers} {
		for i := range cs {
			for j := range cs[i].VolumeMounts {
				m := &cs[i].VolumeMounts[j]
				if m.Name != name {
					continue
				}
				if m.SubPath != "" {
					return fmt.Errorf("volume %s: mount with subPath in %s", name, cs[i].Name)
				}
				m.MountPath = path
				n++
			}
		}
	}
	if n == 0 {
		return fmt.Errorf("volume %s (%s): mounted nowhere", name, from)
	}
	return nil
}

// replaceArg replaces the --flag=... argument of the container that has
// it (command or args) with a.
func replaceArg(spec *corev1.PodSpec, a string, used map[string]bool) error {
	flagName, _, ok := strings.Cut(a, "=")
	if !ok || !strings.HasPrefix(flagName, "--") {
		return fmt.Errorf("-arg %q: want --flag=VALUE", a)
	}
	n := 0
	for i := range spec.Containers {
		c := &spec.Containers[i]
		for _, l := range []*[]string{&c.Command, &c.Args} {
			for j, s := range *l {
				if strings.HasPrefix(s, flagName+"=") {
					(*l)[j] = a
					n++
					if flagName == "--metrics-addr" {
						if err := moveProbes(c, strings.TrimPrefix(s, flagName+"="), strings.TrimPrefix(a, flagName+"=")); err != nil {
							return err
						}
					}
				}
			}
		}
	}
	if n == 0 {
		return fmt.Errorf("-arg %s: no container has %s=", a, flagName)
	}
	used["arg:"+flagName] = true
	return nil
}

// moveProbes points the container's HTTP probes that were on the old
// metrics address at the new one: diktyo-nri serves them beside its
// metrics, so they move together (a wildcard host is probed on loopback,
// as the chart does).
func moveProbes(c *corev1.Container, from, to string) error {
	_, oldPort, err := net.SplitHostPort(from)
	if err != nil {
		return fmt.Errorf("--metrics-addr %q: %w", from, err)
	}
	host, port, err := net.SplitHostPort(to)
	if err != nil {
		return fmt.Errorf("-arg --metrics-addr=%s: %w", to, err)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	for _, p := range []*corev1.Probe{c.StartupProbe, c.ReadinessProbe, c.LivenessProbe} {
		if p == nil || p.HTTPGet == nil || p.HTTPGet.Port.String() != oldPort {
			continue
		}
		p.HTTPGet.Host = host
		p.HTTPGet.Port = intstr.Parse(port)
	}
	return nil
}

// writeConfigMap writes cm's data into dir, a key's data replaced by the
// file -configfile names for it.
func writeConfigMap(cm *corev1.ConfigMap, dir string, files pairs, used map[string]bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	keys := make([]string, 0, len(cm.Data)+len(files))
	for k := range cm.Data {
		keys = append(keys, k)
	}
	for k := range files {
		if _, ok := cm.Data[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		data := []byte(cm.Data[k])
		if f, ok := files[k]; ok {
			b, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			data = b
			used["configfile:"+k] = true
		}
		if err := writeIfChanged(filepath.Join(dir, k), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeIfChanged writes data to name atomically, unless it already holds
// it (the kubelet and diktyo-nri watch these files).
func writeIfChanged(name string, data []byte, mode os.FileMode) error {
	if old, err := os.ReadFile(name); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".tmp")
	if err := os.WriteFile(tmp, data, mode); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}
