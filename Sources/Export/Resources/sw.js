// The page's service worker (offline.js registers it; its scope is the page's folder).
// Installing, it saves every file offline.json lists (for a snapshot: every file of the
// folder, written last by `locate export snapshot`; for `locate serve`: the page, its data
// and scripts, Leaflet). Then every request of the page to its own origin goes to the
// network first, and the answer is saved; without a network the saved answer is used (so
// files the page loads later, such as a basemap's, are offline too once seen). The message
// 'refresh' saves the list again (newer data).
var CACHE = 'locate-page-1';
function precache(reload) {
  return fetch('offline.json', { cache: 'no-store' }).then(function (r) {
    if (!r.ok) throw new Error('offline.json: ' + r.status);
    return r.json();
  }).then(function (doc) {
    // Eight at a time: a basemap of a region lists thousands of shards.
    return caches.open(CACHE).then(function (cache) {
      var paths = ['./'].concat(doc.files || []), next = 0;
      function one() {
        if (next >= paths.length) return Promise.resolve();
        var path = paths[next++];
        return fetch(path, { cache: reload ? 'reload' : 'no-cache' })
          .then(function (res) { if (res.ok) return cache.put(path, res); }, function () {}).then(one);
      }
      var workers = [];
      for (var i = 0; i < 8; i++) workers.push(one());
      return Promise.all(workers);
    });
  });
}
// Not saved on the way: the API's answers (photos are), and the snapshot's manifest.json,
// which stays the one of the files saved together (offline.js compares it with the
// network's to find a newer snapshot; 'refresh' saves the new one with the new files).
function saved(path) {
  if (/\/manifest\.json$/.test(path)) return false;
  return !/\/v1\//.test(path) || /\/v1\/photos\//.test(path);
}
self.addEventListener('install', function (e) { e.waitUntil(precache(false).then(function () { return self.skipWaiting(); })); });
self.addEventListener('activate', function (e) {
  e.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});
self.addEventListener('message', function (e) { if (e.data === 'refresh') e.waitUntil(precache(true)); });
self.addEventListener('fetch', function (e) {
  var req = e.request, url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  e.respondWith(fetch(req).then(function (res) {
    if (res.ok && saved(url.pathname)) {
      var copy = res.clone();
      e.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(req, copy); }));
    }
    return res;
  }).catch(function () {
    // A request that asks for no stored answer (offline.js's look for newer data) gets none.
    if (req.cache === 'no-store') return Response.error();
    return caches.open(CACHE).then(function (cache) {
      return cache.match(req, { ignoreSearch: true }).then(function (hit) {
        if (hit) return hit;
        return req.mode === 'navigate' ? cache.match('./') : undefined;
      });
    }).then(function (hit) { return hit || Response.error(); });
  }));
});
