package parse_test

import (
	"bytes"
	"math"
	"os"
	"slices"
	"testing"

	"sijil/internal/caption"
	"sijil/internal/geocode"
	"sijil/internal/testenv"
)

// The captions of these pairs were written for sijil's tests: each scene in
// the Arabic of the agency wires and local media offices, and in English as
// the English wires would caption the same photo.
var arEnPairs = []struct{ name, ar, en string }{
	{"Douma near Damascus",
		"عناصر من الدفاع المدني يبحثون عن ناجين بعد غارة جوية على مدينة دوما بريف دمشق، في 12 آذار/مارس 2018.",
		"Civil defence members search for survivors after an airstrike on the town of Douma, near Damascus, on March 12, 2018."},
	{"Idlib northwest Syria",
		"مقتل 5 أشخاص في انفجار سيارة مفخخة في مدينة إدلب شمال غرب سوريا، 2020/3/12.",
		"Five people were killed in a car bomb explosion in the city of Idlib, northwestern Syria, on March 12, 2020."},
	{"Saraqib town",
		"دمار في بلدة سراقب في ريف إدلب الشرقي إثر قصف لقوات النظام في 3 شباط/فبراير 2020.",
		"Destruction in the town of Saraqib in the Idlib countryside after shelling by government forces on February 3, 2020."},
	{"Raqqa city",
		"أطفال يلعبون بين أنقاض المباني المدمرة في مدينة الرقة السورية في 20 تشرين الأول/أكتوبر 2017.",
		"Children play among the rubble of destroyed buildings in the Syrian city of Raqqa on October 20, 2017."},
	{"Aleppo neighbourhood",
		"سكان يتفقدون الدمار في حي الشعار بمدينة حلب السورية، في 5 كانون الأول/ديسمبر 2016.",
		"Residents inspect the damage in the al-Shaar neighbourhood of the Syrian city of Aleppo on December 5, 2016."},
	{"Mosul Iraq",
		"نازحون عراقيون يفرون من المعارك في مدينة الموصل شمال العراق، في 4 تموز/يوليو 2017.",
		"Displaced Iraqis flee the fighting in the city of Mosul, northern Iraq, on July 4, 2017."},
	{"Hodeida Yemen",
		"يمنيون يتفقدون منزلا دمرته غارة جوية للتحالف في مدينة الحديدة غرب اليمن في 12 أيار/مايو 2018.",
		"Yemenis inspect a house destroyed by a coalition air strike in the city of Hodeida, western Yemen, on May 12, 2018."},
	{"Khan Younis Gaza",
		"فلسطينيون يتفقدون الدمار بعد غارة إسرائيلية في خان يونس جنوب قطاع غزة، في 10 تشرين الثاني/نوفمبر 2023.",
		"Palestinians inspect the destruction after an Israeli strike in Khan Yunis in the southern Gaza Strip on November 10, 2023."},
	{"Gaza City",
		"فلسطينيون يشيعون جثامين ثلاثة أطفال قتلوا في غارة إسرائيلية على مدينة غزة في ٢٣ تموز ٢٠١٤.",
		"Palestinians carry the bodies of three children killed in an Israeli strike during their funeral in Gaza City, Gaza Strip, on July 23, 2014."},
	{"Benghazi Libya",
		"مقاتلون من الجيش الوطني الليبي خلال اشتباكات في مدينة بنغازي شرق ليبيا في 2 آب/أغسطس 2017.",
		"Fighters of the Libyan National Army during clashes in the city of Benghazi, eastern Libya, on August 2, 2017."},
	{"Omdurman Sudan",
		"سودانيون يفرون من المعارك بين الجيش وقوات الدعم السريع في مدينة أم درمان بالسودان في 10 حزيران/يونيو 2023.",
		"Sudanese flee fighting between the army and the Rapid Support Forces in the city of Omdurman, Sudan, on June 10, 2023."},
	{"Idlib without a place word",
		"نازحون في إدلب يتلقون مساعدات غذائية، ٣ آذار ٢٠٢٠.",
		"Displaced people in Idlib receive food aid on March 3, 2020."},
	{"Homs joined to bi",
		"دمار خلفه القصف بحمص القديمة، 2014/5/9. (رويترز)",
		"Destruction left by shelling in the old city of Homs on May 9, 2014. (Reuters)"},
	{"Kyiv Ukraine",
		"رجال إطفاء يخمدون حريقا في مبنى سكني أصابه صاروخ في كييف، أوكرانيا، 14 مارس 2022.",
		"Firefighters put out a fire in a residential building hit by a missile in Kyiv, Ukraine, on March 14, 2022."},
	{"Kabul dateline",
		"كابول - عناصر من حركة طالبان يحرسون نقطة تفتيش في 20 آب/أغسطس 2021.",
		"Taliban fighters guard a checkpoint in Kabul, Afghanistan, on August 20, 2021."},
	{"Tripoli Lebanon",
		"جنود من الجيش اللبناني ينتشرون في مدينة طرابلس شمال لبنان في 28 تشرين الثاني/نوفمبر 2019.",
		"Lebanese army soldiers deploy in the city of Tripoli, northern Lebanon, on November 28, 2019."},
}

