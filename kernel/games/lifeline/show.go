package lifeline

import (
	"encoding/json"
)

func (r *Result) JSONValue() any {
	return json.RawMessage(appendJSON(nil, r.res, r.Board.rules.Changed()))
}

func (t *Trace) JSONValue() any { return t.Result.JSONValue() }

func (h *Heat) JSONValue() any {
	return struct {
		Player int     `json:"player"`
		Points [][]any `json:"points"`
	}{h.Result.Player, h.Result.Points}
}
