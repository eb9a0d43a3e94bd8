package sqlstore

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Migration is one numbered SQL file of a store's migrations.
type Migration struct {
	Version int
	Name    string
	Body    string
}

// Migrations reads the files migrations/NNNN_name.sql of fsys, in the
// order of their numbers.
func Migrations(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := make([]Migration, 0, len(names))
	for _, name := range names {
		version, err := strconv.Atoi(strings.SplitN(path.Base(name), "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s: bad number: %w", name, err)
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: version, Name: name, Body: string(body)})
	}
	return out, nil
}

// LatestSchema is the number of the last of the migrations of fsys: the
// schema a database has once they are applied.
func LatestSchema(fsys fs.FS) int {
	m, err := Migrations(fsys)
	if err != nil || len(m) == 0 {
		return 0
	}
	return m[len(m)-1].Version
}
