package parse

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// The captions below are made up for these tests, in the styles of the
// agencies; the names in them are invented.

// creditView is what a test compares of a creditResult: the strings its
// spans select rather than the offsets.
type creditView struct {
	Whole, Credit string
	Photographers []string
	Agencies      []caption.Agency
	Warnings      int
}

func viewCredit(text string, cr creditResult) creditView {
	if !cr.Found {
		return creditView{}
	}
	return creditView{
		Whole:         text[cr.Whole.Start:cr.Whole.End],
		Credit:        text[cr.Inner.Start:cr.Inner.End],
		Photographers: cr.Photographers,
		Agencies:      cr.Agencies,
		Warnings:      len(cr.Warnings),
	}
}

func newCreditParser(t testing.TB) *Parser {
	t.Helper()
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// ag builds an agency list.
func ag(names ...string) []caption.Agency {
	out := make([]caption.Agency, len(names))
	for i, n := range names {
		out[i] = caption.Agency(n)
	}
	return out
}

var creditCases = []struct {
	name string
	in   string
	want creditView
}{
	{
		name: "photo by, AFP Photo",
		in:   "Civil defence workers search the rubble of a building hit by an air strike in Ariha, Idlib province, on March 3, 2019. (Photo by Karim Haddad/AFP Photo)",
		want: creditView{Whole: "(Photo by Karim Haddad/AFP Photo)", Credit: "Photo by Karim Haddad/AFP Photo", Photographers: []string{"Karim Haddad"}, Agencies: ag("AFP")},
	},
	{
		name: "a handout's organisation with its other name in brackets",
		in:   "Rescuers carry a wounded man from a collapsed house after an air strike in Sarmada, Idlib province, Syria, May 3, 2024. Syrian Civil Defence (White Helmets)/Handout via REUTERS",
		want: creditView{Whole: "Syrian Civil Defence (White Helmets)/Handout via REUTERS", Credit: "Syrian Civil Defence (White Helmets)/Handout via REUTERS", Agencies: ag("Syrian Civil Defence (White Helmets)", "Reuters")},
	},
	{
		name: "a handout's organisation with its initials in brackets, then more of its name",
		in:   "Firefighters put out a fire at a warehouse hit by a drone in Odesa, Ukraine, June 9, 2023. State Emergency Service (SES) of Ukraine/Handout via REUTERS",
		want: creditView{Whole: "State Emergency Service (SES) of Ukraine/Handout via REUTERS", Credit: "State Emergency Service (SES) of Ukraine/Handout via REUTERS", Agencies: ag("State Emergency Service (SES) of Ukraine", "Reuters")},
	},
	{
		// The walk back stops at the bracket, as it did before brackets
		// were read: no credit rather than a sentence as an agency.
		name: "a bracket holding a sentence's words is no organisation's",
		in:   "Displaced families shelter in a school in Rafah (seen here on May 3, 2024)/Handout via REUTERS",
		want: creditView{},
	},
	{
		name: "a copyright sign before a broadcaster whose name holds a number",
		in:   "Smoke rises over the steel plant in Mariupol, Ukraine, on April 21, 2022. © France 24",
		want: creditView{Whole: "© France 24", Credit: "© France 24", Agencies: ag("France 24")},
	},
	{
		name: "a copyright sign before a French name in lower case",
		in:   "Des secouristes fouillent les décombres d'un immeuble à Jisr al-Choughour, dans le nord-ouest de la Syrie, le 3 mai 2024. © Casques blancs",
		want: creditView{Whole: "© Casques blancs", Credit: "© Casques blancs", Agencies: ag("Casques blancs")},
	},
	{
		name: "a copyright sign and a bare Photo before the agency",
		in:   "Des manifestants défilent à Niamey, au Niger, le 30 juillet 2023. © Photo AFP",
		want: creditView{Whole: "© Photo AFP", Credit: "© Photo AFP", Agencies: ag("AFP")},
	},
	{
		name: "a copyright sign before a sentence is no credit",
		in:   "People queue for bread in Goma, May 3, 2024. © the aid group said it had run out of flour",
		want: creditView{},
	},
	{
		name: "photo by, AFP",
		in:   "A Ukrainian serviceman walks past a destroyed tank near Izium, Kharkiv region, on September 14, 2022. (Photo by Olena Petrenko/AFP)",
		want: creditView{Whole: "(Photo by Olena Petrenko/AFP)", Credit: "Photo by Olena Petrenko/AFP", Photographers: []string{"Olena Petrenko"}, Agencies: ag("AFP")},
	},
	{
		name: "a name and a dash before the agency after the last sentence",
		in:   "Residents gather at a market in Asmara on September 11, 2018. Selam Tekle - Anadolu Agency",
		want: creditView{Whole: "Selam Tekle - Anadolu Agency", Credit: "Selam Tekle - Anadolu Agency", Photographers: []string{"Selam Tekle"}, Agencies: ag("Anadolu Agency")},
	},
	{
		name: "a sentence and a dash before the agency is no name",
		in:   "Residents gather at a market in Asmara on September 11, 2018 - Anadolu Agency",
		want: creditView{Whole: "Anadolu Agency", Credit: "Anadolu Agency", Agencies: ag("Anadolu Agency")},
	},
	{
		name: "backslash between photographer and agency",
		in:   "Firefighters work at a burning building in Belgorod, Russia, on May 3, 2024. (Photo by Ivan Sorokin\\TASS via Getty Images)",
		want: creditView{Whole: "(Photo by Ivan Sorokin\\TASS via Getty Images)", Credit: "Photo by Ivan Sorokin\\TASS via Getty Images", Photographers: []string{"Ivan Sorokin"}, Agencies: ag("TASS", "Getty Images")},
	},
	{
		name: "AP Photo first",
		in:   "Palestinians inspect a house destroyed by an Israeli strike in Rafah, southern Gaza Strip, Thursday, Nov. 9, 2023. (AP Photo/Yousef Nasser)",
		want: creditView{Whole: "(AP Photo/Yousef Nasser)", Credit: "AP Photo/Yousef Nasser", Photographers: []string{"Yousef Nasser"}, Agencies: ag("AP")},
	},
	{
		name: "REUTERS first, no parentheses",
		in:   "A boy stands near a building destroyed by an air strike in Sanaa, Yemen, January 21, 2019. REUTERS/Hamid Saleh",
		want: creditView{Whole: "REUTERS/Hamid Saleh", Credit: "REUTERS/Hamid Saleh", Photographers: []string{"Hamid Saleh"}, Agencies: ag("Reuters")},
	},
	{
		name: "REUTERS with a trailing full stop",
		in:   "Smoke rises over the city of Marib, Yemen, February 8, 2021. REUTERS/Hamid Saleh.",
		want: creditView{Whole: "REUTERS/Hamid Saleh", Credit: "REUTERS/Hamid Saleh", Photographers: []string{"Hamid Saleh"}, Agencies: ag("Reuters")},
	},
	{
		name: "REUTERS with no full stop before it",
		in:   "Fighters stand near an ambulance on the edge of al-Bab REUTERS/Khaled Omar",
		want: creditView{Whole: "REUTERS/Khaled Omar", Credit: "REUTERS/Khaled Omar", Photographers: []string{"Khaled Omar"}, Agencies: ag("Reuters")},
	},
	{
		name: "REUTERS after a capitalised place",
		in:   "Fighters stand near an ambulance in Damascus REUTERS/Khaled Omar",
		want: creditView{Whole: "REUTERS/Khaled Omar", Credit: "REUTERS/Khaled Omar", Photographers: []string{"Khaled Omar"}, Agencies: ag("Reuters")},
	},
	{
		name: "name, AFP, Getty Images",
		in:   "Residents flee clashes in southern Khartoum, Sudan, on April 20, 2023. Amir Osman/AFP/Getty Images",
		want: creditView{Whole: "Amir Osman/AFP/Getty Images", Credit: "Amir Osman/AFP/Getty Images", Photographers: []string{"Amir Osman"}, Agencies: ag("AFP", "Getty Images")},
	},
	{
		name: "AFP PHOTO upper case with spaced slash",
		in:   "Iraqi forces advance towards the old city of Mosul on June 18, 2017. AFP PHOTO / AHMAD AL-RUBAIE",
		want: creditView{Whole: "AFP PHOTO / AHMAD AL-RUBAIE", Credit: "AFP PHOTO / AHMAD AL-RUBAIE", Photographers: []string{"AHMAD AL-RUBAIE"}, Agencies: ag("AFP")},
	},
	{
		name: "EPA upper case",
		in:   "Afghan men carry the coffin of a victim of a bomb blast in Kabul, Afghanistan, 05 September 2022. EPA/SAMIR NOORZAI",
		want: creditView{Whole: "EPA/SAMIR NOORZAI", Credit: "EPA/SAMIR NOORZAI", Photographers: []string{"SAMIR NOORZAI"}, Agencies: ag("EPA")},
	},
	{
		name: "EPA-EFE",
		in:   "Rescuers work at the site of a missile strike in Kramatorsk, Donetsk region, Ukraine, 12 March 2023. EPA-EFE/MARIA KOVALENKO",
		want: creditView{Whole: "EPA-EFE/MARIA KOVALENKO", Credit: "EPA-EFE/MARIA KOVALENKO", Photographers: []string{"MARIA KOVALENKO"}, Agencies: ag("EPA")},
	},
	{
		name: "EPA particle in upper case",
		in:   "Smoke billows after an air strike on Gaza City, 10 October 2023. EPA/MOHAMMED AL-SAQQA",
		want: creditView{Whole: "EPA/MOHAMMED AL-SAQQA", Credit: "EPA/MOHAMMED AL-SAQQA", Photographers: []string{"MOHAMMED AL-SAQQA"}, Agencies: ag("EPA")},
	},
	{
		name: "Photo: lead-in, Anadolu Agency",
		in:   "Displaced families arrive at a camp near the Turkish border in Idlib, Syria on February 10, 2020. Photo: Ahmet Kaya/Anadolu Agency",
		want: creditView{Whole: "Photo: Ahmet Kaya/Anadolu Agency", Credit: "Photo: Ahmet Kaya/Anadolu Agency", Photographers: []string{"Ahmet Kaya"}, Agencies: ag("Anadolu Agency")},
	},
	{
		name: "a broadcaster in brackets",
		in:   "Residents walk past destroyed buildings in Beit Lahia, November 9, 2023. (Sky News)",
		want: creditView{Whole: "(Sky News)", Credit: "Sky News", Agencies: ag("Sky News")},
	},
	{
		name: "a name, a comma and an agency, after a bare Photo",
		in:   "Houthi supporters march in Sanaa on January 19, 2019. Photo Nabil Hassan, EPA",
		want: creditView{Whole: "Photo Nabil Hassan, EPA", Credit: "Photo Nabil Hassan, EPA", Photographers: []string{"Nabil Hassan"}, Agencies: ag("EPA")},
	},
	{
		name: "a name, a comma and an agency in capitals, as Canadian papers write it",
		in:   "De la fumée au-dessus de Beyrouth, le 27 septembre 2024. PHOTO JEAN TREMBLAY, ASSOCIATED PRESS",
		want: creditView{Whole: "PHOTO JEAN TREMBLAY, ASSOCIATED PRESS", Credit: "PHOTO JEAN TREMBLAY, ASSOCIATED PRESS", Photographers: []string{"JEAN TREMBLAY"}, Agencies: ag("AP")},
	},
	{
		name: "a name and an agency inside a sentence are no credit",
		in:   "Displaced families shelter at a school in Rafah, according to Jane Doe, UNICEF",
		want: creditView{},
	},
	{
		name: "UN agency's catalogue number before the photographer",
		in:   "Girls carry water cans at a camp outside Baidoa, Somalia, on March 3, 2023. © UNICEF/UN0712345/Amina Yusuf",
		want: creditView{Whole: "© UNICEF/UN0712345/Amina Yusuf", Credit: "© UNICEF/UN0712345/Amina Yusuf", Photographers: []string{"Amina Yusuf"}, Agencies: ag("UNICEF")},
	},
	{
		name: "UNHCR's catalogue number last",
		in:   "Refugees from Sudan queue for water in Renk, South Sudan, May 2, 2023. UNHCR/Jonas Berg/UNI512345",
		want: creditView{Whole: "UNHCR/Jonas Berg/UNI512345", Credit: "UNHCR/Jonas Berg/UNI512345", Photographers: []string{"Jonas Berg"}, Agencies: ag("UNHCR")},
	},
	{
		name: "Middle East Eye, and its initials",
		in:   "A boy walks through rubble in Jabalia, northern Gaza Strip, on October 20, 2024. (MEE/Khaled Nasser)",
		want: creditView{Whole: "(MEE/Khaled Nasser)", Credit: "MEE/Khaled Nasser", Photographers: []string{"Khaled Nasser"}, Agencies: ag("Middle East Eye")},
	},
	{
		name: "provider via AP Photo",
		in:   "Russian troops patrol a street in Mariupol on April 12, 2022. (Photo by Ivan Sokolov/Komsomolskaya Pravda via AP Photo)",
		want: creditView{Whole: "(Photo by Ivan Sokolov/Komsomolskaya Pravda via AP Photo)", Credit: "Photo by Ivan Sokolov/Komsomolskaya Pravda via AP Photo", Photographers: []string{"Ivan Sokolov"}, Agencies: ag("Komsomolskaya Pravda", "AP")},
	},
	{
		name: "handout provider after the agency",
		in:   "A Russian fighter jet lands at an air base in Latakia province, Syria, October 3, 2015. (Photo by Pavel Orlov/Reuters/Russian Ministry of Defence)",
		want: creditView{Whole: "(Photo by Pavel Orlov/Reuters/Russian Ministry of Defence)", Credit: "Photo by Pavel Orlov/Reuters/Russian Ministry of Defence", Photographers: []string{"Pavel Orlov"}, Agencies: ag("Reuters", "Russian Ministry of Defence")},
	},
	{
		name: "REUTERS/Handout",
		in:   "A drone view shows a damaged bridge in Kherson, Ukraine, in this handout picture released November 12, 2022. REUTERS/Handout",
		want: creditView{Whole: "REUTERS/Handout", Credit: "REUTERS/Handout", Agencies: ag("Reuters")},
	},
	{
		name: "Handout first, provider, agency",
		in:   "Rescuers pull a child from the rubble in Ariha, Syria, on May 29, 2020. Handout/Syrian Civil Defence/AFP",
		want: creditView{Whole: "Handout/Syrian Civil Defence/AFP", Credit: "Handout/Syrian Civil Defence/AFP", Agencies: ag("Syrian Civil Defence", "AFP")},
	},
	{
		name: "EPA/STRINGER",
		in:   "Sudanese army soldiers sit on a truck in Omdurman, Sudan, 05 May 2023. EPA/STRINGER",
		want: creditView{Whole: "EPA/STRINGER", Credit: "EPA/STRINGER", Agencies: ag("EPA")},
	},
	{
		name: "AFP/File",
		in:   "A fighter stands guard in the eastern Ghouta region in 2016. AFP/File",
		want: creditView{Whole: "AFP/File", Credit: "AFP/File", Agencies: ag("AFP")},
	},
	{
		name: "AP name then File",
		in:   "Smoke rises from the Yarmouk camp in Damascus, Syria, April 23, 2018. (AP Photo/Rami Khoury, File)",
		want: creditView{Whole: "(AP Photo/Rami Khoury, File)", Credit: "AP Photo/Rami Khoury, File", Photographers: []string{"Rami Khoury"}, Agencies: ag("AP")},
	},
	{
		name: "AP Photo with a provider and no photographer",
		in:   "Rebels fire a locally made mortar near Aleppo, Syria. (AP Photo/Aleppo Media Center)",
		want: creditView{Whole: "(AP Photo/Aleppo Media Center)", Credit: "AP Photo/Aleppo Media Center", Agencies: ag("AP", "Aleppo Media Center")},
	},
	{
		name: "photo by AP Photo with a provider",
		in:   "This photo provided by an activist group shows rebels in Idlib, Syria. (Photo by AP Photo/Idlib Media Centre)",
		want: creditView{Whole: "(Photo by AP Photo/Idlib Media Centre)", Credit: "Photo by AP Photo/Idlib Media Centre", Agencies: ag("AP", "Idlib Media Centre")},
	},
	{
		name: "Anadolu Agency and Getty Images",
		in:   "People walk among destroyed buildings in Khan Younis, Gaza, on December 2, 2023. (Photo by Hassan Jaber/Anadolu Agency/Getty Images)",
		want: creditView{Whole: "(Photo by Hassan Jaber/Anadolu Agency/Getty Images)", Credit: "Photo by Hassan Jaber/Anadolu Agency/Getty Images", Photographers: []string{"Hassan Jaber"}, Agencies: ag("Anadolu Agency", "Getty Images")},
	},
	{
		name: "AFP via Getty Images",
		in:   "Sudanese refugees queue for water at a camp in Adre, Chad, on August 2, 2023. (Photo by Ahmed Yousif/AFP via Getty Images)",
		want: creditView{Whole: "(Photo by Ahmed Yousif/AFP via Getty Images)", Credit: "Photo by Ahmed Yousif/AFP via Getty Images", Photographers: []string{"Ahmed Yousif"}, Agencies: ag("AFP", "Getty Images")},
	},
	{
		name: "SOPA Images, LightRocket via Getty Images",
		in:   "Protesters march in central Baghdad, Iraq, on October 25, 2019. Haidar Jawad/SOPA Images/LightRocket via Getty Images",
		want: creditView{Whole: "Haidar Jawad/SOPA Images/LightRocket via Getty Images", Credit: "Haidar Jawad/SOPA Images/LightRocket via Getty Images", Photographers: []string{"Haidar Jawad"}, Agencies: ag("SOPA Images", "LightRocket", "Getty Images")},
	},
	{
		name: "copyright year",
		in:   "A girl sits in a classroom damaged by shelling in Douma, Syria. © 2018 Yasin Hamdan/AFP",
		want: creditView{Whole: "© 2018 Yasin Hamdan/AFP", Credit: "© 2018 Yasin Hamdan/AFP", Photographers: []string{"Yasin Hamdan"}, Agencies: ag("AFP")},
	},
	{
		name: "Photograph: lead-in, short Getty",
		in:   "Afghan women wait outside a bakery in Kabul. Photograph: Nadia Rahimi/AFP/Getty",
		want: creditView{Whole: "Photograph: Nadia Rahimi/AFP/Getty", Credit: "Photograph: Nadia Rahimi/AFP/Getty", Photographers: []string{"Nadia Rahimi"}, Agencies: ag("AFP", "Getty Images")},
	},
	{
		name: "Getty Images alone",
		in:   "A man walks through a destroyed street in Aleppo, Syria, on January 3, 2017. (Photo by Omar Haj Yusuf/Getty Images)",
		want: creditView{Whole: "(Photo by Omar Haj Yusuf/Getty Images)", Credit: "Photo by Omar Haj Yusuf/Getty Images", Photographers: []string{"Omar Haj Yusuf"}, Agencies: ag("Getty Images")},
	},
	{
		name: "Reuters alone in parentheses",
		in:   "Smoke rises after shelling in the city of Deir ez-Zor. (Reuters)",
		want: creditView{Whole: "(Reuters)", Credit: "Reuters", Agencies: ag("Reuters")},
	},
	{
		name: "two photographers joined by and",
		in:   "Men search for survivors in Mosul, Iraq, March 20, 2017. Layla Saad and Ziad Karim/AP",
		want: creditView{Whole: "Layla Saad and Ziad Karim/AP", Credit: "Layla Saad and Ziad Karim/AP", Photographers: []string{"Layla Saad", "Ziad Karim"}, Agencies: ag("AP")},
	},
	{
		name: "two photographers joined by a comma",
		in:   "Women walk past a mural in Kyiv, Ukraine, March 1, 2022. (Photo by Anna Shevchuk, Taras Bondar/Reuters)",
		want: creditView{Whole: "(Photo by Anna Shevchuk, Taras Bondar/Reuters)", Credit: "Photo by Anna Shevchuk, Taras Bondar/Reuters", Photographers: []string{"Anna Shevchuk", "Taras Bondar"}, Agencies: ag("Reuters")},
	},
	{
		name: "courtesy of a provider",
		in:   "Volunteers carry a wounded man in Saraqib, Syria. Courtesy of Syrian Civil Defence",
		want: creditView{Whole: "Courtesy of Syrian Civil Defence", Credit: "Courtesy of Syrian Civil Defence", Agencies: ag("Syrian Civil Defence")},
	},
	{
		name: "courtesy of the, in parentheses",
		in:   "Rescuers dig in the rubble of a house in Idlib. (Courtesy of the White Helmets)",
		want: creditView{Whole: "(Courtesy of the White Helmets)", Credit: "Courtesy of the White Helmets", Agencies: ag("White Helmets")},
	},
	{
		name: "Xinhua first",
		in:   "A Syrian soldier stands in the old city of Homs, Syria, May 9, 2014. (Xinhua/Ammar Salim)",
		want: creditView{Whole: "(Xinhua/Ammar Salim)", Credit: "Xinhua/Ammar Salim", Photographers: []string{"Ammar Salim"}, Agencies: ag("Xinhua")},
	},
	{
		name: "Xinhua stringer",
		in:   "Smoke rises over Sanaa, Yemen, on May 11, 2015. (Xinhua/Str)",
		want: creditView{Whole: "(Xinhua/Str)", Credit: "Xinhua/Str", Agencies: ag("Xinhua")},
	},
	{
		name: "ministry provider, handout via Reuters",
		in:   "A soldier fires a howitzer in the Zaporizhzhia region, Ukraine. Photo: Ministry of Defence of Ukraine/Handout via Reuters",
		want: creditView{Whole: "Photo: Ministry of Defence of Ukraine/Handout via Reuters", Credit: "Photo: Ministry of Defence of Ukraine/Handout via Reuters", Agencies: ag("Ministry of Defence of Ukraine", "Reuters")},
	},
	{
		name: "NurPhoto with photo by and no parentheses",
		in:   "Taliban fighters patrol a market in Kandahar, Afghanistan, on August 20, 2021. Photo by Jalal Noor/NurPhoto",
		want: creditView{Whole: "Photo by Jalal Noor/NurPhoto", Credit: "Photo by Jalal Noor/NurPhoto", Photographers: []string{"Jalal Noor"}, Agencies: ag("NurPhoto")},
	},
	{
		name: "particle in a name",
		in:   "A man rides a bicycle past destroyed shops in Jobar, Damascus, on March 19, 2017. (Photo by Jawad al Hamwi/Anadolu Agency/Getty Images)",
		want: creditView{Whole: "(Photo by Jawad al Hamwi/Anadolu Agency/Getty Images)", Credit: "Photo by Jawad al Hamwi/Anadolu Agency/Getty Images", Photographers: []string{"Jawad al Hamwi"}, Agencies: ag("Anadolu Agency", "Getty Images")},
	},
	{
		name: "unclosed parenthesis",
		in:   "Displaced Yemenis receive food aid in Hodeidah on March 4, 2018. (Photo by Saleh Ahmed/AFP Photo",
		want: creditView{Whole: "(Photo by Saleh Ahmed/AFP Photo", Credit: "Photo by Saleh Ahmed/AFP Photo", Photographers: []string{"Saleh Ahmed"}, Agencies: ag("AFP")},
	},
	{
		name: "full stop after the parentheses",
		in:   "Protesters gather in Khartoum on June 30, 2019. (Photo by Ashraf Musa/AFP Photo).",
		want: creditView{Whole: "(Photo by Ashraf Musa/AFP Photo)", Credit: "Photo by Ashraf Musa/AFP Photo", Photographers: []string{"Ashraf Musa"}, Agencies: ag("AFP")},
	},
	{
		name: "single-word photographer is warned about",
		in:   "Fighters rest in a trench near Bakhmut. (Photo by Hamza/AFP)",
		want: creditView{Whole: "(Photo by Hamza/AFP)", Credit: "Photo by Hamza/AFP", Agencies: ag("AFP"), Warnings: 1},
	},
	{
		name: "lower-case words are warned about",
		in:   "A market burns in Taiz. (Photo by local residents/AFP)",
		want: creditView{Whole: "(Photo by local residents/AFP)", Credit: "Photo by local residents/AFP", Agencies: ag("AFP"), Warnings: 1},
	},
	{
		name: "acronym provider",
		in:   "Kurdish fighters fire at positions in Raqqa, Syria. (Photo by YPG Press Office/Handout)",
		want: creditView{Whole: "(Photo by YPG Press Office/Handout)", Credit: "Photo by YPG Press Office/Handout", Agencies: ag("YPG Press Office")},
	},
	{
		name: "leading credit",
		in:   "REUTERS/Hamid Saleh - Men carry the body of a victim of an air strike in Sanaa, Yemen, September 3, 2016.",
		want: creditView{Whole: "REUTERS/Hamid Saleh", Credit: "REUTERS/Hamid Saleh", Photographers: []string{"Hamid Saleh"}, Agencies: ag("Reuters")},
	},
	{
		name: "leading credit in capitals on a line of its own",
		in:   "AFP PHOTO / HAMZA AL-AJWEH Men carry a wounded child after an air strike on Douma, east of Damascus, on Feb. 7, 2018.",
		want: creditView{Whole: "AFP PHOTO / HAMZA AL-AJWEH", Credit: "AFP PHOTO / HAMZA AL-AJWEH", Photographers: []string{"HAMZA AL-AJWEH"}, Agencies: ag("AFP")},
	},
	{
		name: "leading stringer credit in capitals",
		in:   "EPA/STRINGER A man walks through a flooded street in Aden, Yemen, 21 April 2020.",
		want: creditView{Whole: "EPA/STRINGER", Credit: "EPA/STRINGER", Agencies: ag("EPA")},
	},
	{name: "agency and slash opening a sentence", in: "Reuters/Ipsos polls show support for the ceasefire in Gaza"},
	{
		name: "UPI Photo",
		in:   "Israeli tanks gather near the Gaza border on October 15, 2023. UPI Photo/Daniel Levy",
		want: creditView{Whole: "UPI Photo/Daniel Levy", Credit: "UPI Photo/Daniel Levy", Photographers: []string{"Daniel Levy"}, Agencies: ag("UPI")},
	},
	{
		name: "agency, PHOTO and a name without a slash",
		in:   "Des agriculteurs bloquent un rond-point près de Namur, le 3 mars 2024. BELGA PHOTO SOFIE JANSSENS",
		want: creditView{Whole: "BELGA PHOTO SOFIE JANSSENS", Credit: "BELGA PHOTO SOFIE JANSSENS", Photographers: []string{"SOFIE JANSSENS"}, Agencies: ag("Belga")},
	},
	{
		name: "agency, Photo and a name without a slash, in English",
		in:   "Firefighters work at a warehouse fire in the port of Antwerp on May 3, 2023. Belga Photo Pieter De Wolf",
		want: creditView{Whole: "Belga Photo Pieter De Wolf", Credit: "Belga Photo Pieter De Wolf", Photographers: []string{"Pieter De Wolf"}, Agencies: ag("Belga")},
	},
	{
		name: "agency and PHOTO alone",
		in:   "Des manifestants devant le Parlement à Bruxelles, le 3 mars 2024. BELGA PHOTO",
		want: creditView{Whole: "BELGA PHOTO", Credit: "BELGA PHOTO", Agencies: ag("Belga")},
	},
	{
		name: "a name for a paper in French quotes",
		in:   "Des habitants reconstruisent leur maison à Mamoudzou, le 20 décembre 2024. CLAIRE DUVAL POUR « LE MONDE »",
		want: creditView{Whole: "CLAIRE DUVAL POUR « LE MONDE »", Credit: "CLAIRE DUVAL POUR « LE MONDE »", Photographers: []string{"CLAIRE DUVAL"}, Agencies: ag("Le Monde")},
	},
	{
		name: "a name pour a paper",
		in:   "Une école détruite à Kherson, le 5 janvier 2023. Olga Petrenko pour Libération",
		want: creditView{Whole: "Olga Petrenko pour Libération", Credit: "Olga Petrenko pour Libération", Photographers: []string{"Olga Petrenko"}, Agencies: ag("Libération")},
	},
	{
		name: "a name, then pour a paper",
		in:   "Des familles déplacées dans un camp à Khan Younès, le 14 février 2024. Photo Yasmine Haddad, pour Le Monde",
		want: creditView{Whole: "Photo Yasmine Haddad, pour Le Monde", Credit: "Photo Yasmine Haddad, pour Le Monde", Photographers: []string{"Yasmine Haddad"}, Agencies: ag("Le Monde")},
	},
	{
		name: "a name, then for a paper, in brackets",
		in:   "Residents clear rubble after a drone strike in Odesa, Ukraine, on March 2, 2024. (Oleksandr Koval, for The Washington Post)",
		want: creditView{Whole: "(Oleksandr Koval, for The Washington Post)", Credit: "Oleksandr Koval, for The Washington Post", Photographers: []string{"Oleksandr Koval"}, Agencies: ag("Washington Post")},
	},
	{
		name: "a name for a paper",
		in:   "Volunteers sort donations at a church in Lviv, Ukraine, on March 10, 2022. Jane Roe for The New York Times",
		want: creditView{Whole: "Jane Roe for The New York Times", Credit: "Jane Roe for The New York Times", Photographers: []string{"Jane Roe"}, Agencies: ag("NYT")},
	},
	{
		name: "a name for a paper the lexicon lacks",
		in:   "Des gendarmes devant une mairie incendiée à Nouméa, le 16 mai 2024. LUCAS MOREAU POUR « MEDIAPART »",
		want: creditView{Whole: "LUCAS MOREAU POUR « MEDIAPART »", Credit: "LUCAS MOREAU POUR « MEDIAPART »", Photographers: []string{"LUCAS MOREAU"}, Agencies: ag("MEDIAPART")},
	},
	{name: "for after no name is no credit", in: "Mourners gather at a vigil in Paris on November 14, 2015. Prayers for Paris"},
	{
		name: "a colon lead-in and an organisation in lower-case words",
		in:   "Des secouristes sortent un enfant des décombres à Jisr al-Choughour, le 5 mars 2020. Crédit photo : Défense civile syrienne",
		want: creditView{Whole: "Crédit photo : Défense civile syrienne", Credit: "Crédit photo : Défense civile syrienne", Agencies: ag("Défense civile syrienne")},
	},
	{
		name: "a colon lead-in and a media centre of a town",
		in:   "Des maisons détruites à Talbiseh, le 3 mai 2017. Photo : Centre des médias de Homs",
		want: creditView{Whole: "Photo : Centre des médias de Homs", Credit: "Photo : Centre des médias de Homs", Agencies: ag("Centre des médias de Homs")},
	},
	{
		name: "a colon lead-in and a red crescent",
		in:   "Des sauveteurs dans les rues inondées de Derna, le 12 septembre 2023. Crédits : Croissant-Rouge libyen",
		want: creditView{Whole: "Crédits : Croissant-Rouge libyen", Credit: "Crédits : Croissant-Rouge libyen", Agencies: ag("Croissant-Rouge libyen")},
	},
	{
		name: "a French ministry in brackets",
		in:   "Un char détruit près d'Izioum, le 12 septembre 2022. (Photo : Ministère ukrainien de la Défense)",
		want: creditView{Whole: "(Photo : Ministère ukrainien de la Défense)", Credit: "Photo : Ministère ukrainien de la Défense", Agencies: ag("Ministère ukrainien de la Défense")},
	},
	{name: "a colon lead-in before a description is no credit", in: "Des habitants à Gao, le 3 mars 2022. Photo : des enfants jouent dans la cour"},
	{
		name: "initials inside a credit",
		in:   "Soldiers load a helicopter at Camp Bastion, Afghanistan. U.S. Army/Handout via Reuters",
		want: creditView{Whole: "U.S. Army/Handout via Reuters", Credit: "U.S. Army/Handout via Reuters", Agencies: ag("U.S. Army", "Reuters")},
	},
	{
		name: "square brackets",
		in:   "Palestinians search for survivors after an Israeli strike in Gaza City [Mahmoud Salem/Reuters]",
		want: creditView{Whole: "[Mahmoud Salem/Reuters]", Credit: "Mahmoud Salem/Reuters", Photographers: []string{"Mahmoud Salem"}, Agencies: ag("Reuters")},
	},
	{
		name: "doubled Getty credit",
		in:   "Smoke rises over Khan Younis on November 8, 2023. (Photo by Said Khatib / AFP) (Photo by SAID KHATIB/AFP via Getty Images)",
		want: creditView{Whole: "(Photo by Said Khatib / AFP) (Photo by SAID KHATIB/AFP via Getty Images)", Credit: "Photo by SAID KHATIB/AFP via Getty Images", Photographers: []string{"SAID KHATIB"}, Agencies: ag("AFP", "Getty Images")},
	},
	{
		name: "Anadolu dash",
		in:   "Civil defence teams carry a wounded man in Idlib, Syria on March 2, 2020. ( Bilal Yusuf - Anadolu Agency )",
		want: creditView{Whole: "( Bilal Yusuf - Anadolu Agency )", Credit: "Bilal Yusuf - Anadolu Agency", Photographers: []string{"Bilal Yusuf"}, Agencies: ag("Anadolu Agency")},
	},
	{
		name: "editors' note after a handout credit",
		in:   "A tank fires near Bakhmut, Ukraine, in this screen grab taken from a video released on May 3, 2023. Ukrainian Armed Forces/Handout via REUTERS ATTENTION EDITORS - THIS IMAGE HAS BEEN SUPPLIED BY A THIRD PARTY.",
		want: creditView{Whole: "Ukrainian Armed Forces/Handout via REUTERS ATTENTION EDITORS - THIS IMAGE HAS BEEN SUPPLIED BY A THIRD PARTY", Credit: "Ukrainian Armed Forces/Handout via REUTERS", Agencies: ag("Ukrainian Armed Forces", "Reuters")},
	},
	{
		name: "a numbered brigade's handout",
		in:   "A drone view shows the ruins of Toretsk, Donetsk region, Ukraine, in this handout picture released June 4, 2024. 3rd Separate Assault Brigade/Handout via REUTERS",
		want: creditView{Whole: "3rd Separate Assault Brigade/Handout via REUTERS", Credit: "3rd Separate Assault Brigade/Handout via REUTERS", Agencies: ag("3rd Separate Assault Brigade", "Reuters")},
	},
	{
		name: "a numbered brigade's press service",
		in:   "Servicemen fire a howitzer near Siversk, Ukraine, May 3, 2023. Press Service of the 54th Mechanized Brigade/Handout via REUTERS",
		want: creditView{Whole: "Press Service of the 54th Mechanized Brigade/Handout via REUTERS", Credit: "Press Service of the 54th Mechanized Brigade/Handout via REUTERS", Agencies: ag("Press Service of the 54th Mechanized Brigade", "Reuters")},
	},
	{
		name: "a numbered unit as AFP's source",
		in:   "Soldiers load a rocket launcher in the Kharkiv region on May 20, 2024. (Photo by 92nd Assault Brigade / AFP)",
		want: creditView{Whole: "(Photo by 92nd Assault Brigade / AFP)", Credit: "Photo by 92nd Assault Brigade / AFP", Agencies: ag("92nd Assault Brigade", "AFP")},
	},
	{
		name: "a date's ordinal is no credit",
		in:   "Protesters march in Khartoum on the 21st. REUTERS/Mohamed Nureldin",
		want: creditView{Whole: "REUTERS/Mohamed Nureldin", Credit: "REUTERS/Mohamed Nureldin", Photographers: []string{"Mohamed Nureldin"}, Agencies: ag("Reuters")},
	},
	{
		name: "a satellite firm's handout",
		in:   "A satellite image shows burned homes in Tawila, North Darfur, Sudan, May 2, 2025. Maxar Technologies/Handout via REUTERS",
		want: creditView{Whole: "Maxar Technologies/Handout via REUTERS", Credit: "Maxar Technologies/Handout via REUTERS", Agencies: ag("Maxar Technologies", "Reuters")},
	},
	{
		name: "a satellite firm before AFP",
		in:   "This satellite picture shows the port of Hodeidah, Yemen, on July 22, 2024. (Photo by Satellite image ©2024 Planet Labs PBC / AFP)",
		want: creditView{Whole: "(Photo by Satellite image ©2024 Planet Labs PBC / AFP)", Credit: "Photo by Satellite image ©2024 Planet Labs PBC / AFP", Agencies: ag("Satellite image ©2024 Planet Labs PBC", "AFP")},
	},
	{
		name: "pictures of the day tag",
		in:   "A boy flies a kite over a destroyed neighbourhood in Mosul, Iraq, June 3, 2018. REUTERS/Khaled Jabbar TPX IMAGES OF THE DAY",
		want: creditView{Whole: "REUTERS/Khaled Jabbar TPX IMAGES OF THE DAY", Credit: "REUTERS/Khaled Jabbar", Photographers: []string{"Khaled Jabbar"}, Agencies: ag("Reuters")},
	},
	{
		name: "NYT credit lead-in",
		in:   "Soldiers rest in a trench outside Kupiansk, Ukraine. Credit...Daniel Brandt/The New York Times",
		want: creditView{Whole: "Credit...Daniel Brandt/The New York Times", Credit: "Credit...Daniel Brandt/The New York Times", Photographers: []string{"Daniel Brandt"}, Agencies: ag("NYT")},
	},
	{
		name: "photographer named twice",
		in:   "Men pray over bodies in Douma on February 21, 2018. AFP PHOTO / HAMZA AL-AJWEH / AFP / HAMZA AL-AJWEH",
		want: creditView{Whole: "AFP PHOTO / HAMZA AL-AJWEH / AFP / HAMZA AL-AJWEH", Credit: "AFP PHOTO / HAMZA AL-AJWEH / AFP / HAMZA AL-AJWEH", Photographers: []string{"HAMZA AL-AJWEH"}, Agencies: ag("AFP")},
	},
	{
		name: "file photo Reuters",
		in:   "Rebel fighters ride a tank in Daraa, Syria, June 12, 2015. REUTERS/Alaa Nasser/File Photo",
		want: creditView{Whole: "REUTERS/Alaa Nasser/File Photo", Credit: "REUTERS/Alaa Nasser/File Photo", Photographers: []string{"Alaa Nasser"}, Agencies: ag("Reuters")},
	},
	{
		name: "news agency handout via Reuters",
		in:   "Syrian President meets officials in Damascus, Syria. SANA/Handout via REUTERS",
		want: creditView{Whole: "SANA/Handout via REUTERS", Credit: "SANA/Handout via REUTERS", Agencies: ag("SANA", "Reuters")},
	},
	{
		name: "French bare Photo before the photographer",
		in:   "Des enfants jouent dans les ruines à Maaret al-Noomane, dans la province d'Idleb, le 3 mars 2018. (Photo Karim Sahloul / AFP)",
		want: creditView{Whole: "(Photo Karim Sahloul / AFP)", Credit: "Photo Karim Sahloul / AFP", Photographers: []string{"Karim Sahloul"}, Agencies: ag("AFP")},
	},
	{
		name: "bare Photo before an agency alone",
		in:   "Un blindé près de Kramatorsk, le 5 mai 2022. (Photos Reuters)",
		want: creditView{Whole: "(Photos Reuters)", Credit: "Photos Reuters", Agencies: ag("Reuters")},
	},
	{
		name: "a sentence of Photo and a name before the agency",
		in:   "Des familles attendent à Rafah, le 3 mars 2024. Photo Claire Morin. Hans Lucas",
		want: creditView{Whole: "Photo Claire Morin. Hans Lucas", Credit: "Photo Claire Morin. Hans Lucas", Photographers: []string{"Claire Morin"}, Agencies: ag("Hans Lucas")},
	},
	{
		name: "Photo and an agency as the last sentence",
		in:   "Des familles attendent à Rafah, le 3 mars 2024. Photo AFP",
		want: creditView{Whole: "Photo AFP", Credit: "Photo AFP", Agencies: ag("AFP")},
	},
	{
		name: "a sentence of Photo, an agency and a photographer",
		in:   "Des habitants fuient Sake, près de Goma, le 3 mars 2024. Photo AFP / Léa Martin",
		want: creditView{Whole: "Photo AFP / Léa Martin", Credit: "Photo AFP / Léa Martin", Photographers: []string{"Léa Martin"}, Agencies: ag("AFP")},
	},
	{
		name: "PHOTO in capitals, an agency and a photographer, unspaced",
		in:   "Smoke rises over Khan Younis on January 22, 2024. PHOTO AFP/JOHN SMITH",
		want: creditView{Whole: "PHOTO AFP/JOHN SMITH", Credit: "PHOTO AFP/JOHN SMITH", Photographers: []string{"JOHN SMITH"}, Agencies: ag("AFP")},
	},
	{
		name: "Photo inside a sentence stays in it",
		in:   "Residents look at a Photo AFP/Jane Roe",
		want: creditView{Whole: "AFP/Jane Roe", Credit: "AFP/Jane Roe", Photographers: []string{"Jane Roe"}, Agencies: ag("AFP")},
	},
	{
		name: "a sentence that opens with Photo is no photographer",
		in:   "Residents wait in Rafah on March 3, 2024. Photo shows the crossing. AFP",
		want: creditView{Whole: "AFP", Credit: "AFP", Agencies: ag("AFP")},
	},
	{name: "Photo and a place is no credit", in: "Residents wait in Rafah on March 3, 2024. Photo Gaza."},
	{
		name: "an unknown word after the photographer is whom the picture came through",
		in:   "Protesters in Yerevan on May 3, 2024. Photo by Davit Hakobyan/Photolure via Reuters",
		want: creditView{Whole: "Photo by Davit Hakobyan/Photolure via Reuters", Credit: "Photo by Davit Hakobyan/Photolure via Reuters", Photographers: []string{"Davit Hakobyan"}, Agencies: ag("Photolure", "Reuters")},
	},
	{name: "bare Photo in an aside is no credit", in: "A camera is displayed at the show (Photo Kina fair)"},
	{name: "distance in parentheses", in: "The front line lies 3 km (1.86 miles) away."},
	{name: "distance in parentheses at the end", in: "The front line lies about 3 km away (1.86 miles)"},
	{name: "acronym in parentheses", in: "Fighters of the Syrian Democratic Forces (SDF)"},
	{name: "aside in parentheses", in: "Smoke rises from Mount Etna (Volcano)"},
	{name: "news agency as a source", in: "Six people were killed, according to the state news agency (SANA)."},
	{name: "agency in a sentence", in: "Four people died in the blast, according to AFP"},
	{name: "agency after the", in: "The figure could not be verified by the Associated Press"},
	{name: "slash between places", in: "Trucks wait on the road between Aleppo/Damascus"},
	{name: "empty", in: ""},
	{name: "only spaces and stops", in: " . ."},
}

func TestCredit(t *testing.T) {
	p := newCreditParser(t)
	for _, tc := range creditCases {
		t.Run(tc.name, func(t *testing.T) {
			cr := p.credit(tc.in)
			if diff := cmp.Diff(tc.want, viewCredit(tc.in, cr)); diff != "" {
				t.Errorf("credit(%q) mismatch (-want +got):\n%s\nwarnings: %q", tc.in, diff, cr.Warnings)
			}
			checkCredit(t, tc.in, cr)
		})
	}
}

func TestIsCreditOnly(t *testing.T) {
	p := newCreditParser(t)
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"copyright", "© 2018 Yasin Hamdan/AFP", true},
		{"reuters", "REUTERS/Hamid Saleh", true},
		{"photograph", "Photograph: Nadia Rahimi/AFP/Getty", true},
		{"parenthesised", "(Photo by Karim Haddad/AFP Photo)", true},
		{"AFP PHOTO", "AFP PHOTO / AHMAD AL-RUBAIE", true},
		{"bare agency", "AFP", true},
		{"bare agency in parentheses", "(Reuters)", true},
		{"handout", "Syrian Civil Defence/Handout", true},
		{"caption with a credit", "Smoke rises over Sanaa. REUTERS/Hamid Saleh", false},
		{"leading credit", "REUTERS/Hamid Saleh - Men carry a body in Sanaa.", false},
		{"short caption", "Smoke rises over Mosul.", false},
		{"place names", "Aleppo/Damascus", false},
		{"person", "Karim Haddad", false},
		{"empty", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := p.isCreditOnly(tc.in); got != tc.want {
				t.Errorf("isCreditOnly(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

func TestCreditSpans(t *testing.T) {
	p := newCreditParser(t)
	in := "Men carry a wounded boy in Douma. (Photo by Yasin Hamdan/Komsomolskaya Pravda via AP Photo)"
	cr := p.credit(in)
	got := map[string][]string{}
	for _, s := range cr.PhotographerSpans {
		got["photographers"] = append(got["photographers"], in[s.Start:s.End])
	}
	for _, s := range cr.AgencySpans {
		got["agencies"] = append(got["agencies"], in[s.Start:s.End])
	}
	want := map[string][]string{
		"photographers": {"Yasin Hamdan"},
		"agencies":      {"Komsomolskaya Pravda", "AP Photo"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("spans mismatch (-want +got):\n%s", diff)
	}
}

func TestLoadAgenciesErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"slash", "Foo\tFoo/Bar\n", "lexicon agencies.tsv:1: \"Foo/Bar\" contains a slash, which separates the parts of a credit"},
		{"empty marker line", "# comment\n-\n", "lexicon agencies.tsv:2: marker line lists no marker"},
		{"empty canonical", "\tAlias\n", "lexicon agencies.tsv:1: empty first field: want a canonical agency name or -"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadAgencies([]fs.FS{fstest.MapFS{"agencies.tsv": {Data: []byte(tc.in)}}})
			got := ""
			if err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("loadAgencies error mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLoadAgenciesExtend(t *testing.T) {
	extra := fstest.MapFS{"agencies.tsv": {Data: []byte("Qamishli Photo Collective\tQPC\n-\tPress Service\n")}}
	p, err := New(extra)
	if err != nil {
		t.Fatal(err)
	}
	in := "A market in Qamishli, Syria. Lina Yusuf/QPC"
	want := creditView{Whole: "Lina Yusuf/QPC", Credit: "Lina Yusuf/QPC", Photographers: []string{"Lina Yusuf"}, Agencies: ag("Qamishli Photo Collective")}
	if diff := cmp.Diff(want, viewCredit(in, p.credit(in))); diff != "" {
		t.Errorf("credit with a user lexicon mismatch (-want +got):\n%s", diff)
	}
}

// checkCredit asserts what holds of every credit: spans ordered and inside
// the text, Whole around Inner, names as their spans show them, valid UTF-8.
func checkCredit(t *testing.T, text string, cr creditResult) {
	t.Helper()
	if !cr.Found {
		if len(cr.Photographers)+len(cr.Agencies)+len(cr.Warnings) > 0 {
			t.Errorf("credit(%q): not found but has fields: %+v", text, cr)
		}
		return
	}
	w, in := cr.Whole, cr.Inner
	if !(0 <= w.Start && w.Start <= in.Start && in.Start < in.End && in.End <= w.End && w.End <= len(text)) {
		t.Fatalf("credit(%q): bad spans whole %v inner %v", text, w, in)
	}
	if len(cr.Photographers) != len(cr.PhotographerSpans) || len(cr.Agencies) != len(cr.AgencySpans) {
		t.Fatalf("credit(%q): %d photographers with %d spans, %d agencies with %d spans", text,
			len(cr.Photographers), len(cr.PhotographerSpans), len(cr.Agencies), len(cr.AgencySpans))
	}
	for i, s := range cr.PhotographerSpans {
		if s.Start < in.Start || s.End > in.End || s.Start >= s.End || text[s.Start:s.End] != cr.Photographers[i] {
			t.Errorf("credit(%q): photographer %q has span %v", text, cr.Photographers[i], s)
		}
	}
	for i, s := range cr.AgencySpans {
		// An agency lies in the credit, or before it in the dateline that
		// opens an Arabic caption ("حلب - فرانس برس: … (تصوير: باسل
		// الأحمد)"): the record's credit is one span as written, and an
		// agency's evidence is where it was read.
		inCredit := s.Start >= in.Start && s.End <= in.End
		if !inCredit && (s.Start < 0 || s.End > w.Start) || s.Start >= s.End {
			t.Errorf("credit(%q): agency %q has span %v", text, cr.Agencies[i], s)
		}
	}
	if !utf8.ValidString(text) {
		return
	}
	for _, s := range append(append(append([]string{}, cr.Photographers...), cr.Warnings...), text[in.Start:in.End]) {
		if !utf8.ValidString(s) || strings.TrimSpace(s) != s {
			t.Errorf("credit(%q): invalid or untrimmed output %q", text, s)
		}
	}
	for _, a := range cr.Agencies {
		if !utf8.ValidString(string(a)) || a == "" {
			t.Errorf("credit(%q): invalid agency %q", text, a)
		}
	}
}

func FuzzCredit(f *testing.F) {
	for _, tc := range creditCases {
		f.Add(tc.in)
	}
	for _, tc := range arCreditCases {
		f.Add(tc.in)
	}
	f.Add("(AP Photo/Hussein and)")
	f.Add("(أ ف ب")
	f.Add("تصوير: - / عبر")
	f.Add("Photo by X and Y and/AFP")
	p := newCreditParser(f)
	f.Fuzz(func(t *testing.T, raw string) {
		text := Fold(raw)
		cr := p.credit(text)
		checkCredit(t, text, cr)
		if p.isCreditOnly(text) && !cr.Found {
			t.Errorf("isCreditOnly(%q) without a credit", text)
		}
	})
}
