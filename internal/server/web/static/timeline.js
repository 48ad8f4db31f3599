// timeline.js draws a histogram of records over time as SVG, with a brush to
// pick a date range. No library and no inline script; every element with
// data-sijil-timeline is set up on load. The DOM contract is in
// internal/server/web/README.md.
(function () {
  'use strict';

  var NS = 'http://www.w3.org/2000/svg';
  var DAY = 86400000;
  var MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  var M = { top: 10, right: 10, bottom: 22, left: 40 };
  var order = ['day', 'week', 'month', 'year'];

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) if (attrs[k] != null) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // Dates are whole UTC days throughout: a browser's time zone must not move
  // a record to the day before. Partial dates ("2016-03", "2016") count on
  // their first day.
  function parseDay(s) {
    var m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(String(s || ''));
    return m ? Date.UTC(+m[1], m[2] ? m[2] - 1 : 0, m[3] ? +m[3] : 1) / DAY : NaN;
  }
  function iso(day) { return new Date(day * DAY).toISOString().slice(0, 10); }

  // Bins by span: at most ~150 bars, so each stays wide enough to hover.
  var UNITS = {
    day: { start: function (d) { return d; }, next: function (d) { return d + 1; } },
    week: { // ISO weeks start on Monday; 1970-01-01 was a Thursday
      start: function (d) { return d - ((d + 3) % 7); }, next: function (d) { return d + 7; } },
    month: {
      start: function (d) { var t = new Date(d * DAY); return Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1) / DAY; },
      next: function (d) { var t = new Date(d * DAY); return Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1) / DAY; } },
    year: {
      start: function (d) { return Date.UTC(new Date(d * DAY).getUTCFullYear(), 0, 1) / DAY; },
      next: function (d) { return Date.UTC(new Date(d * DAY).getUTCFullYear() + 1, 0, 1) / DAY; } },
  };
  function unitFor(span) {
    return span <= 120 ? 'day' : span <= 3 * 366 ? 'week' : span <= 15 * 366 ? 'month' : 'year';
  }

  function label(day, unit, first) {
    var t = new Date(day * DAY), y = t.getUTCFullYear(), m = MONTHS[t.getUTCMonth()];
    if (unit === 'year') return String(y);
    if (unit === 'month') return t.getUTCMonth() === 0 || first ? m + ' ' + y : m;
    return t.getUTCDate() + ' ' + m + (first || (t.getUTCMonth() === 0 && t.getUTCDate() <= 7) ? ' ' + y : '');
  }

  function niceMax(v) {
    if (v <= 5) return Math.max(v, 1);
    var p = Math.pow(10, Math.floor(Math.log10(v))), n = v / p;
    return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * p;
  }

  // Same contract as map.js: a cancellable sijil:filter event; data-navigate
  // puts the range in the page's query when nobody cancels it.
  function emitFilter(host, detail, onFilter) {
    var ev = new CustomEvent('sijil:filter', { bubbles: true, cancelable: true, detail: detail });
    var go = host.dispatchEvent(ev);
    if (onFilter) onFilter(detail);
    if (!go || !host.hasAttribute('data-navigate')) return;
    var u = new URL(host.getAttribute('data-navigate') || location.href, location.href);
    u.searchParams.delete('cursor');
    Object.keys(detail).forEach(function (k) {
      if (detail[k]) u.searchParams.set(k, detail[k]); else u.searchParams.delete(k);
    });
    location.assign(u.toString());
  }

  function create(host, opts) {
    opts = opts || {};
    var ds = host.dataset;
    host.classList.add('sijil-timeline');

    var info = document.createElement('div');
    info.className = 'sijil-timeline-info';
    info.setAttribute('aria-live', 'polite');
    var text = document.createElement('span');
    info.appendChild(text);
    var resetBtn = document.createElement('button');
    resetBtn.type = 'button';
    resetBtn.className = 'reset';
    resetBtn.textContent = 'All dates';
    resetBtn.hidden = true;
    info.appendChild(resetBtn);
    host.appendChild(info);

    var svg = el('svg', { class: 'sijil-timeline-svg', tabindex: '0', role: 'img' }, host);
    var bins = [], unit = 'day', sel = null; // sel: [first bin, last bin] or null
    var W = 0, H = 0, bw = 0, gBars, brush;
    var initial = [parseDay(opts.from || ds.from), parseDay(opts.to || ds.to)];

    function total(a, b) {
      var n = 0;
      for (var i = a; i <= b; i++) n += bins[i].count;
      return n;
    }

    function rangeOf(s) { return { from: iso(bins[s[0]].start), to: iso(bins[s[1]].end - 1) }; }

    function describe() {
      if (!bins.length) return;
      if (sel) {
        var r = rangeOf(sel);
        text.textContent = r.from + ' to ' + r.to + ': ' + total(sel[0], sel[1]) + ' records';
      } else {
        text.textContent = total(0, bins.length - 1) + ' records by ' + unit +
          ', ' + iso(bins[0].start) + ' to ' + iso(bins[bins.length - 1].end - 1) +
          '. Drag across the bars to pick dates.';
      }
      resetBtn.hidden = !sel && !(isFinite(initial[0]) || isFinite(initial[1]));
    }

    function build(rows) {
      var days = {}, lo = Infinity, hi = -Infinity;
      rows.forEach(function (r) {
        var d = parseDay(r.date);
        if (!isFinite(d) || !(r.count > 0)) return;
        days[d] = (days[d] || 0) + r.count;
        lo = Math.min(lo, d); hi = Math.max(hi, d);
      });
      bins = [];
      if (!isFinite(lo)) return;
      // A few days of records still get a fortnight of axis: one bar as
      // wide as the chart would read as a wall, not a day.
      if (hi - lo + 1 < 14) { lo -= Math.floor((14 - (hi - lo + 1)) / 2); hi = lo + 13; }
      unit = opts.unit || ds.unit || unitFor(hi - lo + 1);
      var u = UNITS[unit] || UNITS.month;
      // Empty bins are kept: a gap in the record is itself information.
      for (var s = u.start(lo); s <= hi; s = u.next(s)) bins.push({ start: s, end: u.next(s), count: 0 });
      Object.keys(days).forEach(function (d) {
        d = +d;
        for (var i = 0; i < bins.length; i++) if (d < bins[i].end) { bins[i].count += days[d]; break; }
      });
      // Show the page's current range (from data-from/data-to) as the brush.
      if (isFinite(initial[0]) || isFinite(initial[1])) {
        var a = 0, b = bins.length - 1;
        while (a < b && isFinite(initial[0]) && bins[a].end <= initial[0]) a++;
        while (b > a && isFinite(initial[1]) && bins[b].start > initial[1]) b--;
        sel = [a, b];
      }
    }

    function render() {
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      // The svg's own width, not the host's: the host may have padding.
      svg.setAttribute('width', '100%');
      W = svg.getBoundingClientRect().width || 600;
      if (!host.isConnected || W < M.left + M.right + 40) return; // hidden or detached: nothing to fit
      H = Math.max(80, (host.clientHeight || 160) - info.offsetHeight);
      svg.setAttribute('height', H);
      if (!bins.length) {
        el('text', { x: W / 2, y: H / 2, class: 'empty' }, svg).textContent = 'No dated records';
        svg.setAttribute('aria-label', 'No dated records');
        return;
      }
      var pw = W - M.left - M.right, ph = H - M.top - M.bottom;
      bw = pw / bins.length;
      var max = 0;
      bins.forEach(function (b) { max = Math.max(max, b.count); });
      var top = niceMax(max);
      var g = el('g', { transform: 'translate(' + M.left + ' ' + M.top + ')' }, svg);

      [0, top / 2, top].forEach(function (v) {
        if (v !== Math.round(v)) return;
        var y = ph - v / top * ph;
        el('line', { x1: 0, x2: pw, y1: y, y2: y, class: v ? 'grid' : 'axis' }, g);
        el('text', { x: -6, y: y, dy: '0.32em', class: 'ylabel' }, g).textContent = v;
      });

      gBars = el('g', { class: 'bars' }, g);
      var gap = bw > 4 ? 1 : 0;
      bins.forEach(function (b, i) {
        var h = b.count / top * ph;
        var r = el('rect', { x: (i * bw + gap / 2).toFixed(2), y: (ph - h).toFixed(2),
          width: Math.max(bw - gap, 0.5).toFixed(2), height: h.toFixed(2) }, gBars);
        el('title', {}, r).textContent = iso(b.start) + (unit === 'day' ? '' : ' to ' + iso(b.end - 1)) +
          ': ' + b.count + ' record' + (b.count === 1 ? '' : 's');
      });

      // Ticks on round dates (every day, week, 1/3/6 months, 1/2/5/10
      // years): the finest step, no finer than the bins, that leaves 70 px
      // between labels.
      var span = bins[bins.length - 1].end - bins[0].start, pxDay = pw / span;
      var steps = [['day', 1, 1], ['week', 7, 1], ['month', 30.44, 1], ['month', 30.44, 3], ['month', 30.44, 6],
        ['year', 365.25, 1], ['year', 365.25, 2], ['year', 365.25, 5], ['year', 365.25, 10]];
      var step = steps[steps.length - 1];
      for (var j = 0; j < steps.length; j++) {
        var st = steps[j];
        if (order.indexOf(st[0]) >= order.indexOf(unit) && st[1] * st[2] * pxDay >= 70) { step = st; break; }
      }
      var tickUnit = step[0], every = step[2];
      var tu = UNITS[tickUnit], t = tu.start(bins[0].start), n = 0, first = true;
      if (t < bins[0].start) t = tu.next(t);
      for (; t < bins[bins.length - 1].end; t = tu.next(t), n++) {
        var dt = new Date(t * DAY);
        var k = tickUnit === 'month' ? dt.getUTCFullYear() * 12 + dt.getUTCMonth()
          : tickUnit === 'year' ? dt.getUTCFullYear() : n;
        if (k % every) continue;
        var x = (t - bins[0].start) * pxDay;
        el('line', { x1: x, x2: x, y1: ph, y2: ph + 4, class: 'tick' }, g);
        el('text', { x: x, y: ph + 15, class: 'xlabel' }, g).textContent = label(t, tickUnit, first);
        first = false;
      }

      brush = el('rect', { class: 'brush', y: 0, height: ph, x: 0, width: 0 }, g);
      brush.style.display = 'none';
      var hit = el('rect', { class: 'hit', x: 0, y: 0, width: pw, height: ph + M.bottom }, g);
      hit.addEventListener('pointerdown', down);
      svg.setAttribute('aria-label', 'Histogram of records by ' + unit + '. Arrow keys pick ' + unit +
        's, Shift extends, Enter applies, Escape shows all dates.');
      paint();
    }

    function paint() {
      if (!gBars) return;
      Array.prototype.forEach.call(gBars.childNodes, function (r, i) {
        r.classList.toggle('out', !!sel && (i < sel[0] || i > sel[1]));
      });
      if (sel) {
        brush.style.display = '';
        brush.setAttribute('x', (sel[0] * bw).toFixed(2));
        brush.setAttribute('width', ((sel[1] - sel[0] + 1) * bw).toFixed(2));
      } else brush.style.display = 'none';
      describe();
    }

    function binAt(clientX) {
      var x = clientX - svg.getBoundingClientRect().left - M.left;
      return Math.max(0, Math.min(bins.length - 1, Math.floor(x / bw)));
    }

    var anchor = -1;
    function down(e) {
      if (e.button !== 0) return;
      e.preventDefault();
      svg.focus();
      anchor = binAt(e.clientX);
      sel = [anchor, anchor];
      e.target.setPointerCapture(e.pointerId);
      e.target.addEventListener('pointermove', move);
      e.target.addEventListener('pointerup', up);
      e.target.addEventListener('pointercancel', up);
      paint();
    }
    function move(e) {
      var b = binAt(e.clientX);
      sel = [Math.min(anchor, b), Math.max(anchor, b)];
      paint();
    }
    function up(e) {
      e.target.removeEventListener('pointermove', move);
      e.target.removeEventListener('pointerup', up);
      e.target.removeEventListener('pointercancel', up);
      if (e.type === 'pointerup') apply();
    }

    function apply() {
      if (sel) emitFilter(host, rangeOf(sel), opts.onFilter);
    }

    function reset() {
      sel = null;
      initial = [NaN, NaN];
      paint();
      emitFilter(host, { from: '', to: '' }, opts.onFilter);
    }
    resetBtn.addEventListener('click', function () { reset(); svg.focus(); });

    svg.addEventListener('keydown', function (e) {
      if (!bins.length) return;
      var last = bins.length - 1, used = true;
      if (e.key === 'Escape') reset();
      else if (e.key === 'Enter') apply();
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End') {
        var d = e.key === 'ArrowLeft' ? -1 : 1;
        if (e.key === 'Home') sel = e.shiftKey && sel ? [0, sel[1]] : [0, 0];
        else if (e.key === 'End') sel = e.shiftKey && sel ? [sel[0], last] : [last, last];
        else if (!sel) sel = d < 0 ? [last, last] : [0, 0];
        else if (e.shiftKey) sel = [sel[0], Math.max(sel[0], Math.min(last, sel[1] + d))];
        else { var i = Math.max(0, Math.min(last, sel[0] + d)); sel = [i, i]; }
        paint();
      } else used = false;
      if (used) e.preventDefault();
    });

    var rows = opts.data ? Promise.resolve(opts.data)
      : fetch(opts.src || ds.src, { credentials: 'same-origin' }).then(function (r) {
        if (!r.ok) throw new Error('timeline: HTTP ' + r.status);
        return r.json();
      });
    var ready = rows.then(function (data) {
      build(Array.isArray(data) ? data : data.timeline || []);
      render();
      if (window.ResizeObserver) {
        var lastW = W;
        new ResizeObserver(function () {
          if (host.clientWidth !== lastW) { lastW = host.clientWidth; render(); }
        }).observe(host);
      }
    }).catch(function (err) {
      text.textContent = 'The timeline could not be loaded.';
      if (window.console) console.error('sijil timeline:', err);
    });

    return { ready: ready, reset: reset, selection: function () { return sel && rangeOf(sel); } };
  }

  window.SijilTimeline = { create: create };

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll('[data-sijil-timeline]'), function (e) {
      if (!e._sijilTimeline) e._sijilTimeline = create(e);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
