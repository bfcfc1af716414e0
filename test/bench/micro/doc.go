// Package micro holds go test -bench micro-benchmarks of the in-process
// work diktyo does per pod (config parsing, rule building and rendering,
// the NRI plugin's policy decision), to set beside the exec and kernel
// costs the harness in test/bench measures. It is a package of its own so
// a change in those packages' APIs cannot stop the harness from building.
package micro
