package parse

import "testing"

// The captions of these tables were written for sijil's tests; the scenes
// and photographers are invented. Each table holds cases the French rules
// got wrong before the fix its comment names (round five).

// "au" after a comma opens a masculine region that contains the place
// before it, as "en" does a feminine one (frCommaAu): the region is kept as
// the town's container, so that the gazetteer can tell Tawila in Sudan from
// Tawila in Yemen. "liés au Hezbollah" is no place.
func TestFrenchCommaAuRegion(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"Darfur state after a camp", "Des femmes déplacées font la queue pour de l'eau dans le camp de Tawila, au Darfour-Nord, le 4 juin 2025. © Ahmed Yahia / AFP",
			frScene{Places: []string{"Tawila", "Darfour-Nord"}}},
		{"Kivu after a town", "Des casques bleus escortent un convoi à Minova, au Sud-Kivu, le 12 février 2025. (Photo by Patrick Bahati / AFP)",
			frScene{Places: []string{"Minova", "Sud-Kivu"}}},
		{"Kordofan after a city", "Des enfants attendent une distribution de repas à Kadugli, au Kordofan-Sud, jeudi 6 mars 2025. Photo Salah Idriss / AFP",
			frScene{Places: []string{"Kadugli", "Kordofan-Sud"}}},
		{"a group after au is no place", "Des combattants liés au Hezbollah à Qousseir, en Syrie, le 5 juin 2013. AFP PHOTO / Karim Saleh",
			frScene{Places: []string{"Qousseir"}, Country: "SY", Actors: []string{"Hezbollah"}}},
	})
}

// A named quarter's "de" names its town (frNamedSite), as a named
// hospital's does: "le quartier PK5 de Bangui" is in Bangui.
func TestFrenchNamedQuarterOf(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"quarter with digits", "Des commerçants rouvrent leurs boutiques dans le quartier PK5 de Bangui, le 2 mai 2019. (Photo by Serge Ndoumba / AFP)",
			frScene{Places: []string{"Bangui"}}},
		{"quarter with an article", "Des secouristes fouillent un immeuble du quartier Al-Sukkari d'Alep, le 30 avril 2016. © Hassan Omar / AFP",
			frScene{Places: []string{"Alep"}}},
		{"faubourg", "Des policiers dans le faubourg Saint-Martin de Port-au-Prince, le 8 octobre 2024. Photo Jean Pierre / AFP",
			frScene{Places: []string{"Port-au-Prince"}}},
	})
}

// The divisions of francophone Africa and Haiti introduce their names
// with "de" as a province does (frPlaceNouns): "le cercle de Bankass",
// "le département de l'Artibonite", "la préfecture de la Ouaka". Without
// its department, Petite-Rivière was found in Mauritius.
func TestFrenchDivisionNouns(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"Haitian department after a commune", "Des familles fuient les gangs dans la commune de Liancourt, dans le département de l'Artibonite, le 14 octobre 2024. © Marc Étienne / AFP",
			frScene{Places: []string{"Liancourt", "Artibonite"}}},
		{"Malian cercle", "Des villageois enterrent leurs morts dans le cercle de Douentza, le 2 juillet 2022. Photo : Oumar Traoré / RFI",
			frScene{Places: []string{"Douentza"}}},
		{"Central African prefecture", "Des déplacés reçoivent des vivres dans la préfecture de la Nana-Grébizi, le 9 mars 2021. Crédit : Paul Yakité / RFI",
			frScene{Places: []string{"Nana-Grébizi"}}},
		{"Nigerien department", "Des soldats nigériens patrouillent dans le département de Ouallam, le 3 janvier 2021. © Idrissa Hamani / AFP",
			frScene{Places: []string{"Ouallam"}, Country: "NE", Actors: []string{"Nigerien government forces"}}},
	})
}

// "Le département d'État" is the American ministry, not a department
// named "État" (frNotPlaces), now that "département" is a place noun.
func TestFrenchStateDepartment(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"attribution", "Des habitants près de Kherson, en Ukraine, le 9 novembre 2022, selon le département d'État américain. © Ivan Petrenko / AFP",
			frScene{Places: []string{"Kherson"}, Country: "UA"}},
		{"a site", "Des manifestants pro-palestiniens devant le département d'État à Washington, le 7 novembre 2023. Photo Kevin Moore / AFP",
			frScene{Places: []string{"Washington"}}},
	})
}

// A road, a front or a border "entre X et Y" has its scene near both
// towns (frBetween); talks "entre Kiev et Moscou" do not.
func TestFrenchBetweenTowns(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"front line", "Des artilleurs ukrainiens sur la ligne de front entre Siversk et Lyssytchansk, le 2 juin 2022. © Oleh Bondar / AFP",
			frScene{Places: []string{"Siversk", "Lyssytchansk"}, Country: "UA"}},
		{"road", "Un camion incendié sur la route entre Kaya et Dori, le 7 septembre 2023. Photo Issouf Ouédraogo / AFP",
			frScene{Places: []string{"Kaya", "Dori"}}},
		{"axis with a province", "Des casques bleus sur l'axe entre Beni et Butembo, dans le Nord-Kivu, le 9 décembre 2021. © Alain Wandimoyi / AFP",
			frScene{Places: []string{"Beni", "Butembo", "Nord-Kivu"}}},
		{"talks between capitals", "Des drapeaux lors des pourparlers entre Kiev et Moscou à Istanbul, le 29 mars 2022. © Yasin Akgul / AFP",
			frScene{Places: []string{"Istanbul"}}},
	})
}

