package readers

import (
	"archive/zip"
	"encoding/xml"
	"io"
	"path"
	"strings"
)

// sheetDimension returns the dimension (A1:M100001) that the worksheet
// named sheet of the workbook at file declares, "" when it declares none
// or cannot be read. It reads the workbook's index and the head of the
// sheet's XML only: excelize's GetSheetDimension loads the whole sheet
// into memory (and Rows then marshals it back), which cost a 100,000-row
// sheet hundreds of MiB and most of the reading time (bench/compress.sh).
func sheetDimension(file, sheet string) string {
	zr, err := zip.OpenReader(file)
	if err != nil {
		return ""
	}
	defer zr.Close()
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if !decodePart(&zr.Reader, "xl/workbook.xml", &wb) || !decodePart(&zr.Reader, "xl/_rels/workbook.xml.rels", &rels) {
		return ""
	}
	var target string
	for _, s := range wb.Sheets {
		if s.Name != sheet {
			continue
		}
		for _, r := range rels.Rels {
			if r.ID == s.RID {
				target = r.Target
			}
		}
	}
	if target == "" {
		return ""
	}
	if strings.HasPrefix(target, "/") {
		target = strings.TrimPrefix(target, "/")
	} else {
		target = path.Join("xl", target)
	}
	f, err := zr.Open(target)
	if err != nil {
		return ""
	}
	defer f.Close()
	d := xml.NewDecoder(io.LimitReader(f, 1<<20)) // the dimension comes before the rows
	for {
		tok, err := d.Token()
		if err != nil {
			return ""
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "dimension":
				for _, a := range se.Attr {
					if a.Name.Local == "ref" {
						return a.Value
					}
				}
				return ""
			case "sheetData":
				return ""
			}
		}
	}
}

// decodePart decodes the XML part name of a ZIP archive into v.
func decodePart(zr *zip.Reader, name string, v any) bool {
	f, err := zr.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	return xml.NewDecoder(io.LimitReader(f, 64<<20)).Decode(v) == nil
}
