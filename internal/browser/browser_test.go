package browser

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The client must see what the report test relies on: console errors,
// exceptions, requests leaving the file, and page values.
func TestClientSeesErrorsAndRequests(t *testing.T) {
	b := Launched(t)
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	img := srv.URL + "/nothing.png"
	dir := t.TempDir()
	page := filepath.Join(dir, "p.html")
	html := `<!doctype html><title>t</title><p id=x>hello 1,234</p>
<img src="` + img + `">
<script>console.error("boom"); window.answer = 6*7; undefinedFunction();</script>`
	if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p, err := b.NewPage(ctx, 800, 600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Navigate(ctx, "file://"+page); err != nil {
		t.Fatal(err)
	}
	var text string
	if err := p.Eval(ctx, `document.getElementById("x").textContent`, &text); err != nil {
		t.Fatal(err)
	}
	if text != "hello 1,234" {
		t.Errorf("text = %q", text)
	}
	var answer int
	if err := p.Eval(ctx, `window.answer`, &answer); err != nil || answer != 42 {
		t.Errorf("answer = %d, %v", answer, err)
	}
	console := strings.Join(p.Console(), "\n")
	for _, want := range []string{"boom", "undefinedFunction"} {
		if !strings.Contains(console, want) {
			t.Errorf("console lacks %q:\n%s", want, console)
		}
	}
	if !slices.Contains(p.Requests(), img) {
		t.Errorf("requests %q lack the image", p.Requests())
	}
	png, err := p.Screenshot(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) || len(png) < 1000 {
		t.Errorf("screenshot is not a PNG (%d bytes)", len(png))
	}
}
