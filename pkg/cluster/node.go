package cluster

import (
	"context"
	"log/slog"
	"maps"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/client-go/tools/cache"
)

// WatchNodeLabels calls onChange with this node's labels when they are
// first read and whenever they change, until ctx ends: a watch of the one
// Node object (list and watch with a field selector on its name), which
// client-go re-establishes after any failure. A deleted Node changes
// nothing: its last labels stay in force (no proof of an admin's change).
func WatchNodeLabels(ctx context.Context, c *Client, log *slog.Logger, onChange func(map[string]string)) {
	lw := cache.NewListWatchFromClient(c.Core.RESTClient(), "nodes", "", fields.OneTermEqualSelector("metadata.name", c.Node))
	var last map[string]string
	seen := false
	deliver := func(obj any) {
		n, ok := obj.(*v1.Node)
		if !ok {
			return
		}
		if seen && maps.Equal(last, n.Labels) {
			return
		}
		seen, last = true, maps.Clone(n.Labels)
		log.Info("node labels", "node", c.Node, "labels", len(n.Labels))
		onChange(maps.Clone(n.Labels))
	}
	_, ctrl := cache.NewInformerWithOptions(cache.InformerOptions{
		ListerWatcher: lw,
		ObjectType:    &v1.Node{},
		Handler: cache.ResourceEventHandlerFuncs{
			AddFunc:    deliver,
			UpdateFunc: func(_, obj any) { deliver(obj) },
		},
	})
	go ctrl.Run(ctx.Done())
}
