//go:build js

package kernel

import (
	"fmt"

	"gamelab/kernel/builtin"
	"gamelab/kernel/syntax"
)

// savedStatement is nothing in the web page, which keeps no statements
// for save_session: its notebook is the record.
type savedStatement struct{}

func (s *Session) recordStatement(*syntax.Statement) {}

func (s *Session) saveSession(_ *builtin.Env, args ...any) (any, error) {
	var file string
	if err := builtin.UnpackArgs("save_session", args, "file", &file); err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("save_session: the web page has no files to write %s to; its Download .gl button saves the notebook as a script", file)
}
