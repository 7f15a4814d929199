package enrich

import (
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"github.com/namepipe/namepipe/record"
)

// Shard is one input file of the job and the output file it becomes.
type Shard struct {
	// Input and Output are the paths (local, or a Beam file system URL
	// such as gs://bucket/x.csv).
	Input, Output string
}

// isRemote reports whether p is a URL of a Beam file system other than
// the local one (gs://, s3://, …).
func isRemote(p string) bool { return strings.Contains(p, "://") }

// ListInputs expands the input of a job into its files, sorted: a file, a
// glob (data/part-*.csv; hidden files aside) or a directory, whose files of
// a known format (csv, tsv, txt, jsonl, ndjson, parquet, pq) are taken,
// hidden files aside. Remote URLs are listed through Beam's file systems.
func ListInputs(ctx context.Context, in string) ([]string, error) {
	var files []string
	switch {
	case isRemote(in):
		fs, err := filesystem.New(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("input %s: %w", in, err)
		}
		defer fs.Close()
		glob := in
		if strings.HasSuffix(in, "/") {
			glob = in + "*"
		}
		if files, err = fs.List(ctx, glob); err != nil {
			return nil, fmt.Errorf("input %s: %w", in, err)
		}
		if strings.HasSuffix(in, "/") {
			files = knownFormats(files)
		}
	case isDir(in):
		entries, err := os.ReadDir(in)
		if err != nil {
			return nil, fmt.Errorf("input %s: %w", in, err)
		}
		for _, e := range entries {
			if !e.IsDir() {
				files = append(files, filepath.Join(in, e.Name()))
			}
		}
		files = knownFormats(files)
	default:
		var err error
		if files, err = filepath.Glob(in); err != nil {
			return nil, fmt.Errorf("input %s: %w", in, err)
		}
		var plain []string
		for _, f := range files {
			// Go's * matches a leading dot; a shell's does not.
			if !isDir(f) && !strings.HasPrefix(filepath.Base(f), ".") {
				plain = append(plain, f)
			}
		}
		files = plain
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("input %s: no files", in)
	}
	sort.Strings(files)
	return files, nil
}

// knownFormats keeps the files of a format namepipe reads, hidden ones
// aside.
func knownFormats(files []string) []string {
	var out []string
	for _, f := range files {
		if !strings.HasPrefix(path.Base(filepath.ToSlash(f)), ".") && record.FormatOf(f) != "" {
			out = append(out, f)
		}
	}
	return out
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// ShardPaths pairs each input file with its output file: the output path's
// name with the shard's number and the input file's extension, as
// out/x.csv → out/x-00000-of-00003.csv, so that every output shard has its
// input's format.
func ShardPaths(inputs []string, output string) []Shard {
	ext := path.Ext(output)
	stem := strings.TrimSuffix(output, ext)
	shards := make([]Shard, len(inputs))
	for i, in := range inputs {
		shards[i] = Shard{Input: in, Output: fmt.Sprintf("%s-%05d-of-%05d%s", stem, i, len(inputs), path.Ext(in))}
	}
	return shards
}

// stageIn returns a local path holding the file p: p itself when it is
// local, else a copy in dir.
func stageIn(ctx context.Context, p, dir string) (string, error) {
	if !isRemote(p) {
		return p, nil
	}
	fs, err := filesystem.New(ctx, p)
	if err != nil {
		return "", err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, p)
	if err != nil {
		return "", err
	}
	defer r.Close()
	local := filepath.Join(dir, "in"+path.Ext(p))
	f, err := os.Create(local)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return "", fmt.Errorf("copy %s: %w", p, err)
	}
	return local, f.Close()
}

// stageOut copies the finished local file to p when p is remote.
func stageOut(ctx context.Context, local, p string) error {
	if !isRemote(p) {
		return nil
	}
	fs, err := filesystem.New(ctx, p)
	if err != nil {
		return err
	}
	defer fs.Close()
	r, err := os.Open(local)
	if err != nil {
		return err
	}
	defer r.Close()
	w, err := fs.OpenWrite(ctx, p)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		w.Close()
		return fmt.Errorf("copy to %s: %w", p, err)
	}
	return w.Close()
}
