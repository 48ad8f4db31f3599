package parse_test

import "testing"

// The captions of these tables were written for sijil's tests (round
// six); the scenes and photographers are invented, the places real.

// A country's name inside a river's, a lake's or a valley's is no
// country of the scene (townName): "the Jordan Valley" was Jordan, with
// "Valley" left as the place, "near the Jordan River, in the occupied West
// Bank" Jordan too, and "the Niger Delta" the country Niger.
func TestEnglishCountryInLandForm(t *testing.T) {
	runEnglishScenes(t, []struct {
		name, in string
		want     englishScene
	}{
		{"the Jordan Valley", "Palestinian farmers harvest dates in the Jordan Valley, October 3, 2021. (Photo by Hazem Bader / AFP)",
			englishScene{[]string{"Jordan Valley"}, "PS"}},
		{"the Jordan River in the West Bank", "Israeli soldiers stand guard near the Jordan River in the occupied West Bank, June 25, 2020. (AP Photo/Oded Balilty)",
			englishScene{[]string{"West Bank", "Jordan River"}, "PS"}},
		{"the Niger Delta", "Militants ride a speedboat through the creeks of the Niger Delta, Nigeria, on April 2, 2008. REUTERS/Austin Ekeinde",
			englishScene{[]string{"Niger Delta"}, "NG"}},
		{"Lake Chad", "Chadian soldiers patrol on the shore of Lake Chad near Baga Sola on March 20, 2020. (Photo by Marco Longari / AFP)",
			englishScene{[]string{"Baga Sola"}, "TD"}},
		{"the Niger River in Mali", "Fishermen pull their canoes onto the bank of the Niger River in Mopti, Mali, August 2, 2019. (Photo by Michele Cattani / AFP)",
			englishScene{[]string{"Mopti"}, "ML"}},
		{"Niger State in Nigeria", "Villagers flee after gunmen attacked a village in Niger State, north-central Nigeria, on June 5, 2022. (Photo by Sani Musa / AFP)",
			englishScene{[]string{"Niger State"}, "NG"}},
		// Near misses: the country itself, before or after another place
		// word, or with a valley of its own; the state's word in lower
		// case after the country.
		{"Niger, the state's word in lower case", "Soldiers of Niger's state security patrol in Niamey, Niger, on July 30, 2023. REUTERS/Mahamadou Hamidou",
			englishScene{[]string{"Niamey"}, "NE"}},
		{"Jordan's valley towns", "Syrian refugees queue for aid in Mafraq, Jordan, on January 14, 2016. REUTERS/Muhammad Hamed",
			englishScene{[]string{"Mafraq"}, "JO"}},
		{"a valley in Niger", "Herders water their cattle in a valley in Niger's Tahoua region, May 3, 2022. (Photo by Boureima Hama / AFP)",
			englishScene{[]string{"Tahoua"}, "NE"}},
		{"Chad, lake after", "Refugees from Sudan wait at a camp in Chad, near the lake, in 2023. (Photo by Gilles Ibal / AFP)",
			englishScene{nil, "TD"}},
	})
}

// A country after "the border with" or "the crossing with" is the
// neighbour across it, not the scene's country: "the Jarinje border
// crossing with Serbia" put a caption from Kosovo in Serbia.
func TestEnglishBorderWithCountry(t *testing.T) {
	runEnglishScenes(t, []struct {
		name, in string
		want     englishScene
	}{
		{"border crossing with", "Police officers stand guard near the Jarinje border crossing with Serbia, September 28, 2021. REUTERS/Laura Hasani",
			englishScene{[]string{"Jarinje"}, ""}},
		{"the frontier with", "Soldiers patrol a road along the frontier with Afghanistan near Chaman, May 6, 2020. (Photo by Banaras Khan / AFP)",
			englishScene{[]string{"Chaman"}, ""}},
		// Near misses: the scene's own country named after the crossing,
		// and a border with a country in a sentence that names the
		// scene's.
		{"crossing with, then the scene's country", "Trucks queue at the Bab al-Salama crossing with Turkey, in Syria's Aleppo province, March 4, 2021. (Photo by Bakr Alkasem / AFP)",
			englishScene{[]string{"Bab al-Salama crossing", "Aleppo"}, "SY"}},
		{"town, country, near the border with", "Refugees arrive in Medyka, Poland, near the border with Ukraine, March 1, 2022. REUTERS/Fabrizio Bensch",
			englishScene{[]string{"Medyka"}, "PL"}},
		{"in a country, not with", "Soldiers patrol in Serbia near the border, May 2, 2023. (AP Photo/Darko Vojinovic)",
			englishScene{nil, "RS"}},
	})
}
