package api

import (
	"net/url"
	"strconv"

	"meridian/internal/site"
)

// pageOf reads ?page= (from 1, 1 by default) and ?pageSize= (1 to max,
// def by default) of a paged list.
func pageOf(q url.Values, def, max int) (page, size int, err error) {
	page, size = 1, def
	if v := q.Get("page"); v != "" {
		if page, err = strconv.Atoi(v); err != nil || page < 1 || page > 1_000_000 {
			return 0, 0, site.Errorf(site.EINVALID, "The page must be a whole number from 1 to 1000000.")
		}
	}
	if v := q.Get("pageSize"); v != "" {
		if size, err = strconv.Atoi(v); err != nil || size < 1 || size > max {
			return 0, 0, site.Errorf(site.EINVALID, "The page size must be a whole number from 1 to %d.", max)
		}
	}
	return page, size, nil
}
