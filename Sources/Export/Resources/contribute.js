// The contribution panel's script (contribute.html, only on pages that take contributions,
// after preview.js): a click on the map (or the hint's "suggest a toilet" button) offers
// "suggest a toilet here", each toilet popup "suggest an edit", "report" and "add a photo". Forms are built with DOM calls (names from
// open data become text, never markup) and sent to the API of LOCATE_META.api ('': this
// page's origin); the server's answer is shown beside the form: 202 "awaits review", 422
// next to the field it names, 409 with the toilets nearby and "add anyway", 413 and 429 as
// plain messages.
(function () {
  var T = window.LOCATE_TEXT, t = function () { return T.t.apply(T, arguments); };
  var page = window.LOCATE_PAGE, meta = window.LOCATE_META || {};
  if (!page || meta.api == null) return;
  var api = String(meta.api).replace(/\/+$/, ''), map = page.map;
  var panel = document.getElementById('contrib'), heading = panel.querySelector('h2'), body = panel.querySelector('.body');
  var pick = null, pin = L.layerGroup().addTo(map);
  var el = window.LOCATE_DOM.el;
  function close() { panel.hidden = true; pick = null; pin.clearLayers(); body.textContent = ''; }
  document.getElementById('contrib-close').onclick = close;
  function open(title) { close(); heading.textContent = title; panel.hidden = false; }
  // One labelled input (or select, textarea) with the place for its error message.
  function field(form, label, name, kind, value, choices) {
    var input;
    if (choices) {
      input = el('select', { name: name });
      choices.forEach(function (c) { var o = el('option', { value: c[0] }, [c[1]]); if (c[0] === (value || '')) o.selected = true; input.appendChild(o); });
    } else if (kind === 'textarea') {
      input = el('textarea', { name: name, rows: '2' });
      input.value = value || '';
    } else {
      input = el('input', { name: name, type: kind, step: kind === 'number' ? 'any' : null, accept: kind === 'file' ? 'image/jpeg,image/png,image/webp' : null });
      if (kind !== 'file') input.value = value == null ? '' : String(value);
    }
    form.appendChild(el('label', {}, [label, input]));
    form.appendChild(el('span', { 'class': 'err', 'data-for': name }));
    return input;
  }
  var wheelchair = [['', t('not given')], ['yes', t('yes')], ['limited', t('limited')], ['no', t('no')]];
  var access = [['', t('not given')], ['public', t('anybody')], ['customers', t('customers only')], ['restricted', t('not public')]];
  function form(submitText) {
    var f = el('form', { novalidate: 'novalidate' }), msg = el('p', { 'class': 'msg', role: 'status' });
    body.appendChild(f);
    f.done = function () { f.appendChild(el('button', { type: 'submit' }, [submitText])); f.appendChild(msg); };
    f.say = function (text, how) { msg.className = 'msg' + (how ? ' ' + how : ''); msg.textContent = text; };
    f.msg = msg;
    return f;
  }
  function value(f, name) { var i = f.elements[name]; return i && i.value.trim() !== '' ? i.value.trim() : null; }
  function number(f, name) { var v = value(f, name); return v == null ? null : Number(v); }
  // Sends and shows the answer; `again(extra)` resends with more fields (409's "add anyway").
  function send(f, path, payload, again) {
    var isFile = payload instanceof Blob;
    Array.prototype.forEach.call(f.querySelectorAll('.err'), function (e) { e.textContent = ''; });
    f.say(t('sending…'));
    fetch(api + path, { method: 'POST', headers: { 'Content-Type': isFile ? (payload.type || 'application/octet-stream') : 'application/json', 'Accept': 'application/json' },
      body: isFile ? payload : JSON.stringify(payload) })
      .then(function (r) { return r.text().then(function (t) { var j = null; try { j = JSON.parse(t); } catch (e) { j = null; } return { status: r.status, json: j || {}, retry: r.headers.get('Retry-After') }; }); })
      .then(function (a) { answer(f, a, again); }, function () { f.say(t('the server could not be reached: nothing was sent'), 'bad'); });
  }
  function answer(f, a, again) {
    var err = a.json.error || {}, text = err.message || t('the server answered {0}', a.status);
    if (a.status >= 200 && a.status < 300) {
      Array.prototype.forEach.call(f.elements, function (e) { e.disabled = true; });
      var id = a.json.id != null ? ' (' + a.json.id + ')' : '';
      f.say(t('Thank you: your suggestion{0} awaits review by a maintainer.', id), 'good');
      var hours = a.json.hours;
      if (hours && typeof hours === 'object') {
        var notes = (hours.warnings || []).map(function (w) { return w.found + ' → ' + w.canonical; }).join('; ');
        f.appendChild(el('p', { 'class': 'hours-read' }, [hours.hours_osm ? t('Hours read as: {0}', hours.hours_osm + (notes ? ' (' + notes + ')' : ''))
          : t('Hours not understood{0}: a maintainer will read them.', hours.reason ? ' (' + hours.reason + ')' : '')]));
      }
      // A photo of the hours sign: what the server read on it, beside the hours now.
      var sign = a.json.photo && a.json.photo.sign_reading;
      if (sign && typeof sign === 'object') {
        var why = sign.failure || sign.reason;
        f.appendChild(el('p', { 'class': 'sign-read' }, [sign.suggestion
          ? t('Hours read from the sign: {0}{1}; a maintainer checks them.', sign.suggestion, sign.confident ? '' : ' ' + t('(unsure)'))
          : t('The sign could not be read{0}: a maintainer will read it.', why ? ' (' + why + ')' : '')]));
        f.appendChild(el('p', { 'class': 'hours-now' }, [t('Hours now: {0}', f.hoursNow || t('not known'))]));
      }
      return;
    }
    if (a.status === 409) {
      var near = a.json.nearby || err.nearby || [];
      f.say(text, 'bad');
      var list = el('ul', { 'class': 'nearby' });
      near.forEach(function (n) {
        var d = n.distance_m != null ? Math.round(n.distance_m) + ' m: ' : '';
        list.appendChild(el('li', {}, [d + (n.name || n.address || n.id || t('a toilet'))]));
      });
      f.msg.appendChild(list);
      var yes = el('button', { type: 'button', 'class': 'anyway' }, [t('add anyway')]);
      yes.onclick = function () { again({ confirm: true }); };
      f.msg.appendChild(yes);
      return;
    }
    var named = err.parameter || err.field;
    var spot = named ? f.querySelector('.err[data-for="' + String(named).replace(/[^a-z_]/g, '') + '"]') : null;
    if (spot) spot.textContent = text;
    if (a.status === 429) { text = t('too many suggestions from here for now{0} ({1})', a.retry ? t(': try again in {0} s', a.retry) : '', text); }
    if (a.status === 413) { text = t('too large: {0}', text); }
    f.say(text, 'bad');
  }
  // Position fields filled by a click on the map while the form is open.
  function position(f, ll) {
    var lat = field(f, t('Latitude'), 'lat', 'number', ll.lat.toFixed(6)), lon = field(f, t('Longitude'), 'lon', 'number', ll.lng.toFixed(6));
    f.appendChild(el('small', {}, [t('Click the map to move the position.')]));
    function show(p) { lat.value = p.lat.toFixed(6); lon.value = p.lng.toFixed(6); pin.clearLayers(); L.circleMarker(p, { radius: 9, color: '#c51b7d', weight: 3, fill: false }).addTo(pin); }
    show(ll);
    pick = show;
  }
  function collect(f, names) {
    var out = {};
    names.forEach(function (n) { var v = n === 'lat' || n === 'lon' ? number(f, n) : value(f, n); if (v != null) out[n] = v; });
    return out;
  }
  var details = ['name', 'hours_text', 'price_text', 'wheelchair', 'access', 'note', 'contact'];
  function addToilet(ll) {
    open(t('Suggest a toilet here'));
    var f = form(t('send for review'));
    position(f, ll);
    field(f, t('Name'), 'name', 'text');
    field(f, t('Opening hours (as on the sign)'), 'hours_text', 'text');
    field(f, t('Price'), 'price_text', 'text');
    field(f, t('Wheelchair'), 'wheelchair', null, '', wheelchair);
    field(f, t('Who may use it'), 'access', null, '', access);
    field(f, t('Note for the maintainers'), 'note', 'textarea');
    field(f, t('Your contact (optional, only maintainers see it)'), 'contact', 'text');
    f.done();
    f.onsubmit = function (e) {
      e.preventDefault();
      var data = collect(f, ['lat', 'lon'].concat(details));
      send(f, '/v1/toilets', data, function (extra) { send(f, '/v1/toilets', Object.assign({}, data, extra), null); });
    };
  }
  function target(feature) { var p = feature.properties; return '/v1/toilets/' + encodeURIComponent(p.dataset) + '/' + encodeURIComponent(p.source_id); }
  function title(feature) { return feature.properties.title; }
  function edit(feature) {
    var p = feature.properties;
    open(t('Suggest an edit: {0}', title(feature)));
    var f = form(t('send for review'));
    var was = { name: p.name, hours_text: p.hours_text, price_text: p.price_text, wheelchair: p.wheelchair === 'unknown' ? null : p.wheelchair, access: p.access === 'unknown' ? null : p.access };
    field(f, t('Name'), 'name', 'text', was.name);
    field(f, t('Opening hours (as on the sign)'), 'hours_text', 'text', was.hours_text);
    field(f, t('Price'), 'price_text', 'text', was.price_text);
    field(f, t('Wheelchair'), 'wheelchair', null, was.wheelchair, wheelchair);
    field(f, t('Who may use it'), 'access', null, was.access, access);
    field(f, t('Note for the maintainers'), 'note', 'textarea');
    field(f, t('Your contact (optional, only maintainers see it)'), 'contact', 'text');
    f.done();
    f.onsubmit = function (e) {
      e.preventDefault();
      var data = {};
      Object.keys(was).forEach(function (k) { var v = value(f, k); if (v != null && v !== (was[k] == null ? null : String(was[k]))) data[k] = v; });
      if (!Object.keys(data).length) { f.say(t('change at least one field'), 'bad'); return; }
      ['note', 'contact'].forEach(function (k) { var v = value(f, k); if (v != null) data[k] = v; });
      send(f, target(feature) + '/edits', data, null);
    };
  }
  function report(feature, preset) {
    open(t('Report: {0}', title(feature)));
    var f = form(t('send report'));
    var kinds = [['gone', t('it is gone')], ['closed_for_good', t('closed for good')], ['wrong_position', t('wrong position')], ['wrong_hours', t('wrong opening hours')]];
    var box = el('fieldset', {}, [el('legend', {}, [t('What is wrong?')])]);
    kinds.forEach(function (k) { box.appendChild(el('label', {}, [el('input', { type: 'radio', name: 'reason', value: k[0] }), ' ' + k[1]])); });
    f.appendChild(box);
    f.appendChild(el('span', { 'class': 'err', 'data-for': 'reason' }));
    var extra = el('div', { 'class': 'extra' });
    f.appendChild(extra);
    var c = feature.geometry.coordinates;
    box.onchange = function () {
      extra.textContent = ''; pick = null; pin.clearLayers();
      var k = value(f, 'reason'), sub = { appendChild: function (n) { return extra.appendChild(n); } };
      if (k === 'wrong_position') position(sub, L.latLng(c[1], c[0]));
      if (k === 'wrong_hours') field(sub, t('The right opening hours'), 'hours_text', 'text', feature.properties.hours_text);
    };
    field(f, t('Note for the maintainers'), 'note', 'textarea');
    f.done();
    if (preset) {
      var chosen = f.querySelector('input[name=reason][value=' + preset + ']');
      if (chosen) { chosen.checked = true; box.onchange(); }
    }
    f.onsubmit = function (e) {
      e.preventDefault();
      var data = collect(f, ['reason', 'lat', 'lon', 'hours_text', 'note']);
      if (!data.reason) { f.say(t('choose what is wrong'), 'bad'); return; }
      send(f, target(feature) + '/reports', data, null);
    };
  }
  function photo(feature) {
    open(t('Add a photo: {0}', title(feature)));
    var f = form(t('upload for review'));
    f.hoursNow = feature.properties.hours_osm || feature.properties.hours_text;
    field(f, t('What it shows'), 'photo_kind', null, 'toilet', [['toilet', t('the toilet')], ['hours_sign', t('the opening-hours sign')]]);
    var file = field(f, t('Photo (JPEG, PNG or WebP)'), 'photo', 'file');
    f.done();
    f.onsubmit = function (e) {
      e.preventDefault();
      if (!file.files.length) { f.say(t('choose a photo'), 'bad'); return; }
      send(f, target(feature) + '/photos?kind=' + encodeURIComponent(value(f, 'photo_kind') || 'toilet'), file.files[0], null);
    };
  }
  // One tap (docs/guide.md, "Verification"): "Still here", "Gone", "Hours are right" and
  // "Hours are wrong" send a report at once (still_there, gone, hours_right with the hours the
  // page shows, wrong_hours); the answer shows under them, and stays with the toilet while the
  // page is open (a popup is built again each time it opens). After "Hours are wrong" the
  // report form offers to give the right hours. The hours' two only where the toilet has hours.
  var sent = Object.create(null);
  function confirmations(feature) {
    var p = feature.properties, hasHours = p.hours_text != null || p.hours_osm != null;
    var kinds = [['still_there', t('Still here')], ['gone', t('Gone')]];
    if (hasHours) kinds.push(['hours_right', t('Hours are right')], ['wrong_hours', t('Hours are wrong')]);
    var msg = el('p', { 'class': 'confirm-msg', role: 'status', tabindex: '-1' });
    var labelId = 'confirm-' + String(feature.id).replace(/[^A-Za-z0-9_-]/g, '_');
    var group = el('div', { 'class': 'confirm', role: 'group', 'aria-labelledby': labelId }, [el('span', { id: labelId }, [t('Is this right?')]), ' ']);
    var wrap = el('div', {}, [group, msg]);
    function say(text, how) { msg.className = 'confirm-msg' + (how ? ' ' + how : ''); msg.textContent = text; }
    function done(state) {
      buttons.forEach(function (x) { x.disabled = true; });
      say(state.text, 'good');
      if (state.reason === 'wrong_hours') {
        var more = el('button', { type: 'button', 'class': 'right-hours' }, [t('give the right hours')]);
        more.onclick = function () { report(feature, 'wrong_hours'); };
        wrap.appendChild(more);
      }
    }
    var buttons = kinds.map(function (k) {
      var b = el('button', { type: 'button', 'data-reason': k[0] }, [k[1]]);
      b.onclick = function () {
        buttons.forEach(function (x) { x.disabled = true; });
        say(t('sending…'));
        var body = { reason: k[0] };
        if (k[0] === 'hours_right') body.hours_text = p.hours_text != null ? p.hours_text : p.hours_osm;
        fetch(api + target(feature) + '/reports', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
          body: JSON.stringify(body) })
          .then(function (r) { return r.json().then(function (j) { return { status: r.status, json: j || {} }; }, function () { return { status: r.status, json: {} }; }); })
          .then(function (a) {
            if (a.status >= 200 && a.status < 300) {
              sent[feature.id] = { reason: k[0], text: t('Thank you: your suggestion{0} awaits review by a maintainer.', a.json.id != null ? ' (' + a.json.id + ')' : '') };
              done(sent[feature.id]);
              msg.focus();
              return;
            }
            buttons.forEach(function (x) { x.disabled = false; });
            say((a.json.error && a.json.error.message) || t('the server answered {0}', a.status), 'bad');
          }, function () {
            buttons.forEach(function (x) { x.disabled = false; });
            say(t('the server could not be reached: nothing was sent'), 'bad');
          });
      };
      group.appendChild(b);
      return b;
    });
    if (sent[feature.id]) done(sent[feature.id]);
    return wrap;
  }
  // Each toilet popup: its text as before (already escaped), the one-tap confirmations,
  // then the three buttons.
  page.toilets.forEach(function (entry) {
    var popup = entry.marker.getPopup(), content = popup.getContent();
    popup.setContent(function (layer) {
      var box = el('div'), bar = el('div', { 'class': 'contrib-actions' });
      box.innerHTML = typeof content === 'function' ? content(layer) : content;
      box.appendChild(confirmations(entry.feature));
      [[t('suggest an edit'), edit], [t('report'), report], [t('add a photo'), photo]].forEach(function (a) {
        var b = el('button', { type: 'button' }, [a[0]]);
        b.onclick = function () { a[1](entry.feature); };
        bar.appendChild(b);
      });
      box.appendChild(bar);
      return box;
    });
  });
  // The hint, a control at the bottom left (stacked above the scale bar, never over it): a
  // suggestion starts at the map's centre; a click on the map moves it.
  var hint = L.control({ position: 'bottomleft' });
  hint.onAdd = function () {
    var d = document.getElementById('hint');
    L.DomUtil.addClass(d, 'leaflet-control');
    L.DomEvent.disableClickPropagation(d);
    return d;
  };
  hint.addTo(map);
  // An open popup's buttons are never under the hint (a phone's map is small): it steps aside.
  map.on('popupopen', function () { document.getElementById('hint').style.visibility = 'hidden'; });
  map.on('popupclose', function () { document.getElementById('hint').style.visibility = ''; });
  // A popup a link opened before this script ran.
  if (document.querySelector('.leaflet-popup')) document.getElementById('hint').style.visibility = 'hidden';
  // The hint's words in the page's language (contribute.html holds the English).
  (function () {
    var d = document.getElementById('hint'), b = document.getElementById('suggest');
    if (d.firstChild && d.firstChild.nodeType === 3) d.firstChild.textContent = t('Missing a toilet?') + ' ';
    b.textContent = t('suggest a toilet');
    if (d.lastChild && d.lastChild.nodeType === 3) d.lastChild.textContent = ' ' + t('(or click the map where it is)');
  })();
  document.getElementById('suggest').onclick = function () { addToilet(map.getCenter()); };
  map.on('click', function (e) {
    if (pick) { pick(e.latlng); return; }
    var b = el('button', { type: 'button', 'class': 'suggest' }, [t('suggest a toilet here')]);
    var popup = L.popup().setLatLng(e.latlng).setContent(b).openOn(map);
    b.onclick = function () { map.closePopup(popup); addToilet(e.latlng); };
  });
})();
