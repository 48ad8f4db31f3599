package corpus

// country is what the templates say about one conflict: who strikes, who
// fights, who counts the dead, what the background sentences tell.
type country struct {
	name, adj string // "Syria", "Syrian"; the name as a caption writes it
	from, to  int    // the years its photos are dated in
	kinds     []kind // the scenes it has
	air       string // who strikes from the air ($AIR)
	shell     string // who shells ($SHELL)
	fighters  string // a subject for clashes scenes ($FIGHTERS, plural)
	enemy     string // whom they fight ($ENEMY)
	source    string // who reports the dead ($SRC)
	cause     string // what protesters want ($CAUSE)
	// background are sentences that tell the war, not the photo.
	background []string
}

// place is a real place where the generated scenes happen.
type place struct {
	name    string
	kind    string // city, town, village, neighbourhood, camp
	area    string // its province or region as captions name it
	city    string // for a neighbourhood or camp: the city it is part of
	country int    // index in countries
}

const (
	syria = iota
	iraq
	yemen
	ukraine
	gaza
	sudan
	afghanistan
	libya
	somalia
	lebanon
)

var allKinds = []kind{airstrike, shelling, barrelBomb, explosion, clashes, protest, displacement, funeral}

var countries = []country{
	syria: {name: "Syria", adj: "Syrian", from: 2012, to: 2020, kinds: allKinds,
		air:      "{Russian warplanes|government aircraft|regime warplanes|the US-led coalition|Syrian government helicopters}",
		shell:    "{government forces|regime forces|pro-government forces|rebel fighters}",
		fighters: "{fighters of the Free Syrian Army|members of the Syrian Democratic Forces (SDF)|Syrian rebel fighters|Syrian government troops|pro-government fighters}",
		enemy:    "{government forces|the Islamic State group|jihadists of the Islamic State group|Kurdish fighters|rebel groups}",
		source:   "{the Syrian Observatory for Human Rights|the Britain-based Syrian Observatory for Human Rights|the White Helmets|local activists|the civil defence|a local medic|activists}",
		cause:    "{against the government of President Bashar al-Assad|against the siege of their town|calling for the release of detainees|against the Russian air campaign|in solidarity with the besieged districts}",
		background: []string{
			"The war in Syria has killed more than {300|320|350|380},000 people since it began in March 2011 with {the repression of|a crackdown on} anti-government protests.",
			"Government forces backed by Russian air power have {intensified|stepped up} their offensive on $AREA in recent {weeks|days}.",
			"$AREA has been under siege by government forces since {2013|2014|2015}, {according to|says} the United Nations.",
			"{The United Nations|UN agencies} {say|estimate} more than {50|80|120|200},000 people have fled the fighting {since the start of the year|in recent weeks}.",
			"Peace talks between the government and the opposition are due to resume in {Geneva|Astana|Sochi} {next week|later this month}.",
			"\"We have {nothing|no one} left {here|in this town},\" said $NAME, a resident who lost {his brother|her home|two sons} in the {raid|attack}.",
		}},
	iraq: {name: "Iraq", adj: "Iraqi", from: 2014, to: 2017, kinds: []kind{airstrike, shelling, explosion, clashes, protest, displacement, funeral},
		air:      "{the US-led coalition|Iraqi aircraft|coalition jets}",
		shell:    "{Islamic State group militants|jihadists|Iraqi forces}",
		fighters: "{Iraqi special forces|members of the Iraqi Counter Terrorism Service|Popular Mobilisation Forces fighters|Iraqi army soldiers|Kurdish peshmerga fighters}",
		enemy:    "{Islamic State group militants|the Islamic State group|jihadists}",
		source:   "{Iraqi security sources|medical sources|police officials|a local official|hospital sources}",
		cause:    "{against corruption and poor public services|against unemployment|calling for early elections}",
		background: []string{
			"Iraqi forces launched {an offensive|a major operation} to retake $AREA from the Islamic State group in {October|November} {2016|2015}.",
			"The so-called \"Islamic State\" group seized {large parts|a third} of Iraq in {2014|the summer of 2014}.",
			"Tens of thousands of civilians {remain trapped|are still trapped} in the old city, {aid groups|the UN} {said|say}.",
			"{Officials|Commanders} {expect|said they expect} the {battle|operation} to last {weeks|several months}.",
		}},
	yemen: {name: "Yemen", adj: "Yemeni", from: 2015, to: 2022, kinds: []kind{airstrike, shelling, explosion, clashes, protest, displacement, funeral},
		air:      "{the Saudi-led coalition|coalition warplanes|Saudi-led warplanes}",
		shell:    "{Houthi rebels|the Houthis|Houthi fighters|government forces}",
		fighters: "{pro-government fighters|Houthi fighters|southern separatist fighters|tribal fighters}",
		enemy:    "{Houthi rebels|the Iran-aligned Houthis|government forces}",
		source:   "{medics|local officials|the Houthi-run health ministry|residents|the International Committee of the Red Cross}",
		cause:    "{against the Saudi-led coalition|against the blockade of the country|against the rising cost of living}",
		background: []string{
			"The Saudi-led coalition intervened in Yemen in March 2015 to restore the internationally recognised government.",
			"The war has pushed {millions|the country's 30 million people} to the brink of famine, {according to|says} the United Nations.",
			"{A truce|A UN-brokered ceasefire} {expired|collapsed} in {October|April} after {six|two} months.",
			"Cholera has spread {quickly|rapidly} in the {city|province} since {the spring|the summer}, {aid agencies|doctors} say.",
		}},
	ukraine: {name: "Ukraine", adj: "Ukrainian", from: 2022, to: 2024, kinds: []kind{airstrike, shelling, explosion, clashes, displacement, funeral},
		air:      "{Russian forces|the Russian military|Russian troops}",
		shell:    "{Russian forces|Russian troops|Russian artillery}",
		fighters: "{Ukrainian servicemen|Ukrainian soldiers|members of a Ukrainian artillery unit|Ukrainian territorial defence fighters}",
		enemy:    "{Russian troops|Russian forces|the Russian army}",
		source:   "{regional governor $NAME|Ukrainian officials|the regional prosecutor's office|the State Emergency Service|local authorities|the mayor}",
		cause:    "{calling for the release of prisoners of war|in support of the armed forces}",
		background: []string{
			"Russia launched its full-scale invasion of Ukraine on February 24, 2022.",
			"Russian forces have {stepped up|intensified} {attacks|strikes} on $AREA in recent {days|weeks}, {officials|Ukrainian officials} said.",
			"{The city|The town} has been without {power|running water|heating} for {three|five|ten|several} days.",
			"Moscow denies targeting civilians {in what it calls|during} its \"special military operation\".",
		}},
	gaza: {name: "Gaza Strip", adj: "Palestinian", from: 2023, to: 2024, kinds: []kind{airstrike, shelling, explosion, protest, displacement, funeral},
		air:      "{Israeli warplanes|the Israeli military|Israeli jets}",
		shell:    "{Israeli forces|Israeli tanks|Israeli artillery}",
		fighters: "{Palestinian militants|Israeli soldiers}",
		enemy:    "{Israeli forces|Hamas militants}",
		source:   "{the health ministry in Gaza|hospital officials|the Palestinian Red Crescent|civil defence officials|medics at {Nasser|al-Aqsa Martyrs|al-Shifa} hospital}",
		cause:    "{against the Israeli blockade|calling for a ceasefire|demanding the return of the displaced}",
		background: []string{
			"The war began after Hamas-led militants attacked southern Israel on October 7, 2023.",
			"{Most|Nearly all} of Gaza's 2.3 million people have been displaced {at least once|several times}, the United Nations says.",
			"{Aid agencies|The UN} {warn|have warned} of {famine|a humanitarian catastrophe} in the {enclave|territory}.",
			"\"{There is no safe place|We have nowhere to go},\" said $NAME, {a mother of five|a displaced teacher|a father of three}.",
		}},
	sudan: {name: "Sudan", adj: "Sudanese", from: 2023, to: 2024, kinds: []kind{airstrike, shelling, clashes, protest, displacement, funeral},
		air:      "{the Sudanese army|army warplanes|army drones}",
		shell:    "{the paramilitary Rapid Support Forces (RSF)|the RSF|the army}",
		fighters: "{Sudanese army soldiers|RSF fighters|members of the joint forces}",
		enemy:    "{the Rapid Support Forces|the RSF|the army}",
		source:   "{a local resistance committee|medics|the Sudan Doctors Network|activists|the United Nations}",
		cause:    "{against military rule|calling for an end to the war}",
		background: []string{
			"War broke out in April 2023 between the army and the paramilitary Rapid Support Forces.",
			"More than {eight|ten|eleven} million people have fled their homes since the fighting began, the UN says.",
			"{Aid groups|Doctors} say {hospitals|most hospitals} in the {region|city} are {out of service|no longer working}.",
		}},
	afghanistan: {name: "Afghanistan", adj: "Afghan", from: 2012, to: 2021, kinds: []kind{explosion, airstrike, clashes, protest, displacement, funeral},
		air:      "{US aircraft|the Afghan air force|NATO aircraft}",
		shell:    "{Taliban fighters|insurgents}",
		fighters: "{Afghan security forces|Afghan soldiers|Afghan police officers|Afghan commandos}",
		enemy:    "{Taliban fighters|Taliban insurgents|the Taliban}",
		source:   "{police officials|a provincial spokesman|the interior ministry|hospital officials|a local official}",
		cause:    "{against the Taliban|against the killing of civilians|calling for peace}",
		background: []string{
			"No group has yet claimed responsibility for the attack.",
			"The Taliban {have stepped up|stepped up} attacks on government forces {since the start of the year|in recent months}.",
			"{Peace talks|Talks} between the Taliban and the government {have stalled|resumed} in Doha.",
		}},
	libya: {name: "Libya", adj: "Libyan", from: 2014, to: 2020, kinds: []kind{airstrike, shelling, clashes, explosion, displacement, protest},
		air:      "{warplanes loyal to commander Khalifa Haftar|drones|unidentified aircraft}",
		shell:    "{forces loyal to Khalifa Haftar|rival militias|armed groups}",
		fighters: "{fighters loyal to the Tripoli government|members of the self-styled Libyan National Army|militiamen}",
		enemy:    "{Haftar's forces|rival militias|Islamic State militants}",
		source:   "{the health ministry|medics|a hospital spokesman|local officials}",
		cause:    "{against the militias|against power cuts|calling for elections}",
		background: []string{
			"Libya has been torn by conflict since the fall of Moamer Kadhafi in 2011.",
			"Forces loyal to Haftar launched an offensive on Tripoli in April 2019.",
			"{Rival|Competing} governments {hold|claim} power in the east and the west of the country.",
		}},
	somalia: {name: "Somalia", adj: "Somali", from: 2012, to: 2024, kinds: []kind{explosion, clashes, displacement, funeral},
		air:      "{US drones|government aircraft}",
		shell:    "{al-Shabab militants|insurgents}",
		fighters: "{Somali soldiers|African Union troops|government soldiers}",
		enemy:    "{al-Shabab militants|the al-Qaeda-linked al-Shabab group}",
		source:   "{police officer $NAME|a police spokesman|ambulance services|local officials|witnesses}",
		cause:    "{against al-Shabab}",
		background: []string{
			"Al-Shabab has fought for more than a decade to topple the government in Mogadishu.",
			"The group {often|regularly} targets hotels, markets and military bases in the capital.",
			"{Drought|Years of drought} {has|have} driven {hundreds of thousands|a million} people from their homes.",
		}},
	lebanon: {name: "Lebanon", adj: "Lebanese", from: 2023, to: 2024, kinds: []kind{airstrike, shelling, displacement, funeral, protest, explosion},
		air:      "{Israeli warplanes|the Israeli military|Israeli jets}",
		shell:    "{Israeli artillery|Israeli forces}",
		fighters: "{Hezbollah fighters}",
		enemy:    "{Israeli forces}",
		source:   "{the health ministry|the state news agency|civil defence officials|the Lebanese Red Cross}",
		cause:    "{against the economic crisis|calling for a ceasefire}",
		background: []string{
			"Hezbollah and Israel have exchanged fire across the border since October 2023.",
			"{Tens of thousands|More than a million} people have fled {the south|their homes} since the strikes {began|intensified}.",
		}},
}
