package corpus

// kind is what a generated photo shows or follows.
type kind uint8

const (
	airstrike kind = iota
	shelling
	barrelBomb
	explosion
	clashes
	protest
	displacement
	funeral
)

// violent reports whether a scene of kind k may come with a death toll.
func (k kind) violent() bool { return k <= clashes || k == funeral }

// strikes is what $STRIKE says for each cause: the air strike, shelling,
// barrel bomb, explosion or clashes a scene shows or follows.
var strikes = [...]string{
	airstrike:  "{an air strike|air strikes|a reported air strike|an airstrike|an air raid|reported air raids|a drone strike}{ by $AIR|}",
	shelling:   "{shelling|artillery shelling|mortar fire|rocket fire|heavy shelling|a rocket attack}{ by $SHELL|}",
	barrelBomb: "{a barrel bomb|barrel bombs|a barrel bomb attack|what activists said were barrel bombs}{ dropped by government helicopters|}",
	explosion:  "{a car bomb explosion|a suicide bombing|an explosion|a bomb blast|a roadside bomb|a suicide car bomb attack}",
	clashes:    "{clashes|fighting|heavy fighting} with $ENEMY",
}

// subjects are the people a shot shows, by the variable that names them.
// A leading '+' marks a plural subject.
var subjects = map[string][]string{
	"RESCUERS": {"+{Civil defence|Rescue|Emergency} workers", "+Members of the civil defence", "+Firefighters", "+Paramedics",
		"+Volunteers", "+Rescuers", "+Red Crescent volunteers", "A rescuer", "A civil defence worker", "A firefighter", "A paramedic"},
	"PEOPLE": {"+Residents", "+People", "+{Local|$ADJ} residents", "+Children", "+Men", "+Women", "+Neighbours", "+Boys",
		"+A father and his son", "+$ADJ civilians", "A man", "A woman", "A {|$AGE-year-old }boy", "A {|$AGE-year-old }girl", "An elderly {man|woman}", "A young man", "A child",
		"$NAME, $AGE,", "$ADJ boy $NAME, $AGE,"},
	"WOUNDED": {"A wounded {child|man|woman|boy|girl}", "A {wounded|injured} $AGE-year-old {boy|girl}", "An injured {man|woman|child}", "+Wounded {people|civilians|children}",
		"+Injured {men|women|children}"},
	"FIGHTERS":   {"+$GROUP"},
	"PROTESTERS": {"+Protesters", "+Demonstrators", "+Residents", "+Women", "+Students", "+$ADJ protesters", "+Hundreds of people"},
	"DISPLACED": {"+Displaced {families|people|civilians|women and children}", "+$ADJ families", "+A woman and her children",
		"A displaced family", "A man", "An elderly woman", "+Residents"},
	"MOURNERS": {"+Mourners", "+Relatives", "+Men", "+Women", "+Relatives and neighbours", "A woman", "A father", "A relative"},
}

// strikeShots show the aftermath of a strike; $STRIKE is the scene's cause.
var strikeShots = []string{
	"$RESCUERS [search|searches] for survivors {under|in} the rubble of a {building|house|residential building|five-storey building} {destroyed|hit|levelled} {in|by} $STRIKE",
	"$RESCUERS [carry|carries] $VICTIM {away from|out of} the rubble {after|following} $STRIKE",
	"$RESCUERS [pull|pulls] $VICTIM from the debris of a {collapsed building|destroyed house|bombed-out building} {after|following} $STRIKE",
	"$PEOPLE [inspect|inspects] the damage {at|in} a {market|school|mosque|bakery|hospital|residential area} {hit by|targeted by|damaged in} $STRIKE",
	"$PEOPLE [walk|walks] past {destroyed|damaged|burnt-out} {buildings|shops|cars} {after|following} $STRIKE",
	"$PEOPLE [stand|stands] {next to|near|at the edge of} a crater left by $STRIKE",
	"$PEOPLE [salvage|salvages] {belongings|what they can|furniture|a few possessions} from {their|a} {destroyed|damaged} {home|house|apartment} {after|following} $STRIKE",
	"$PEOPLE [react|reacts] {at the scene of|after} $STRIKE",
	"$WOUNDED [receive|receives] treatment at a {makeshift|field|local} {hospital|clinic} {after|following} $STRIKE",
	"$RESCUERS [put|puts] out a fire {at|in} a {building|warehouse|market|car park} {hit by|struck by} $STRIKE",
	"$PEOPLE [look|looks] at the {wreckage|remains|ruins} of {a mosque|a market|their home|a school|a hospital} {destroyed|damaged} {in|by} $STRIKE",
	"Smoke {rises|billows} {from|over} {buildings|a residential area|the skyline|a neighbourhood} {during|after|following} $STRIKE",
}

