// The nearest toilets, answered in the browser as `locate toilet --json` answers them
// (Query/ToiletFinder.swift, SamePlace.swift): restricted toilets never; a record passes the
// filters on its own values (wheelchair = yes, free, changing_table = yes, open at the
// instant by its week); records nearest first (ties in the file's order, which is the id
// order); records of other datasets that are one place with a nearer kept record join it
// (within 5 m whatever their text, within 15 m when a name or address agrees) and fill what
// it lacks. LOCATE_NEAREST.find(features, weeks, point, t, filters, limit) and the state of
// a week at an instant, LOCATE_NEAREST.stateAt(week, t). No DOM: list.js shows the answer.
(function () {
  var distance = window.LOCATE_GEODESIC.distance;
  function within(list, t) { for (var i = 0; i < list.length; i++) { if (list[i][0] <= t && t < list[i][1]) return list[i]; } return null; }
  // The state at t from a toilet's week: open, closed or unknown (no hours, hours not
  // understood, or t outside the week the data holds), with the instant it changes.
  function stateAt(w, t) {
    if (!w || t < w.from || t >= w.to) return { state: 'unknown', outside: !!w };
    var o = within(w.open, t), u = within(w.unknown, t);
    if (o) return { state: 'open', until: o[1] };
    if (u) return { state: 'unknown', until: u[1] };
    var next = w.open.concat(w.unknown).map(function (x) { return x[0]; }).filter(function (x) { return x > t; }).sort(function (a, b) { return a - b; })[0];
    return { state: 'closed', until: next };
  }
  // SamePlace.folded: lower case, no diacritics, runs of other characters one space.
  function folded(text) {
    if (text == null) return null;
    var s = String(text).normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(function (x) { return x; }).join(' ');
    return s ? s : null;
  }
  function agree(a, b) { var s = a.length <= b.length ? a : b, l = s === a ? b : a; return s.length >= 4 && l.indexOf(s) >= 0; }
  function texts(r) { return [r.p.name, r.p.address].map(folded).filter(function (x) { return x; }); }
  function matches(a, b) {
    if (a.p.dataset === b.p.dataset || Math.abs(a.lat - b.lat) >= 0.001 || Math.abs(a.lon - b.lon) >= 0.002) return false;
    var d = distance(a.lat, a.lon, b.lat, b.lon);
    if (d > 15) return false;
    if (d <= 5) return true;
    var left = texts(a), right = texts(b);
    return left.some(function (l) { return right.some(function (r) { return agree(l, r); }); });
  }
  function joins(t, records) {
    return !records.some(function (r) { return r.p.dataset === t.p.dataset; }) && records.some(function (r) { return matches(r, t); });
  }
  // SamePlace.merged: each value from the first record that has it.
  function merged(records) {
    var m = {}, first = records[0].p;
    Object.keys(first).forEach(function (k) { m[k] = first[k]; });
    records.slice(1).forEach(function (r) {
      var o = r.p;
      if (m.name == null) m.name = o.name;
      if (m.address == null) m.address = o.address;
      if (m.hours_status === 'missing' && o.hours_status !== 'missing') { m.hours_text = o.hours_text; m.hours_osm = o.hours_osm; m.hours_status = o.hours_status; }
      if (m.free == null && m.price_text == null) { m.price_text = o.price_text; m.price_amount = o.price_amount; m.price_currency = o.price_currency; m.free = o.free; }
      if (m.wheelchair === 'unknown') m.wheelchair = o.wheelchair;
      if (m.access === 'unknown') m.access = o.access;
      Object.keys(o).forEach(function (k) { if (m[k] == null && o[k] != null && !/^(title|state|state_at|next_change)$/.test(k)) m[k] = o[k]; });
    });
    return m;
  }
  var prepared = null;
  function records(features) {
    if (prepared && prepared.features === features) return prepared;
    var list = features.map(function (f, i) { return { f: f, p: f.properties, lat: f.geometry.coordinates[1], lon: f.geometry.coordinates[0], i: i }; });
    var sets = {};
    list.forEach(function (r) { sets[r.p.dataset] = true; });
    prepared = { features: features, list: list, oneDataset: Object.keys(sets).length <= 1 };
    return prepared;
  }
  function byDistance(a, b) { return a.d - b.d || a.i - b.i; }
  function find(features, weeks, point, t, filters, limit) {
    var all = records(features || []), f = filters || {}, found = [];
    all.list.forEach(function (r) {
      var p = r.p;
      if (p.access === 'restricted') return;
      if (f.wheelchair && p.wheelchair !== 'yes') return;
      if (f.free && p.free !== true) return;
      if (f.changingTable && p.changing_table !== true) return;
      if (f.openNow && stateAt(weeks[r.f.id], t).state !== 'open') return;
      found.push({ r: r, d: distance(point[0], point[1], r.lat, r.lon), i: r.i });
    });
    found.sort(byDistance);
    var places = [];
    for (var k = 0; k < found.length; k++) {
      var c = found[k], at = -1;
      for (var j = 0; j < places.length && at < 0; j++) { if (joins(c.r, places[j].records)) at = j; }
      if (at >= 0) { places[at].records.push(c.r); continue; }
      if (places.length >= limit) break;
      places.push({ records: [c.r], d: c.d });
    }
    var used = {};
    places.forEach(function (pl) { pl.records.forEach(function (r) { used[r.i] = true; }); });
    return places.map(function (pl) {
      var recs = pl.records, head = recs[0];
      if (!all.oneDataset) {
        // Its records of other datasets within 30 m (at most 32), as the finder adds them;
        // only those within 0.001° and 0.002° can match, so only those are measured.
        var joined = 0;
        all.list.filter(function (r) { return Math.abs(r.lat - head.lat) < 0.001 && Math.abs(r.lon - head.lon) < 0.002; })
          .map(function (r) { return { r: r, d: distance(head.lat, head.lon, r.lat, r.lon), i: r.i }; })
          .filter(function (x) { return x.d <= 30 && !used[x.i] && x.r.p.access !== 'restricted'; })
          .sort(byDistance)
          .forEach(function (x) { if (joined < 32 && joins(x.r, recs)) { recs.push(x.r); used[x.i] = true; joined += 1; } });
      }
      if (recs.length > 2) {
        recs = [head].concat(recs.slice(1).map(function (r) { return { r: r, d: distance(point[0], point[1], r.lat, r.lon), i: r.i }; })
          .sort(byDistance).map(function (x) { return x.r; }));
      }
      var s = stateAt(weeks[head.f.id], t);
      return { id: head.f.id, feature: head.f, properties: merged(recs), sources: recs.map(function (r) { return r.f.id; }),
        distance: pl.d, state: s.state, until: s.until == null ? null : s.until };
    });
  }
  window.LOCATE_NEAREST = { find: find, stateAt: stateAt };
})();
