// mapdata.js turns the unpacked npm packages into the compact GeoJSON files
// embedded in sijil (internal/server/web/data). scripts/mapdata.sh fetches and
// checks the packages and then runs:
//
//	node scripts/mapdata.js WORLD_ATLAS_DIR TOPOJSON_CLIENT_DIR ADMIN1_JSON OUT_DIR
//
// Output is deterministic: features sorted by id, fixed key order, every
// coordinate rounded to 3 decimals (~110 m), so a rerun is byte-identical.
'use strict';

const fs = require('fs');
const path = require('path');

// Conflict countries whose first-level divisions are embedded. Keep in step
// with internal/server/web/data/README.md.
const ADMIN1_COUNTRIES = ['SY', 'IQ', 'YE', 'UA', 'PS', 'IL', 'LB', 'JO', 'TR',
  'SD', 'SS', 'AF', 'LY', 'SO', 'MM', 'ET', 'ML', 'CD', 'NG'];

// Douglas–Peucker tolerances in degrees. Countries are drawn at world scale
// where 0.02° is far below a pixel; admin-1 areas are looked at zoomed into
// one country, where 0.005° (~500 m) is about a pixel at 1200 px for Syria.
const TOL_COUNTRIES = 0.02;
const TOL_ADMIN1 = 0.005;

const [worldDir, topoDir, admin1File, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: node mapdata.js WORLD_ATLAS_DIR TOPOJSON_CLIENT_DIR ADMIN1_JSON OUT_DIR');
  process.exit(2);
}
const topojson = require(path.resolve(topoDir, 'dist/topojson-client.js'));

const round = (v) => Math.round(v * 1000) / 1000;

// polygonsOf returns a geometry as a list of polygons (each a list of rings).
function polygonsOf(g) {
  if (!g) return [];
  if (g.type === 'Polygon') return [g.coordinates];
  if (g.type === 'MultiPolygon') return g.coordinates;
  throw new Error('unexpected geometry ' + g.type);
}

function roundRing(ring) {
  const out = [];
  for (const [x, y] of ring) {
    const p = [round(x), round(y)];
    const q = out[out.length - 1];
    if (!q || q[0] !== p[0] || q[1] !== p[1]) out.push(p);
  }
  return out;
}

function segDist2(p, a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2 : 0;
  t = Math.max(0, Math.min(1, t));
  const ex = a[0] + t * dx - p[0], ey = a[1] + t * dy - p[1];
  return ex * ex + ey * ey;
}

// dp marks the points of pts[i..j] that Douglas–Peucker keeps (iterative, so
// a long coastline cannot overflow the stack).
function dp(pts, i, j, tol2, keep) {
  const stack = [[i, j]];
  while (stack.length) {
    const [a, b] = stack.pop();
    let best = -1, bestD = tol2;
    for (let k = a + 1; k < b; k++) {
      const d = segDist2(pts[k], pts[a], pts[b]);
      if (d > bestD) { bestD = d; best = k; }
    }
    if (best >= 0) {
      keep[best] = true;
      stack.push([a, best], [best, b]);
    }
  }
}

