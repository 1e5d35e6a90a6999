// A toilet's verification in words (docs/guide.md, "Verification"), by the rule `locate
// toilet show` follows: "Verified 3 Dec 2026 by a visitor's confirmation", "Not verified since
// 2 Apr 2017 by an OSM check" once the newest evidence is over a year old, "Never verified";
// the hours' own line only where the place was verified and the hours' evidence is another
// (another day or another source). Days in the place's zone, in the page's language. Words
// from text-map.js; the popup (preview.js) and the list (list.js) both ask here.
(function () {
  'use strict';
  var STALE = 365 * 86400;
  function t() { return LOCATE_TEXT.t.apply(LOCATE_TEXT, arguments); }
  function day(at, zone) {
    var how = { day: 'numeric', month: 'short', year: 'numeric' };
    try {
      return new Intl.DateTimeFormat(LOCATE_TEXT.locale, Object.assign({ timeZone: zone || 'UTC' }, how)).format(new Date(at));
    } catch (e) {
      // A zone this browser does not know: the day in the browser's own zone.
      return new Intl.DateTimeFormat(LOCATE_TEXT.locale, how).format(new Date(at));
    }
  }
  function stale(at, nowUnix) { return !at || nowUnix - Date.parse(at) / 1000 > STALE; }
  function words(at, by, zone, nowUnix, what) {
    if (!at) return t(what + ' never');
    return t(what + (stale(at, nowUnix) ? ' since' : ''), day(at, zone), t('by.' + by));
  }
  window.LOCATE_VERIFIED = {
    // True when nothing vouched for the place within a year (the words say "not verified since").
    stale: function (p, nowUnix) { return stale(p.verified_at, nowUnix); },
    place: function (p, nowUnix) { return words(p.verified_at, p.verified_by, p.time_zone, nowUnix, 'verified'); },
    // The hours' line, or null: none when the place has no hours or was never verified, or
    // when evidence of the same day and source vouched for both.
    hours: function (p, nowUnix) {
      if (p.hours_text == null && p.hours_osm == null) return null;
      if (!p.verified_at) return null;
      if (p.hours_verified_at && p.hours_verified_by === p.verified_by
        && day(p.hours_verified_at, p.time_zone) === day(p.verified_at, p.time_zone)) return null;
      return words(p.hours_verified_at, p.hours_verified_by, p.time_zone, nowUnix, 'hours verified');
    }
  };
})();
