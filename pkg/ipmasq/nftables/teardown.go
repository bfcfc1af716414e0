package nftables

import (
	"context"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Teardown removes the table's shared objects (base chain, maps, table)
// for an uninstall. It is one transaction that the kernel refuses,
// changing nothing, while any pod chain or map element is left (NLM_F_NONREC):
// a table a pod of any network still uses is kept, and Teardown returns
// snat.ErrInUse. A table already gone is not an error.
func (b *Backend) Teardown(ctx context.Context) (removed bool, err error) {
	s, err := b.open(ctx)
	if err != nil {
		return false, err
	}
	defer s.close()
	batch := nft.NewBatch(b.Table)
	batch.DelChain(BaseChain)
	batch.DelSetIfEmpty(map4)
	batch.DelSetIfEmpty(map6)
	batch.DelTableIfEmpty()
	return nft.Teardown(s.c, batch, snat.ErrInUse)
}
