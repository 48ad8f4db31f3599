// map.js draws sijil's offline map: Natural Earth countries and admin-1 areas
// as SVG, record points clustered by screen distance, zoom and pan, and
// click-to-filter. No library and no inline script (the pages run under
// script-src 'self'); every element with data-sijil-map is set up on load.
// The DOM contract is in internal/server/web/README.md.
(function () {
  'use strict';

  var NS = 'http://www.w3.org/2000/svg';
  var MAX_LAT = 85;
  var MIN_K = 0.5, MAX_K = 4000; // pixels per degree of longitude
  var ADMIN_K = 14;  // admin-1 borders show from here (Syria ≈ 95 px wide)
  var CLUSTER_PX = 30; // points closer than this on screen share a marker
  var LABEL_SHIFTS = [0, 22, -22, 32, -32]; // px: where a name may go around a marker
  var WORLD = [-170, -57, 190, 80]; // lon0, lat0, lon1, lat1: no Antarctica

  // Several maps on a page (or a redraw) share one download of each file.
  var cache = {};
  function getJSON(url) {
    if (!cache[url]) {
      cache[url] = fetch(url, { credentials: 'same-origin' }).then(function (r) {
        if (!r.ok) throw new Error(url + ': HTTP ' + r.status);
        return r.json();
      });
      cache[url].catch(function () { delete cache[url]; }); // a later try may work
    }
    return cache[url];
  }

  // Web Mercator, scaled so that x is longitude in degrees: shapes at Syria's
  // or Ukraine's latitude look right, and 1 unit = 1° at the equator.
  function project(lon, lat) {
    lat = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
    return [lon, -180 / Math.PI * Math.log(Math.tan(Math.PI / 4 + lat * Math.PI / 360))];
  }

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) if (attrs[k] != null) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function polygons(g) {
    if (!g) return [];
    return g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
  }

  // shape projects a feature once: its SVG path in base units (drawn under a
  // scale transform, so zooming never rebuilds it), its bounding box, the
  // box of its largest polygon (what decides whether a name fits: Kiribati
  // spans the Pacific but each atoll is a dot), and its projected rings for
  // point-in-polygon.
  function shape(f) {
    var d = [], rings = [], b = [Infinity, Infinity, -Infinity, -Infinity], main = null, mainA = -1;
    polygons(f.geometry).forEach(function (poly) {
      var pb = [Infinity, Infinity, -Infinity, -Infinity];
      poly.forEach(function (ring, i) {
        var pr = ring.map(function (c) { return project(c[0], c[1]); });
        pr.forEach(function (p, j) {
          d.push((j ? 'L' : 'M') + p[0].toFixed(3) + ' ' + p[1].toFixed(3));
          if (i === 0) {
            pb[0] = Math.min(pb[0], p[0]); pb[1] = Math.min(pb[1], p[1]);
            pb[2] = Math.max(pb[2], p[0]); pb[3] = Math.max(pb[3], p[1]);
          }
        });
        d.push('Z');
        rings.push(pr);
      });
      b = [Math.min(b[0], pb[0]), Math.min(b[1], pb[1]), Math.max(b[2], pb[2]), Math.max(b[3], pb[3])];
      var a = (pb[2] - pb[0]) * (pb[3] - pb[1]);
      if (a > mainA) { mainA = a; main = pb; }
    });
    return { d: d.join(''), bbox: b, main: main || b, rings: rings };
  }

  function inRing(x, y, r) {
    var inside = false;
    for (var i = 0, j = r.length - 1; i < r.length; j = i++) {
      if ((r[i][1] > y) !== (r[j][1] > y) &&
          x < (r[j][0] - r[i][0]) * (y - r[i][1]) / (r[j][1] - r[i][1]) + r[i][0]) inside = !inside;
    }
    return inside;
  }

  // contains is even–odd over all rings: holes cancel their polygon.
  function contains(s, x, y) {
    var b = s.bbox;
    if (x < b[0] || x > b[2] || y < b[1] || y > b[3]) return false;
    var n = 0;
    s.rings.forEach(function (r) { if (inRing(x, y, r)) n++; });
    return n % 2 === 1;
  }

  // emitFilter tells the page what was picked. A listener may cancel the
  // event; otherwise an element with data-navigate reloads the page with the
  // filter in its query (the cursor dropped: the result set changed).
  function emitFilter(host, detail, onFilter) {
    var ev = new CustomEvent('sijil:filter', { bubbles: true, cancelable: true, detail: detail });
    var go = host.dispatchEvent(ev);
    if (onFilter) onFilter(detail);
    if (!go || !host.hasAttribute('data-navigate')) return;
    // data-navigate="" keeps this page and its query; a path goes there.
    var u = new URL(host.getAttribute('data-navigate') || location.href, location.href);
    u.searchParams.delete('cursor');
    Object.keys(detail).forEach(function (k) {
      if (k === 'name') return;
      if (detail[k]) u.searchParams.set(k, detail[k]); else u.searchParams.delete(k);
    });
    location.assign(u.toString());
  }

  function create(host, opts) {
    opts = opts || {};
    var ds = host.dataset;
    var small = (opts.mode || ds.mode) === 'small';
    var recordURL = opts.recordUrl || ds.recordUrl || '/records/{id}';
    var countriesURL = opts.countriesSrc || ds.countriesSrc || '/static/data/countries.json';
    var admin1URL = opts.admin1Src || ds.admin1Src || '/static/data/admin1.json';
    var selCountry = opts.country || ds.country || '';
    var selAdmin1 = opts.admin1 || ds.admin1 || '';

    host.classList.add('sijil-map');
    if (small) host.classList.add('sijil-map-small');
    if (!host.hasAttribute('role')) host.setAttribute('role', 'region');
    if (!host.hasAttribute('aria-label')) host.setAttribute('aria-label', 'Map');
    host.tabIndex = small ? -1 : 0;

    var svg = el('svg', { class: 'sijil-map-svg', width: '100%', height: '100%' }, host);
    var geo = el('g', { class: 'geo' }, svg);
    var gCountries = el('g', { class: 'countries' }, geo);
    var gAdmin = el('g', { class: 'admin1' }, geo);
    var screen = el('g', { class: 'screen' }, svg); // constant-size things, moved on pan
    var gLabels = el('g', { class: 'labels', 'aria-hidden': 'true' }, screen);
    var gMarks = el('g', { class: 'marks' }, screen);

    var status = document.createElement('div');
    status.className = 'sijil-map-status';
    status.setAttribute('role', 'status');
    host.appendChild(status);
    var credit = document.createElement('div');
    credit.className = 'sijil-map-credit';
    credit.textContent = 'Boundaries: Natural Earth';
    host.appendChild(credit);
    var list = document.createElement('div');
    list.className = 'sijil-map-list';
    list.hidden = true;
    host.appendChild(list);

    var W = 0, H = 0, k = 1, tx = 0, ty = 0, clusteredAt = -1;
    var clusters = [], band = null; // band: zoomed-pixel box drawn around the view
    var points = [];      // {x, y, f, i}: projected once, deadliest first
    var areas = [];       // {s: shape, f: feature, kind, path, label, selected, out}
    var home = null;      // bbox the reset button returns to
    var withAdmin1 = {};  // countries that have admin-1 areas
    var frame = 0;

    function size() {
      W = host.clientWidth || 600;
      H = host.clientHeight || 400;
    }

    function fit(b, pad) {
      pad = pad == null ? 24 : pad;
      var bw = Math.max(b[2] - b[0], 1e-6), bh = Math.max(b[3] - b[1], 1e-6);
      k = clampK(Math.min((W - 2 * pad) / bw, (H - 2 * pad) / bh));
      tx = W / 2 - (b[0] + b[2]) / 2 * k;
      ty = H / 2 - (b[1] + b[3]) / 2 * k;
    }

    function clampK(v) { return Math.max(MIN_K, Math.min(MAX_K, v)); }

    function zoomAt(factor, sx, sy) {
      var nk = clampK(k * factor);
      tx = sx - (sx - tx) * nk / k;
      ty = sy - (sy - ty) * nk / k;
      k = nk;
      draw();
    }

    // Coalesce wheel and drag events into one redraw a frame.
    function draw() {
      if (!frame) frame = requestAnimationFrame(render);
    }

    function render() {
      frame = 0;
      geo.setAttribute('transform', 'translate(' + tx + ' ' + ty + ') scale(' + k + ')');
      screen.setAttribute('transform', 'translate(' + tx + ' ' + ty + ')');
      svg.classList.toggle('show-admin1', k >= ADMIN_K || small);
      cull();
      // Clusters depend on the zoom alone, so panning never recomputes
      // them; markers and names are drawn only for a band of one screen
      // around the view, and redrawn when a pan leaves that band. Thousands
      // of off-screen markers would otherwise slow every frame.
      var vx = -tx, vy = -ty;
      if (k !== clusteredAt) {
        clusteredAt = k;
        clusters = cluster();
        band = null;
      }
      if (!band || vx < band[0] + 1 || vy < band[1] + 1 || vx + W > band[2] - 1 || vy + H > band[3] - 1) {
        band = [vx - W, vy - H, vx + 2 * W, vy + 2 * H];
        var near = clusters.filter(function (c) {
          return c.x > band[0] && c.x < band[2] && c.y > band[1] && c.y < band[3];
        });
        drawLabels(near);
        drawMarks(near);
      }
    }

    // cull takes areas wholly outside the view out of rendering: zoomed in,
    // the browser would otherwise transform every point of every border on
    // each frame of a drag.
    function cull() {
      var x0 = -tx / k, y0 = -ty / k, x1 = (W - tx) / k, y1 = (H - ty) / k;
      areas.forEach(function (a) {
        var b = a.s.bbox, out = b[2] < x0 || b[0] > x1 || b[3] < y0 || b[1] > y1;
        if (out !== a.out) { a.out = out; a.path.style.display = out ? 'none' : ''; }
      });
    }

    // drawLabels names the areas that are wide enough on screen, biggest
    // first, skipping any name that would overlap a marker or a name already
    // placed (widths are guessed from the length: measuring text would force
    // a layout per label).
    function drawLabels(clusters) {
      while (gLabels.firstChild) gLabels.removeChild(gLabels.firstChild);
      var admin = k >= ADMIN_K || small;
      // Boxes already taken, in a 64 px grid so that thousands of markers
      // do not make each name check every one of them.
      var grid = {};
      function cells(b, f) {
        for (var gx = Math.floor(b[0] / 64); gx <= Math.floor(b[2] / 64); gx++) {
          for (var gy = Math.floor(b[1] / 64); gy <= Math.floor(b[3] / 64); gy++) {
            if (f(grid[gx + ',' + gy] = grid[gx + ',' + gy] || [])) return true;
          }
        }
        return false;
      }
      function take(b) { cells(b, function (c) { c.push(b); }); }
      function free(b) {
        return !cells(b, function (c) {
          return c.some(function (p) { return b[0] < p[2] && p[0] < b[2] && b[1] < p[3] && p[1] < b[3]; });
        });
      }
      clusters.forEach(function (c) {
        var r = c.members.length > 1 ? 11 + 3 * Math.log2(c.members.length) : small ? 13 : 9;
        take([c.x - r, c.y - r, c.x + r, c.y + r]);
      });
      areas.filter(function (a) {
        var b = a.s.main;
        // Zoomed in, countries with admin-1 areas are named by those areas;
        // the others keep their own name.
        var show = a.kind === 'admin1' ? admin : !admin || !withAdmin1[a.f.properties.cc];
        return a.label && show && (b[2] - b[0]) * k >= (a.kind === 'admin1' ? 55 : 70) &&
          a.label[0] * k > band[0] && a.label[0] * k < band[2] && a.label[1] * k > band[1] && a.label[1] * k < band[3];
      }).sort(function (a, b) {
        return (b.s.main[2] - b.s.main[0]) * (b.s.main[3] - b.s.main[1]) -
          (a.s.main[2] - a.s.main[0]) * (a.s.main[3] - a.s.main[1]);
      }).forEach(function (a) {
        var name = a.f.properties.name, x = a.label[0] * k, y = a.label[1] * k;
        var hw = name.length * (a.kind === 'admin1' ? 3.2 : 3.7) + 2;
        // A name pushed a little above or below a marker still reads as the
        // area's; one dropped leaves the reader without a landmark.
        for (var i = 0; i < LABEL_SHIFTS.length; i++) {
          var yy = y + LABEL_SHIFTS[i], box = [x - hw, yy - 8, x + hw, yy + 8];
          if (!free(box)) continue;
          take(box);
          el('text', { x: x.toFixed(1), y: yy.toFixed(1), dy: '0.35em', class: a.kind }, gLabels).textContent = name;
          return;
        }
      });
    }

    // cluster groups points greedily in zoom-scaled pixels: each unassigned
    // point takes every unassigned point within CLUSTER_PX and the marker
    // sits at their mean. Seeds go deadliest first so that a grave event is
    // never swallowed into a cluster seeded far from it; a grid of that cell
    // size keeps the pass near linear.
    function cluster() {
      var grid = new Map(), out = [], i, p;
      var key = function (gx, gy) { return gx * 1048576 + gy; }; // numeric: no string garbage per point
      for (i = 0; i < points.length; i++) {
        p = points[i];
        p.sx = p.x * k; p.sy = p.y * k; p.done = false;
        var kk = key(Math.floor(p.sx / CLUSTER_PX), Math.floor(p.sy / CLUSTER_PX));
        var cell = grid.get(kk);
        if (cell) cell.push(p); else grid.set(kk, [p]);
      }
      for (i = 0; i < points.length; i++) {
        p = points[i];
        if (p.done) continue;
        var c = { members: [], x: 0, y: 0 };
        var gx = Math.floor(p.sx / CLUSTER_PX), gy = Math.floor(p.sy / CLUSTER_PX);
        for (var dx = -1; dx <= 1; dx++) for (var dy = -1; dy <= 1; dy++) {
          var cl = grid.get(key(gx + dx, gy + dy)) || [];
          for (var j = 0; j < cl.length; j++) {
            var q = cl[j];
            if (!q.done && (q.sx - p.sx) * (q.sx - p.sx) + (q.sy - p.sy) * (q.sy - p.sy) <= CLUSTER_PX * CLUSTER_PX) {
              q.done = true;
              c.members.push(q);
              c.x += q.sx; c.y += q.sy;
            }
          }
        }
        c.x /= c.members.length; c.y /= c.members.length;
        out.push(c);
      }
      return out;
    }

    function describe(p) {
      var pr = p.properties || {};
      var s = [pr.date, pr.place].filter(Boolean).join(' · ') || 'Record ' + pr.id;
      if (pr.killed) s += ' · ' + pr.killed + ' killed';
      if (pr.event_types && pr.event_types.length) s += ' · ' + pr.event_types.join(', ');
      return s;
    }

    function href(id) { return recordURL.replace('{id}', encodeURIComponent(id)); }

    function drawMarks(clusters) {
      while (gMarks.firstChild) gMarks.removeChild(gMarks.firstChild);
      clusters.forEach(function (c) {
        var x = c.x.toFixed(1), y = c.y.toFixed(1);
        if (c.members.length === 1) {
          var f = c.members[0].f, pr = f.properties || {};
          var a = small ? el('g', { class: 'pt' }, gMarks) : el('a', { class: 'pt', href: href(pr.id) }, gMarks);
          if (pr.killed) a.classList.add('killed');
          // The record page's lone marker gets a halo to be found at a glance.
          if (small) el('circle', { cx: x, cy: y, r: 13, class: 'halo' }, a);
          // Area grows with the toll, capped so one event cannot hide a town.
          el('circle', { cx: x, cy: y, r: small ? 6 : (5 + Math.min(7, Math.sqrt(pr.killed || 0))).toFixed(1) }, a);
          el('title', {}, a).textContent = describe(f);
          return;
        }
        var n = c.members.length;
        var g = el('g', { class: 'cluster', tabindex: small ? null : '0', role: 'button',
          'aria-label': n + ' records here; zoom in' }, gMarks);
        if (c.members.some(function (m) { return m.f.properties.killed; })) g.classList.add('killed');
        el('circle', { cx: x, cy: y, r: (11 + 3 * Math.log2(n)).toFixed(1) }, g);
        el('text', { x: x, y: y, dy: '0.35em' }, g).textContent = n > 999 ? Math.round(n / 1000) + 'k' : n;
        el('title', {}, g).textContent = n + ' records';
        g._cluster = c;
      });
    }

    // openCluster zooms to a cluster's extent; when its points cannot be
    // separated (same coordinates, or the zoom limit), it lists them.
    function openCluster(c) {
      var b = [Infinity, Infinity, -Infinity, -Infinity];
      c.members.forEach(function (m) {
        b[0] = Math.min(b[0], m.x); b[1] = Math.min(b[1], m.y);
        b[2] = Math.max(b[2], m.x); b[3] = Math.max(b[3], m.y);
      });
      var span = Math.max(b[2] - b[0], b[3] - b[1]);
      if (span * MAX_K < CLUSTER_PX * 1.5 || k >= MAX_K) return showList(c);
      var cx = (b[0] + b[2]) / 2, cy = (b[1] + b[3]) / 2;
      var need = Math.min(W, H) / 2 / Math.max(span, 1e-9);
      k = clampK(Math.max(k * 2, Math.min(need, k * 16)));
      tx = W / 2 - cx * k; ty = H / 2 - cy * k;
      draw();
    }

    function showList(c) {
      list.textContent = '';
      var h = document.createElement('p');
      h.textContent = c.members.length + ' records at this place';
      list.appendChild(h);
      var ul = document.createElement('ul');
      c.members.slice(0, 100).forEach(function (m) {
        var li = document.createElement('li'), a = document.createElement('a');
        a.href = href(m.f.properties.id);
        a.textContent = describe(m.f);
        li.appendChild(a);
        ul.appendChild(li);
      });
      list.appendChild(ul);
      if (c.members.length > 100) {
        var more = document.createElement('p');
        more.textContent = '… and ' + (c.members.length - 100) + ' more: narrow the search.';
        list.appendChild(more);
      }
      var close = document.createElement('button');
      close.type = 'button';
      close.className = 'close';
      close.textContent = 'Close';
      close.addEventListener('click', function () { list.hidden = true; host.focus(); });
      list.appendChild(close);
      list.hidden = false;
      (ul.querySelector('a') || close).focus();
    }

    function pick(target) {
      var p = target.closest && target.closest('[data-cc]');
      if (!p || !p.getAttribute('data-cc')) return;
      var code = p.getAttribute('data-code') || '';
      emitFilter(host, { country: p.getAttribute('data-cc'), admin1: code,
        name: p.getAttribute('data-name') || '' }, opts.onFilter);
    }

    // Drag to pan. A press that moved more than a few pixels is a drag, and
    // the click that follows it must neither filter nor open a record.
    var drag = null, dragged = false;
    svg.addEventListener('pointerdown', function (e) {
      if (small || e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, tx: tx, ty: ty, id: e.pointerId };
      dragged = false;
    });
    svg.addEventListener('pointermove', function (e) {
      if (!drag || e.pointerId !== drag.id) return;
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!dragged && Math.hypot(dx, dy) < 4) return;
      if (!dragged) { dragged = true; svg.setPointerCapture(e.pointerId); svg.classList.add('dragging'); }
      tx = drag.tx + dx; ty = drag.ty + dy;
      draw();
    });
    function endDrag() { drag = null; svg.classList.remove('dragging'); }
    svg.addEventListener('pointerup', endDrag);
    svg.addEventListener('pointercancel', endDrag);
    svg.addEventListener('click', function (e) {
      if (dragged) { e.preventDefault(); e.stopPropagation(); dragged = false; return; }
      if (small) return;
      var cl = e.target.closest('.cluster');
      if (cl) return openCluster(cl._cluster);
      if (e.target.closest('.pt')) return; // the link navigates
      list.hidden = true;
      pick(e.target);
    }, true);
    svg.addEventListener('keydown', function (e) {
      var cl = e.target.closest && e.target.closest('.cluster');
      if (cl && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); openCluster(cl._cluster); }
    });

    if (!small) {
      svg.addEventListener('wheel', function (e) {
        e.preventDefault();
        var r = svg.getBoundingClientRect();
        // Pixel deltas from touchpads are small and many; line deltas from
        // mouse wheels are few: normalise both to about 1.2× a notch.
        var dy = e.deltaMode === 1 ? e.deltaY * 33 : e.deltaY;
        zoomAt(Math.exp(-Math.max(-100, Math.min(100, dy)) * 0.002), e.clientX - r.left, e.clientY - r.top);
      }, { passive: false });

      host.addEventListener('keydown', function (e) {
        if (e.target !== host) return;
        var step = 60, used = true;
        if (e.key === '+' || e.key === '=') zoomAt(1.5, W / 2, H / 2);
        else if (e.key === '-' || e.key === '_') zoomAt(1 / 1.5, W / 2, H / 2);
        else if (e.key === 'ArrowLeft') { tx += step; draw(); }
        else if (e.key === 'ArrowRight') { tx -= step; draw(); }
        else if (e.key === 'ArrowUp') { ty += step; draw(); }
        else if (e.key === 'ArrowDown') { ty -= step; draw(); }
        else if (e.key === '0' || e.key === 'Home') reset();
        else if (e.key === 'Escape') list.hidden = true;
        else used = false;
        if (used) e.preventDefault();
      });

      var controls = document.createElement('div');
      controls.className = 'sijil-map-controls';
      [['+', 'Zoom in', function () { zoomAt(2, W / 2, H / 2); }],
       ['\u2212', 'Zoom out', function () { zoomAt(0.5, W / 2, H / 2); }],
       ['\u2302', 'Reset view', reset]].forEach(function (b) {
        var btn = document.createElement('button');
        btn.type = 'button';
        btn.textContent = b[0];
        btn.title = b[1];
        btn.setAttribute('aria-label', b[1]);
        btn.addEventListener('click', b[2]);
        controls.appendChild(btn);
      });
      host.appendChild(controls);
    }

    function reset() {
      list.hidden = true;
      fit(home);
      draw();
    }

    function worldBox() {
      var a = project(WORLD[0], WORLD[3]), b = project(WORLD[2], WORLD[1]);
      return [a[0], a[1], b[0], b[1]];
    }

    // homeBox is the first view: data-bbox, else the points (never closer
    // than about a 150 km span), else the selected area, else the world.
    function homeBox() {
      var bb = (opts.bbox || ds.bbox || '').split(',').map(Number);
      if (bb.length === 4 && bb.every(isFinite)) {
        var a = project(bb[0], bb[3]), b = project(bb[2], bb[1]);
        return [a[0], a[1], b[0], b[1]];
      }
      if (points.length) {
        var r = [Infinity, Infinity, -Infinity, -Infinity];
        points.forEach(function (p) {
          r[0] = Math.min(r[0], p.x); r[1] = Math.min(r[1], p.y);
          r[2] = Math.max(r[2], p.x); r[3] = Math.max(r[3], p.y);
        });
        var min = small ? +(opts.span || ds.span || 3) : 1.5;
        var cx = (r[0] + r[2]) / 2, cy = (r[1] + r[3]) / 2;
        var hw = Math.max(r[2] - r[0], min) / 2, hh = Math.max(r[3] - r[1], min) / 2;
        return [cx - hw, cy - hh, cx + hw, cy + hh];
      }
      var sel = areas.filter(function (a) { return a.selected; });
      if (sel.length) {
        var s = sel[sel.length - 1].s.bbox; // the admin-1 area is drawn last
        return s.slice();
      }
      return worldBox();
    }

    function addAreas(fc, kind, parent) {
      (fc.features || []).forEach(function (f) {
        var pr = f.properties || {};
        var s = shape(f);
        var code = kind === 'admin1' ? pr.code : '';
        var p = el('path', { d: s.d, class: kind, 'data-cc': pr.cc || '', 'data-code': code || null,
          'data-name': pr.name }, parent);
        el('title', {}, p).textContent = pr.name + (kind === 'admin1' && pr.cc ? ', ' + pr.cc : '');
        var selected = kind === 'admin1' ? selAdmin1 && code === selAdmin1
          : selCountry && pr.cc === selCountry;
        if (selected) p.classList.add('selected');
        if (kind === 'admin1' && selCountry && pr.cc === selCountry) p.classList.add('in-selected');
        if (kind === 'admin1') withAdmin1[pr.cc] = true;
        areas.push({ s: s, f: f, kind: kind, path: p, selected: !!selected,
          label: pr.label ? project(pr.label[0], pr.label[1]) : null });
      });
    }

    // The record page's map knows its point without a request: data-lat and
    // data-lon make a one-point collection.
    function pointsSource() {
      var lat = parseFloat(opts.lat != null ? opts.lat : ds.lat);
      var lon = parseFloat(opts.lon != null ? opts.lon : ds.lon);
      if (isFinite(lat) && isFinite(lon)) {
        return Promise.resolve({ features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] },
          properties: { id: ds.id || '', place: ds.place || '' } }] });
      }
      if (opts.data) return Promise.resolve(opts.data);
      var url = opts.points || ds.points;
      return url ? fetch(url, { credentials: 'same-origin' }).then(function (r) {
        if (!r.ok) throw new Error('points: HTTP ' + r.status);
        return r.json();
      }) : Promise.resolve({ features: [] });
    }

    function setPoints(fc) {
      points = [];
      (fc.features || []).forEach(function (f, i) {
        var g = f.geometry;
        if (!g || g.type !== 'Point' || !isFinite(g.coordinates[0]) || !isFinite(g.coordinates[1])) return;
        var p = project(g.coordinates[0], g.coordinates[1]);
        points.push({ x: p[0], y: p[1], f: f, i: i });
      });
      // Seeds deadliest first (see cluster); the order does not depend on
      // the zoom, so it is settled once here.
      points.sort(function (a, b) { return (b.f.properties.killed || 0) - (a.f.properties.killed || 0) || a.i - b.i; });
      clusteredAt = -1;
    }

    // In small mode the area around the record is shaded so that a reader
    // sees at once which governorate or oblast it falls in.
    function markContaining() {
      if (!small || !points.length) return;
      var p = points[0];
      areas.forEach(function (a) {
        if (a.kind === 'admin1' && contains(a.s, p.x, p.y)) a.path.classList.add('selected');
      });
    }

    size();
    status.textContent = 'Loading map…';
    var ready = Promise.all([
      getJSON(countriesURL),
      getJSON(admin1URL).catch(function () { return { features: [] }; }), // countries alone still work
      pointsSource().catch(function (err) { status.textContent = 'Could not load the records for the map.'; throw err; }),
    ]).then(function (res) {
      addAreas(res[0], 'country', gCountries);
      addAreas(res[1], 'admin1', gAdmin);
      areas.forEach(function (a) {
        if (a.kind === 'country' && withAdmin1[a.f.properties.cc]) a.path.classList.add('has-admin1');
      });
      setPoints(res[2]);
      markContaining();
      status.textContent = small ? '' : points.length ? '' : 'No record in this result has coordinates.';
      home = homeBox();
      fit(home);
      render();
      if (window.ResizeObserver) {
        new ResizeObserver(function () {
          var cx = (W / 2 - tx) / k, cy = (H / 2 - ty) / k;
          size();
          tx = W / 2 - cx * k; ty = H / 2 - cy * k;
          clusteredAt = -1;
          draw();
        }).observe(host);
      }
      host.classList.add('ready');
    }).catch(function (err) {
      if (!status.textContent || status.textContent === 'Loading map…') status.textContent = 'The map could not be loaded.';
      if (window.console) console.error('sijil map:', err);
    });

    return {
      ready: ready,
      // reload replaces the points (e.g. after the page changed its query).
      reload: function (url) {
        opts.points = url;
        opts.data = null;
        opts.lat = opts.lon = NaN;
        return pointsSource().then(function (fc) { setPoints(fc); draw(); });
      },
      zoomBy: function (f) { zoomAt(f, W / 2, H / 2); },
      reset: reset,
    };
  }

  window.SijilMap = { create: create, project: project };

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll('[data-sijil-map]'), function (e) {
      if (!e._sijilMap) e._sijilMap = create(e);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
