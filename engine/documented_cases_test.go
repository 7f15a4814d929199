package engine

// documentedCases: the examples of the real service's behaviour that its
// public clients and its documentation use, and those of issue 10's text.
var documentedCases = []docCase{
	// The public clients' examples.
	{op: "parse", in: "Petra Müller", checks: []string{"terms=GIVENNAME=Petra|SURNAME=Müller", "gender=FEMALE", "type=NATURAL"}},
	{op: "parse", in: "Dr. Peter T. Johnson jr", checks: []string{"TITLE=Dr.", "GIVENNAME=Peter", "MIDDLENAMEINITIAL=T. OR GIVENNAMEINITIAL=T.", "SURNAME=Johnson", "QUALIFIER=jr", "gender=MALE"}},
	{op: "legal", in: "Google Inc.", checks: []string{"type=LEGAL", "BUSINESSNAME=Google", "BUSINESSLEGALFORM=Inc."}},
	{op: "parse", in: "Peter and Daniela Meyer", checks: []string{"type=MULTIPLE", "people=2", "person0.gender=MALE", "person1.gender=FEMALE", "gender=INDETERMINABLE"}},
	{op: "gender", in: "Petra Müller", checks: []string{"gender=FEMALE"}},
	{op: "disposable", in: "blahblah@10minutemail.com", checks: []string{"disposable=YES"}},
	{op: "disposable", in: "someone@amazon.com", checks: []string{"disposable=NO"}},
	{op: "email", in: "john.doe@gmail.com", checks: []string{"result=PERSON_NAME", "given=john", "surname=doe"}},
	{op: "email", in: "webmaster@example.com", checks: []string{"result=FUNCTIONAL"}},
	{op: "format", in: "petra müller", checks: []string{"formatted=Petra Müller"}},
	{op: "match", in: "Petra Müller", in2: "Petra Mueller", checks: []string{"match=EQUAL"}},
	{op: "match", in: "Petra K. Müller", in2: "Petra Mueller-Meyer", checks: []string{"match=MATCHING"}},
	{op: "classify", in: "someone@gmail.com", checks: []string{"class=FREEMAIL"}},
	{op: "classify", in: "someone@google.com", checks: []string{"class=ORGANIZATION"}},

	// The risk types' documented examples.
	{op: "risk", in: "asdf asdf", checks: []string{"risk=NAME/RANDOM_TYPING"}},
	{op: "risk", in: "John Doe", checks: []string{"risk=NAME/PLACEHOLDER"}},
	{op: "risk", in: "None of your business", checks: []string{"risk=NAME/PLACEHOLDER OR risk=NAME/INVALID"}},
	{op: "risk", in: "James Bond", checks: []string{"risk=NAME/FICTIONAL"}},
	{op: "risk", in: "Sandy Beach", checks: []string{"risk=NAME/HUMOROUS"}},
	{op: "risk", in: "firstname lastname", checks: []string{"risk=NAME/INVALID"}},
	{op: "risk", in: "Peter Peter", checks: []string{"risk=NAME/STRING_SIMILARITY"}},
	{op: "risk", in: "xxxPeterxxx Müller", checks: []string{"risk=NAME/PADDING"}},
	{op: "risk", in: "Petttter Müller", checks: []string{"risk=NAME/STUTTER_TYPING"}},
	{op: "risk", in: "P e t e r Müller", checks: []string{"risk=NAME/SPACED_TYPING"}},
	{op: "risk", in: "Angela Merkel", checks: []string{"risk=NAME/FAMOUS"}},
	{op: "risk", in: "Petra Müller", checks: []string{"risk=none"}},

	// Issue 10, class 1: scripts.
	{op: "parse", in: "王小明", checks: []string{"terms=SURNAME=王|GIVENNAME=小明"}},
	{op: "parse", in: "김민준", checks: []string{"terms=SURNAME=김|GIVENNAME=민준", "gender=MALE"}},
	{op: "parse", in: "山田太郎", checks: []string{"terms=SURNAME=山田|GIVENNAME=太郎", "gender=MALE"}},

	// Class 2: Latin transliterations.
	{op: "gender", in: "Sasha Ivanov", checks: []string{"gender=MALE"}},
	{op: "gender", in: "Nikita", checks: []string{"gender=NEUTRAL OR gender=MALE"}},
	{op: "gender", in: "Min-jun", checks: []string{"gender=MALE"}},
	{op: "parse", in: "Lee Min-ho", checks: []string{"terms=SURNAME=Lee|GIVENNAME=Min-ho"}},
	{op: "parse", in: "Min-ho Lee", checks: []string{"terms=GIVENNAME=Min-ho|SURNAME=Lee"}},
	{op: "gender", in: "Seo-yeon", checks: []string{"gender=FEMALE"}},
	{op: "gender", in: "Raees Khan Ahmadzai", checks: []string{"gender=MALE"}},
	{op: "gender", in: "Anatjari Tjakamarra", checks: []string{"gender=MALE"}},
	{op: "gender", in: "Mohammed Ali", checks: []string{"gender=MALE"}},
	{op: "gender", in: "Muhammad Ali", checks: []string{"gender=MALE"}},
	{op: "gender", in: "Mohd. Rizal", checks: []string{"gender=MALE"}},
	{op: "parse", in: "Abdul Aziz Al-Saud", checks: []string{"GIVENNAME=Abdul Aziz", "SURNAME=Al-Saud"}},
	{op: "parse", in: "Abd al-Aziz Al-Saud", checks: []string{"GIVENNAME=Abd al-Aziz", "SURNAME=Al-Saud"}},
	{op: "parse", in: "Mohammed bin Salman", checks: []string{"GIVENNAME=Mohammed", "gender=MALE"}},
	{op: "parse", in: "Fatima binti Hussain", checks: []string{"GIVENNAME=Fatima", "gender=FEMALE"}},

	// Class 3: several people in one field.
	{op: "parse", in: "Mr. and Mrs. Smith", checks: []string{"type=MULTIPLE", "people=2", "person0.gender=MALE", "person1.gender=FEMALE"}},
	{op: "parse", in: "Herr und Frau Müller", checks: []string{"type=MULTIPLE", "people=2", "person0.gender=MALE", "person1.gender=FEMALE"}},
	{op: "parse", in: "Doamna Elena Popescu și D-l Andrei Popescu", checks: []string{"type=MULTIPLE", "people=2", "person0.gender=FEMALE", "person1.gender=MALE"}},
	{op: "parse", in: "Altin dhe Sidorela Hoxha", checks: []string{"type=MULTIPLE", "people=2", "person0=GIVENNAME=Altin|SURNAME=Hoxha", "person1=GIVENNAME=Sidorela|SURNAME=Hoxha", "gender=INDETERMINABLE"}},
	{op: "parse", in: "Burger Hans U. u. Spinner-Burger Barbara", checks: []string{"type=MULTIPLE", "people=2", "person0.gender=MALE", "person1.gender=FEMALE"}},
	{op: "parse", in: "Jean et Marie Dupont", checks: []string{"type=MULTIPLE", "people=2"}},
	{op: "parse", in: "Juan y María García", checks: []string{"type=MULTIPLE", "people=2"}},
	{op: "parse", in: "Jan en Anna de Vries", checks: []string{"type=MULTIPLE", "people=2"}},
	{op: "parse", in: "Lars og Ingrid Hansen", checks: []string{"type=MULTIPLE", "people=2"}},
	{op: "parse", in: "Erik och Anna Svensson", checks: []string{"type=MULTIPLE", "people=2"}},
	{op: "parse", in: "Иван и Мария Петровы", checks: []string{"type=MULTIPLE", "people=2"}},
	{op: "parse", in: "Mehmet ve Ayşe Yılmaz", checks: []string{"type=MULTIPLE", "people=2"}},
	{op: "parse", in: "Péter és Anna Kovács", checks: []string{"type=MULTIPLE", "people=2"}},
	{op: "parse", in: "Peter & Maria Meyer", checks: []string{"type=MULTIPLE", "people=2"}},
	{op: "parse", in: "Peter + Maria Meyer", checks: []string{"type=MULTIPLE", "people=2"}},
	{op: "parse", in: "Jānis un Anna Bērziņa", checks: []string{"type=MULTIPLE", "people=2", "person0.gender=MALE", "person1.gender=FEMALE"}},
	{op: "parse", in: "Janez in Ana Novak", checks: []string{"type=MULTIPLE", "people=2", "person0.gender=MALE", "person1.gender=FEMALE"}},
	{op: "parse", in: "Γιώργος και Μαρία Παπαδοπούλου", checks: []string{"type=MULTIPLE", "people=2", "person0.gender=MALE", "person1.gender=FEMALE"}},
	{op: "parse", in: "Олександр і Олена Шевченко", checks: []string{"type=MULTIPLE", "people=2", "person0.gender=MALE", "person1.gender=FEMALE"}},
	{op: "parse", in: "Dr. and Mrs. Robert Brown", checks: []string{"type=MULTIPLE", "person0=TITLE=Dr.|GIVENNAME=Robert|SURNAME=Brown", "person1.gender=FEMALE"}},
	{op: "gender", in: "Sidorela Hoxha", checks: []string{"gender=FEMALE"}},

	// The interface's FAMILY person type.
	{op: "parse", in: "Familie Müller", checks: []string{"type=FAMILY", "SURNAME=Müller", "SALUTATION=Familie"}},
	{op: "parse", in: "The Smith family", checks: []string{"type=FAMILY", "SURNAME=Smith"}},
	{op: "parse", in: "Fam. Rossi", checks: []string{"type=FAMILY", "SURNAME=Rossi"}},
	{op: "parse", in: "Famille Dupont", checks: []string{"type=FAMILY", "SURNAME=Dupont"}},
	{op: "format", in: "FAMILIE MÜLLER", checks: []string{"formatted=Familie Müller"}},

	// Class 4: run-together email local parts.
	{op: "email", in: "fatimahussein@example.org", checks: []string{"result=PERSON_NAME", "given=fatima", "surname=hussein"}},
	{op: "email", in: "klauslauda@example.org", checks: []string{"result=PERSON_NAME", "given=klaus", "surname=lauda"}},
	{op: "email", in: "anahithovhannisyan@example.org", checks: []string{"result=PERSON_NAME", "given=anahit", "surname=hovhannisyan"}},
	{op: "email", in: "francoisweyergans@example.org", checks: []string{"result=PERSON_NAME", "given=francois", "surname=weyergans"}},

	// Class 5: second given names against middle names.
	{op: "parse", in: "Lev Nikolayevich Tolstoy", checks: []string{"terms=GIVENNAME=Lev|MIDDLENAME=Nikolayevich|SURNAME=Tolstoy", "gender=MALE"}},
	{op: "parse", in: "Nikol Georgievna Dimitrova", checks: []string{"terms=GIVENNAME=Nikol|MIDDLENAME=Georgievna|SURNAME=Dimitrova", "gender=FEMALE"}},
	{op: "parse", in: "José Maria Fernández de la Torre", checks: []string{"terms=GIVENNAME=José|GIVENNAME=Maria|SURNAME=Fernández|SURNAME=de la Torre", "gender=MALE"}},
	{op: "parse", in: "Maria José García López", checks: []string{"GIVENNAME=Maria", "GIVENNAME=José", "gender=FEMALE"}},
	{op: "parse", in: "Ana Paula da Silva", checks: []string{"terms=GIVENNAME=Ana|GIVENNAME=Paula|SURNAME=da Silva", "gender=FEMALE"}},
	{op: "parse", in: "Ólafur Ragnar Grímsson", checks: []string{"terms=GIVENNAME=Ólafur|GIVENNAME=Ragnar|SURNAME=Grímsson", "gender=MALE"}},
	{op: "parse", in: "Maud Solveig Christina Wikström", checks: []string{"terms=GIVENNAME=Maud|GIVENNAME=Solveig|GIVENNAME=Christina|SURNAME=Wikström", "gender=FEMALE"}},
	{op: "parse", in: "Andreas Nikolaus Lauda", checks: []string{"SURNAME=Lauda", "GIVENNAME=Andreas", "gender=MALE"}},
	{op: "parse", in: "Jean-Claude Juncker", checks: []string{"terms=GIVENNAME=Jean-Claude|SURNAME=Juncker", "gender=MALE"}},

	// Class 6: honorifics, titles, qualifiers, birth names, professions.
	{op: "parse", in: "Frk. Mette Hansen", checks: []string{"SALUTATION=Frk.", "GIVENNAME=Mette", "SURNAME=Hansen", "gender=FEMALE"}},
	{op: "parse", in: "Proua Kadri Tamm", checks: []string{"terms=SALUTATION=Proua|GIVENNAME=Kadri|SURNAME=Tamm", "gender=FEMALE"}},
	{op: "parse", in: "Hr. Lars Jensen", checks: []string{"SALUTATION=Hr.", "gender=MALE"}},
	{op: "parse", in: "Fr. Karin Holm", checks: []string{"SALUTATION=Fr.", "GIVENNAME=Karin", "SURNAME=Holm", "gender=FEMALE"}},
	{op: "parse", in: "Sr. Juan Pérez", checks: []string{"SALUTATION=Sr.", "GIVENNAME=Juan", "gender=MALE"}},
	{op: "parse", in: "Pani Anna Kowalska", checks: []string{"SALUTATION=Pani", "gender=FEMALE"}},
	{op: "parse", in: "Prof. Dr. Dr. Klaus Weber", checks: []string{"terms=TITLE=Prof.|TITLE=Dr. Dr.|GIVENNAME=Klaus|SURNAME=Weber"}}, // "Dr. Dr." one title: the real service's functional test DE_1
	{op: "parse", in: "Paulo Souza Filho", checks: []string{"QUALIFIER=Filho", "SURNAME=Souza"}},
	{op: "parse", in: "Martin Luther King Jr.", checks: []string{"QUALIFIER=Jr.", "SURNAME=King", "GIVENNAME=Martin"}},
	{op: "parse", in: "Maria Schmidt geb. Weber", checks: []string{"NAMEATBIRTHINDICATOR=geb.", "SURNAMEATBIRTH=Weber", "SURNAME=Schmidt"}},
	{op: "parse", in: "Anton Mosimann, Malermeister", checks: []string{"PROFESSION=Malermeister", "GIVENNAME=Anton", "SURNAME=Mosimann"}},
	{op: "parse", in: "Steinbjørn B. Jacobsen", checks: []string{"GIVENNAME=Steinbjørn", "MIDDLENAMEINITIAL=B. OR GIVENNAMEINITIAL=B.", "SURNAME=Jacobsen"}},
	{op: "parse", in: "Ngozi Okonjo-Iweala", checks: []string{"terms=GIVENNAME=Ngozi|SURNAME=Okonjo-Iweala", "gender=FEMALE"}},

	// Class 7: matcher.
	{op: "match", in: "Hassan Abdul-Aziz Al-Masri", in2: "حسّان عبد العزيز المصري", checks: []string{"match=MATCHING"}},
	{op: "match", in: "Mohammed Ishaq Nadiri", in2: "Mohd. Nadiri", checks: []string{"match=MATCHING"}},
	{op: "match", in: "Fatima binti Hussain", in2: "Fatima Hussain", checks: []string{"match=MATCHING"}},
	{op: "match", in: "Petra Müller", in2: "Müller Petra", checks: []string{"match=MATCHING"}},

	// Class 8: formatter.
	{op: "format", in: "աՆաՀիՏ", checks: []string{"formatted=Անահիտ"}},
	{op: "format", in: "Jigme tenzin", checks: []string{"formatted=Jigme Tenzin"}},
	{op: "format", in: "FrAU ANGELA MeRkeL", checks: []string{"formatted=Frau Angela Merkel"}},

	// Class 9: risk. A Berlin number is no placeholder (tel is checked
	// with the PHP client's input in risk_parts_test.go).
	{op: "risk", in: "Donald Duck", checks: []string{"risk=NAME/FICTIONAL"}},
}
