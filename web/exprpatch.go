package web

// The page's engine is built against a copy of expr whose method lookups
// find nothing. expr finds the methods of a value by name at run time
// (reflect's MethodByName and Method(i)), and a program that does so keeps
// every exported method of every type that reaches an interface, since
// the linker cannot tell which one a name will pick: about 1.1 MB of the
// engine's 12.6 MB. gamelab's language has no methods (x.f() is refused
// before checking, and x.Name of a value's method says the value has no
// such field), so those lookups never find anything a statement may use,
// natively either; in the page they find nothing by construction. The
// copy is made for each build, in a temporary folder, from the module
// cache's expr, and the build fails if expr's source is not the one these
// patches were written for.

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// exprModule is the module patched.
const exprModule = "github.com/expr-lang/expr"

// exprPatches are, by file of expr's module, the lookups replaced: each
// text must stand exactly once in the file. Each replacement keeps the
// code's types and finds no method.
var exprPatches = map[string][][2]string{
	"checker/nature/utils.go": {{"rm := s.rType.Method(s.idx)", `rm := reflect.Method{PkgPath: "-"}`}},
	"checker/nature/nature.go": {{"for i := 0; i < n.NumMethods(c); i++ {\n\t\tmethod := n.Type.Method(i)",
		"for i := 0; i < 0; i++ {\n\t\tmethod := reflect.Method{}"}},
	"builtin/lib.go": {{"method := v.MethodByName(methodName)", "method := reflect.Value{}; _ = methodName"}},
	"vm/runtime/runtime.go": {
		{"method := v.MethodByName(methodName)", "method := reflect.Value{}; _ = methodName"},
		{"method := v.Method(method.Index)", "method := reflect.Value{}"},
	},
	"compiler/compiler.go": {{"if _, ok = callee.Node.Type().MethodByName(prop.Value); ok",
		"if _, ok = (reflect.Method{}), prop.Value != prop.Value; ok"}},
	"checker/info.go": {{"if m, ok := base.MethodByName(name.Value); ok {",
		"if m, ok := (reflect.Method{}), name.Value != name.Value; ok {"}},
}

// patchedExpr writes into tmp a copy of the clone's expr with exprPatches
// applied, and a go.mod (with its go.sum) that is the clone's with expr
// replaced by the copy; it returns that go.mod, for go build -modfile.
func patchedExpr(ctx context.Context, goCmd, root, tmp string) (string, error) {
	list := exec.CommandContext(ctx, goCmd, "list", "-m", "-f", "{{.Dir}}", exprModule)
	list.Dir = root
	out, err := list.Output()
	if err != nil {
		return "", fmt.Errorf("finding %s's source: %v", exprModule, err)
	}
	src, dst := strings.TrimSpace(string(out)), filepath.Join(tmp, "expr")
	patched := 0
	err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		switch {
		case d.IsDir():
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		case rel != "go.mod" && (!strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go")):
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		s := string(text)
		patches, ok := exprPatches[filepath.ToSlash(rel)]
		if ok {
			patched++
		}
		for _, p := range patches {
			if strings.Count(s, p[0]) != 1 {
				return fmt.Errorf("%s's %s is not the source the page's patch knows (web/exprpatch.go): update the patch for this version", exprModule, rel)
			}
			s = strings.Replace(s, p[0], p[1], 1)
		}
		return os.WriteFile(filepath.Join(dst, rel), []byte(s), 0o644)
	})
	if err == nil && patched != len(exprPatches) {
		err = fmt.Errorf("%s has not every file the page's patch knows (web/exprpatch.go): update the patch for this version", exprModule)
	}
	if err != nil {
		return "", err
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return "", err
	}
	modfile := filepath.Join(tmp, "go.mod")
	mod = fmt.Appendf(mod, "\nreplace %s => %s\n", exprModule, dst)
	if err := os.WriteFile(modfile, mod, 0o644); err != nil {
		return "", err
	}
	return modfile, os.WriteFile(filepath.Join(tmp, "go.sum"), sum, 0o644)
}
