package main

import "slices"

// postalCountries are the countries whose captions write a state's postal
// code after a city in the US fashion ("FRESNO, CA - JUNE 3", "Toronto,
// ON"), and whose Natural Earth postal field holds that code (USPS and
// Canada Post). Australia writes states so too, but Natural Earth's postal
// codes for it are not Australia Post's (NS, VI, QL, TS for NSW, VIC,
// QLD, TAS): its abbreviations come from stateAbbreviations alone.
var postalCountries = map[string]bool{"US": true, "CA": true}

// stateAbbreviations are the abbreviations that captions write after a
// city ("Fresno, Calif.", "Halifax, N.S.", "Dubbo, NSW"), by GeoNames
// admin1 code. Natural Earth lists some of them; these make the lists
// complete. They are facts of style, not data:
//
//   - US: the AP Stylebook's state abbreviations (its "state names"
//     entry). Alaska, Hawaii, Idaho, Iowa, Maine, Ohio, Texas and Utah are
//     never abbreviated; the District of Columbia is "D.C.".
//   - Canada: the abbreviations the AP Stylebook and The Canadian Press
//     used for provinces and territories (N.L. since Newfoundland became
//     Newfoundland and Labrador in 2001; Nfld. in older captions). Yukon
//     and Nunavut have none.
//   - Australia: the Australian Government Style Manual's abbreviations
//     of states and territories, which Australian agencies write.
var stateAbbreviations = map[string][]string{
	"US.AL": {"Ala."}, "US.AZ": {"Ariz."}, "US.AR": {"Ark."}, "US.CA": {"Calif."},
	"US.CO": {"Colo."}, "US.CT": {"Conn."}, "US.DE": {"Del."}, "US.DC": {"D.C."},
	"US.FL": {"Fla."}, "US.GA": {"Ga."}, "US.IL": {"Ill."}, "US.IN": {"Ind."},
	"US.KS": {"Kan."}, "US.KY": {"Ky."}, "US.LA": {"La."}, "US.MD": {"Md."},
	"US.MA": {"Mass."}, "US.MI": {"Mich."}, "US.MN": {"Minn."}, "US.MS": {"Miss."},
	"US.MO": {"Mo."}, "US.MT": {"Mont."}, "US.NE": {"Neb."}, "US.NV": {"Nev."},
	"US.NH": {"N.H."}, "US.NJ": {"N.J."}, "US.NM": {"N.M."}, "US.NY": {"N.Y."},
	"US.NC": {"N.C."}, "US.ND": {"N.D."}, "US.OK": {"Okla."}, "US.OR": {"Ore."},
	"US.PA": {"Pa."}, "US.RI": {"R.I."}, "US.SC": {"S.C."}, "US.SD": {"S.D."},
	"US.TN": {"Tenn."}, "US.VT": {"Vt."}, "US.VA": {"Va."}, "US.WA": {"Wash."},
	"US.WV": {"W.Va."}, "US.WI": {"Wis."}, "US.WY": {"Wyo."},

	"CA.01": {"Alta."}, "CA.02": {"B.C."}, "CA.03": {"Man."}, "CA.04": {"N.B."},
	"CA.05": {"N.L.", "Nfld."}, "CA.07": {"N.S."}, "CA.08": {"Ont."}, "CA.09": {"P.E.I."},
	"CA.10": {"Que."}, "CA.11": {"Sask."}, "CA.13": {"N.W.T."},

	"AU.01": {"ACT"}, "AU.02": {"NSW"}, "AU.03": {"NT"}, "AU.04": {"Qld"},
	"AU.05": {"SA"}, "AU.06": {"Tas."}, "AU.07": {"Vic."}, "AU.08": {"WA"},
}

// abbreviations returns the abbreviations of the division with this code:
// stateAbbreviations, then its postal code where captions use one. The
// index keeps one of two names that differ only in case and punctuation
// ("Mo." and "MO", which share their Key and Spelling, so that Lookup and
// scoring cannot tell them apart anyway); the AP form comes first so that
// it is the one kept.
func abbreviations(f neProps) []string {
	out := slices.Clone(stateAbbreviations[f.GNCode])
	cc := f.GNCode[:2]
	if postalCountries[cc] && len(f.Postal) == 2 && isUpperASCII(f.Postal) {
		out = append(out, f.Postal)
	}
	return out
}

func isUpperASCII(s string) bool {
	for i := range len(s) {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
