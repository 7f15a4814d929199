// Package lists embeds the small curated word lists of the person-name
// operations: text files, each with a header naming its source. Package
// text parses them.
package lists

import "embed"

// Files holds the *.txt lists.
//
//go:embed *.txt
var Files embed.FS
