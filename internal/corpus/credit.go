package corpus

// Photographers are invented: a given name and a family name drawn
// independently from these lists.
var (
	givenNames = []string{
		"Amer", "Karim", "Nadim", "Omar", "Hussam", "Bilal", "Zein", "Rami", "Yasser", "Mahmoud", "Hassan", "Khaled",
		"Anas", "Fadi", "Majd", "Samer", "Tareq", "Ziad", "Ahmed", "Mustafa", "Laith", "Wissam", "Abdullah", "Youssef",
		"Ibrahim", "Saif", "Hamza", "Osama", "Rania", "Lina", "Dalia", "Hiba", "Nour", "Salma", "Maya", "Leila",
		"Oleksandr", "Dmytro", "Serhii", "Andrii", "Yevhen", "Olena", "Iryna", "Kateryna", "Viktoriia", "Mykola", "Taras",
		"Bohdan", "Abdi", "Farah", "Wakil", "Javed", "Noorullah", "Marko", "Julien", "Thomas", "Anna", "Sara", "Daniel", "Lucas",
	}
	familyNames = []string{
		"Haddad", "Qassem", "Khalil", "Saleh", "Mansour", "Nasser", "Darwish", "Halabi", "Suleiman", "Rahman", "Hamdan",
		"Jaber", "Zaher", "Shami", "Issa", "Kanaan", "Obeid", "Hourani", "Sabbagh", "Najjar", "Aziz", "Farouk", "Badawi",
		"Hijazi", "Shaker", "Yassin", "Khoury", "Awad", "Hamoud", "Kassab", "Kovalenko", "Bondarenko", "Shevchuk",
		"Tkachenko", "Melnyk", "Kravets", "Hnatiuk", "Lysenko", "Moroz", "Savchuk", "Polishchuk", "Rudenko", "Osman",
		"Warsame", "Hashimi", "Karimi", "Rahimi", "Sadat", "Dubois", "Martin", "Keller", "Rossi", "Novak", "Berger",
	}
)

// agencies are credit styles by agency: $P is the photographer, $PU the
// photographer in capitals. An altered copy may switch to another style of
// the same agency, as a caption does when it is syndicated.
var agencies = [][]string{
	{"(Photo by $P/AFP Photo)", "(Photo by $P / AFP)", "$P/AFP via Getty Images", "AFP PHOTO / $P", "$P/AFP/Getty Images", "(Photo by $P/AFP via Getty Images)"},
	{"REUTERS/$P", "REUTERS/$P TPX IMAGES OF THE DAY", "Reuters/$P"},
	{"(AP Photo/$P)", "(AP Photo/$P, File)", "AP Photo/$P"},
	{"EPA-EFE/$PU", "EPA/$PU", "EPA-EFE/STRINGER"},
	{"(Photo by $P/Getty Images)", "$P/Getty Images"},
	{"(Photo by $P/Anadolu Agency via Getty Images)", "$P/Anadolu Agency", "(Photo by $P/Anadolu via Getty Images)"},
}

// The date styles of the agencies, for a day: "on November 14, 2016",
// "on 14 November 2016", ", 14 November 2016", " November 14, 2016" (after
// the country, Reuters), ", Monday, Nov. 14, 2016" and ", Nov. 14, 2016" (AP).
const dateStyles = 6

var (
	months   = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	apMonths = []string{"Jan.", "Feb.", "March", "April", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."}
	numbers  = []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
)
