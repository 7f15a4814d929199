//go:build tools

// Package tools pins the project's chosen dependencies in go.mod before
// every package that uses them exists, so that parallel work does not race
// on go.mod. It is never built.
package tools

import (
	_ "github.com/schollz/progressbar/v3"
	_ "github.com/xitongsys/parquet-go-source/local"
	_ "github.com/xitongsys/parquet-go/reader"
	_ "github.com/xitongsys/parquet-go/writer"
	_ "go.etcd.io/bbolt"
	_ "golang.org/x/sync/errgroup"
	_ "golang.org/x/time/rate"
	_ "gopkg.in/yaml.v3"
)