// Anadolu's French service credits itself as "Agence Anadolu".
func TestFrenchAnadoluCredit(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{
		"Des Palestiniens inspectent une maison détruite à Beit Lahia, le 2 novembre 2023. (Ali Jadallah - Agence Anadolu)",
		"Des manifestants devant le parlement à Tunis, le 25 juillet 2021. Ali Jadallah / Agence Anadolu",
	} {
		r := p.Caption(in)
		if len(r.Photographers) != 1 || r.Photographers[0] != "Ali Jadallah" || len(r.Agencies) != 1 || r.Agencies[0] != "Anadolu Agency" {
			t.Errorf("%s: photographers %v agencies %v", in, r.Photographers, r.Agencies)
		}
	}
}

// A crossing or a checkpoint named with "de" is at its town
// (frOfPlaceNouns): "au point de passage de Rafah".
func TestFrenchCrossingOf(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"point de passage", "Des camions d'aide attendent au point de passage de Rafah, le 2 novembre 2023. © Khaled Desouki / AFP",
			frScene{Places: []string{"Rafah"}}},
		{"passage", "Des convois humanitaires au passage de Kerem Shalom, le 17 décembre 2023. Photo Yuval Cohen / AFP",
			frScene{Places: []string{"Kerem Shalom"}}},
		{"check-point", "Des Palestiniens font la queue au check-point de Qalandia, le 15 mars 2024. © Issam Rimawi / AFP",
			frScene{Places: []string{"Qalandia"}, Country: "PS"}},
	})
}

// A school or a clinic "de" a town is in it (frOfPlaceNouns); a mosque's
// "de" may name the mosque, and is left alone.
func TestFrenchBuildingOf(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"school", "Des déplacés s'abritent dans une école de Nuseirat, le 6 juin 2024. © Bashar Taleb / AFP",
			frScene{Places: []string{"Nuseirat"}}},
		{"clinic", "Des blessés attendent devant une clinique de Minova le 12 février 2025. Photo Ahmed Yahia / AFP",
			frScene{Places: []string{"Minova"}}},
		{"a mosque's own name", "Des fidèles devant la mosquée de Sankoré à Tombouctou, le 2 mars 2022. © Moussa Diarra / AFP",
			frScene{Places: []string{"Tombouctou"}}},
	})
}

// A name after a comma that closes a bracket after a place is that place's
// container: "(territoire de Djugu, Ituri)". Without Ituri, Djugu was
// found in Benin (Djougou).
func TestFrenchBracketContainer(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"territory and province", "Des miliciens dans la localité de Fataki (territoire de Djugu, Ituri), le 12 juin 2023. © Dieudonné Lobo / AFP",
			frScene{Places: []string{"Fataki", "Djugu", "Ituri"}}},
		{"cercle and region", "Des villageois dans la localité de Diallassagou (cercle de Bankass, Mopti), le 20 juin 2022. Photo Oumar Traoré / RFI",
			frScene{Places: []string{"Diallassagou", "Bankass", "Mopti"}}},
	})
}

// A strike's "de" names the place struck (frStrikeOf): "après l'attaque de
// Kramatorsk" was read as no place at all. A name followed by "sur" or
// "contre" is the side that strikes, and a campaign's "de" names a side too.
func TestFrenchStrikeOfPlace(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"attack of a town", "Des secouristes évacuent des blessés après l'attaque de Kramatorsk, le 8 avril 2022. (Photo by Anatolii Stepanenko / AFP)",
			frScene{Places: []string{"Kramatorsk"}}},
		{"bombing of a town with an accent", "Des enfants dans les ruines après le bombardement de Khan Younès, le 3 mai 2024. © Bashar Taleb / AFP",
			frScene{Places: []string{"Khan Younès"}}},
		{"bombing attack of a capital", "Des secouristes sur le site de l'attentat de Mogadiscio, le 29 octobre 2022. Photo Abdi Farah / AFP",
			frScene{Places: []string{"Mogadiscio"}}},
		{"the side that strikes another town", "Des débris dans une rue après les frappes de Moscou sur Kharkiv, le 2 mars 2022. AFP PHOTO / Dmytro Kovalenko",
			frScene{Places: []string{"Kharkiv"}}},
		{"a campaign's side is no place", "Des soldats ukrainiens creusent une tranchée pendant l'offensive de Moscou, le 3 mai 2022. AFP PHOTO / Ivan Melnyk",
			frScene{Country: "UA", Actors: []string{"Ukrainian armed forces"}}},
	})
}

// A short French heading with a single sign of its language is French
// (detectLang), and its strike is no place name: "Bombardements sur
// Kharkiv, Ukraine" was English, its place "Bombardements sur Kharkiv".
func TestFrenchShortHeading(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"a strike on a town, then its country", "Bombardements sur Kharkiv, Ukraine. AFP PHOTO / Sergei Bobok",
			frScene{Places: []string{"Kharkiv"}, Country: "UA"}},
		{"strikes on a town", "Frappes sur Khan Younès. © Youssef Hassan / AFP",
			frScene{Places: []string{"Khan Younès"}}},
		{"a funeral in a city", "Funérailles à Gaza. Photo Mahmud Khaled / AFP",
			frScene{Places: []string{"Gaza"}}},
		{"a country, a colon, a protest in a town", "Syrie : manifestation à Idleb. AFP PHOTO / Omar Haj Kadour",
			frScene{Places: []string{"Idleb"}, Country: "SY"}},
	})
}