// simplifyAll simplifies every ring of every feature while keeping shared
// borders identical on both sides. Rings are simplified independently, so a
// border shared by two areas would otherwise come out differently in each and
// leave slivers; instead a point is pinned wherever the set of rings passing
// through it changes (a junction), and Douglas–Peucker runs on each stretch
// between pins. Both neighbours see the same stretch with the same ends and
// keep the same points.
function simplifyAll(features, tol) {
  const tol2 = tol * tol;
  const rings = [];
  for (const f of features) {
    f.polys = polygonsOf(f.geometry).map((poly) => poly.map((r) => {
      const ring = roundRing(r);
      rings.push(ring);
      return ring;
    }));
  }
  const owners = new Map(); // "x,y" → ring ids joined by ','
  rings.forEach((ring, id) => {
    const seen = new Set();
    for (let k = 0; k < ring.length - 1; k++) { // last point closes the ring
      const key = ring[k][0] + ',' + ring[k][1];
      if (seen.has(key)) continue;
      seen.add(key);
      const o = owners.get(key);
      owners.set(key, o === undefined ? String(id) : o + ',' + id);
    }
  });
  const out = new Map();
  rings.forEach((ring) => {
    const n = ring.length - 1; // distinct points; ring[n] equals ring[0]
    if (n < 4) { out.set(ring, ring); return; }
    const own = [];
    for (let k = 0; k < n; k++) own.push(owners.get(ring[k][0] + ',' + ring[k][1]));
    const keep = new Array(n + 1).fill(false);
    const pins = [];
    for (let k = 0; k < n; k++) {
      if (own[k] !== own[(k + n - 1) % n] || own[k] !== own[(k + 1) % n]) {
        keep[k] = true;
        pins.push(k);
      }
    }
    if (pins.length === 0) {
      // An island or a ring that touches nothing: pin its first point and
      // the point farthest from it so that DP has two ends to work between.
      let far = 0, farD = -1;
      for (let k = 1; k < n; k++) {
        const dx = ring[k][0] - ring[0][0], dy = ring[k][1] - ring[0][1];
        if (dx * dx + dy * dy > farD) { farD = dx * dx + dy * dy; far = k; }
      }
      keep[0] = keep[far] = true;
      pins.push(0, far);
    }
    // Walk the ring as a doubled sequence so the stretch from the last pin
    // back round to the first is handled like the others.
    const ext = ring.slice(0, n).concat(ring.slice(0, n));
    const extKeep = new Array(2 * n).fill(false);
    for (let p = 0; p < pins.length; p++) {
      const a = pins[p];
      const b = p + 1 < pins.length ? pins[p + 1] : pins[0] + n;
      dp(ext, a, b, tol2, extKeep);
    }
    const res = [];
    for (let k = 0; k < n; k++) if (keep[k] || extKeep[k] || extKeep[k + n]) res.push(ring[k]);
    res.push(res[0]);
    out.set(ring, res);
  });
  for (const f of features) {
    const polys = [];
    for (const poly of f.polys) {
      const rs = poly.map((r) => out.get(r)).filter((r) => r.length >= 4);
      // A collapsed outer ring drops its polygon (holes go with it).
      if (rs.length && rs[0] === out.get(poly[0])) polys.push(rs);
    }
    if (polys.length === 0 && f.polys.length) polys.push(f.polys[0]); // keep tiny countries visible
    f.geometry = polys.length === 1 ? { type: 'Polygon', coordinates: polys[0] }
      : { type: 'MultiPolygon', coordinates: polys };
    delete f.polys;
  }
}

// unwrap moves the western half of any ring that crosses the antimeridian
// (Russia's Chukotka, Fiji) east of 180°: world-atlas leaves the cut to
// spherical renderers, but a flat map would draw such a ring as a band
// across the whole world.
function unwrap(features) {
  for (const f of features) {
    for (const poly of polygonsOf(f.geometry)) {
      for (const ring of poly) {
        let crosses = false;
        for (let k = 1; k < ring.length; k++) if (Math.abs(ring[k][0] - ring[k - 1][0]) > 180) crosses = true;
        if (!crosses) continue;
        console.warn((f.properties.name || f.id) + ': ring crosses the antimeridian; moved east of 180°');
        for (const pt of ring) if (pt[0] < 0) pt[0] += 360;
      }
    }
  }
}

// inRing is the even–odd point-in-polygon test.
function inRing(x, y, ring) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inGeometry(x, y, g) {
  return polygonsOf(g).some((poly) => inRing(x, y, poly[0]) && !poly.slice(1).some((h) => inRing(x, y, h)));
}

// admin1Country is the country of a Natural Earth admin-1 row as sijil knows
// it: the prefix of its GeoNames code, which is what the gazetteer (and so
// every record) carries; iso_a2 only where there is no GeoNames code. They
// differ on Crimea and Sevastopol (GeoNames UA.11, UA.20; iso_a2 RU).
function admin1Country(p) {
  const m = /^([A-Z]{2})\./.exec(p.gn_a1_code || '');
  if (m) return m[1];
  if (/^[A-Z]{2}$/.test(p.iso_a2 || '')) return p.iso_a2;
  const n = /^([A-Z]{2})-/.exec(p.iso_3166_2 || '');
  return n ? n[1] : '';
}

