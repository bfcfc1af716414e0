package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/spf13/cobra"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/localapi"
)

const nriModule = "github.com/containerd/nri"

// versionInfo is what this binary is and speaks.
func versionInfo() localapi.Version {
	return localapi.Version{
		Version:   version,
		GoVersion: runtime.Version(),
		NRI:       moduleVersion(nriModule),
		CNISpecs:  cniutil.Versions.SupportedVersions(),
	}
}

// moduleVersion is the version of a module linked into the binary, from
// its build info: the NRI protocol this binary speaks is the NRI
// library's.
func moduleVersion(path string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, d := range bi.Deps {
		if d.Path != path {
			continue
		}
		if d.Replace != nil {
			return d.Replace.Version
		}
		return d.Version
	}
	return "unknown"
}

// registerBuildInfo adds diktyo_build_info{version,goversion} 1, so that
// dashboards can tell which nodes run what.
func registerBuildInfo(reg prometheus.Registerer) {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "diktyo_build_info", Help: "diktyo-nri's build: 1, labelled with its version and Go version.",
	}, []string{"version", "goversion"})
	g.WithLabelValues(version, runtime.Version()).Set(1)
	reg.MustRegister(g)
}

func newVersionCmd() *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the diktyo version, Go version, and the NRI and CNI versions spoken",
		Example: `  diktyo-nri version
  diktyo-nri version -o json`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return writeOutput(cmd.OutOrStdout(), output, versionInfo(), func(w io.Writer) error {
				v := versionInfo()
				_, err := fmt.Fprintf(w, "diktyo-nri %s\ngo:        %s\nnri:       %s %s\ncni spec:  %s\n",
					v.Version, v.GoVersion, nriModule, v.NRI, strings.Join(v.CNISpecs, ", "))
				return err
			})
		},
	}
	addOutputFlag(cmd, &output, "text")
	return cmd
}
