package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"sijil/internal/caption"
)

// where is a WHERE clause being built, with its arguments.
type where struct {
	conds []string
	args  []any
}

func (w *where) add(cond string, args ...any) {
	w.conds = append(w.conds, cond)
	w.args = append(w.args, args...)
}

func (w *where) String() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}

// termIn is the condition that a record holds a search value of which
// cond (on search_values AS v) holds. The planner reads the values first,
// by their indexes, and matches each value's word in search_terms_fts.
func termIn(cond string) string {
	return "r.id IN (SELECT t.rowid FROM search_values AS v, search_terms_fts AS t WHERE (" + cond + ") AND t.search_terms_fts MATCH 'v' || v.id)"
}

// planWhere returns the conditions on search_records AS r of p's filters,
// without its cursor. User text reaches SQL only as arguments, and FTS5
// only as quoted words (see matchText).
func planWhere(p caption.Plan) *where {
	w := &where{}
	if pos, neg := matchText(p.Text); pos != "" {
		if neg != "" {
			pos = "(" + pos + ") NOT (" + neg + ")"
		}
		w.add("r.id IN (SELECT rowid FROM records_fts WHERE records_fts MATCH ?)", pos)
	} else if neg != "" {
		w.add("r.id NOT IN (SELECT rowid FROM records_fts WHERE records_fts MATCH ?)", neg)
	}
	if d := p.Days; d != nil {
		// A date spans at most a year, so the first day of one that
		// overlaps the range is at most 366 days before it: a bound that
		// lets the records_day index serve both ends.
		w.add("r.day_first BETWEEN ? AND ? AND r.day_last >= ?", d.First-366, d.Last, d.First)
	}
	if p.Country != "" {
		w.add("r.country = ?", string(p.Country))
	}
	if len(p.GeonameIDs) > 0 || len(p.PlaceKeys) > 0 {
		var alts []string
		var args []any
		if len(p.GeonameIDs) > 0 {
			alts = append(alts, fmt.Sprintf("(v.field = %d AND v.fold IN (?", caption.CodeGeonameID)+strings.Repeat(", ?", len(p.GeonameIDs)-1)+"))")
			for _, id := range p.GeonameIDs {
				args = append(args, fmt.Sprint(id))
			}
		}
		if len(p.PlaceKeys) > 0 {
			alts = append(alts, fmt.Sprintf("(v.field = %d AND v.key IN (?", caption.CodePlace)+strings.Repeat(", ?", len(p.PlaceKeys)-1)+"))")
			for _, k := range p.PlaceKeys {
				args = append(args, k)
			}
		}
		w.add(termIn(strings.Join(alts, " OR ")), args...)
	}
	if p.Admin1Key != "" {
		w.add(termIn(fmt.Sprintf("v.field = %d AND v.key = ?", caption.CodeAdmin1)), p.Admin1Key)
	}
	if p.Basis != "" {
		w.add("r.basis = ?", string(p.Basis))
	}
	for _, t := range p.Terms {
		w.add(termIn("v.field = ? AND v.fold = ?"), fieldCode(t.Field), t.Fold)
	}
	if p.KilledMin != nil {
		w.add("r.killed >= ?", *p.KilledMin)
	}
	if c := p.Near; c != nil {
		nearWhere(w, p)
	}
	if len(p.Records) > 0 {
		list, _ := json.Marshal(p.Records) // int64s always marshal
		w.add("r.id IN (SELECT value FROM json_each(?))", string(list))
	}
	return w
}

// nearWhere adds the circle of p.Near: its bounding box, which the lat
// index serves, then the haversine formula of caption.Haversine.
func nearWhere(w *where, p caption.Plan) {
	b := p.Box
	w.add("r.lat BETWEEN ? AND ?", b.MinLat, b.MaxLat)
	switch {
	case b.MinLon > b.MaxLon:
		w.add("(r.lon >= ? OR r.lon <= ?)", b.MinLon, b.MaxLon)
	case b.MinLon > -180 || b.MaxLon < 180:
		w.add("r.lon BETWEEN ? AND ?", b.MinLon, b.MaxLon)
	}
	if p.Hav <= 1 {
		const rad = math.Pi / 180
		c := p.Near
		w.add("power(sin((radians(r.lat) - ?) / 2), 2) + ? * cos(radians(r.lat)) * power(sin((radians(r.lon) - ?) / 2), 2) <= ?",
			c.Lat*rad, math.Cos(c.Lat*rad), c.Lon*rad, p.Hav)
	}
}

