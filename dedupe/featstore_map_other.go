//go:build !linux

package dedupe

import (
	"errors"
	"os"
)

// mapFile is not used here: the feature file is read with ReadAt.
func mapFile(*os.File, int64) ([]byte, error) { return nil, errors.ErrUnsupported }

func unmapFile([]byte) {}

func releaseMapped([]byte) {}

func residentFile() int64 { return -1 }
