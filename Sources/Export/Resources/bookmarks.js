// Bookmarks kept in the browser (after preview.js): toilets and stations a person watches,
// by global id (DATASET/SOURCE_ID), as a bookmarks/1 document in localStorage, the same
// document `locate bookmark` keeps in its file: a file saved here is one the CLI reads, and
// the CLI's file imports here. Each popup gets a bookmark button; the Bookmarks section below
// the list names each bookmarked place on this map (a toilet with its state now, a station
// with its index) as a button that shows it; ids not on this map are kept and counted.
// Words from text-bookmarks.js (i18n.js). For checks: LOCATE_BOOKMARKS.ids() and the section's
// data-count.
(function () {
  var T = window.LOCATE_TEXT, t = function () { return T.t.apply(T, arguments); }, KEY = 'locate.bookmarks';
  var page = window.LOCATE_PAGE;
  if (!page) return;
  var places = Object.create(null);
  ((window.LOCATE_DATA || {}).features || []).forEach(function (f) { places[f.id] = { kind: 'toilet', feature: f }; });
  ((window.LOCATE_STATIONS || {}).features || []).forEach(function (f) { places[f.id] = { kind: 'station', feature: f }; });
  var el = window.LOCATE_DOM.el;
  // Whether a text is well-formed UTF-16 (no lone surrogate: the CLI's JSON reader refuses one).
  function wellFormed(s) { try { encodeURIComponent(s); return true; } catch (e) { return false; } }
  // The document's bookmarks, or the reason it is not a bookmarks/1 document.
  function parse(doc) {
    if (!doc || doc.schema !== 'bookmarks/1' || !Array.isArray(doc.bookmarks)) return 'no "schema": "bookmarks/1" with "bookmarks"';
    for (var i = 0; i < doc.bookmarks.length; i++) {
      var b = doc.bookmarks[i];
      if (!b || (b.kind !== 'toilet' && b.kind !== 'station') || typeof b.id !== 'string' || !/^[^/]+\/.+$/.test(b.id)
        || !wellFormed(b.id) || typeof b.added_at !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(b.added_at)) {
        return 'bookmark ' + (i + 1) + ' needs kind, id (DATASET/SOURCE_ID) and added_at (YYYY-MM-DDTHH:MM:SSZ)';
      }
    }
    return doc.bookmarks.map(function (b) { return { kind: b.kind, id: b.id, added_at: b.added_at }; });
  }
  // What the browser keeps; a stored text that is not bookmarks/1 (a later version, a damaged
  // one) is left as it is, never overwritten, as `locate bookmark` leaves a file it cannot read.
  var unreadable = false;
  function load() {
    var text = null;
    try { text = window.localStorage.getItem(KEY); } catch (e) { return []; }
    if (text == null) return [];
    var got;
    try { got = parse(JSON.parse(text)); } catch (e) { got = String(e.message || e); }
    if (Array.isArray(got)) return got;
    unreadable = true;
    return [];
  }
  var saved = load();
  function store() {
    if (unreadable) return;
    try { window.localStorage.setItem(KEY, JSON.stringify({ bookmarks: saved, schema: 'bookmarks/1' })); } catch (e) { /* private mode: kept for this visit */ }
  }
  function has(id) { return saved.some(function (b) { return b.id === id; }); }
  function nowText() { return new Date().toISOString().slice(0, 19) + 'Z'; }
  function toggle(id) {
    if (has(id)) saved = saved.filter(function (b) { return b.id !== id; });
    else if (places[id]) saved.push({ kind: places[id].kind, id: id, added_at: nowText() });
    store();
    render();
  }
  // The Bookmarks section, after the list (list.js fills the aside first).
  var section = el('section', { id: 'bookmarks', 'aria-labelledby': 'bookmarks-heading' });
  var items = el('ol', { id: 'bookmark-list' }), note = el('p', { id: 'bookmark-note', role: 'status' });
  var file = el('input', { type: 'file', id: 'bookmark-file', accept: '.json,application/json' });
  var save = el('button', { type: 'button', id: 'bookmark-save' }, [t('b export')]);
  function state(f) {
    var s = window.LOCATE_NEAREST.stateAt((window.LOCATE_WEEK || {})[f.id], page.now());
    return t(s.state);
  }
  function stationLine(p) {
    if (p.index_level != null) return (p.index_level + ' ' + (p.index_category || '')).trim();
    if (p.eaqi_level != null) return 'EAQI ' + p.eaqi_level;
    return t('b no index');
  }
  function render() {
    items.textContent = '';
    var shown = 0;
    saved.forEach(function (b) {
      var place = places[b.id];
      if (!place) return;
      var p = place.feature.properties, title = place.kind === 'toilet' ? (p.title || b.id) : (p.name || b.id);
      var button = el('button', { type: 'button', 'class': 'place', 'data-id': b.id }, [
        el('span', { 'class': 'name' }, [title]),
        el('span', { 'class': 'line' }, [t('b ' + place.kind) + ' · ' + (place.kind === 'toilet' ? state(place.feature) : stationLine(p))])
      ]);
      button.onclick = function () { page.show(b.id); };
      items.appendChild(el('li', {}, [button]));
      shown += 1;
    });
    if (!saved.length) items.appendChild(el('li', { 'class': 'none' }, [t('b none')]));
    var away = saved.length - shown;
    note.textContent = unreadable ? t('b unreadable') : (away ? t('b elsewhere', away) : '');
    section.setAttribute('data-count', String(shown));
    save.hidden = !saved.length;
    refreshPopup();
  }
  save.onclick = function () {
    var blob = new Blob([JSON.stringify({ bookmarks: saved, schema: 'bookmarks/1' }, null, 2) + '\n'], { type: 'application/json' });
    var a = el('a', { href: URL.createObjectURL(blob), download: 'bookmarks.json' });
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 0);
  };
  // Import: the bookmarks of a locate bookmarks file join these (an id already here keeps its
  // first date).
  file.onchange = function () {
    var f = file.files && file.files[0];
    if (!f) return;
    // The CLI reads bookmarks files of at most 16 MiB.
    if (f.size > 16 * 1024 * 1024) { note.textContent = t('b bad file', f.size + ' bytes, over 16 MiB'); file.value = ''; return; }
    var reader = new FileReader();
    reader.onload = function () {
      var got;
      try { got = parse(JSON.parse(String(reader.result))); } catch (e) { got = String(e.message || e); }
      if (!Array.isArray(got)) { note.textContent = t('b bad file', got); return; }
      var added = 0;
      got.forEach(function (b) { if (!has(b.id)) { saved.push(b); added += 1; } });
      store();
      render();
      note.textContent = t('b imported', added) + (note.textContent ? ' · ' + note.textContent : '');
    };
    reader.readAsText(f);
    file.value = '';
  };
  // The open popup's bookmark button.
  var open = null;
  function refreshPopup() {
    if (!open) return;
    var b = open.button;
    b.textContent = has(open.id) ? t('b remove') : t('b add');
    b.title = has(open.id) ? t('b remove title') : '';
    b.setAttribute('aria-pressed', has(open.id) ? 'true' : 'false');
  }
  function decorate(popup) {
    var id = popup._source && popup._source.options.placeId, box = popup.getElement();
    if (!id || !places[id] || !box || box.querySelector('button.bookmark')) return;
    var content = box.querySelector('.leaflet-popup-content');
    var button = el('button', { type: 'button', 'class': 'bookmark' });
    button.onclick = function () { toggle(id); };
    content.appendChild(el('div', { 'class': 'bookmark-row' }, [button]));
    open = { id: id, button: button };
    refreshPopup();
  }
  page.map.on('popupopen', function (e) { decorate(e.popup); });
  // A popup a deep link opened before this script ran.
  page.map.eachLayer(function (l) { if (l instanceof L.Popup) decorate(l); });
  page.map.on('popupclose', function () { open = null; });
  function start() {
    var aside = document.getElementById('list');
    if (!aside) return;
    section.appendChild(el('h2', { id: 'bookmarks-heading' }, [t('b heading')]));
    [items, note, save, el('label', { 'for': 'bookmark-file', 'class': 'import' }, [t('b import') + ' ', file])].forEach(function (e) { section.appendChild(e); });
    aside.appendChild(section);
    aside.hidden = false;
    render();
  }
  // Another tab of the page changed them: take its list.
  window.addEventListener('storage', function (e) {
    if (e.key !== KEY) return;
    unreadable = false;
    saved = load();
    render();
  });
  window.LOCATE_BOOKMARKS = { ids: function () { return saved.map(function (b) { return b.id; }); } };
  // After list.js, which empties the aside when it starts.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
