// A station's panel (after preview.js): each pollutant's newest value with its unit and age,
// its last 24 hours as a chart with the norms' lines, and a notice when the newest values
// exceed a norm. Norms (LOCATE_META.norms: the EU's limit values and thresholds, the WHO's
// guidelines) are judged from the station's history (LOCATE_HISTORY, 48 hours) as
// `locate station show` judges them (NormStanding.judge): the window holds the norm's hours
// ending at the newest value, one value per hour slot, enough of them for a mean (18 of 24,
// 6 of 8), the lowest of three consecutive hours for an alert threshold, over is strictly
// over. A newest value over a day older than the data is not judged. The station popup's
// "details and norms" button opens the panel at the top of the list; Escape or its close
// button closes it. Words from text-station.js. For checks: LOCATE_STATION.standings(id).
(function () {
  var T = window.LOCATE_TEXT, t = function () { return T.t.apply(T, arguments); };
  var page = window.LOCATE_PAGE, meta = window.LOCATE_META || {}, hist = window.LOCATE_HISTORY || {};
  if (!page || !window.LOCATE_STATIONS) return;
  var byId = Object.create(null);
  window.LOCATE_STATIONS.features.forEach(function (f) { byId[f.id] = f; });
  function fold(code) { return String(code).toUpperCase().replace(/\./g, ''); }
  function samples(id, code) {
    var h = hist[id] || {}, out = [];
    Object.keys(h).forEach(function (k) { if (fold(k) === fold(code)) out = out.concat(h[k]); });
    return out;
  }
  // One norm against [[unix, value], …], as NormStanding.judge.
  function judge(points, norm) {
    if (!points.length) return { status: 'not_enough_data', value: null, hours: 0, end: null };
    var end = Math.max.apply(null, points.map(function (p) { return p[0]; })), start = end - norm.hours * 3600, slot = {};
    points.forEach(function (p) { if (p[0] > start && p[0] <= end) slot[Math.floor((end - p[0]) / 3600)] = p[1]; });
    var values = Object.keys(slot).map(Number).sort(function (a, b) { return a - b; }).map(function (k) { return slot[k]; });
    if (values.length < norm.required) return { status: 'not_enough_data', value: null, hours: values.length, end: end };
    var value = norm.lowest ? Math.min.apply(null, values) : values.reduce(function (a, b) { return a + b; }, 0) / values.length;
    return { status: value > norm.threshold ? 'exceeded' : 'within', value: value, hours: values.length, end: end };
  }
  function codes(id) {
    var seen = [], h = hist[id] || {};
    (meta.pollutants || []).forEach(function (c) { if (samples(id, c).length) seen.push(c); });
    Object.keys(h).forEach(function (k) { if (!seen.some(function (c) { return fold(c) === fold(k); })) seen.push(k); });
    return seen;
  }
  // A norm in the page's words, as the CLI writes it in English (`AirNorm.label`: "EU PM10
  // limit value (24h mean) 50 µg/m³"); the set and the pollutant's code stay as written.
  function label(n) {
    return t('n label', String(n.set).toUpperCase(), n.pollutant, t('n ' + n.kind), t('n ' + n.averaging), String(n.threshold));
  }
  function standings(id) {
    var out = [];
    codes(id).forEach(function (c) {
      var points = samples(id, c);
      (meta.norms || []).filter(function (n) { return fold(n.pollutant) === fold(c); }).forEach(function (n) {
        var j = judge(points, n);
        out.push({ set: n.set, pollutant: n.pollutant, kind: n.kind, averaging: n.averaging, threshold: n.threshold, status: j.status, value: j.value, hours: j.hours, required: n.required, label: label(n) });
      });
    });
    return out;
  }
  var SVG = 'http://www.w3.org/2000/svg';
  function svg(tag, attrs) { var e = document.createElementNS(SVG, tag); Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); }); return e; }
  var el = window.LOCATE_DOM.el;
  function number(v) { return (Math.round(v * 10) / 10).toLocaleString(T.locale); }
  // The last 24 hours and the hourly norms' thresholds (each a dashed line, labelled).
  function chart(code, points, norms) {
    var W = 300, H = 90, t1 = meta.generated_unix, t0 = t1 - 86400;
    var shown = points.filter(function (p) { return p[0] >= t0; }), lines = norms.map(function (n) { return n.threshold; });
    var hi = Math.max.apply(null, shown.map(function (p) { return p[1]; }).concat(lines).concat([1])) * 1.1;
    var box = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, width: W, height: H, 'class': 'station-chart', role: 'img', 'aria-label': t('s chart', code) });
    function y(v) { return (H - 12 - (H - 16) * v / hi).toFixed(1); }
    norms.forEach(function (n) {
      box.appendChild(svg('line', { x1: 0, x2: W, y1: y(n.threshold), y2: y(n.threshold), 'class': 'norm-line norm-' + n.set }));
      var label = svg('text', { x: 2, y: Number(y(n.threshold)) - 2, 'class': 'norm-label' });
      label.textContent = n.set.toUpperCase() + ' ' + number(n.threshold) + ' (' + n.averaging + ')';
      box.appendChild(label);
    });
    if (shown.length > 1) {
      box.appendChild(svg('polyline', { points: shown.map(function (p) { return (W * (p[0] - t0) / 86400).toFixed(1) + ',' + y(p[1]); }).join(' '), 'class': 'values' }));
    }
    return box;
  }
  var panel = el('section', { id: 'station-panel', 'aria-labelledby': 'station-heading', hidden: '' });
  // Closing gives the focus back to what opened the panel (the popup's button, if still there).
  var opener = null;
  function close() {
    panel.hidden = true;
    panel.removeAttribute('data-id');
    var back = opener && document.body.contains(opener) ? opener : document.getElementById('map');
    if (back) back.focus();
  }
  function open(id) {
    var f = byId[id], p = f.properties;
    opener = document.activeElement;
    panel.textContent = '';
    var shut = el('button', { type: 'button', 'class': 'close', 'aria-label': t('s close') }, ['×']);
    shut.onclick = close;
    panel.appendChild(shut);
    panel.appendChild(el('h2', { id: 'station-heading', tabindex: '-1' }, [p.name || id]));
    if (p.city) panel.appendChild(el('p', {}, [p.city]));
    var all = standings(id), over = [], old = [];
    codes(id).forEach(function (c) {
      var points = samples(id, c), newest = points.length ? Math.max.apply(null, points.map(function (q) { return q[0]; })) : null;
      if (newest != null && meta.generated_unix - newest > 86400) old.push(c);
    });
    all.forEach(function (s) { if (s.status === 'exceeded' && old.indexOf(s.pollutant) < 0) over.push(s); });
    var notice = el('div', { 'class': over.length ? 'norm-notice over' : 'norm-notice', role: over.length ? 'alert' : 'status' });
    notice.textContent = over.length ? over.map(function (s) { return t('s exceeded', s.label, number(s.value)); }).join(' · ') : t('s none over');
    panel.appendChild(notice);
    codes(id).forEach(function (c) {
      var points = samples(id, c), part = el('div', { 'class': 'pollutant' });
      var newest = points.reduce(function (a, q) { return !a || q[0] > a[0] ? q : a; }, null);
      part.appendChild(el('h3', {}, [newest ? t('s value', c, number(newest[1]), page.clock(newest[0], p.time_zone || 'UTC'), page.age(meta.generated_unix - newest[0])) : t('s no value', c)]));
      // The chart draws the norms up to twice the highest value (the rest are in the words
      // below), so the values' own course shows.
      var top = Math.max.apply(null, points.map(function (q) { return q[1]; }).concat([0]));
      var norms = (meta.norms || []).filter(function (n) { return fold(n.pollutant) === fold(c) && (!points.length || n.threshold <= 2 * top); });
      part.appendChild(chart(c, points, norms));
      var list = el('ul', { 'class': 'norms' });
      if (old.indexOf(c) >= 0) list.appendChild(el('li', {}, [t('s old')]));
      else all.filter(function (s) { return fold(s.pollutant) === fold(c); }).forEach(function (s) {
        var text = s.status === 'exceeded' ? t('s exceeded', s.label, number(s.value))
          : s.status === 'within' ? t('s within', s.label, number(s.value)) : t('s not enough', s.label, s.hours, s.required);
        list.appendChild(el('li', { 'class': 'norm-' + s.status }, [text]));
      });
      part.appendChild(list);
      panel.appendChild(part);
    });
    panel.setAttribute('data-id', id);
    panel.setAttribute('data-exceeded', String(over.length));
    panel.hidden = false;
    var aside = document.getElementById('list');
    if (aside) { aside.hidden = false; aside.scrollTop = 0; }
    panel.querySelector('h2').focus();
  }
  panel.addEventListener('keydown', function (e) { if (e.key === 'Escape') close(); });
  function decorate(popup) {
    var src = popup._source, box = popup.getElement();
    if (!src || !src.options.station || !byId[src.options.placeId] || !box || box.querySelector('button.station-details')) return;
    var b = el('button', { type: 'button', 'class': 'station-details' }, [t('s details')]);
    b.onclick = function () { open(src.options.placeId); };
    box.querySelector('.leaflet-popup-content').appendChild(el('div', {}, [b]));
  }
  page.map.on('popupopen', function (e) { decorate(e.popup); });
  // A popup a deep link opened before this script ran.
  page.map.eachLayer(function (l) { if (l instanceof L.Popup) decorate(l); });
  function start() {
    var aside = document.getElementById('list');
    if (aside) aside.insertBefore(panel, aside.firstChild);
  }
  window.LOCATE_STATION = { standings: standings, open: open };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
