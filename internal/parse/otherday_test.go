package parse_test

import "testing"

// TestOtherEventFigures holds the rules that keep another event's toll out
// of the scene's figures, on whole captions (invented): a later sentence
// dated to another day or to an earlier year reports an event the photo
// does not show.
func TestOtherEventFigures(t *testing.T) {
	p := mustParser(t)
	tests := []struct {
		name   string
		in     string
		killed int // -1: none
	}{
		{"anniversary of an earlier attack",
			"Mourners lay flowers in Nice, France, on July 14, 2017, a year after the truck attack. The 2016 attack killed 86 people. REUTERS/Eric Gaillard",
			-1},
		{"earlier bombing of the place shown",
			"Traders reopen stalls in the rebuilt market of Sadr City, Baghdad, Iraq, March 3, 2019. A 2016 car bombing there killed 70 people, police said. AFP PHOTO / Ahmad al-Rubaye",
			-1},
		{"in an earlier year, month-dated photo",
			"A boy walks through the ruins of his school in Taiz, Yemen, in April 2019. An air strike killed 9 pupils there in 2016, residents said. (AP Photo/Abdulnasser Alseddik)",
			-1},
		{"another day of the same year",
			"Israeli soldiers patrol near the border fence on October 10, 2023. Militants killed more than 1,200 people on October 7, officials said. (AP Photo/Ariel Schalit)",
			-1},
		{"the scene's toll beside a record since an earlier year",
			"Rescuers search the rubble in Kharkiv, Ukraine, May 25, 2024. The strike killed 16 people, the deadliest in the city since 2022, the governor said. REUTERS/Sofiia Gatilova",
			16},
		{"the scene's toll in its own sentence, a war's toll since an earlier year later",
			"Civil defence members carry a body in Idlib, Syria, January 10, 2020. At least 9 civilians were killed, activists said. The war has killed more than 380,000 people since 2011. REUTERS/Khalil Ashawi",
			9},
		{"the same year is the scene's",
			"Medics treat the wounded at a hospital in Khartoum, Sudan, June 2, 2023. Shelling in 2023 has killed hundreds; on Friday it killed 17 people, doctors said. AFP PHOTO / Ashraf Shazly",
			17},
		{"the first sentence is the scene",
			"Three people were killed in a 2019 strike on the camp shown here in Idlib, Syria, February 2, 2020. REUTERS/Khalil Ashawi",
			3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			got := -1
			if r.Killed != nil {
				got = *r.Killed
			}
			if got != tc.killed {
				t.Errorf("killed = %d, want %d (-1: none); date %v, warnings %q", got, tc.killed, r.Date, r.Warnings)
			}
		})
	}
}
