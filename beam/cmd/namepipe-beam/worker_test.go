package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWorkerProcess runs namepipe-beam as a user would, with prism starting
// the SDK workers as separate processes (environment PROCESS): Beam's Go
// boot loader fetches the staged namepipe-beam binary and starts it with
// --worker and the harness flags, as Flink's and Dataflow's containers do.
// So the DoFns and types must be found by name in a process that never
// built the pipeline, and main must hand worker mode to the harness. The
// shards must be byte for byte those of an in-process (loopback) run.
func TestWorkerProcess(t *testing.T) {
	dir := t.TempDir()
	nb, boot := filepath.Join(dir, "namepipe-beam"), filepath.Join(dir, "boot")
	for out, pkg := range map[string]string{nb: ".", boot: "github.com/apache/beam/sdks/v2/go/container"} {
		if b, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", pkg, err, b)
		}
	}
	// prism passes --id='X' with the quotes in the value; the boot loader
	// wants them off.
	wrapper := filepath.Join(dir, "boot.sh")
	script := "#!/bin/sh\nid=$(printf '%s' \"$1\" | sed \"s/^--id='\\(.*\\)'\\$/--id=\\1/\"); shift\n" +
		"exec " + boot + " \"$id\" --semi_persist_dir=" + filepath.Join(dir, "semi") + " \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "semi"), 0o755); err != nil {
		t.Fatal(err)
	}

	t.Setenv("NAMEPIPE_TODAY", "2026-11-24")
	config, err := filepath.Abs(filepath.Join(root, "configs/example.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sample, err := os.ReadFile(filepath.Join(root, "sample-data/customers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	lines := strings.SplitAfter(string(sample), "\n")
	for _, d := range []string{"in", "loopback", "process"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	half := len(lines) / 2
	for name, body := range map[string][]string{"a.csv": lines[1:half], "b.csv": lines[half:]} {
		if err := os.WriteFile(filepath.Join("in", name), []byte(lines[0]+strings.Join(body, "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := func(out string) []string {
		return []string{"run", "--config", config, "--runner", "prism", "--input", "in", "--output", out + "/x.csv", "--quiet"}
	}

	var stderr bytes.Buffer
	if code := realMain(context.Background(), args("loopback"), io.Discard, &stderr); code != exitOK {
		t.Fatalf("loopback run: exit %d\n%s", code, stderr.String())
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nb, append(args("process"), "--environment_type", "PROCESS",
		"--environment_config", `{"command":"`+wrapper+`"}`, "--worker_binary", nb)...)
	// Its own process group: the worker outlives the boot loader that
	// prism stops, and is ended with the group below.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	// The worker, orphaned, may hold the output pipe past WaitDelay.
	if err := cmd.Wait(); err != nil && !errors.Is(err, exec.ErrWaitDelay) {
		t.Fatalf("process run: %v\n%s", err, out.String())
	}
	// Beam's boot loader logs what it provisions: the staged binary as
	// the Go worker.
	if log := out.String(); !strings.Contains(log, "Provision info") || !strings.Contains(log, "go_worker_binary") {
		t.Fatalf("no separate worker was started:\n%s", log)
	}

	for _, shard := range []string{"x-00000-of-00002.csv", "x-00001-of-00002.csv", "x.summary.json"} {
		want, err := os.ReadFile(filepath.Join("loopback", shard))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("process", shard))
		if err != nil {
			t.Fatal(err)
		}
		if shard == "x.summary.json" {
			want, got = dropTimes(want), dropTimes(got)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the separate worker's output differs from the in-process one", shard)
		}
	}
}

// dropTimes removes the lines of a summary that depend on the clock.
func dropTimes(data []byte) []byte {
	var keep []string
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.Contains(l, "elapsed_seconds") && !strings.Contains(l, "rows_per_second") {
			keep = append(keep, l)
		}
	}
	return []byte(strings.Join(keep, "\n"))
}
