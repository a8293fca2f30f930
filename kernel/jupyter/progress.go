package jupyter

import "gamelab/kernel/jupyter/wire"

// progressDisplay is ExecOptions.Progress for the cell of request m: the
// first line is a display_data with a display_id of its own, each later
// one an update_display_data of it, and "" (the work ended) empties it, so
// the progress stays in one place in the output and leaves no trace. flush
// sends the printed text first, to keep the order. A silent cell shows
// none.
func (k *Kernel) progressDisplay(m *Message, silent bool, flush func()) func(line string) {
	if silent {
		return nil
	}
	id := ""
	return func(line string) {
		msgType := "update_display_data"
		if id == "" {
			if line == "" {
				return
			}
			id, msgType = wire.NewID(), "display_data"
			flush()
		}
		k.publish(m, msgType, map[string]any{
			"data":      map[string]any{"text/plain": line},
			"metadata":  map[string]any{},
			"transient": map[string]any{"display_id": id},
		})
	}
}
