package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// Salutations of many languages, each title its own term, qualifiers,
// birth names, professions, nicknames and initials.
func TestParseHonorificsWorld(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	tests := []struct {
		in, terms, gender, formatted string
	}{
		{"Frk. Mette Hansen", "SALUTATION=Frk.|GIVENNAME=Mette|SURNAME=Hansen", "FEMALE", "Frk. Mette Hansen"},
		{"Fru Ingrid Larsson", "SALUTATION=Fru|GIVENNAME=Ingrid|SURNAME=Larsson", "FEMALE", ""},
		{"Hr. Lars Jensen", "SALUTATION=Hr.|GIVENNAME=Lars|SURNAME=Jensen", "MALE", ""},
		{"Doamna Elena Popescu", "SALUTATION=Doamna|GIVENNAME=Elena|SURNAME=Popescu", "FEMALE", ""},
		{"D-l Andrei Popa", "SALUTATION=D-l|GIVENNAME=Andrei|SURNAME=Popa", "MALE", ""},
		{"Pani Anna Kowalska", "SALUTATION=Pani|GIVENNAME=Anna|SURNAME=Kowalska", "FEMALE", ""},
		{"Sra. María López", "SALUTATION=Sra.|GIVENNAME=María|SURNAME=López", "FEMALE", ""},
		{"г-н Иван Петров", "SALUTATION=г-н|GIVENNAME=Иван|SURNAME=Петров", "MALE", ""},
		{"Härra Jaan Tamm", "SALUTATION=Härra|GIVENNAME=Jaan|SURNAME=Tamm", "MALE", ""},
		{"Bayan Ayşe Kaya", "SALUTATION=Bayan|GIVENNAME=Ayşe|SURNAME=Kaya", "FEMALE", ""},
		{"Kovács János úr", "SURNAME=Kovács|GIVENNAME=János|SALUTATION=úr", "MALE", ""},
		{"Szabó Eszter asszony", "SURNAME=Szabó|GIVENNAME=Eszter|SALUTATION=asszony", "FEMALE", ""},
		{"Ahmet Yılmaz Bey", "GIVENNAME=Ahmet|SURNAME=Yılmaz|SALUTATION=Bey", "MALE", ""},
		{"Ahmet Bey", "GIVENNAME=Ahmet|SALUTATION=Bey", "MALE", ""},
		{"Frau Müller", "SALUTATION=Frau|SURNAME=Müller", "FEMALE", ""},
		{"Zotëri A. Hoxha", "SALUTATION=Zotëri|GIVENNAMEINITIAL=A.|SURNAME=Hoxha", "MALE", ""},
		{"Frú Guðrún Blöndal", "SALUTATION=Frú|GIVENNAME=Guðrún|SURNAME=Blöndal", "FEMALE", ""},
		{"Kirios Stylianos Papadopoulos", "SALUTATION=Kirios|GIVENNAME=Stylianos|SURNAME=Papadopoulos", "MALE", ""},
		{"Khanom A. Madani", "SALUTATION=Khanom|GIVENNAMEINITIAL=A.|SURNAME=Madani", "FEMALE", ""},
		{"Batoni N. Gelashvili", "SALUTATION=Batoni|GIVENNAMEINITIAL=N.|SURNAME=Gelashvili", "MALE", ""},
		{"Count Lev Tolstoy", "SALUTATION=Count|GIVENNAME=Lev|SURNAME=Tolstoy", "MALE", ""},
		{"Gräfin Marion Dönhoff", "SALUTATION=Gräfin|GIVENNAME=Marion|SURNAME=Dönhoff", "FEMALE", ""},
		{"Countess Andrea Rossi", "SALUTATION=Countess|GIVENNAME=Andrea|SURNAME=Rossi", "FEMALE", ""},
		{"Earl Jones", "GIVENNAME=Earl|SURNAME=Jones", "MALE", ""},
		{"Steffi Graf", "GIVENNAME=Steffi|SURNAME=Graf", "FEMALE", ""},
		// A salutation that is also a name needs a name after it.
		{"Bay Smith", "", "", ""},
		{"Prof. Dr. Dr. Klaus Weber", "TITLE=Prof.|TITLE=Dr. Dr.|GIVENNAME=Klaus|SURNAME=Weber", "MALE", "Prof. Dr. Dr. Klaus Weber"},
		{"Dr. Dr. h.c. Anna Roth", "TITLE=Dr. Dr. h.c.|GIVENNAME=Anna|SURNAME=Roth", "FEMALE", "Dr. Dr. h.c. Anna Roth"},
		{"Prof. Prof. Dr. Jan Berg", "TITLE=Prof. Prof.|TITLE=Dr.|GIVENNAME=Jan|SURNAME=Berg", "MALE", "Prof. Prof. Dr. Jan Berg"},
		{"Dr. med. Hans Müller", "TITLE=Dr. med.|GIVENNAME=Hans|SURNAME=Müller", "MALE", ""},
		{"Frau Prof. Dr. Ursula Lehr", "SALUTATION=Frau|TITLE=Prof.|TITLE=Dr.|GIVENNAME=Ursula|SURNAME=Lehr", "FEMALE", ""},
		{"João Silva Filho", "GIVENNAME=João|SURNAME=Silva|QUALIFIER=Filho", "MALE", "João Silva Filho"},
		{"Pedro Alves Neto", "GIVENNAME=Pedro|SURNAME=Alves|QUALIFIER=Neto", "MALE", ""},
		{"Ana Neto", "GIVENNAME=Ana|SURNAME=Neto", "FEMALE", ""},
		{"Henry Ford III", "GIVENNAME=Henry|SURNAME=Ford|QUALIFIER=III", "MALE", ""},
		{"Maria Schmidt geb. Weber", "GIVENNAME=Maria|SURNAME=Schmidt|NAMEATBIRTHINDICATOR=geb.|SURNAMEATBIRTH=Weber", "FEMALE", "Maria Schmidt geb. Weber"},
		{"Anne Dupont, née Martin", "GIVENNAME=Anne|SURNAME=Dupont|NAMEATBIRTHINDICATOR=née|SURNAMEATBIRTH=Martin", "FEMALE", ""},
		{"Jane Smith born Miller", "GIVENNAME=Jane|SURNAME=Smith|NAMEATBIRTHINDICATOR=born|SURNAMEATBIRTH=Miller", "FEMALE", ""},
		{"Max Born", "GIVENNAME=Max|SURNAME=Born", "MALE", ""},
		{"Anton Mosimann, Malermeister", "GIVENNAME=Anton|SURNAME=Mosimann|PROFESSION=Malermeister", "MALE", "Anton Mosimann"},
		{"Peter Huber, Rechtsanwalt", "GIVENNAME=Peter|SURNAME=Huber|PROFESSION=Rechtsanwalt", "MALE", ""},
		{"Laura Bianchi, avvocato", "GIVENNAME=Laura|SURNAME=Bianchi|PROFESSION=avvocato", "FEMALE", ""},
		{"Müller, Petra", "SURNAME=Müller|GIVENNAME=Petra", "FEMALE", ""},
		{"Müller, Petra, Dr.", "SURNAME=Müller|GIVENNAME=Petra|TITLE=Dr.", "FEMALE", ""},
		{"Peter Huber, Dipl.-Ing.", "GIVENNAME=Peter|SURNAME=Huber|TITLE=Dipl.-Ing.", "MALE", ""},
		{"Peter Huber, Kaminkehrer", "GIVENNAME=Peter|SURNAME=Huber|PROFESSION=Kaminkehrer", "MALE", ""},
		{"Thomas Müller, Geschäftsführer", "GIVENNAME=Thomas|SURNAME=Müller|PROFESSION=Geschäftsführer", "MALE", ""},
		{"Prof. Dr.-Ing. Karl Meier", "TITLE=Prof.|TITLE=Dr.-Ing.|GIVENNAME=Karl|SURNAME=Meier", "MALE", ""},
		{"Dr. techn. Hans Huber", "TITLE=Dr. techn.|GIVENNAME=Hans|SURNAME=Huber", "MALE", ""},
		{"Jan Novák ml.", "GIVENNAME=Jan|SURNAME=Novák|QUALIFIER=ml.", "MALE", ""},
		{"Juan Pérez hijo", "GIVENNAME=Juan|SURNAME=Pérez|QUALIFIER=hijo", "MALE", ""},
		{"William (Bill) Turner", "GIVENNAME=William|NICKNAME=Bill|SURNAME=Turner", "MALE", ""},
		{"Margaret \"Peggy\" Jones", "GIVENNAME=Margaret|NICKNAME=Peggy|SURNAME=Jones", "FEMALE", ""},
		{"Steinbjørn B. Jacobsen", "GIVENNAME=Steinbjørn|GIVENNAMEINITIAL=B.|SURNAME=Jacobsen", "", ""},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := e.ParsePersonName(ctx, fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			checkMatchInvariants(t, r)
			pp := r.Best().ParsedPerson
			got := termsString(pp)
			if tt.terms == "" {
				// Only that no salutation was taken.
				for _, tm := range pp.OutputPersonName.Terms {
					if tm.TermType == nameapi.TermSalutation {
						t.Errorf("terms = %s, want no salutation", got)
					}
				}
				return
			}
			if got != tt.terms {
				t.Errorf("terms = %s\n want %s", got, tt.terms)
			}
			g, err := e.GenderizePerson(ctx, fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if tt.gender != "" && g.Gender != tt.gender {
				t.Errorf("gender = %s, want %s", g.Gender, tt.gender)
			}
			if tt.formatted == "" {
				return
			}
			f, err := e.FormatPersonName(ctx, &nameapi.PersonNameFormatterInput{InputPerson: fullname(tt.in).InputPerson})
			if err != nil {
				t.Fatal(err)
			}
			if f.Formatted != tt.formatted {
				t.Errorf("formatted = %q, want %q", f.Formatted, tt.formatted)
			}
		})
	}
}

