// The list beside the map (below it on a phone): the nearest toilets to the map's centre,
// or to the person once "near me" has their position, with distance, open until / opens at
// (from each toilet's week, as the popups), price, wheelchair and changing-table marks, and
// the filters open now, wheelchair, free, changing table. The answer is nearest.js's, the
// same as `locate toilet --json` gives for that point, instant and filters. Each entry is a
// button that shows the place on the map: the list is the keyboard's and the screen
// reader's way to every toilet. Words from text-list.js (i18n.js). Loaded before preview.js,
// it starts once the document is parsed (LOCATE_PAGE is there by then). For checks:
// LOCATE_LIST.nearest(lat, lon, filters, limit) answers without the DOM, and the list
// carries data-origin (centre or you) and data-count, and with walking minutes data-walks,
// data-walk-from and data-walk-by (each entry its data-walk-s).
(function () {
  var T = window.LOCATE_TEXT, t = function () { return T.t.apply(T, arguments); };
  var LIMIT = 10;
  var el = window.LOCATE_DOM.el;
  function features() { return window.LOCATE_DATA ? window.LOCATE_DATA.features : []; }
  function nearest(lat, lon, filters, limit, at) {
    var page = window.LOCATE_PAGE;
    return window.LOCATE_NEAREST.find(features(), window.LOCATE_WEEK || {}, [lat, lon], at == null ? page.now() : at, filters || {}, limit || LIMIT);
  }
  function metres(d) {
    return d < 1000 ? Math.round(d) + ' m' : (d / 1000).toLocaleString(T.locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }) + ' km';
  }
  // An instant on the place's clock, without its day when that is today there: "18:00", "Mon 08:00".
  function when(unix, zone, nowUnix) {
    function parts(u) {
      var v = {};
      try {
        new Intl.DateTimeFormat(T.locale, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
          .formatToParts(new Date(u * 1000)).forEach(function (p) { v[p.type] = p.value; });
      } catch (e) { return null; }
      return v;
    }
    var a = parts(unix), b = parts(nowUnix);
    if (!a) return new Date(unix * 1000).toISOString().slice(11, 16) + ' UTC';
    var time = a.hour + ':' + a.minute;
    return b && a.day === b.day && a.month === b.month ? time : a.weekday + ' ' + time;
  }
  function stateText(r, week, nowUnix) {
    var zone = week ? week.zone : 'UTC', later = r.until != null && week && r.until < week.to;
    if (r.state === 'open') return later ? t('l open until', when(r.until, zone, nowUnix)) : t('open');
    if (r.state === 'closed') return r.until != null ? t('l opens', when(r.until, zone, nowUnix)) : t('l closed');
    return t('l unknown');
  }
  function marks(p) {
    var m = [p.free === true ? t('l free') : (p.price_text || t('l price unknown'))];
    if (p.wheelchair === 'yes') m.push('♿ ' + t('l wheelchair'));
    else if (p.wheelchair === 'limited') m.push(t('l wheelchair limited'));
    if (p.changing_table === true) m.push(t('l changing'));
    if (p.access === 'customers') m.push(t('l customers'));
    return m;
  }
  function start() {
    var page = window.LOCATE_PAGE, aside = document.getElementById('list');
    if (!page || !aside) return;
    var map = page.map, weeks = window.LOCATE_WEEK || {};
    var filters = [['openNow', 'f-open', 'f open'], ['wheelchair', 'f-wheelchair', 'f wheelchair'], ['free', 'f-free', 'f free'], ['changingTable', 'f-changing', 'f changing']];
    var origin = null, here = L.layerGroup().addTo(map);
    var heading = el('h2', { id: 'list-heading' }, [t('list heading')]);
    var where = el('p', { id: 'list-origin', 'aria-live': 'polite' });
    var back = el('button', { type: 'button', id: 'list-centre', hidden: '' }, [t('l from centre button')]);
    var set = el('fieldset', { id: 'filters' }, [el('legend', {}, [t('filters')])]);
    var boxes = {};
    filters.forEach(function (f) {
      var b = el('input', { type: 'checkbox', id: f[1] });
      boxes[f[0]] = b;
      b.onchange = render;
      set.appendChild(el('label', { 'for': f[1] }, [b, ' ' + t(f[2])]));
    });
    var list = el('ol', { id: 'places' });
    aside.textContent = '';
    [heading, where, back, set, list].forEach(function (e) { aside.appendChild(e); });
    aside.hidden = false;
    function chosen() { var f = {}; filters.forEach(function (x) { f[x[0]] = boxes[x[0]].checked; }); return f; }
    function render() {
      var from = origin || [map.getCenter().lat, map.getCenter().lng], nowUnix = page.now(), f = chosen();
      var found = features().length ? nearest(from[0], from[1], f, LIMIT, nowUnix) : [];
      list.textContent = '';
      found.forEach(function (r) {
        var p = r.properties, state = stateText(r, weeks[r.id], nowUnix);
        var button = el('button', { type: 'button', 'class': 'place', 'data-id': r.id }, [
          el('span', { 'class': 'dist' }, [metres(r.distance)]), ' ',
          el('span', { 'class': 'name' }, [p.title || r.id]),
          el('span', { 'class': 'line' }, [
            el('span', { 'class': 'state state-text-' + r.state }, [state]), ' · ' + marks(p).join(' · ')]),
          el('span', { 'class': 'verified' + (LOCATE_VERIFIED.stale(p, nowUnix) ? ' stale' : '') }, [LOCATE_VERIFIED.place(p, nowUnix)])
        ]);
        button.onclick = function () { page.show(r.id); };
        list.appendChild(el('li', {}, [button]));
      });
      if (!found.length) list.appendChild(el('li', { 'class': 'none' }, [t(f.openNow ? 'l none open' : 'l none')]));
      where.textContent = t(origin ? 'from you' : 'from centre') + ' · ' + t('l count', found.length);
      aside.setAttribute('data-origin', origin ? 'you' : 'centre');
      aside.setAttribute('data-count', String(found.length));
      back.hidden = !origin;
      walks(from, found, f);
      return found;
    }
    // Walking (or, with the wheelchair filter, wheelchair) minutes by route, where the page
    // has an API (LOCATE_META.api) and a street network is built beside its database
    // (LOCATE_META.routes, the networks' boxes, set by `locate serve`) and the origin lies in
    // one (a start over 500 m from any way is refused: the box is not widened): one
    // routed question (`by=foot|wheelchair`, 30 nearest by route) per list; an entry among its
    // answers with a route gets "N min walk". No network (400 naming `by`) stops asking;
    // offline or any other failure leaves the list as it is.
    var meta = window.LOCATE_META || {};
    var networks = Array.isArray(meta.routes) ? meta.routes : [];
    var walking = { off: meta.api == null || !networks.length || !window.fetch, asked: 0 };
    function routable(p) { return networks.some(function (b) { return p[1] >= b[0] && p[1] <= b[2] && p[0] >= b[1] && p[0] <= b[3]; }); }
    function walks(from, found, f) {
      aside.removeAttribute('data-walks');
      if (walking.off || !found.length || !routable(from)) return;
      var asked = ++walking.asked, mode = f.wheelchair ? 'wheelchair' : 'foot';
      var at = from[0].toFixed(6) + ',' + from[1].toFixed(6);
      var base = String(meta.api).replace(/\/+$/, '');
      fetch(base + '/v1/toilets/nearest?lat=' + from[0].toFixed(6) + '&lon=' + from[1].toFixed(6) + '&limit=30&by=' + mode, { headers: { Accept: 'application/json' } })
        .then(function (r) {
          return r.json().then(function (doc) {
            if (r.status === 400 && doc && doc.error && doc.error.parameter === 'by') walking.off = true;
            return r.ok ? doc : null;
          });
        })
        .then(function (doc) {
          if (!doc || asked !== walking.asked) return;
          var time = Object.create(null), n = 0;
          (doc.results || []).forEach(function (x) { if (x.route && x.walk_time_s != null) time[x.id] = x.walk_time_s; });
          Array.prototype.forEach.call(list.querySelectorAll('button.place'), function (b) {
            var s = time[b.getAttribute('data-id')];
            if (s == null) return;
            var minutes = Math.max(1, Math.round(s / 60));
            b.setAttribute('data-walk-s', String(s));
            b.querySelector('.dist').appendChild(el('span', { 'class': 'walk' }, [' · ' + t(mode === 'wheelchair' ? 'l wheel' : 'l walk', minutes)]));
            n += 1;
          });
          aside.setAttribute('data-walks', String(n));
          aside.setAttribute('data-walk-from', at);
          aside.setAttribute('data-walk-by', mode);
        }, function () {});
    }
    back.onclick = function () { origin = null; here.clearLayers(); render(); };
    var pending = null;
    map.on('moveend', function () { if (!origin) { clearTimeout(pending); pending = setTimeout(render, 150); } });
    render();
    function tell(text) { var m = document.getElementById('nearmsg'); m.textContent = text; m.hidden = !text; }
    var near = document.getElementById('nearme');
    near.textContent = t('near me');
    near.onclick = function () {
      if (!navigator.geolocation) { tell(t('no location')); return; }
      tell(t('locating'));
      navigator.geolocation.getCurrentPosition(function (pos) {
        origin = [pos.coords.latitude, pos.coords.longitude];
        var found = render(), you = L.latLng(origin[0], origin[1]);
        here.clearLayers();
        L.circleMarker(you, { radius: 6, color: '#000', weight: 2, fillColor: '#fff', fillOpacity: 1 }).addTo(here);
        tell(found.length ? t('near found', found.slice(0, 3).map(function (r) { return metres(r.distance); }).join(', ')) : t('near none'));
        var bounds = L.latLngBounds([you].concat(found.slice(0, 3).map(function (r) { return L.latLng(r.feature.geometry.coordinates[1], r.feature.geometry.coordinates[0]); })));
        map.fitBounds(bounds, { padding: [40, 40], maxZoom: 17 });
      }, function (e) {
        tell(e && e.code === 1 ? t('refused') : t('unavailable', e && e.code === 3 ? t('too long') : t('not found')));
      }, { timeout: 15000 });
    };
  }
  window.LOCATE_LIST = { nearest: nearest };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
