package parse_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// TestScene is one case per rule that decides a caption's places and the
// country its words name, in several countries and agency styles. Every
// caption was written for this test.
func TestScene(t *testing.T) {
	p := mustParser(t)
	type want struct {
		Places  []string
		Country caption.CountryCode
		Basis   caption.CountryBasis
	}
	tests := []struct {
		name, text string
		want       want
	}{
		// A country word inside an actor, an organisation or an attribution is not the scene.
		{"name in a group's name", "Fighters of the Islamic State of Iraq and the Levant drive through a street in Raqqa on June 30, 2014.",
			want{[]string{"Raqqa"}, "", ""}},
		{"name before -backed", "U.S.-backed fighters enter Tabqa on May 10, 2017. REUTERS/Rodi Said",
			want{[]string{"Tabqa"}, "", ""}},
		{"demonym in an actor", "Russian jets struck Maarat al-Numan on December 20, 2019, residents said.",
			want{[]string{"Maarat al-Numan"}, "", ""}},
		{"compound demonym", "Turkish-backed fighters gather in Jarablus on August 25, 2016.",
			want{[]string{"Jarablus"}, "", ""}},
		{"organisation's demonym", "A boy is treated at a clinic in Khan Sheikhoun, the Syrian Observatory for Human Rights said.",
			want{[]string{"Khan Sheikhoun"}, "", ""}},
		{"possessive office", "Russia's defence ministry released this picture of a bridge in Kupiansk on March 2, 2023.",
			want{[]string{"Kupiansk"}, "", ""}},
		{"people's demonym hints", "A Syrian boy walks in Bosra on March 2, 2016.",
			want{[]string{"Bosra"}, "SY", caption.CountryHint}},
		{"name without a location phrase hints", "Iraq war veterans march in Chicago on May 30, 2011.",
			want{[]string{"Chicago"}, "IQ", caption.CountryHint}},
		{"the towns a road runs between", "Soldiers patrol the road between Gao and Menaka on March 10, 2019.",
			want{[]string{"Gao", "Menaka"}, "", ""}},
		{"one name with and in it is not two places", "Villagers inspect a house in Poonch district in Jammu and Kashmir on May 8, 2025.",
			want{[]string{"Poonch", "Jammu and Kashmir"}, "IN", caption.CountryNamed}}, // not "Kashmir" alone, a division of Pakistan's
		{"India's side of Kashmir", "Indian soldiers patrol in Uri, Jammu and Kashmir, May 10, 2025.",
			want{[]string{"Uri", "Jammu and Kashmir"}, "IN", caption.CountryNamed}},
		{"a ceasefire line is no place", "Soldiers patrol near the Line of Control in Uri, Jammu and Kashmir, May 10, 2025.",
			want{[]string{"Uri", "Jammu and Kashmir"}, "IN", caption.CountryNamed}},
		{"Pakistan's side of Kashmir", "A man inspects a damaged house in Kotli, Azad Jammu and Kashmir, May 7, 2025.",
			want{[]string{"Kotli", "Azad Jammu and Kashmir"}, "PK", caption.CountryNamed}},
		{"a border's demonym is either side of it", "Displaced families arrive at a camp in Atmeh near the Turkish border on May 20, 2019.",
			want{[]string{"Atmeh"}, "", ""}},
		{"a war in a country, protested elsewhere, hints", "Protesters rally in Paris against the war in Ukraine on February 24, 2023.",
			want{[]string{"Paris"}, "UA", caption.CountryHint}},
		{"a state's forces hint at their country", "Yazidi fighters stand in the town of Sinjar after Kurdish peshmerga forces retook it on November 13, 2015.",
			want{[]string{"Sinjar"}, "IQ", caption.CountryHint}},
		{"words that name a force in one country's captions only say nothing", "Pro-government fighters stand guard in the city of Taez on March 3, 2016.",
			want{[]string{"Taez"}, "", ""}},
		{"an expeditionary country's forces say nothing", "Smoke rises after Russian forces shelled Kupiansk on May 2, 2024.",
			want{[]string{"Kupiansk"}, "", ""}},
		{"a weapon's demonym says nothing", "Smoke rises over a residential area after a Russian glide bomb strike on Pokrovsk, August 23, 2024.",
			want{[]string{"Pokrovsk"}, "", ""}},
		// Location phrases name it.
		{"in a country", "Displaced families rest in a school in northern Syria on March 1, 2020.",
			want{nil, "SY", caption.CountryNamed}},
		{"place, country", "Residents clear rubble in Mocha, Yemen, on July 24, 2019.",
			want{[]string{"Mocha"}, "YE", caption.CountryNamed}},
		{"place, direction country", "Refugees wait at the border crossing in Medyka, southeastern Poland, on March 1, 2022.",
			want{[]string{"Medyka"}, "PL", caption.CountryNamed}},
		{"country's place", "A man rides a bicycle past ruins in Ukraine's Kharkiv region on May 15, 2022.",
			want{[]string{"Kharkiv"}, "UA", caption.CountryNamed}},
		{"north of a country", "Smoke rises in the north of Iraq near Sinjar on November 12, 2015.",
			want{[]string{"Sinjar"}, "IQ", caption.CountryNamed}},
		{"Congo alone is the Democratic Republic", "Displaced families shelter in Rutshuru, eastern Congo, on June 3, 2022.",
			want{[]string{"Rutshuru"}, "CD", caption.CountryNamed}},
		{"Congo Republic", "Voters queue in Pointe-Noire, Congo Republic, on March 21, 2021.",
			want{[]string{"Pointe-Noire"}, "CG", caption.CountryNamed}},
		{"Republic of Congo", "A boy walks in Brazzaville, Republic of Congo, on April 4, 2016.",
			want{[]string{"Brazzaville"}, "CG", caption.CountryNamed}},
		{"a two-country border is no place", "Trucks wait at a crossing on the Syrian-Turkish border near Reyhanli on July 11, 2023.",
			want{[]string{"Reyhanli"}, "", ""}},
		// Divisions written as countries are.
		{"AP state abbreviation", "Firefighters battle a blaze in Paradise, Calif., on Nov. 8, 2018. (AP Photo/Noah Berger)",
			want{[]string{"Paradise", "Calif."}, "US", caption.CountryNamed}},
		{"postal code", "Volunteers fill sandbags in Houston, TX, on Aug. 26, 2017.",
			want{[]string{"Houston", "TX"}, "US", caption.CountryNamed}},
		{"country name as a town", "Residents gather outside a church in Palestine, Texas, on June 5, 2019.",
			want{[]string{"Palestine", "Texas"}, "US", caption.CountryNamed}},
		{"town named for a country, AP style", "A flag flies over Main Street in Lebanon, Pa., on July 4, 2020.",
			want{[]string{"Main Street", "Lebanon", "Pa."}, "US", caption.CountryNamed}},
		{"dotted abbreviation whole", "Voters line up at a school in Concord, N.H., on Jan. 23, 2024.",
			want{[]string{"Concord", "N.H."}, "US", caption.CountryNamed}},
		{"a state named like a city", "Smoke blankets Mallacoota, Victoria, Australia, on January 4, 2020.",
			want{[]string{"Mallacoota", "Victoria"}, "AU", caption.CountryNamed}},
		{"Canadian province", "Smoke fills the sky over Kamloops, British Columbia, on July 1, 2021.",
			want{[]string{"Kamloops", "British Columbia"}, "CA", caption.CountryNamed}},
		{"state and country name alike", "Students march in Athens, Georgia, on April 4, 2018.",
			want{[]string{"Athens", "Georgia"}, "GE", caption.CountryHint}},
		{"abbreviation not after a town", "Mo Salah celebrates a goal in Liverpool on May 1, 2022.",
			want{[]string{"Liverpool"}, "", ""}},
		{"the side of a border", "Aid trucks wait on the Jordanian side of the Jaber crossing on May 4, 2024.",
			want{[]string{"Jaber crossing"}, "JO", caption.CountryNamed}},
		{"a camp named for its people", "Children play in Beirut's Shatila Palestinian refugee camp on June 2, 2022.",
			want{[]string{"Shatila", "Beirut"}, "PS", caption.CountryHint}}, // the gazetteer overrules a hint
		{"a stronghold of", "Fighters rest in the rebel stronghold of Saraqib on February 7, 2020.",
			want{[]string{"Saraqib"}, "", ""}},
		{"a dateline is the widest place", "HAMA, SYRIA - APRIL 2: Farmers harvest wheat near Kafr Zita on April 2, 2021 in Hama, Syria.",
			want{[]string{"Kafr Zita", "Hama"}, "SY", caption.CountryNamed}},
		// Sites named with their city's possessive.
		{"possessive site", "Protesters gather in Baghdad's Tahrir Square on October 25, 2019.",
			want{[]string{"Tahrir Square", "Baghdad"}, "", ""}},
		{"possessive site, lower-case noun", "Demonstrators sing in Kyiv's Maidan square on February 21, 2014.",
			want{[]string{"Maidan square", "Kyiv"}, "", ""}},
		{"possessive hospital", "Wounded men wait at Gaza City's Al-Shifa Hospital on July 20, 2014.",
			want{[]string{"Al-Shifa Hospital", "Gaza City"}, "", ""}},
		{"a monument's name keeps its 'of'", "Workers restore the ruins of the Temple of Baalshamin in Palmyra on May 5, 2022.",
			want{[]string{"Temple of Baalshamin", "Palmyra"}, "", ""}},
		// A sea's, a gulf's or a strait's name keeps its "of" (waterNouns).
		{"a sea's name keeps its 'of'", "Ukrainian patrol boats sail in the Sea of Azov near Berdiansk on August 8, 2018.",
			want{[]string{"Sea of Azov", "Berdiansk"}, "UA", caption.CountryHint}},
		{"a gulf's, before the country it is off", "A cargo ship sails in the Gulf of Aden off Djibouti on January 12, 2024. AFP",
			want{[]string{"Gulf of Aden"}, "DJ", caption.CountryHint}},
		{"a strait's, with a site", "An oil tanker sails in the Strait of Hormuz off Oman's Musandam peninsula, April 30, 2019.",
			want{[]string{"Strait of Hormuz", "Musandam"}, "OM", caption.CountryNamed}},
		{"a bay's, the town near it", "Fishermen haul nets in the Bay of Bengal near Cox's Bazar, Bangladesh, May 14, 2023.",
			want{[]string{"Bay of Bengal", "Cox's Bazar"}, "BD", caption.CountryNamed}},
		// Near misses: a lower-case noun, and a name of its own.
		{"a lower-case sea is no name's head", "Migrants are rescued at sea of Lampedusa on May 3, 2023.",
			want{[]string{"Lampedusa"}, "", ""}},
		{"the Red Sea stands alone", "A Houthi boat patrols the Red Sea off Hodeidah, Yemen, on November 20, 2023.",
			want{[]string{"Hodeidah", "Red Sea"}, "YE", caption.CountryNamed}},
		{"adjectives before a site", "Nurses work in the courtyard of Mosul's main hospital on July 2, 2017.",
			want{[]string{"Mosul"}, "", ""}},
		{"a common possessor keeps its site", "Mourners gather in Martyrs' Square in Beirut on August 4, 2021.",
			want{[]string{"Martyrs' Square", "Beirut"}, "", ""}},
		// Shapes the scene's place hides in.
		{"flee strikes in the only place", "Children ride on a truck as they flee air strikes in Aden, May 2, 2015.",
			want{[]string{"Aden"}, "", ""}},
		{"flee within a place", "Civilians flee in the Kurdish-controlled area of Kobani, Syria, on October 10, 2014.",
			want{[]string{"Kobani"}, "SY", caption.CountryNamed}},
		{"fled from one place to another", "Sudanese refugees who fled the conflict in Darfur gather at a camp in Adre on May 2, 2023.",
			want{[]string{"Adre"}, "", ""}}, // refugees are abroad: see the next cases
		{"refugees are outside their country", "Ethiopian refugees arrive at the Hamdayet transit centre on the Sudan-Ethiopia border, November 14, 2020. (Photo by Ebrahim Hamid / AFP)",
			want{[]string{"Hamdayet"}, "", ""}},
		{"migrants are outside their country", "Malian migrants rest at a shelter in Agadez on March 3, 2018. REUTERS/Joe Penney",
			want{[]string{"Agadez"}, "", ""}},
		{"refugees going home hint at it", "Afghan refugees returning from Pakistan wait at a transit camp on November 2, 2023. (Photo by Stringer / AFP)",
			want{nil, "AF", caption.CountryHint}},
		{"Palestinian refugees live in Palestine too", "Palestinian refugees queue for flour at an UNRWA centre on March 3, 2024. REUTERS/Stringer",
			want{nil, "PS", caption.CountryHint}}, // the gazetteer overrules a hint
		{"verb before the place", "Israeli jets hit Rafah on May 7, 2024.",
			want{[]string{"Rafah"}, "", ""}},
		{"control adjective is not a place", "A fighter stands guard in Kurdish-held Qamishli on June 1, 2019.",
			want{[]string{"Qamishli"}, "", ""}},
		{"where the dead died is not the funeral", "Mourners carry the coffin of a fighter killed in fighting with rebels in Marib, during his funeral in Sanaa on May 3, 2021.",
			want{[]string{"Sanaa"}, "", ""}},
		{"where they died, when it is the only place, with its container", "A vigil for three students killed in a shooting in Athens, Ohio, on March 2, 2023.",
			want{[]string{"Athens", "Ohio"}, "US", caption.CountryNamed}},
		{"where they died, with its container after 'in the'", "Residents search the rubble of a house after a strike killed four people in Kramatorsk, in the eastern Donetsk region, on June 3, 2023.",
			want{[]string{"Kramatorsk", "Donetsk"}, "", ""}},
		{"where they died, with its province after 'of the'", "Men clear debris after gunmen killed nine villagers in Djibo, of the northern Sahel region, on May 5, 2022.",
			want{[]string{"Djibo", "Sahel"}, "", ""}},
		{"a month's abbreviation inside a district's name", "Men walk past a burnt police post in Zenda Jan district of Herat province on May 3, 2021.",
			want{[]string{"Zenda Jan", "Herat"}, "", ""}},
		{"a month's abbreviation before a name", "Children play in the Mar Elias camp in Beirut on Jan. 12, 2024.",
			want{[]string{"Mar Elias camp", "Beirut"}, "", ""}},
		{"a month's abbreviation before a day is a date", "People shop in Kabul Jan 5, 2022.",
			want{[]string{"Kabul"}, "", ""}},
		{"a kunya-led town after a preposition", "Soldiers stand at a checkpoint in Abu Dis, in the occupied West Bank, on May 3, 2024.",
			want{[]string{"Abu Dis", "West Bank"}, "PS", caption.CountryNamed}},
		{"a kunya-led town before its country", "Smoke rises over Umm Qasr, Iraq, on March 23, 2003.",
			want{[]string{"Umm Qasr"}, "IQ", caption.CountryNamed}},
		{"a kunya-led district", "Fighters gather in the Abu Salim district of Tripoli, Libya, on May 3, 2019.",
			want{[]string{"Abu Salim", "Tripoli"}, "LY", caption.CountryNamed}},
		{"a kunya with a possessive is a person", "Children play in Abu Khaled's garden in Idlib on May 3, 2016.",
			want{[]string{"Idlib"}, "", ""}},
		{"a kunya opening the caption is a person", "Abu Khaled sits in his shop in Aleppo on May 3, 2016.",
			want{[]string{"Aleppo"}, "", ""}},
		{"a place they fled, after 'on'", "Families who fled a gang attack on Pont-Sonde shelter at a school in Saint-Marc on October 5, 2024.",
			want{[]string{"Saint-Marc"}, "", ""}},
		{"displaced by fighting in a place", "Sudanese displaced by fighting in El Geneina arrive in Adre on July 3, 2023.",
			want{[]string{"Adre"}, "SD", caption.CountryHint}}, // the people's demonym hints, as ever
		{"displaced from a place", "Families displaced from Myawaddy shelter at a temple in Mae Sot on July 3, 2024.",
			want{[]string{"Mae Sot"}, "", ""}},
		{"displaced people are where they are", "Displaced families gather at a camp in Atmeh on May 20, 2019.",
			want{[]string{"Atmeh"}, "", ""}},
		{"displaced by something, they wait where they are", "Villagers displaced by fighting wait for food in Maiduguri on February 3, 2016.",
			want{[]string{"Maiduguri"}, "", ""}},
		{"displaced by a group's attacks in a place", "Women displaced by Boko Haram attacks in Gwoza arrive in Maiduguri on May 23, 2022.",
			want{[]string{"Maiduguri"}, "", ""}},
		{"a people's fighters inside the fled clause", "People who fled fighting between the army and Karen fighters in Myawaddy arrive in Mae Sot on April 11, 2024.",
			want{[]string{"Mae Sot"}, "", ""}},
		{"a militia named inside the fled clause", "Civilians who fled clashes with Houthi rebels in Hays rest at a school in Mocha on March 2, 2018.",
			want{[]string{"Mocha"}, "", ""}},
		{"a place they fled, after 'around'", "Displaced people who fled attacks around Djibo arrive in Kaya on May 3, 2022.",
			want{[]string{"Kaya"}, "", ""}},
		{"a count ends the clause of the dead", "Families who fled an attack on Pont-Sonde that killed at least 70 people shelter at a school in Saint-Marc on October 5, 2024.",
			want{[]string{"Saint-Marc"}, "", ""}},
		{"where the victims died is not where they are mourned", "Relatives mourn victims of a bombing in Mastung at a hospital in Quetta on September 29, 2023.",
			want{[]string{"Quetta"}, "", ""}},
		{"a wounded child after an attack on a district stays there", "Men carry a wounded child after a shelling attack on the Shaar district of Aleppo on May 3, 2016.",
			want{[]string{"Shaar", "Aleppo"}, "", ""}},
		{"the town a distance is measured from goes with the wounded's town", "Medics carry a wounded soldier in Jowhar, some 90 km north of Mogadishu, on June 2, 2021. (Xinhua/Abdi Warsame)",
			want{[]string{"Jowhar", "Mogadishu"}, "", ""}},
		{"a distance in kilometres after the victims' town", "Relatives bury men killed in Ataq, about 250 kilometres northeast of Aden, on August 23, 2019. REUTERS/Saleh Awad",
			want{[]string{"Ataq", "Aden"}, "", ""}},
		{"a distance in miles after an injured child's town", "A nurse tends an injured child in Kunduz, 150 miles north of Kabul, Afghanistan, on October 4, 2015. (AP Photo/Wali Sabawoon)",
			want{[]string{"Kunduz", "Kabul"}, "AF", caption.CountryNamed}},
		{"where a rocket was fired from is not the scene", "Smoke rises over a field in the Upper Galilee after rockets fired from Lebanon, on August 25, 2024. (Photo by Jalaa Marey / AFP)",
			want{[]string{"Upper Galilee"}, "", ""}},
		{"where a missile was launched from is not the scene", "Residents inspect a crater left by a missile launched from Yemen, December 21, 2024. REUTERS/Ammar Awad",
			want{nil, "", ""}},
		{"where a drone was launched from, before the town it hit", "A house hit by a drone launched from Ukraine burns in Novoshakhtinsk on July 26, 2024. (Photo by Stringer / AFP)",
			want{[]string{"Novoshakhtinsk"}, "", ""}},
		{"a launch shown is the scene", "Rockets are fired from Lebanon towards northern Israel on October 8, 2023. (Photo by Hasan Fneish / AFP)",
			want{nil, "LB", caption.CountryHint}},
		{"where a mourned fighter was killed only hints", "Mourners carry the coffin of a Hezbollah fighter killed in Syria during his funeral in Nabatieh on May 2, 2015. (Photo by Mahmoud Zayyat / AFP)",
			want{[]string{"Nabatieh"}, "SY", caption.CountryHint}},
		{"where men are detained only hints", "Mothers of men detained in Syria hold up their pictures in Tripoli, March 2, 2025. REUTERS/Omar Ibrahim",
			want{[]string{"Tripoli"}, "SY", caption.CountryHint}},
		{"where soldiers are held captive only hints", "Families of soldiers held captive in Russia rally in Lviv on March 2, 2025. (Photo by Yuriy Dyachyshyn / AFP)",
			want{[]string{"Lviv"}, "RU", caption.CountryHint}},
		{"where hostages are held is not the scene", "Relatives of hostages held in Gaza protest in Haifa on March 2, 2024. (AP Photo/Ariel Schalit)",
			want{[]string{"Haifa"}, "", ""}},
		{"a rally held in a town is there", "A rally held in Lyon in support of Ukraine, March 2, 2024. REUTERS/Stringer",
			want{[]string{"Lyon"}, "UA", caption.CountryHint}},
		{"a country ends the clause of the fleeing", "Lebanese families fleeing Israeli strikes cross into Syria at the Masnaa border crossing, in Lebanon's Bekaa valley, on September 25, 2024. REUTERS/Hassan Ammar",
			want{[]string{"Masnaa", "Bekaa"}, "LB", caption.CountryNamed}},
		{"CAR after a town is the Central African Republic", "Anti-balaka militiamen stand in Bossangoa, CAR, on January 8, 2014. REUTERS/Siegfried Modola",
			want{[]string{"Bossangoa"}, "CF", caption.CountryNamed}},
		{"a capitalised car is no country", "Car bombs hit a market in Sadr City on July 3, 2016. REUTERS/Wissm al-Okili",
			want{[]string{"Sadr City"}, "", ""}},
		{"the town people are fleeing is the scene", "Residents flee Kurakhove on November 2, 2024, as Russian troops advance. (Photo by Genya Savilov / AFP)",
			want{[]string{"Kurakhove"}, "", ""}},
		{"the town people are fleeing, in AP style", "Civilians flee Tal Afar, Iraq, Tuesday, Aug. 22, 2017. (AP Photo/Balint Szlanko)",
			want{[]string{"Tal Afar"}, "IQ", caption.CountryNamed}},
		{"a Getty dateline's front line", "ZAPORIZHZHIA FRONTLINE, UKRAINE - JUNE 21: Ukrainian soldiers rest in a trench on June 21, 2023. (Photo by Olha Marchuk/Getty Images)",
			want{[]string{"ZAPORIZHZHIA"}, "UA", caption.CountryNamed}},
		{"a Getty dateline near a town", "NEAR KUPIANSK, UKRAINE - MARCH 3: Ukrainian soldiers fire a howitzer on March 3, 2024. (Photo by Olha Marchuk/Getty Images)",
			want{[]string{"KUPIANSK"}, "UA", caption.CountryNamed}},
		{"a road named for two towns is near the first", "A burnt truck lies on the Kherson-Mykolaiv highway, southern Ukraine, November 12, 2022. (Photo by Genya Savilov / AFP)",
			want{[]string{"Kherson"}, "UA", caption.CountryNamed}},
		{"a road between two Sahel towns", "Soldiers escort a convoy on the Kaya-Dori road on March 3, 2023. REUTERS/Anne Mimault",
			want{[]string{"Kaya"}, "", ""}},
		{"a hyphenated town is not a road", "Residents walk in Mont-Organise, Haiti, on March 3, 2023. REUTERS/Ralph Tedy Erol",
			want{[]string{"Mont-Organise"}, "HT", caption.CountryNamed}},
		{"a town's front in lower case is no group", "Ukrainian gunners fire a howitzer on the Pokrovsk front, Donetsk region, November 3, 2024. REUTERS/Inna Varenytsia",
			want{[]string{"Pokrovsk", "Donetsk"}, "UA", caption.CountryHint}},
		{"a group's Front in capitals stays a group", "Fighters of the Levant Front gather in Azaz on March 3, 2016. (Photo by Nazeer al-Khatib / AFP)",
			want{[]string{"Azaz"}, "", ""}},
		{"a demonym's border village is in its country", "A house lies in ruins in the Lebanese border village of Houla, December 2, 2024. REUTERS/Karamallah Daher",
			want{[]string{"Houla"}, "LB", caption.CountryNamed}},
		{"a demonym's border town is in its country", "Syrian children play in the Turkish border town of Akcakale on October 10, 2019. (Photo by Bulent Kilic / AFP)",
			want{[]string{"Akcakale"}, "TR", caption.CountryNamed}},
		{"kidnapped before a noun says nothing of the place", "Parents of kidnapped schoolboys wait in Kankara, Katsina state, Nigeria, December 15, 2020. (Photo by Kola Sulaimon / AFP)",
			want{[]string{"Kankara", "Katsina"}, "NG", caption.CountryNamed}},
		{"missing before a noun says nothing of the place", "Rescuers search for missing people after a landslide in Casamicciola Terme, on the island of Ischia, Italy, November 26, 2022. REUTERS/Ciro De Luca",
			want{[]string{"Casamicciola Terme", "Ischia"}, "IT", caption.CountryNamed}},
		{"the place people are fleeing, as a participle, is where they came from", "Ethnic Armenians fleeing Nagorno-Karabakh arrive in Goris, Armenia, September 26, 2023. REUTERS/Irakli Gedenidze",
			want{[]string{"Goris"}, "AM", caption.CountryNamed}},
		{"people fleeing in the present are by the town", "Villagers flee fighting near Mrauk U in Rakhine state, Myanmar, January 12, 2024. (Photo by Htet Naing / AFP)",
			want{[]string{"Mrauk U", "Rakhine"}, "MM", caption.CountryNamed}},
		{"people fleeing their homes in a neighbourhood are there", "People flee their homes in the Solino neighbourhood of Port-au-Prince, Haiti, October 25, 2024. REUTERS/Wendy Pierre",
			want{[]string{"Solino", "Port-au-Prince"}, "HT", caption.CountryNamed}},
		{"those who fled are from there", "Families who fled fighting near Mrauk U in Rakhine state shelter at a monastery in Sittwe, January 12, 2024.",
			want{[]string{"Sittwe"}, "", ""}},
		{"a plural site noun and its town", "Pilgrims visit the rock-hewn churches of Lalibela, in the Amhara region, on January 7, 2019.",
			want{[]string{"Lalibela", "Amhara"}, "", ""}},
		{"plural markets of a town", "Shoppers crowd the markets of Kano on May 3, 2019.",
			want{[]string{"Kano"}, "", ""}},
		{"an initial is no place", "A woman walks at the U.N. protection of civilians site in Malakal on May 3, 2024.",
			want{[]string{"Malakal"}, "", ""}},
		{"a country owning an armed group hints", "A cargo ship seized by Yemen's Houthis lies off the port of Salif on May 3, 2024.",
			want{[]string{"Salif"}, "YE", caption.CountryHint}},
		{"a country owning its army says nothing", "Russia's army shells Lyman on May 3, 2022.",
			want{[]string{"Lyman"}, "", ""}},
		{"a soldier at home hints", "A Lebanese soldier stands guard near the site of clashes in Tripoli on May 3, 2024.",
			want{[]string{"Tripoli"}, "LB", caption.CountryHint}},
		{"police at home hint", "Pakistani police patrol a market in Peshawar on May 3, 2024.",
			want{[]string{"Peshawar"}, "PK", caption.CountryHint}},
		{"a neighbour's shelling says nothing", "A man stands by a house damaged by Pakistani shelling in Poonch on May 8, 2025.",
			want{[]string{"Poonch"}, "", ""}},
		{"an expeditionary country's troops say nothing", "Russian troops advance near Pokrovsk on May 3, 2024.",
			want{[]string{"Pokrovsk"}, "", ""}},
		{"a town they fled, as the object of 'fled'", "Women who fled El Geneina, in Sudan's West Darfur state, wait for food at a camp in Adre, Chad, on June 20, 2023.",
			want{[]string{"Adre"}, "TD", caption.CountryNamed}},
		{"shot dead near a town, buried in another", "Mourners carry the body of a man shot dead by soldiers near Bethlehem during his funeral in Hebron on May 3, 2023.",
			want{[]string{"Hebron"}, "", ""}},
		{"a town they fled when it is the only place", "Families who fled Sirte rest by the roadside on June 2, 2016.",
			want{[]string{"Sirte"}, "", ""}},
		{"a people before residents is no place", "Tigrayan residents wave flags as fighters arrive in Mekele on June 29, 2021.",
			want{[]string{"Mekele"}, "", ""}},
		{"a people's village is no place name", "Smoke rises over a Fulani village near Mopti on May 3, 2019.",
			want{[]string{"Mopti"}, "", ""}},
		{"a capitals dateline with a region", "KHAN YUNIS, GAZA - NOVEMBER 08: Palestinians search through rubble on November 08, 2023 in Khan Yunis, Gaza.",
			want{[]string{"Khan Yunis", "Gaza"}, "PS", caption.CountryHint}},
		{"a capitals dateline before a site", "SHUSHA, NAGORNO-KARABAKH - OCTOBER 08: A man walks inside the Ghazanchetsots Cathedral after it was damaged by shelling.",
			want{[]string{"Ghazanchetsots Cathedral", "SHUSHA", "NAGORNO-KARABAKH"}, "", ""}},
		{"casualties treated where they are", "Medics treat casualties at a hospital in Deir al-Balah after a strike on the Nuseirat camp on May 3, 2024.",
			want{[]string{"Deir al-Balah"}, "", ""}},
		{"a town they set out from", "Migrants leave in a caravan from Ciudad Hidalgo, Chiapas state, on June 1, 2024.",
			want{[]string{"Ciudad Hidalgo", "Chiapas"}, "", ""}},
		{"someone's origin is not the scene", "A displaced woman from Raqqa sits in a tent on June 1, 2017.",
			want{nil, "", ""}},
		{"a country's province they fled", "Rohingya who fled Myanmar's Rakhine state queue for rice in Teknaf, Bangladesh, on October 2, 2017.",
			want{[]string{"Teknaf"}, "BD", caption.CountryNamed}},
		{"a country's person", "Brazil's Neymar celebrates a goal at the stadium in Doha, Qatar, on November 24, 2022.",
			want{[]string{"Doha"}, "QA", caption.CountryNamed}},
		{"a country's place after 'in' outweighs 'into'", "Families cross back into Afghanistan at the Torkham crossing in Pakistan's Khyber district on November 2, 2023.",
			want{[]string{"Torkham crossing", "Khyber"}, "PK", caption.CountryNamed}},
		// Words that are not places.
		{"misspelt month", "Students walk to school on Febuary 3, 2017 in Erbil.",
			want{[]string{"Erbil"}, "", ""}},
		{"misspelt weekday", "Shoppers crowd a market on Wendesday in Sanaa.",
			want{[]string{"Sanaa"}, "", ""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.text)
			got := want{r.Places, r.Country, r.CountryBasis}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.text, diff)
			}
		})
	}
}

