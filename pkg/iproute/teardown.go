package iproute

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/diktyo-io/diktyo/internal/nft"
)

// ErrInUse: Teardown kept the fwmark table, which still holds a pod's
// elements or another writer's objects.
var ErrInUse = errors.New("still holds pods' elements or another writer's objects")

// Teardown removes the fwmark layout's table (its base chain, mark
// chains, maps and sets) for an uninstall, and reports whether it
// removed one. Layouts without a table have nothing to remove. It is one
// transaction the kernel refuses, changing nothing, while any pod's map
// element (a goto holds its mark chain) or bypass element, or any other
// object, is left in the table (NLM_F_NONREC): it then returns ErrInUse.
// The shared "fwmark ... lookup" rules go with each table's last pod, so
// none is left to remove here.
func Teardown(cfg *Config) (removed bool, err error) {
	if cfg.Layout != LayoutFwmark {
		return false, nil
	}
	return newNftBackend(cfg.NftTable, "").teardown()
}

func (n *nftBackend) teardown() (bool, error) {
	s, err := n.open()
	if err != nil {
		return false, err
	}
	defer s.close()
	rules, err := s.rules()
	if err != nil {
		return false, err
	}
	b := nft.NewBatch(n.table)
	b.DelChain(fwChain)
	// Sorted: the same batch from one run to the next.
	for _, chain := range slices.Sorted(maps.Keys(rules)) {
		if strings.HasPrefix(chain, markChainPf) {
			b.DelChain(chain) // refused while an element goes to it
		}
	}
	for _, set := range fwSets {
		b.DelSetIfEmpty(set)
	}
	b.DelTableIfEmpty()
	return nft.Teardown(s.c, b, ErrInUse)
}
