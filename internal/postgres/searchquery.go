package postgres

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// where is a WHERE clause being built, with its arguments. Conditions are
// written with ? for each argument, numbered $n as they are added.
type where struct {
	conds []string
	args  []any
}

func (w *where) add(cond string, args ...any) {
	var b strings.Builder
	n := 0
	for _, part := range strings.Split(cond, "?") {
		if n > 0 {
			b.WriteString("$" + strconv.Itoa(len(w.args)+n))
		}
		b.WriteString(part)
		n++
	}
	if n-1 != len(args) {
		panic(fmt.Sprintf("postgres: condition %q with %d arguments", cond, len(args)))
	}
	w.conds = append(w.conds, b.String())
	w.args = append(w.args, args...)
}

// next returns the placeholder of the next argument.
func (w *where) next() string { return "$" + strconv.Itoa(len(w.args)+1) }

func (w *where) String() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}

// termIn starts the condition that a record holds a search value.
const termIn = "r.id IN (SELECT t.record_id FROM search_values AS v JOIN search_terms AS t ON t.value_id = v.id WHERE "

// planWhere returns the conditions on records r of p's filters, without
// its cursor. User text reaches SQL only as arguments, and tsquery only as
// quoted words (see tsQuery).
func planWhere(p caption.Plan) *where {
	w := &where{}
	if q := tsQuery(p.Text); q != "" {
		w.add("r.search @@ ?::tsquery", q)
	}
	if d := p.Days; d != nil {
		w.add("r.date_first <= ? AND r.date_last >= ?", dayTime(d.Last), dayTime(d.First))
	}
	if p.Country != "" {
		w.add("r.country = ?", string(p.Country))
	}
	if len(p.GeonameIDs) > 0 || len(p.PlaceKeys) > 0 {
		ids := make([]string, len(p.GeonameIDs))
		for i, id := range p.GeonameIDs {
			ids[i] = strconv.Itoa(id)
		}
		w.add(termIn+fmt.Sprintf("(v.field = %d AND v.fold = ANY(?)) OR (v.field = %d AND v.key = ANY(?)))", caption.CodeGeonameID, caption.CodePlace),
			ids, p.PlaceKeys)
	}
	if p.Admin1Key != "" {
		w.add(termIn+fmt.Sprintf("v.field = %d AND v.key = ?)", caption.CodeAdmin1), p.Admin1Key)
	}
	if p.Basis != "" {
		w.add("r.basis = ?", string(p.Basis))
	}
	for _, t := range p.Terms {
		w.add(termIn+"v.field = ? AND v.fold = ?)", fieldCode(t.Field), t.Fold)
	}
	if p.KilledMin != nil {
		w.add("r.killed >= ?", *p.KilledMin)
	}
	if p.Near != nil {
		nearWhere(w, p)
	}
	if len(p.Records) > 0 {
		w.add("r.id = ANY(?)", p.Records)
	}
	return w
}

// dayTime returns the date of a day since 1970-01-01.
func dayTime(day int64) time.Time { return time.Unix(day*86400, 0).UTC() }

// nearWhere adds the circle of p.Near: its bounding box, which the lat/lon
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

// afterWhere adds the condition that a record comes after the cursor c in
// search order: date_first descending, NULL last, then id.
func afterWhere(w *where, c *caption.Cursor) {
	switch {
	case c == nil:
	case c.Dated:
		d := dayTime(c.Day)
		w.add("(r.date_first < ? OR (r.date_first = ? AND r.id > ?) OR r.date_first IS NULL)", d, d, c.ID)
	default:
		w.add("r.date_first IS NULL AND r.id > ?", c.ID)
	}
}

// searchOrder is the search order, which records_search_order_idx has.
const searchOrder = " ORDER BY r.date_first DESC NULLS LAST, r.id"

// tsQuery renders a text query as a tsquery literal: every word quoted,
// phrases joined with <->, clauses with &, alternatives with |, and the
// excluded phrases negated. Words hold only letters and digits, so nothing
// in them is tsquery syntax, and they are folded as the records' words
// are (searchVector), so that the server reads them as they are. (The query is parsed by
// caption.ParseText rather than websearch_to_tsquery, so that the SQLite
// store, which cannot use websearch_to_tsquery, reads it the same way.)
func tsQuery(q caption.TextQuery) string {
	var parts []string
	for _, c := range q.All {
		var forms []string
		for _, p := range c {
			forms = append(forms, tsForms(p)...)
		}
		parts = append(parts, "("+strings.Join(forms, " | ")+")")
	}
	var nots []string
	for _, p := range q.None {
		nots = append(nots, tsForms(p)...)
	}
	if len(nots) > 0 {
		parts = append(parts, "!("+strings.Join(nots, " | ")+")")
	}
	return strings.Join(parts, " & ")
}

