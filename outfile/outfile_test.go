package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// commitText writes text to path through Create and commits it.
func commitText(t *testing.T, path, text string, o Options) (*File, error) {
	t.Helper()
	f, err := Create(path, o)
	if err != nil {
		return nil, err
	}
	if _, err := io.WriteString(f, text); err != nil {
		f.Abort()
		return f, err
	}
	return f, f.Commit()
}

// temps lists the temporary files in dir.
func temps(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestRegularAndNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.csv")
	for _, text := range []string{"first\n", "second\n"} { // new, then replaced
		f, err := commitText(t, p, text, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if f.Kind() != Atomic {
			t.Errorf("kind %v, want Atomic", f.Kind())
		}
		if got, _ := os.ReadFile(p); string(got) != text {
			t.Errorf("content %q, want %q", got, text)
		}
	}
	if l := temps(t, dir); l != nil {
		t.Errorf("temporary files left: %v", l)
	}
	// Abort leaves the old content and no temporary file.
	f, err := Create(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "half")
	if tmp := temps(t, dir); len(tmp) != 1 || !strings.HasPrefix(tmp[0], fmt.Sprintf(".out.csv.tmp-%d-", os.Getpid())) {
		t.Errorf("temporary file %v does not carry the PID %d", tmp, os.Getpid())
	}
	f.Abort()
	if got, _ := os.ReadFile(p); string(got) != "second\n" || temps(t, dir) != nil {
		t.Errorf("after abort: %q, temps %v", got, temps(t, dir))
	}
}

// TestFIFO writes to a FIFO in place: its reader gets the bytes, and the
// FIFO is still a FIFO afterwards. With Atomic it is refused.
func TestFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(p, Options{Atomic: true}); !isRefused(err) {
		t.Fatalf("Atomic: error %v, want refused", err)
	}
	got := make(chan string, 1)
	go func() {
		r, err := os.Open(p)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(r)
		r.Close()
		got <- string(b)
	}()
	f, err := commitText(t, p, "rows\n", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Kind() != Direct {
		t.Errorf("kind %v, want Direct", f.Kind())
	}
	if s := <-got; s != "rows\n" {
		t.Errorf("the FIFO's reader got %q", s)
	}
	st, err := os.Lstat(p)
	if err != nil || st.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("after the run %s is %v (%v), want a FIFO", p, st.Mode(), err)
	}
	if l := temps(t, dir); l != nil {
		t.Errorf("temporary files: %v", l)
	}
}

// TestDevice writes to a /dev/null-like character device made at a path
// of the test's own (never the real /dev): it stays a device.
func TestDevice(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "null")
	if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, int(mkdev(1, 3))); err != nil {
		if errors.Is(err, syscall.EPERM) {
			t.Skip("creating a device node needs CAP_MKNOD (run as root); the FIFO test covers the same path")
		}
		t.Fatal(err)
	}
	f, err := commitText(t, p, strings.Repeat("x", 60000), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Kind() != Direct {
		t.Errorf("kind %v, want Direct", f.Kind())
	}
	st, err := os.Lstat(p)
	if err != nil || st.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("after the run %s is %v (%v), want a character device", p, st.Mode(), err)
	}
	if l := temps(t, dir); l != nil {
		t.Errorf("temporary files: %v", l)
	}
	if _, err := Create(p, Options{Atomic: true}); !isRefused(err) {
		t.Errorf("Atomic: error %v, want refused", err)
	}
}

func mkdev(major, minor uint64) uint64 {
	return (major&0xfff)<<8 | (minor & 0xff) | (major&^0xfff)<<32 | (minor&^0xff)<<12
}

// TestSymlink follows a link: the target is replaced through a temporary
// file in the target's directory, and the link stays a link.
func TestSymlink(t *testing.T) {
	linkDir, targetDir := t.TempDir(), t.TempDir()
	target := filepath.Join(targetDir, "real.csv")
	os.WriteFile(target, []byte("old\n"), 0o644)
	link := filepath.Join(linkDir, "out.csv")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	f, err := Create(link, Options{})
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "new\n")
	if tmp := temps(t, targetDir); len(tmp) != 1 || !strings.HasPrefix(tmp[0], ".real.csv.tmp-") {
		t.Errorf("temporary file in the target's directory: %v", tmp)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("the link is gone: %v %v", st, err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new\n" {
		t.Errorf("target holds %q", got)
	}
	// A relative, dangling link names the file to create.
	dangling := filepath.Join(linkDir, "new.csv")
	os.Symlink("sub/../made.csv", dangling)
	os.Mkdir(filepath.Join(linkDir, "sub"), 0o755)
	if _, err := commitText(t, dangling, "made\n", Options{}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(linkDir, "made.csv")); string(got) != "made\n" {
		t.Errorf("dangling link target holds %q", got)
	}
	if l := append(temps(t, linkDir), temps(t, targetDir)...); l != nil {
		t.Errorf("temporary files: %v", l)
	}
	// A link to the input is refused like the input itself.
	if _, err := Create(link, Options{Protect: []string{target}}); err == nil || !strings.Contains(err.Error(), "refusing to overwrite the input file") {
		t.Errorf("link to the input: %v", err)
	}
}