// TestArabicLocatesLikeEnglish parses each pair, resolves both in the
// embedded gazetteer, and checks that the Arabic caption's country and
// location are the English one's: the gazetteer's Arabic names and the
// Arabic place rules find the same place.
func TestArabicLocatesLikeEnglish(t *testing.T) {
	p := mustParser(t)
	ix, err := geocode.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	g := geocode.New(ix)
	for _, tc := range arEnPairs {
		t.Run(tc.name, func(t *testing.T) {
			recs := []caption.Record{p.Caption(tc.ar), p.Caption(tc.en)}
			if recs[0].Lang != "ar" || recs[1].Lang != "en" {
				t.Fatalf("languages %q %q", recs[0].Lang, recs[1].Lang)
			}
			for i := range recs {
				g.ResolveDocument(recs[i : i+1])
			}
			ar, en := recs[0], recs[1]
			if en.Location == nil {
				t.Fatalf("the English caption has no location (places %v)", en.Places)
			}
			if ar.Country != en.Country {
				t.Errorf("country: Arabic %q (places %v), English %q", ar.Country, ar.Places, en.Country)
			}
			if ar.Location == nil {
				t.Fatalf("no Arabic location; places %v, English %s (%d)", ar.Places, en.Location.Name, en.Location.GeonameID)
			}
			if ar.Location.GeonameID != en.Location.GeonameID || ar.Location.Lat != en.Location.Lat || ar.Location.Lon != en.Location.Lon {
				t.Errorf("location: Arabic %s %d (%s, places %v), English %s %d (%s, places %v)",
					ar.Location.Preferred, ar.Location.GeonameID, ar.Location.Basis, ar.Places,
					en.Location.Preferred, en.Location.GeonameID, en.Location.Basis, en.Places)
			}
			if ar.Date != en.Date {
				t.Errorf("date: Arabic %v, English %v", ar.Date, en.Date)
			}
		})
	}
}

// arSmallPlaces are Arabic captions about places too small for the
// embedded GeoNames data, which the Syrian Archive's gazetteer names in
// Arabic; want and wantEn are the Arabic and English names the Syrian
// Archive gives the place (two Syrian places are called جوبر).
var arSmallPlaces = []struct{ caption, want, wantEn string }{
	{"عناصر الدفاع المدني يبحثون عن ناجين تحت الأنقاض في حي جوبر بدمشق في 3 شباط/فبراير 2015.", "جوبر", "Jobar"},
	{"دخان يتصاعد من بلدة حمورية في الغوطة الشرقية بريف دمشق إثر غارة جوية في 20 شباط/فبراير 2018.", "حمورية", "Hammura"},
	{"مقاتلون من فصائل المعارضة في قرية التمانعة بريف إدلب الجنوبي في 5 أيار/مايو 2019.", "التمانعة", "Tamanaah"},
	{"مقتل ثلاثة مدنيين في قصف مدفعي على بلدة اللطامنة في ريف حماة الشمالي، بحسب ناشطين.", "اللطامنة", "Latmana"},
	{"أطفال يلعبون في قرية بابليت قرب عفرين شمال سوريا في 12 نيسان/أبريل 2021.", "بابليت", "Bablit"},
}

// TestArabicSyrianArchive resolves Arabic captions with the Syrian
// Archive's gazetteer as a layer over the embedded one (as `sijil gazetteer
// import -map …` makes it): each caption's place must be found in Syria at
// the Syrian Archive's point for the name, or within a kilometre or so of
// it (GeoNames, the layer below, may hold the same village a few hundred
// metres away).
func TestArabicSyrianArchive(t *testing.T) {
	path := testenv.Shared(t, "data", "syrian-archive", "locations.json")
	m, err := geocode.ParseMapping("id=id,name=search_name_en,ar=search_name_ar_short,alt=old_sa_name," +
		"lat=lat,lon=lon,country=SY,clean=syrian-archive,bad=skip")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	places, _, err := geocode.ReadTable(f, "locations.json", m)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := geocode.WriteIndexMeta(&buf, places, geocode.IndexMeta{Name: "syrian-archive"}); err != nil {
		t.Fatal(err)
	}
	sa, err := geocode.OpenIndex(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	embedded, err := geocode.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	g := geocode.New(embedded, sa)
	p := mustParser(t)
	for _, tc := range arSmallPlaces {
		t.Run(tc.want, func(t *testing.T) {
			var want []geocode.Place
			for _, pl := range places {
				if slices.Contains(pl.Alternates, tc.want) && pl.Name == tc.wantEn {
					want = append(want, pl)
				}
			}
			if len(want) == 0 {
				t.Fatalf("the Syrian Archive has no %s", tc.want)
			}
			recs := []caption.Record{p.Caption(tc.caption)}
			g.ResolveDocument(recs)
			r := recs[0]
			if r.Location == nil {
				t.Fatalf("no location; places %v", r.Places)
			}
			if r.Location.CountryCode != "SY" || r.Country != "SY" {
				t.Errorf("country %s, location in %s, want SY", r.Country, r.Location.CountryCode)
			}
			if !slices.ContainsFunc(want, func(pl geocode.Place) bool {
				return math.Abs(pl.Lat-r.Location.Lat) < 0.01 && math.Abs(pl.Lon-r.Location.Lon) < 0.01
			}) {
				t.Errorf("location %s (%v, %v; %s), want the Syrian Archive's %s; places %v",
					r.Location.Name, r.Location.Lat, r.Location.Lon, r.Location.Basis, tc.want, r.Places)
			}
		})
	}
}
