package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

func TestFormatPersonName(t *testing.T) {
	e := fakeEngine(t)
	tests := []struct {
		in      *nameapi.InputPerson
		want    string
		unknown bool
	}{
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "petra müller")), "Petra Müller", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "PETRA MÜLLER")), "Petra Müller", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "müller, petra")), "Petra Müller", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "MÜLLER Petra")), "Petra Müller", false},
		// No comma and no capitals mark the surname: the typed order stays.
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "SZABÓ LEVENTE MÁTÉ")), "Szabó Levente Máté", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "nGuYễN QuAnG DũNg")), "Nguyễn Quang Dũng", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "rEdDy pAdMa")), "Reddy Padma", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "doamna Alina-victoria popescu")), "Doamna Alina-Victoria Popescu", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "john mcdonald")), "John McDonald", false},
		// Irish particles are capitalised, Kyrgyz "uulu" after the name is not.
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "lIaM Ó MuRcHú")), "Liam Ó Murchú", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "SINÉAD NÍ MHURCHÚ")), "Sinéad Ní Mhurchú", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "MARAT ZHANYBEK UULU")), "Marat Zhanybek uulu", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "JOHN MACLEOD")), "John MacLeod", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "john mack")), "John Mack", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "maria machado")), "Maria Machado", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "anna o'neill")), "Anna O'Neill", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "ANNA VAN DER BERG")), "Anna van der Berg", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "van der berg, anna")), "Anna van der Berg", false},
		{nameapi.NewNaturalPerson(nameapi.Field("SURNAME", "van der berg")), "Van der Berg", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "jean-pierre dupont")), "Jean-Pierre Dupont", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "charles d'artagnan")), "Charles d'Artagnan", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "dr. peter t johnson jr")), "Dr. Peter T. Johnson Jr.", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "john smith iii")), "John Smith III", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "Danny DeVito")), "Danny DeVito", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "pETER mÜLLER")), "Peter Müller", false},
		{nameapi.NewNaturalPerson(nameapi.Field("GIVENNAME", "petra"), nameapi.Field("SURNAME", "MUELLER-MEYER")), "Petra Mueller-Meyer", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "peter and daniela meyer")), "Peter and Daniela Meyer", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "acme gmbh")), "Acme GmbH", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "GOOGLE LLC")), "Google LLC", false},
		{nameapi.NewLegalPerson(nameapi.Field("LEGAL_NAME", "acme"), nameapi.Field("LEGAL_FORM", "ag")), "Acme AG", false},
		{nameapi.NewNaturalPerson(nameapi.Field("FULLNAME", "12345 !!!")), "12345 !!!", true},
		{nameapi.NewNaturalPerson(), "", true},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			r, err := e.FormatPersonName(context.Background(), &nameapi.PersonNameFormatterInput{InputPerson: tt.in})
			if err != nil {
				t.Fatal(err)
			}
			if r.Formatted != tt.want || r.Unknown != tt.unknown {
				t.Errorf("got %q unknown=%v, want %q unknown=%v", r.Formatted, r.Unknown, tt.want, tt.unknown)
			}
		})
	}
}
