package site

import (
	"context"
	"time"
)

// Image is an image an admin registered for use on the site.
type Image struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	URL       string    `json:"url"`
	AltText   string    `json:"altText"`
	Section   string    `json:"section"`
	Usage     string    `json:"usage"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// ImageService reads and changes website images.
type ImageService interface {
	FindImages(ctx context.Context) ([]*Image, error)
	CreateImage(ctx context.Context, img *Image) (*Image, error)
	UpdateImage(ctx context.Context, img *Image) (*Image, error)
	DeleteImage(ctx context.Context, id int64) error
}