// shots are the sentence shapes of every other kind of scene.
var shots = [...][]string{
	clashes: {
		"$FIGHTERS [fire|fires] {a heavy machine gun|a mortar|rockets|an anti-tank missile} towards positions held by $ENEMY",
		"$FIGHTERS [take|takes] position {during|amid} {clashes|heavy fighting|street battles} with $ENEMY",
		"$FIGHTERS [advance|advances] through a {street|village|field} during {fighting|clashes|an offensive} against $ENEMY",
		"$FIGHTERS [run|runs] for cover {from sniper fire|as mortar rounds land nearby} during clashes with $ENEMY",
		"$FIGHTERS [stand|stands] guard at a {checkpoint|front-line position|damaged building} {after|during} clashes with $ENEMY",
		"$FIGHTERS [rest|rests] {on a front line|in a trench|in a damaged house} {during|between} {clashes|battles} with $ENEMY",
	},
	protest: {
		"$PROTESTERS [hold|holds] {placards|banners|flags|portraits of victims} during a {demonstration|protest|rally} $CAUSE",
		"$PROTESTERS [chant|chants] slogans {during|at} a {protest|demonstration|rally} $CAUSE",
		"$PROTESTERS [take|takes] part in a {protest|sit-in|march|demonstration} $CAUSE",
		"$PROTESTERS [gather|gathers] {in a square|outside the governor's office|after Friday prayers|in the main street} {to protest|for a rally} $CAUSE",
		"$PROTESTERS [wave|waves] {flags|banners} {as they march|during a rally} $CAUSE",
	},
	displacement: {
		"$DISPLACED [walk|walks] along a {dirt road|highway|muddy road} {carrying their belongings|with their belongings} as they flee {the fighting|the offensive|the bombardment}",
		"$DISPLACED [ride|rides] in the back of a {truck|pick-up truck|lorry} as they {flee|leave} {the fighting|the area|their homes}",
		"$DISPLACED [queue|queues] for {food|water|bread|aid} at a {camp for displaced people|makeshift camp|distribution point|school turned into a shelter}",
		"$DISPLACED [arrive|arrives] at a {camp|shelter|makeshift camp} {after fleeing|having fled} {the fighting|the bombardment|their homes}",
		"$DISPLACED [set|sets] up {tents|a tent|a shelter} {at|in} a {camp|field|school yard} after fleeing {the fighting|the offensive}",
		"$DISPLACED [carry|carries] {mattresses|bags|blankets|children} as they {leave|flee} {their neighbourhood|the area} {under fire|during the offensive}",
	},
	funeral: {
		"$MOURNERS [carry|carries] the {body|bodies|coffin} of {a man|a boy|a girl|a woman|victims|relatives} killed in $STRIKE during {a|the} funeral",
		"$MOURNERS [pray|prays] over the {body|bodies} of {victims|relatives|a child|civilians} killed in $STRIKE",
		"$MOURNERS [mourn|mourns] {over the body of|next to the grave of} {a relative|a child|a neighbour|a son} killed in $STRIKE",
		"$MOURNERS [attend|attends] the funeral of {people|civilians|children|fighters} killed in $STRIKE",
		"$MOURNERS [bury|buries] {the victims|the dead|a relative} of $STRIKE {at a cemetery|in a mass grave}",
	},
}

// details are clauses a scene sentence may add after its shot: what else the
// photo shows.
var details = [...]string{
	airstrike:    "{, as smoke rises nearby|, as others look on|, as a crowd gathers|, moments after the strike|, as neighbours help|, as ambulances arrive}",
	clashes:      "{, as smoke rises in the distance|, amid sniper fire|, under heavy fire|, as the offensive enters its {second|third|fourth} {week|day}|, as an armoured vehicle passes by}",
	protest:      "{, a week after {a deadly raid|the latest air strikes|the arrests}|, as security forces look on|, for the {second|third|fifth} {day|week} running|, chanting \"{freedom|we want peace|no to war}\"}",
	displacement: "{, as temperatures drop|, as aid convoys wait at the border|, in the rain|, {days|a week} after the offensive began|, as the fighting nears their {village|town}}",
	funeral:      "{, as women weep|, amid chants of \"God is greatest\"|, as the crowd prays|, a day after the {attack|strike}|, as relatives read verses}",
}

// detailOf returns the detail clauses of kind k.
func detailOf(k kind) string {
	if k <= explosion {
		return details[airstrike]
	}
	return details[k]
}

// shotsOf returns the sentence shapes of kind k.
func shotsOf(k kind) []string {
	if k <= explosion {
		return strikeShots
	}
	return shots[k]
}

// victims are the wounded a shot's rescuers carry ($VICTIM).
const victims = "{a wounded|an injured} {child|man|woman|boy|girl|elderly man}"

// tolls are casualty sentences with their attribution: $N killed, $M injured,
// $C children among the killed.
var tolls = []string{
	"At least $N {people|civilians} were killed{, including $C children|}, according to $SRC.",
	"$SRC said $N people were killed and $M {wounded|injured}.",
	"The {attack|strike|raid|bombardment} killed {at least |}$N {people|civilians}, $SRC said.",
	"$M people were {wounded|injured}{ in the attack|}, according to $SRC.",
	"According to $SRC, {at least |}$N people died and $M were {injured|wounded}.",
	"$N {people|civilians}, including $C children, were killed, $SRC {said|reported}.",
}
