package parse

import "testing"

// The captions of this file were written for sijil's tests, in the
// phrasing of Syrian documentation teams' French captions and of AFP's
// French wire; the scenes and photographers are invented. Each table holds
// cases the French rules got wrong before the fix its comment names
// (round five).

// People from a part of a province ("des déplacés du sud d'Idleb", "venues
// de l'est de Deir ez-Zor") came from there (frFromOrigin); the scene is
// where they arrive.
func TestFrenchOriginWithDirection(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"du sud de", "Des déplacés du sud d'Idleb arrivent dans un camp à Kafr Lousin, le 20 décembre 2019. © Ahmad Sleiman / AFP",
			frScene{Places: []string{"Kafr Lousin"}}},
		{"de l'est de", "Des familles venues de l'est de Deir ez-Zor s'installent à Tabqa, le 4 avril 2019. Photo : Hassan Diab / AFP",
			frScene{Places: []string{"Tabqa"}}},
		{"du nord de, in Ukraine", "Des civils évacués du nord de Kharkiv arrivent à Poltava, le 19 mai 2024. © Iryna Kovalenko / AFP",
			frScene{Places: []string{"Poltava"}}},
	})
}

// A city's countryside ("la campagne de Deraa", "le rif de Damas", "la
// campagne nord de Hama") is its province, and comes after the town the
// caption names in it, most specific first (frDivisionRank); before, the
// province was the scene at its centre.
func TestFrenchCountrysideAfterTown(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"campagne de, then à", "Des combattants dans la campagne de Deraa, à Jassem, le 9 juillet 2018. © Youssef Karwashan / AFP",
			frScene{Places: []string{"Jassem", "Deraa"}}},
		{"rif de, then à", "Dans le rif de Damas, à Saqba, des enfants sortent d'une cave le 8 mars 2018. © Nour Hamdan / AFP",
			frScene{Places: []string{"Saqba", "Damas"}}},
		{"campagne nord de, then près de", "Des combattants dans la campagne nord de Hama, près de Kafr Zita, le 3 septembre 2019. Photo Bilal Hamdo / AFP",
			frScene{Places: []string{"Kafr Zita", "Hama"}}},
		{"a campaign is no countryside", "Des affiches de la campagne électorale de Zelensky dans une rue de Kiev, le 29 mars 2019. © Sergei Chuzavkov / AFP",
			frScene{Places: []string{"Kiev"}}},
		{"province first, Iraq", "Dans la province de Ninive, à Qaraqosh, des chrétiens rentrent chez eux le 28 octobre 2016. © Safin Karim / AFP",
			frScene{Places: []string{"Qaraqosh", "Ninive"}}},
	})
}

// An apostrophe inside a transliterated name is part of it (frTokens):
// "Ma'arat al-Nu'man" was read as "Ma".
func TestFrenchApostropheInName(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"ayn twice", "Des secouristes dégagent un immeuble à Ma'arat al-Nu'man, au sud d'Idlib, le 17 décembre 2019. © Hadi Youssef / AFP",
			frScene{Places: []string{"Ma'arat al-Nu'man", "Idlib"}}},
		{"citadel", "Des combattants à Qal'at al-Madiq, dans la province de Hama, le 9 mai 2019. © Bilal Hamdo / AFP",
			frScene{Places: []string{"Qal'at al-Madiq", "Hama"}}},
		{"elisions still apart", "C'est à Sa'da qu'une frappe a touché un marché, le 7 février 2018. © Yahya Arhab / AFP",
			frScene{Places: []string{"Sa'da"}}},
	})
}