// searchOrder is the search order, which the records_day index has.
const searchOrder = " ORDER BY r.day_first DESC, r.id"

// matchText renders a text query as FTS5 expressions: pos, what a record
// must match, and neg, what it must not. Every word is quoted; words hold
// only letters and digits, so nothing in them is FTS5 syntax.
func matchText(q caption.TextQuery) (pos, neg string) {
	clauses := make([]string, len(q.All))
	for i, c := range q.All {
		var forms []string
		for _, p := range c {
			forms = append(forms, phraseForms(p)...)
		}
		clauses[i] = "(" + strings.Join(forms, " OR ") + ")"
	}
	var nots []string
	for _, p := range q.None {
		nots = append(nots, phraseForms(p)...)
	}
	return strings.Join(clauses, " AND "), strings.Join(nots, " OR ")
}

// phraseForms returns FTS5 phrases for each form of p.
func phraseForms(p caption.Phrase) []string {
	var out []string
	for _, f := range p.Forms() {
		out = append(out, `"`+strings.ReplaceAll(strings.Join(f, " "), `"`, `""`)+`"`)
	}
	return out
}

// readTx runs fn in one read transaction, so that its queries see one
// snapshot of the store (inside Exclusive, in its transaction).
func (s *Store) readTx(ctx context.Context, fn func(q querier) error) error {
	if x := s.exclusiveTx(ctx); x != nil {
		return fn(x.tx)
	}
	tx, err := s.reader.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(tx)
}

// emptyFacets returns every facet with no values.
func emptyFacets() map[string][]caption.FacetCount {
	m := map[string][]caption.FacetCount{}
	for _, f := range caption.Facets() {
		m[f] = []caption.FacetCount{}
	}
	return m
}

// Timeline counts the records matching q by the first day of their date;
// q's Limit and Cursor are ignored.
func (s *Store) Timeline(ctx context.Context, q caption.Query) (days []caption.DayCount, err error) {
	defer wrap(&err, "sqlite.Timeline")
	p, err := q.PlanAll(ctx)
	if err != nil || p.MatchNone {
		return nil, err
	}
	w := planWhere(p)
	w.add("r.day_first IS NOT NULL")
	rows, err := s.read(ctx).QueryContext(ctx, "SELECT r.day_first, count(*) FROM search_records AS r"+w.String()+
		" GROUP BY r.day_first ORDER BY r.day_first", w.args...)
	if err != nil {
		return nil, err
	}
	err = eachRow(rows, func(rows *sql.Rows) error {
		var day int64
		var n int
		err := rows.Scan(&day, &n)
		days = append(days, caption.DayCount{Date: caption.DayDate(day), Count: n})
		return err
	})
	return days, err
}

// Points returns up to limit of the records matching q that have a
// location, in search order, cut to caption.PointRecord (no cluster or
// event either); q's Limit and Cursor are ignored.
func (s *Store) Points(ctx context.Context, q caption.Query, limit int) (rs []caption.StoredRecord, err error) {
	defer wrap(&err, "sqlite.Points")
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if limit < 1 {
		return nil, fmt.Errorf("%w: limit %d is not positive", caption.ErrInvalid, limit)
	}
	q.Limit, q.Cursor = 0, ""
	p, err := q.Plan()
	if err != nil || p.MatchNone {
		return nil, err
	}
	w := planWhere(p)
	w.add("r.lat IS NOT NULL")
	rows, err := s.read(ctx).QueryContext(ctx, "SELECT r.id, r.basis, pt.point FROM search_records AS r JOIN search_points AS pt ON pt.id = r.id"+
		w.String()+searchOrder+" LIMIT ?", append(w.args, limit)...)
	if err != nil {
		return nil, err
	}
	err = eachRow(rows, func(rows *sql.Rows) error {
		var sr caption.StoredRecord
		var basis sql.NullString
		var point sql.RawBytes
		if err := rows.Scan(&sr.ID, &basis, &point); err != nil {
			return err
		}
		if sr.Record, err = readPoint(point); err != nil {
			return fmt.Errorf("record %d: %w", sr.ID, err)
		}
		sr.Record.Location.Basis = caption.LocationBasis(basis.String)
		rs = append(rs, sr)
		return nil
	})
	return rs, err
}
