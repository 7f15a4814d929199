package main

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// ---------------------------------------------------------------------------
// Domains

func buildDomains(out string, dirs map[string]string, keep []string) error {
	keepSet := setOf(keep)
	var index, wildcard []string
	if err := readJSON(filepath.Join(dirs[pkgDisposable], "index.json"), &index); err != nil {
		return err
	}
	if err := readJSON(filepath.Join(dirs[pkgDisposable], "wildcard.json"), &wildcard); err != nil {
		return err
	}
	mc, err := mailcheckerList(filepath.Join(dirs[pkgMailcheck], "platform", "node", "index.js"))
	if err != nil {
		return err
	}
	var free []string
	if err := readJSON(filepath.Join(dirs[pkgFreemail], "domains.json"), &free); err != nil {
		return err
	}

	disp := map[string]bool{}
	var dropped []string
	add := func(list []string) {
		for _, d := range list {
			d = normDomain(d)
			if d == "" || !strings.Contains(d, ".") {
				continue
			}
			if keepSet[d] {
				dropped = append(dropped, d)
				continue
			}
			disp[d] = true
		}
	}
	add(index)
	add(wildcard)
	add(mc)
	if len(dropped) > 0 {
		slog.Warn("dropped curated non-disposable providers from the disposable lists", "domains", dropped)
	}
	hdr := fmt.Sprintf("disposable email domains: union of %s %s (index.json, wildcard.json) and %s %s (platform/node list), minus the curated providers of top-providers.txt; every subdomain of a listed domain is disposable too. MIT licensed, see NOTICE.",
		pkgDisposable, verDisposable, pkgMailcheck, verMailcheck)
	if err := writeLines(filepath.Join(out, "disposable.txt.zst"), hdr, keys(disp)); err != nil {
		return err
	}
	fm := map[string]bool{}
	for _, d := range free {
		if d = normDomain(d); d != "" && !disp[d] {
			fm[d] = true
		}
	}
	hdr = fmt.Sprintf("free-mail domains: %s %s (domains.json), minus domains also listed as disposable. MIT licensed, see NOTICE.", pkgFreemail, verFreemail)
	return writeLines(filepath.Join(out, "freemail.txt.zst"), hdr, keys(fm))
}

var quoted = regexp.MustCompile(`"([^"]+)"`)

// mailcheckerList reads the domain set literal of mailchecker's node build.
func mailcheckerList(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read mailchecker: %w", err)
	}
	s := string(b)
	i := strings.Index(s, "new Set([")
	if i < 0 {
		return nil, fmt.Errorf("mailchecker %s: list literal not found", path)
	}
	s = s[i+len("new Set(["):]
	j := strings.Index(s, "])")
	if j < 0 {
		return nil, fmt.Errorf("mailchecker %s: end of list literal not found", path)
	}
	var out []string
	for _, m := range quoted.FindAllStringSubmatch(s[:j], -1) {
		out = append(out, m[1])
	}
	if len(out) < 1000 {
		return nil, fmt.Errorf("mailchecker %s: only %d domains read", path, len(out))
	}
	return out, nil
}

func normDomain(d string) string {
	d = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(d)), ".")
	if d == "" || strings.ContainsAny(d, " /@*") {
		return ""
	}
	return d
}