// world-atlas names countries by ISO numeric code, but sijil's records (and
// the gazetteer) use alpha-2. No package in hand maps one to the other, so
// each country takes the alpha-2 that most admin-1 label points inside it
// carry: the same Natural Earth data, so the two layers agree. Islands too
// small to hold their own label point at 1:50m take the nearest one.
function alpha2ByVote(countries, admin1) {
  const pts = admin1.features.map((f) => ({
    x: f.properties.longitude, y: f.properties.latitude, cc: admin1Country(f.properties),
  })).filter((p) => p.cc && Number.isFinite(p.x) && Number.isFinite(p.y));
  const codes = new Map();
  for (const c of countries) {
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const poly of polygonsOf(c.geometry)) for (const [x, y] of poly[0]) {
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    const votes = new Map();
    for (const p of pts) {
      if (p.x < x0 || p.x > x1 || p.y < y0 || p.y > y1) continue;
      if (inGeometry(p.x, p.y, c.geometry)) votes.set(p.cc, (votes.get(p.cc) || 0) + 1);
    }
    // Most votes; ties go to the alphabetically first code, for determinism.
    const best = [...votes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    if (best) { codes.set(c, { cc: best[0], votes: best[1] }); continue; }
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    let near = null, nearD = 2 * 2; // at most 2° away
    for (const p of pts) {
      const d = (p.x - cx) ** 2 + (p.y - cy) ** 2;
      if (d < nearD) { nearD = d; near = p; }
    }
    const cc = near ? near.cc : '';
    console.warn('countries: ' + c.properties.name + ' holds no admin-1 label point; nearest gives "' + cc + '"');
    codes.set(c, { cc, votes: 0 });
  }
  return codes;
}

// labelPoint is where a country's name is drawn: the area-weighted centroid
// of its largest ring (world-atlas has no label points of its own).
function labelPoint(g) {
  let best = null, bestA = 0;
  for (const poly of polygonsOf(g)) {
    const r = poly[0];
    let a = 0, cx = 0, cy = 0;
    for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
      const f = r[j][0] * r[i][1] - r[i][0] * r[j][1];
      a += f; cx += (r[j][0] + r[i][0]) * f; cy += (r[j][1] + r[i][1]) * f;
    }
    if (Math.abs(a) > bestA) { bestA = Math.abs(a); best = [cx / (3 * a), cy / (3 * a)]; }
  }
  return best ? [Math.round(best[0] * 100) / 100, Math.round(best[1] * 100) / 100] : undefined;
}

function write(name, fc) {
  // One feature a line: small diffs when the data is regenerated.
  const body = fc.features.map((f) => JSON.stringify(f)).join(',\n');
  const text = '{"type":"FeatureCollection","features":[\n' + body + '\n]}\n';
  fs.writeFileSync(path.join(outDir, name), text);
  console.log(name + ': ' + fc.features.length + ' features, ' + Buffer.byteLength(text) + ' bytes');
}

const topo = JSON.parse(fs.readFileSync(path.join(worldDir, 'countries-50m.json'), 'utf8'));
// Antarctica is dropped: no record is placed there, and it would take a
// fifth of a world view's height and 1,300 points.
const countries = topojson.feature(topo, topo.objects.countries).features
  .filter((c) => c.properties.name !== 'Antarctica');
const admin1 = JSON.parse(fs.readFileSync(admin1File, 'utf8'));

const alpha2 = alpha2ByVote(countries, admin1);
// When several world-atlas shapes fall in one country (N. Cyprus in CY for
// Natural Earth admin-1), all keep the code in properties.cc; the shape with
// the most label points gets the bare code as its id, the others a suffix.
const ranked = countries.slice().sort((a, b) => alpha2.get(b).votes - alpha2.get(a).votes
  || (a.properties.name < b.properties.name ? -1 : 1));
const outCountries = [];
const used = new Set();
for (const c of ranked) {
  const { cc } = alpha2.get(c);
  const tag = c.properties.name.replace(/[^A-Za-z]/g, '');
  let id = cc || 'X-' + tag;
  if (used.has(id)) id += '-' + tag;
  used.add(id);
  outCountries.push({ type: 'Feature', id, properties: { cc, name: c.properties.name }, geometry: c.geometry });
}
outCountries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
unwrap(outCountries);
simplifyAll(outCountries, TOL_COUNTRIES);
for (const f of outCountries) f.properties.label = labelPoint(f.geometry);

const outAdmin1 = [];
for (const f of admin1.features) {
  const p = f.properties;
  const cc = admin1Country(p);
  if (!ADMIN1_COUNTRIES.includes(cc)) continue;
  // gn_a1_code is GeoNames' "CC.NN" (what sijil's gazetteer stores); the few
  // rows without one (UNDOF zone, Somaliland) keep Natural Earth's adm1_code
  // so that every area can still be clicked and named.
  const code = /^[A-Z]{2}\.\w+$/.test(p.gn_a1_code || '') ? p.gn_a1_code : p.adm1_code;
  outAdmin1.push({ type: 'Feature', id: code, properties: {
    cc, code, name: p.name,
    label: [Math.round(p.longitude * 100) / 100, Math.round(p.latitude * 100) / 100],
  }, geometry: f.geometry });
}
outAdmin1.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
for (let i = 1; i < outAdmin1.length; i++) {
  if (outAdmin1[i].id === outAdmin1[i - 1].id) throw new Error('duplicate admin-1 id ' + outAdmin1[i].id);
}
unwrap(outAdmin1);
simplifyAll(outAdmin1, TOL_ADMIN1);

fs.mkdirSync(outDir, { recursive: true });
write('countries.json', { features: outCountries });
write('admin1.json', { features: outAdmin1 });