// tsForms returns a tsquery phrase for each form of p.
func tsForms(p caption.Phrase) []string {
	var out []string
	for _, f := range p.Forms() {
		words := make([]string, len(f))
		for i, w := range f {
			words[i] = "'" + strings.ReplaceAll(strings.ReplaceAll(w, `\`, `\\`), "'", "''") + "'"
		}
		out = append(out, strings.Join(words, " <-> "))
	}
	return out
}

// readTx runs fn in a read-only transaction at repeatable read, so that its
// queries see one snapshot of the store; inside Exclusive, in Exclusive's
// transaction, so that they see its writes.
func (s *Store) readTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	if x := s.txOf(ctx); x != nil {
		return x.run(ctx, fn)
	}
	return pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, fn)
}

// SearchIDs returns the IDs of the records matching q, in search order
// (caption.SearchLister), in one statement; q's Limit and Cursor are
// ignored.
func (s *Store) SearchIDs(ctx context.Context, q caption.Query) (ids []int64, err error) {
	defer wrap(&err, "postgres.SearchIDs")
	p, err := q.PlanAll(ctx)
	if err != nil || p.MatchNone {
		return nil, err
	}
	err = s.readTx(ctx, func(tx pgx.Tx) error {
		w := planWhere(p)
		rows, err := tx.Query(ctx, "SELECT r.id FROM records r"+w.String()+searchOrder, w.args...)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		return err
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// Search returns a page of the records matching q, their number and facet
// counts; see caption.Query and storetest for the semantics.
func (s *Store) Search(ctx context.Context, q caption.Query) (res caption.SearchResult, err error) {
	defer wrap(&err, "postgres.Search")
	if err := ctx.Err(); err != nil {
		return res, err
	}
	p, err := q.Plan()
	if err != nil {
		return res, err
	}
	res.Facets = emptyFacets()
	if p.MatchNone {
		return res, nil
	}
	err = s.readTx(ctx, func(tx pgx.Tx) error {
		w := planWhere(p)
		if err := facets(ctx, tx, w, &res); err != nil {
			return err
		}
		afterWhere(w, p.After)
		limit := w.next()
		rows, err := tx.Query(ctx, recordSelect+w.String()+searchOrder+" LIMIT "+limit, append(w.args, p.Limit+1)...)
		if err != nil {
			return err
		}
		rs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (caption.StoredRecord, error) { return scanRecord(row) })
		if err != nil {
			return err
		}
		if len(rs) > p.Limit {
			rs = rs[:p.Limit]
			res.Next = caption.CursorOf(rs[len(rs)-1]).String()
		}
		res.Records = rs
		return nil
	})
	if err != nil {
		return caption.SearchResult{}, err
	}
	return res, nil
}

// Facet codes of the counts query beside the search_values fields.
const (
	countTotal   = 0
	countCountry = 8
	countYear    = 9
	countBasis   = 10
)

// facets counts the records matching w, in total and by facet value, in
// one statement over the matches, materialized once.
func facets(ctx context.Context, tx pgx.Tx, w *where, res *caption.SearchResult) error {
	query := `WITH m AS MATERIALIZED (SELECT r.id, r.country, r.date_first, r.basis FROM records r` + w.String() + `)
		SELECT 0, '', count(*) FROM m
		UNION ALL SELECT 8, country, count(*) FROM m WHERE country IS NOT NULL GROUP BY country
		UNION ALL SELECT 9, to_char(date_first, 'YYYY'), count(*) FROM m WHERE date_first IS NOT NULL GROUP BY 2
		UNION ALL SELECT 10, basis, count(*) FROM m WHERE basis IS NOT NULL GROUP BY basis
		UNION ALL SELECT v.field, v.value, c.n FROM (
			SELECT t.value_id, count(*) AS n FROM m JOIN search_terms AS t ON t.record_id = m.id AND t.field <= ` + strconv.Itoa(caption.LastFacetCode) + `
			GROUP BY t.value_id) AS c
		JOIN search_values AS v ON v.id = c.value_id`
	rows, err := tx.Query(ctx, query, w.args...)
	if err != nil {
		return err
	}
	counts := map[string][]caption.FacetCount{}
	var code int
	var value string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&code, &value, &n}, func() error {
		switch code {
		case countTotal:
			res.Total = n
		case countCountry:
			counts[caption.FacetCountry] = append(counts[caption.FacetCountry], caption.FacetCount{Value: value, Count: n})
		case countYear:
			counts[caption.FacetYear] = append(counts[caption.FacetYear], caption.FacetCount{Value: value, Count: n})
		case countBasis:
			counts[caption.FacetBasis] = append(counts[caption.FacetBasis], caption.FacetCount{Value: value, Count: n})
		default:
			f := caption.FacetOfCode(code)
			counts[f] = append(counts[f], caption.FacetCount{Value: value, Count: n})
		}
		return nil
	})
	if err != nil {
		return err
	}
	for f, c := range counts {
		res.Facets[f] = caption.TopFacets(c)
	}
	return nil
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
	defer wrap(&err, "postgres.Timeline")
	p, err := q.PlanAll(ctx)
	if err != nil || p.MatchNone {
		return nil, err
	}
	w := planWhere(p)
	w.add("r.date_first IS NOT NULL")
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, "SELECT r.date_first, count(*) FROM records r"+w.String()+
			" GROUP BY r.date_first ORDER BY r.date_first", w.args...)
		if err != nil {
			return err
		}
		var day time.Time
		var n int
		_, err = pgx.ForEachRow(rows, []any{&day, &n}, func() error {
			days = append(days, caption.DayCount{Date: day.Format(time.DateOnly), Count: n})
			return nil
		})
		return err
	})
	return days, err
}

// Points returns up to limit of the records matching q that have a
// location, in search order, cut to caption.PointRecord (no cluster or
// event either); q's Limit and Cursor are ignored.
func (s *Store) Points(ctx context.Context, q caption.Query, limit int) (rs []caption.StoredRecord, err error) {
	defer wrap(&err, "postgres.Points")
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
	rs, err = s.queryRecords(ctx, recordSelect+w.String()+searchOrder+" LIMIT "+w.next(), append(w.args, limit)...)
	for i, r := range rs {
		rs[i] = caption.StoredRecord{ID: r.ID, Record: caption.PointRecord(r.Record)}
	}
	return rs, err
}