// TestPlaceNear: what the words before a place say of the scene's
// distance from it (PlaceRef.Near, which makes a resolved place precision
// 2).
func TestPlaceNear(t *testing.T) {
	p := mustParser(t)
	for _, tc := range []struct {
		text string
		near bool
	}{
		{"Fighters stand guard on the outskirts of Hodeida, Yemen, June 20, 2018.", true},
		{"Fighters stand guard on the outskirts of the port city of Hodeida, Yemen, June 20, 2018.", true},
		{"Smoke rises near the town of Saraqib, Syria, February 5, 2020.", true},
		{"Smoke rises over the town of Saraqib, Syria, February 5, 2020.", false},
		{"Residents walk in the old city of Aleppo, Syria, March 5, 2017.", false},
		// "wounded" and "injured" before their noun are adjectives: the
		// place after is the scene's, not where the wounds were had.
		{"A wounded child sits in a clinic in Azaz, Syria, January 7, 2017.", false},
		{"A medic carries an injured woman in Kherson, Ukraine, November 20, 2022.", false},
		{"Mourners gather near the bodies of men killed in an air strike in Ariha, Syria, December 1, 2019.", true},
		{"Relatives wait beside a boy wounded in shelling in Kharkiv, Ukraine, March 3, 2022.", true},
	} {
		r := p.Caption(tc.text)
		if len(r.PlaceRefs) == 0 {
			t.Errorf("%s: no place", tc.text)
			continue
		}
		if got := r.PlaceRefs[0].Near; got != tc.near {
			t.Errorf("%s: %s near %v, want %v", tc.text, r.PlaceRefs[0].Name, got, tc.near)
		}
	}
}