func isRefused(err error) bool {
	var re *RefusedError
	return errors.As(err, &re)
}

// TestRefused: a directory and a socket are refused before anything is
// written.
func TestRefused(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "s.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	loop := filepath.Join(dir, "loop")
	os.Symlink("loop", loop)
	for _, tc := range []struct{ path, want string }{
		{dir, "output is a directory"},
		{sock, "output is a socket"},
		{loop, "too many levels of symbolic links"},
	} {
		_, err := Create(tc.path, Options{})
		if !isRefused(err) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want refused: %s", tc.path, err, tc.want)
		}
	}
	if _, err := Create(filepath.Join(dir, "nodir", "x.csv"), Options{}); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing directory: %v", err)
	}
	if st, err := os.Lstat(sock); err != nil || st.Mode()&fs.ModeSocket == 0 {
		t.Errorf("socket changed: %v %v", st, err)
	}
}

func TestStdout(t *testing.T) {
	for _, p := range []string{"-", "/dev/stdout"} {
		plan, err := Resolve(p, true)
		if err != nil || plan.Kind != Stdout {
			t.Errorf("%s: %+v %v, want stdout", p, plan, err)
		}
	}
}

// deadPID returns the PID of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestLeftovers: a temporary file of the same output whose process is
// gone is removed (and listed); one of a live process, one of another
// output and one without a PID stay.
func TestLeftovers(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.csv")
	dead := fmt.Sprintf(".out.csv.tmp-%d-123", deadPID(t))
	keep := []string{
		fmt.Sprintf(".out.csv.tmp-%d-9", os.Getppid()),
		fmt.Sprintf(".other.csv.tmp-%d-9", deadPID(t)),
		".out.csv.tmp-123456789",
	}
	for _, n := range append([]string{dead}, keep...) {
		os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644)
	}
	f, err := commitText(t, p, "ok\n", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l := f.Leftovers(); len(l) != 1 || l[0] != filepath.Join(dir, dead) {
		t.Errorf("leftovers %v, want %s", l, dead)
	}
	for _, n := range keep {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s removed: %v", n, err)
		}
	}
}

// TestKilledRunLeavesNothing runs a writer in a subprocess, kills it with
// SIGKILL in the middle of writing, and reruns it: the rerun removes the
// killed run's temporary file and leaves none of its own.
func TestKilledRunLeavesNothing(t *testing.T) {
	if os.Getenv("OUTFILE_HELPER") != "" {
		return // the helper runs in TestMain
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "big.csv")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "OUTFILE_HELPER="+p)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 6)
	if _, err := io.ReadFull(out, buf); err != nil || string(buf) != "ready\n" {
		t.Fatalf("helper: %q %v", buf, err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	left := temps(t, dir)
	if len(left) != 1 {
		t.Fatalf("after SIGKILL: temporary files %v, want the killed run's one", left)
	}
	f, err := commitText(t, p, "rerun\n", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l := temps(t, dir); l != nil {
		t.Errorf("after the rerun: %v", l)
	}
	if len(f.Leftovers()) != 1 || filepath.Base(f.Leftovers()[0]) != left[0] {
		t.Errorf("rerun's leftovers %v, want %s", f.Leftovers(), left[0])
	}
}

func TestMain(m *testing.M) {
	if p := os.Getenv("OUTFILE_HELPER"); p != "" {
		f, err := Create(p, Options{})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		chunk := []byte(strings.Repeat("row,of,data\n", 1000))
		f.Write(chunk)
		os.Stdout.WriteString("ready\n")
		for i := 0; i < 60000; i++ { // writes until killed (at most a minute)
			f.Write(chunk)
			time.Sleep(time.Millisecond)
		}
		os.Exit(2)
	}
	os.Exit(m.Run())
}
