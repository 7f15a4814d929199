//go:build !linux

package hugepage

// advise does nothing where the kernel takes no huge-page advice.
func advise[T any](s []T) error { return nil }
