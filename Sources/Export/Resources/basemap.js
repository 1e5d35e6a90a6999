// The page's own basemap (after preview.js): streets, paths, railways, water, parks and
// street names from LOCATE_META.basemap (basemap-index/1), drawn on canvas map tiles with no
// tile server. Each map tile draws the band that holds its zoom, from the shards it crosses:
// basemap/BAND-Z-X-Y.js, loaded as scripts (pages opened from a folder cannot fetch files),
// each calling LOCATE_BASEMAP_SHARD with a basemap-shard/1 document (its ways grouped by
// layer: ids, lines, names). Coordinates are
// millionths of a degree, the first absolute, each next one as a difference. A way in two
// shards is drawn once per tile (by its id and first position: a way the extract cut is in
// pieces). The layer lies under any online tiles, so it shows
// whenever they fail. Colours follow the page's scheme (body data-scheme). For checks, the map
// container carries data-basemap-tiles (tiles drawn), data-basemap-ways (ways drawn) and
// data-basemap-loaded (when every tile in view was drawn, ms since the page's start).
(function () {
  var index = (window.LOCATE_META || {}).basemap, page = window.LOCATE_PAGE;
  if (!index || !page || !window.L) return;
  var map = page.map, box = map.getContainer(), pending = Object.create(null), loaded = Object.create(null);
  var listed = Object.create(null);
  index.bands.forEach(function (b) { b.shards.forEach(function (s) { listed[b.name + '-' + s] = true; }); });
  window.LOCATE_BASEMAP_SHARD = function (doc) {
    var key = doc.band + '-' + doc.tile.join('-'), waiting = pending[key], features = [];
    doc.layers.forEach(function (g) {
      g.ids.forEach(function (id, i) { features.push({ id: id, layer: g.layer, line: g.lines[i], name: g.names ? g.names[i] : null }); });
    });
    loaded[key] = features;
    delete pending[key];
    (waiting || []).forEach(function (f) { f(features); });
  };
  // The features of one shard, once its script has run (an empty list when it fails to load).
  function shard(key, then) {
    if (loaded[key]) return then(loaded[key]);
    if (pending[key]) return pending[key].push(then);
    pending[key] = [then];
    var s = document.createElement('script');
    s.src = 'basemap/' + key + '.js';
    // A shard that fails to load, or runs without handing over its document (a damaged file),
    // draws nothing now and is asked for again by the next tile (online again).
    function failed() {
      s.remove();
      var w = pending[key];
      if (!w) return;
      delete pending[key];
      w.forEach(function (f) { f([]); });
    }
    s.onerror = failed;
    s.onload = failed;
    document.head.appendChild(s);
  }
  var palettes = {
    light: { land: '#f2efe9', park: '#cde6c0', water: '#aad3df', waterway: '#7fb4cf', path: '#b0806a', minorCase: '#c8c2b8', minor: '#ffffff',
      majorCase: '#c9a25f', major: '#fcd68a', rail: '#777777', text: '#333333', halo: '#ffffff' },
    dark: { land: '#23262b', park: '#27402c', water: '#1e3b52', waterway: '#2f5f80', path: '#8b6a5a', minorCase: '#1a1c20', minor: '#4a4f57',
      majorCase: '#5a4a2a', major: '#8a7240', rail: '#9a9a9a', text: '#e6e6e6', halo: '#101215' }
  };
  function bandAt(z) {
    for (var i = 0; i < index.bands.length; i++) if (z >= index.bands[i].min_zoom && z <= index.bands[i].max_zoom) return index.bands[i];
    return index.bands[index.bands.length - 1];
  }
  var rad = Math.PI / 180, maxLat = 85.0511287798;
  function unitX(lon) { return (lon + 180) / 360; }
  function unitY(lat) { var l = Math.max(-maxLat, Math.min(maxLat, lat)) * rad; return (1 - Math.log(Math.tan(l) + 1 / Math.cos(l)) / Math.PI) / 2; }
  var drawnTiles = 0, drawnWays = 0;
  // Half the widest stroke (a main road with its casing at zoom 19), in pixels.
  var MARGIN = 8;
  // Line widths in CSS pixels by layer, growing with the zoom.
  function width(layer, z) {
    var w = { path: 1, minor: 2.5, major: 4, rail: 1.5, waterway: 2 }[layer] || 1;
    return Math.max(0.6, w * Math.pow(1.35, Math.min(z, 19) - 16));
  }
  function draw(canvas, coords, features, size) {
    var ctx = canvas.getContext('2d'), ratio = canvas.width / size, n = Math.pow(2, coords.z) * size;
    var p = palettes[document.body.getAttribute('data-scheme') === 'dark' ? 'dark' : 'light'];
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = p.land;
    ctx.fillRect(0, 0, size, size);
    var ox = coords.x * size, oy = coords.y * size, byLayer = {}, seen = Object.create(null);
    features.forEach(function (f) { var k = f.layer + f.id + ':' + f.line[0] + ',' + f.line[1]; if (seen[k]) return; seen[k] = true; (byLayer[f.layer] = byLayer[f.layer] || []).push(f); });
    function trace(f) {
      var l = f.line, lon = 0, lat = 0;
      ctx.beginPath();
      for (var i = 0; i < l.length; i += 2) {
        lon += l[i]; lat += l[i + 1];
        var x = unitX(lon / 1e6) * n - ox, y = unitY(lat / 1e6) * n - oy;
        if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
      }
    }
    function stroke(layer, colour, w, dash) {
      (byLayer[layer] || []).forEach(function (f) {
        trace(f);
        ctx.strokeStyle = colour; ctx.lineWidth = w; ctx.setLineDash(dash || []); ctx.lineCap = dash ? 'butt' : 'round'; ctx.lineJoin = 'round';
        ctx.stroke();
      });
    }
    ['park', 'water'].forEach(function (layer) {
      (byLayer[layer] || []).forEach(function (f) { trace(f); ctx.closePath(); ctx.fillStyle = p[layer]; ctx.fill(); });
    });
    var z = coords.z;
    stroke('waterway', p.waterway, width('waterway', z));
    stroke('path', p.path, width('path', z), [3, 2]);
    stroke('minor', p.minorCase, width('minor', z) + 1.5);
    stroke('minor', p.minor, width('minor', z));
    stroke('major', p.majorCase, width('major', z) + 1.5);
    stroke('major', p.major, width('major', z));
    stroke('rail', p.rail, width('rail', z), [6, 3]);
    ctx.setLineDash([]);
    if (z >= 16) names(ctx, byLayer, n, ox, oy, size, p);
    drawnTiles += 1;
    drawnWays += Object.keys(seen).length;
    box.setAttribute('data-basemap-tiles', String(drawnTiles));
    box.setAttribute('data-basemap-ways', String(drawnWays));
  }
  // A street's name once per tile, along the middle of its longest segment, upright, when it
  // fits inside the tile and the segment.
  function names(ctx, byLayer, n, ox, oy, size, p) {
    var done = Object.create(null);
    ctx.font = '11px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ['major', 'minor'].forEach(function (layer) {
      (byLayer[layer] || []).forEach(function (f) {
        if (!f.name || done[f.name]) return;
        var l = f.line, lon = 0, lat = 0, prev = null, best = null;
        for (var i = 0; i < l.length; i += 2) {
          lon += l[i]; lat += l[i + 1];
          var pt = [unitX(lon / 1e6) * n - ox, unitY(lat / 1e6) * n - oy];
          if (prev) {
            var d = Math.hypot(pt[0] - prev[0], pt[1] - prev[1]);
            if (!best || d > best.d) best = { d: d, a: prev, b: pt };
          }
          prev = pt;
        }
        var w = ctx.measureText(f.name).width;
        if (!best || best.d < w + 8) return;
        var cx = (best.a[0] + best.b[0]) / 2, cy = (best.a[1] + best.b[1]) / 2;
        var angle = Math.atan2(best.b[1] - best.a[1], best.b[0] - best.a[0]);
        // The turned label's half extents: it must lie wholly inside the tile (no cut words).
        var c = Math.abs(Math.cos(angle)), sn = Math.abs(Math.sin(angle)), hx = c * w / 2 + sn * 7, hy = sn * w / 2 + c * 7;
        if (cx - hx < 0 || cx + hx > size || cy - hy < 0 || cy + hy > size) return;
        if (angle > Math.PI / 2) angle -= Math.PI; else if (angle < -Math.PI / 2) angle += Math.PI;
        ctx.save();
        ctx.translate(cx, cy);
        ctx.rotate(angle);
        ctx.lineWidth = 3; ctx.strokeStyle = p.halo; ctx.strokeText(f.name, 0, 0);
        ctx.fillStyle = p.text; ctx.fillText(f.name, 0, 0);
        ctx.restore();
        done[f.name] = true;
      });
    });
  }
  map.createPane('basemap');
  map.getPane('basemap').style.zIndex = 150;
  var credited = (window.LOCATE_META.attributions || []).some(function (a) { return a.indexOf(index.attribution) >= 0; });
  var Layer = L.GridLayer.extend({
    createTile: function (coords, done) {
      var size = this.getTileSize().x, canvas = document.createElement('canvas'), ratio = window.devicePixelRatio || 1;
      canvas.width = canvas.height = Math.round(size * ratio);
      var band = bandAt(coords.z), scale = Math.pow(2, band.shard_zoom - coords.z), last = Math.pow(2, band.shard_zoom) - 1;
      // The shards this tile crosses, widened by the widest stroke's half (MARGIN pixels): a
      // road just across a shard's edge still paints into this tile.
      var m = MARGIN / size;
      var x0 = Math.max(0, Math.floor((coords.x - m) * scale)), x1 = Math.min(last, Math.max(x0, Math.ceil((coords.x + 1 + m) * scale) - 1));
      var y0 = Math.max(0, Math.floor((coords.y - m) * scale)), y1 = Math.min(last, Math.max(y0, Math.ceil((coords.y + 1 + m) * scale) - 1));
      var keys = [];
      if ((x1 - x0 + 1) * (y1 - y0 + 1) > band.shards.length) {
        // Zoomed far out: the band's few shards, not every tile of the range.
        band.shards.forEach(function (s) {
          var p = s.split('-').map(Number);
          if (p[1] >= x0 && p[1] <= x1 && p[2] >= y0 && p[2] <= y1) keys.push(band.name + '-' + s);
        });
      } else {
        for (var x = x0; x <= x1; x++) for (var y = y0; y <= y1; y++) {
          var key = band.name + '-' + band.shard_zoom + '-' + x + '-' + y;
          if (listed[key]) keys.push(key);
        }
      }
      var left = keys.length, features = [];
      // Leaflet counts a tile only once createTile has returned: done() always comes later.
      function finish() { draw(canvas, coords, features, size); setTimeout(function () { done(null, canvas); }, 0); }
      if (!left) { finish(); return canvas; }
      keys.forEach(function (k) {
        shard(k, function (list) {
          features = features.concat(list);
          left -= 1;
          if (!left) finish();
        });
      });
      return canvas;
    }
  });
  var b = index.bounds, covered = L.latLngBounds([[b[1], b[0]], [b[3], b[2]]]);
  var layer = new Layer({ pane: 'basemap', maxZoom: 19, bounds: covered, attribution: credited ? '' : index.attribution }).addTo(map);
  // Every tile in view drawn: when, in milliseconds since the page's start (bench/basemap.sh).
  layer.on('load', function () { box.setAttribute('data-basemap-loaded', String(Math.round(performance.now()))); });
  // Night mode: draw again in the other palette.
  new MutationObserver(function () { layer.redraw(); }).observe(document.body, { attributes: true, attributeFilter: ['data-scheme'] });
})();
