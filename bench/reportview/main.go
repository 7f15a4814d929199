// Command reportview opens run reports in headless Chromium and prints how
// long each takes to load and render, for bench/report.sh:
//
//	go run ./bench/reportview [-n 5] [-width 1200] [-shot page.png] report.html...
//
// The time is from the navigation command to the load event, then one
// animation frame (the first paint), as the median of -n fresh tabs. It
// also fails when the page logs an error or requests anything outside
// the file.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/namepipe/namepipe/internal/browser"
)

func main() {
	n := flag.Int("n", 5, "loads per file (the median is printed)")
	width := flag.Int("width", 1200, "viewport width in CSS pixels")
	shot := flag.String("shot", "", "write a full-page PNG screenshot of the first file here")
	height := flag.Int("height", 0, "screenshot only this many CSS pixels of the page (0: the whole page)")
	scroll := flag.Int("scroll", 0, "with -height, start the screenshot this far down")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: reportview [-n N] [-width W] [-shot file.png] report.html...")
		os.Exit(2)
	}
	if err := run(flag.Args(), *n, *width, *shot, *height, *scroll); err != nil {
		fmt.Fprintln(os.Stderr, "reportview:", err)
		os.Exit(1)
	}
}

func run(files []string, n, width int, shot string, height, scroll int) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	b, err := browser.Launch(ctx)
	if err != nil {
		return err
	}
	defer b.Close()
	for fi, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return err
		}
		st, err := os.Stat(abs)
		if err != nil {
			return err
		}
		url := "file://" + abs
		var times []time.Duration
		for i := range n {
			p, err := b.NewPage(ctx, width, 900)
			if err != nil {
				return err
			}
			d, err := p.Navigate(ctx, url)
			if err != nil {
				return err
			}
			start := time.Now()
			if err := p.Eval(ctx, `new Promise(r => requestAnimationFrame(() => r(1)))`, nil); err != nil {
				return err
			}
			times = append(times, d+time.Since(start))
			if c := p.Console(); len(c) > 0 {
				return fmt.Errorf("%s: console: %s", f, strings.Join(c, "; "))
			}
			for _, u := range p.Requests() {
				if u != url {
					return fmt.Errorf("%s: requested %s", f, u)
				}
			}
			if fi == 0 && i == 0 && shot != "" {
				var png []byte
				if height > 0 {
					png, err = p.ScreenshotClip(ctx, 0, scroll, width, height)
				} else {
					png, err = p.Screenshot(ctx, true)
				}
				if err != nil {
					return err
				}
				if err := os.WriteFile(shot, png, 0o644); err != nil {
					return err
				}
			}
		}
		slices.Sort(times)
		fmt.Printf("%s\t%d bytes\tload+paint median %v (min %v, max %v, %d loads)\n", f, st.Size(),
			times[len(times)/2].Round(time.Millisecond), times[0].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond), n)
	}
	return nil
}
