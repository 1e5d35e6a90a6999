// The page's words in the browser's language (Czech, Polish, else English): the first of
// navigator.languages that the page has. Each concern keeps its words in its own file
// (text-map.js, text-list.js, text-offline.js), which adds them with LOCATE_TEXT.add;
// scripts ask with LOCATE_TEXT.t(key, arg…), where {0}, {1} … stand for the arguments.
// Words from the data (names, hours as the source wrote them, GIOŚ's categories) are
// never translated. `?lang=cs` in the address picks a language, for checks.
(function () {
  var known = ['en', 'cs', 'pl'], words = { en: {}, cs: {}, pl: {} };
  var asked = /[?&]lang=([a-z]{2})/.exec(window.location.search);
  var wanted = (asked ? [asked[1]] : []).concat(navigator.languages || [navigator.language || 'en']);
  var lang = 'en';
  for (var i = 0; i < wanted.length; i++) {
    var code = String(wanted[i] || '').slice(0, 2).toLowerCase();
    if (known.indexOf(code) >= 0) { lang = code; break; }
  }
  document.documentElement.lang = lang;
  window.LOCATE_TEXT = {
    lang: lang,
    // The locale of dates and numbers: British English for the page's English (24-hour, day first).
    locale: { en: 'en-GB', cs: 'cs-CZ', pl: 'pl-PL' }[lang],
    add: function (table) {
      known.forEach(function (l) { var t = table[l] || {}; Object.keys(t).forEach(function (k) { words[l][k] = t[k]; }); });
    },
    // A count with its word in the language's plural form (Intl.PluralRules): KEY.one,
    // KEY.few, KEY.many or KEY.other, the count as {0}.
    n: function (key, count) {
      var form = 'other';
      try { form = new Intl.PluralRules(this.locale).select(count); } catch (e) { form = count === 1 ? 'one' : 'other'; }
      var k = key + '.' + form;
      if (words[lang][k] == null && words.en[k] == null) k = key + '.other';
      return this.t(k, count.toLocaleString(this.locale));
    },
    t: function (key) {
      var s = words[lang][key], args = arguments;
      if (s == null) s = words.en[key];
      if (s == null) return key;
      return String(s).replace(/\{(\d)\}/g, function (m, n) { var v = args[Number(n) + 1]; return v == null ? '' : String(v); });
    }
  };
})();
