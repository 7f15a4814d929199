package main

// The invented people's names: given names with their nicknames, and
// names with their usual transliterations, per culture. Everything here
// is common knowledge, written for this generator.

type culture struct {
	given    []string
	surnames []string
	domain   string
	city     string
	street   string
	postal   int
}

var cultures = []culture{
	{ // English
		given:    words("James John Robert Michael William David Richard Joseph Thomas Charles Daniel Matthew Anthony Christopher Andrew Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Margaret Emily Katherine Rebecca Victoria Noah Isabella Olivia Samuel Benjamin"),
		surnames: words("Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Moore Jackson Martin Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Green Baker Adams Nelson Carter Mitchell Watson Cooper Owen Hughes Morgan"),
		domain:   "gmail.com", city: "Springfield", street: "Main Street", postal: 62701,
	},
	{ // German
		given:    words("Jürgen Jörg Günter Björn Peter Thomas Andreas Michael Stefan Klaus Lukas Jonas Felix Wolfgang Matthias Christian Sebastian Maximilian Katharina Sabine Andrea Julia Ursula Anna Lena Sophie Birgit Monika Käthe Susanne Stefanie Johanna Hannah"),
		surnames: words("Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Hoffmann Schäfer Koch Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hartmann Lange Köhler Günther Weiß Groß Jäger Möller Vogt"),
		domain:   "web.de", city: "Berlin", street: "Hauptstraße", postal: 10115,
	},
	{ // Spanish
		given:    words("José María Jesús Ángel Andrés Álvaro Iñigo Raúl Sofía Lucía Inés Mónica Martín Jorge Carlos Miguel Pablo Sergio Elena Carmen Isabel Paula Rocío Adrián Nicolás"),
		surnames: words("García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Jiménez Ruiz Hernández Díaz Moreno Muñoz Álvarez Romero Navarro Torres Domínguez Vázquez Ramos Castaño Peña Ibáñez"),
		domain:   "hotmail.es", city: "Madrid", street: "Calle Mayor", postal: 28013,
	},
	{ // Arabic, as usually spelled in Europe
		given:    words("Mohammed Ahmed Mustafa Yusuf Omar Ali Hassan Hussein Ibrahim Khaled Fatima Aisha Mariam Layla Noor Samir Karim Tariq Rashid Yasmin"),
		surnames: words("Haddad Khalil Mansour Nasser Saleh Hamdan Aziz Rahman Qureshi Farouk Suleiman Othman Hakim Jaber Darwish"),
		domain:   "outlook.com", city: "London", street: "High Street", postal: 10001,
	},
	{ // Italian and French
		given:    words("Giuseppe Francesco Alessandro Giovanni Antonio Roberto Giulia Francesca Chiara Valentina Federica François Stéphane Sébastien Jérôme Hélène Céline Émilie Amélie Noël Loïc"),
		surnames: words("Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Dubois Lefèvre Girard Bonnet Dupont Lambert Fontaine Mercier Rousseau Chevalier"),
		domain:   "libero.it", city: "Milano", street: "Via Roma", postal: 20121,
	},
}

// nicknames maps a given name to the short forms people use for it.
var nicknames = map[string][]string{
	"William": {"Bill", "Will", "Billy"}, "Robert": {"Bob", "Rob", "Bobby"}, "Richard": {"Rick", "Dick", "Rich"},
	"James": {"Jim", "Jimmy"}, "John": {"Jack", "Johnny"}, "Michael": {"Mike", "Mick"}, "David": {"Dave"},
	"Joseph": {"Joe"}, "Thomas": {"Tom", "Tommy"}, "Charles": {"Charlie", "Chuck"}, "Daniel": {"Dan", "Danny"},
	"Matthew": {"Matt"}, "Anthony": {"Tony"}, "Christopher": {"Chris"}, "Andrew": {"Andy", "Drew"},
	"Patricia": {"Pat", "Patty"}, "Jennifer": {"Jenny", "Jen"}, "Elizabeth": {"Liz", "Beth", "Betty"},
	"Barbara": {"Barb"}, "Susan": {"Sue"}, "Jessica": {"Jess"}, "Margaret": {"Maggie", "Peggy"},
	"Katherine": {"Kate", "Kathy"}, "Rebecca": {"Becky"}, "Victoria": {"Vicky"}, "Samuel": {"Sam"},
	"Benjamin": {"Ben"}, "Isabella": {"Bella"}, "Olivia": {"Liv"},
	"Katharina": {"Kathi"}, "Johanna": {"Hanna"}, "Stefanie": {"Steffi"}, "Maximilian": {"Max"},
	"Sebastian": {"Basti"}, "Matthias": {"Matze"}, "Wolfgang": {"Wolf"}, "Susanne": {"Susi"},
	"Mohammed": {"Mohd", "Mo"}, "Alessandro": {"Sandro"}, "Giuseppe": {"Beppe", "Peppe"}, "Francesco": {"Franco"},
	"Francisco": {"Paco"}, "José": {"Pepe"}, "Jesús": {"Chuy"},
}

// transliterations are other spellings of the same name in Latin letters.
var transliterations = map[string][]string{
	"Mohammed": {"Muhammad", "Mohamed", "Mohammad"}, "Ahmed": {"Ahmad"}, "Mustafa": {"Mostafa"},
	"Yusuf": {"Youssef", "Yousef"}, "Omar": {"Umar"}, "Hussein": {"Husain", "Hussain"},
	"Khaled": {"Khalid"}, "Fatima": {"Fatma"}, "Aisha": {"Aysha", "Aischa"}, "Mariam": {"Maryam"},
	"Layla": {"Leila", "Laila"}, "Noor": {"Nour"}, "Tariq": {"Tarek"}, "Rashid": {"Rasheed"},
	"Yasmin": {"Yasmine", "Jasmin"}, "Haddad": {"Hadad"}, "Khalil": {"Khaleel"}, "Mansour": {"Mansur"},
	"Nasser": {"Naser"}, "Saleh": {"Salih"}, "Suleiman": {"Sulaiman", "Suleyman"}, "Othman": {"Osman", "Uthman"},
	"Qureshi": {"Kureshi"}, "Darwish": {"Derwish"},
}

func words(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		if r == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}
