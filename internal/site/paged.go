package site

// Paged is one page of a list as the API answers it: the page's items, how
// many match in all, the page's number (from 1) and its size. Every list
// the API pages (leads, media, the audit log) answers it.
type Paged[T any] struct {
	Data     []T `json:"data"`
	Total    int `json:"total"`
	Page     int `json:"page"`
	PageSize int `json:"pageSize"`
}
