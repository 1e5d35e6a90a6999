// Offline use (the page installs like an app: manifest.webmanifest, sw.js). Registers the
// service worker, which keeps every file of the page for offline use (offline.json lists
// them); says in the bar how old the data is, and that it is the saved copy when offline;
// and, online again, looks for newer data: a snapshot's manifest.json that differs from the
// saved one, or on a page `locate serve` serves, changes at /v1/updates?since= (and, asked
// every hour, an air ingest newer than the page's data at /v1/health). Newer data is offered ("show it"), never swapped in under the
// reader's eyes. Words from text-offline.js (i18n.js). Service workers run only over http(s):
// a page opened from a folder (file://) is left as it is. For checks the body carries
// data-offline="ready" once the files are saved.
(function () {
  var T = window.LOCATE_TEXT, t = function () { return T.t.apply(T, arguments); };
  var meta = window.LOCATE_META || {}, served = meta.api === '', api = String(meta.api == null ? '' : meta.api).replace(/\/+$/, '');
  var worker = 'serviceWorker' in navigator && /^https?:$/.test(window.location.protocol);
  function start() {
    var page = window.LOCATE_PAGE, age = document.getElementById('age');
    function made() {
      if (!meta.generated_unix) return '';
      try {
        return new Intl.DateTimeFormat(T.locale, { day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
          .format(new Date(meta.generated_unix * 1000));
      } catch (e) { return meta.generated_at || ''; }
    }
    function tellAge() {
      if (!age || !page || !meta.generated_unix) return;
      var old = Math.max(0, page.now() - meta.generated_unix);
      age.textContent = t(navigator.onLine ? 'age' : 'age offline', made(), page.age(old));
      document.body.setAttribute('data-online', navigator.onLine ? 'yes' : 'no');
    }
    tellAge();
    setInterval(tellAge, 60000);
    function newer() {
      var box = document.getElementById('newer');
      if (!box || !box.hidden) return;
      box.textContent = t('newer') + ' ';
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = t('reload');
      b.onclick = function () {
        if (navigator.serviceWorker && navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage('refresh');
        window.location.reload();
      };
      box.appendChild(b);
      box.hidden = false;
      document.body.setAttribute('data-newer', 'yes');
    }
    // A network that just came back may still fail a request or two: tried again 3 s later,
    // three times at most.
    function check(tries) {
      var again = function () { if ((tries || 0) < 3) setTimeout(function () { check((tries || 0) + 1); }, 3000); };
      if (!navigator.onLine) return;
      if (served) {
        fetch(api + '/v1/updates?since=' + encodeURIComponent(meta.generated_at), { cache: 'no-store' })
          .then(function (r) { return r.ok ? r.json() : null; })
          .then(function (d) { if (d && d.datasets && d.datasets.length) newer(); }, again);
      } else if (window.caches) {
        caches.match('manifest.json').then(function (saved) { return saved ? saved.text() : null; }).then(function (before) {
          return fetch('manifest.json', { cache: 'no-store' }).then(function (r) { return r.ok ? r.text() : null; }).then(function (now) {
            if (before && now && before !== now) newer();
          }, again);
        }).catch(function () {});
      }
    }
    window.addEventListener('online', function () { tellAge(); check(0); });
    window.addEventListener('offline', tellAge);
    check(0);
    // Served pages: the stations' readings change every hour. Each hour the page asks the
    // server's health (`health/1`) whether an air ingest finished after its data was made,
    // and offers the newer readings only then.
    function airCheck() {
      if (!navigator.onLine) return;
      fetch(api + '/v1/health', { cache: 'no-store' })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) {
          var made = Date.parse(meta.generated_at);
          var fresh = ((d && d.datasets) || []).some(function (x) { return x.kind === 'air' && Date.parse(x.finished_at) > made; });
          document.body.setAttribute('data-air-checked', fresh ? 'newer' : 'same');
          if (fresh) newer();
        }, function () {});
    }
    if (served && window.LOCATE_STATIONS) setInterval(airCheck, 3600 * 1000);
  }
  if (worker) {
    navigator.serviceWorker.register('sw.js').then(function () { return navigator.serviceWorker.ready; })
      .then(function () { document.body.setAttribute('data-offline', 'ready'); })
      .catch(function () { document.body.setAttribute('data-offline', 'none'); });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