// A birth name stands for the surname in the matcher: the same woman
// before and after her marriage matches; another surname does not.
func TestMatchBirthNames(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	for _, tt := range []struct{ a, b, want string }{
		{"Maria Schmidt geb. Weber", "Maria Weber", nameapi.MatchMatching},
		{"Anne Dupont née Martin", "Anne Martin", nameapi.MatchMatching},
		{"Maria Schmidt geb. Weber", "Maria Schmidt", nameapi.MatchMatching},
		{"Maria Schmidt geb. Weber", "Maria Schmidt geb. Weber", nameapi.MatchEqual},
		{"Maria Schmidt geb. Weber", "Maria Huber", nameapi.MatchDifferent},
	} {
		r, err := e.MatchPersons(context.Background(), &nameapi.InputWithTwoPeople{InputPerson1: fullname(tt.a).InputPerson, InputPerson2: fullname(tt.b).InputPerson})
		if err != nil {
			t.Fatal(err)
		}
		if r.MatchType != tt.want {
			t.Errorf("match %q ~ %q = %s, want %s", tt.a, tt.b, r.MatchType, tt.want)
		}
	}
}

// A salutation of any listed language gives the gender of a person named
// by the surname alone.
func TestGenderizeSalutationOnly(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	for in, want := range map[string]string{
		"Doamna Popescu": nameapi.GenderFemale,
		"D-l Popescu":    nameapi.GenderMale,
		"Frk. Hansen":    nameapi.GenderFemale,
		"г-жа Иванова":   nameapi.GenderFemale,
		"Proua Tamm":     nameapi.GenderFemale,
		"Härra Tamm":     nameapi.GenderMale,
	} {
		g, err := e.GenderizePerson(context.Background(), fullname(in))
		if err != nil {
			t.Fatal(err)
		}
		if g.Gender != want {
			t.Errorf("genderize %q = %s, want %s", in, g.Gender, want)
		}
	}
}
