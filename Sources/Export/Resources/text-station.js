// The station panel's words (station.js), in English, Czech and Polish (i18n.js).
LOCATE_TEXT.add({
  en: {
    's details': 'details and norms', 's close': 'close the station', 's heading': 'Station',
    's value': '{0}: {1} µg/m³, {2} ({3} old)', 's no value': '{0}: no value in the last 48 hours',
    's exceeded': 'Over the norm: {0}, now {1} µg/m³', 's within': 'within {0}: {1} µg/m³',
    's not enough': 'cannot judge {0}: {1} hours, {2} needed', 's chart': '{0} over the last 24 hours, with its norms',
    's none over': 'No norm exceeded by the newest values.', 's old': 'The newest value is over a day old: norms not judged.',
    'n label': '{0} {1} {2} ({3}) {4} µg/m³', 'n limit_value': 'limit value', 'n information_threshold': 'information threshold',
    'n alert_threshold': 'alert threshold', 'n guideline': 'guideline', 'n 1h': '1h mean', 'n 3h_consecutive': '3 consecutive hours',
    'n 8h': '8h running mean', 'n 24h': '24h mean'
  },
  cs: {
    's details': 'podrobnosti a limity', 's close': 'zavřít stanici', 's heading': 'Stanice',
    's value': '{0}: {1} µg/m³, {2} (před {3})', 's no value': '{0}: žádná hodnota za posledních 48 hodin',
    's exceeded': 'Nad limitem: {0}, teď {1} µg/m³', 's within': 'v limitu {0}: {1} µg/m³',
    's not enough': 'nelze posoudit {0}: {1} hodin, potřeba {2}', 's chart': '{0} za posledních 24 hodin s limity',
    's none over': 'Nejnovější hodnoty nepřekračují žádný limit.', 's old': 'Nejnovější hodnota je starší než den: limity neposouzeny.',
    'n label': '{0} {1}: {2} ({3}) {4} µg/m³', 'n limit_value': 'imisní limit', 'n information_threshold': 'informační práh',
    'n alert_threshold': 'varovný práh', 'n guideline': 'doporučená hodnota', 'n 1h': 'hodinový průměr', 'n 3h_consecutive': '3 hodiny po sobě',
    'n 8h': 'klouzavý 8h průměr', 'n 24h': '24h průměr'
  },
  pl: {
    's details': 'szczegóły i normy', 's close': 'zamknij stację', 's heading': 'Stacja',
    's value': '{0}: {1} µg/m³, {2} ({3} temu)', 's no value': '{0}: brak wartości z ostatnich 48 godzin',
    's exceeded': 'Przekroczona norma: {0}, teraz {1} µg/m³', 's within': 'w normie {0}: {1} µg/m³',
    's not enough': 'nie można ocenić {0}: {1} godzin, potrzeba {2}', 's chart': '{0} z ostatnich 24 godzin z normami',
    's none over': 'Najnowsze wartości nie przekraczają żadnej normy.', 's old': 'Najnowsza wartość jest starsza niż doba: normy nie oceniono.',
    'n label': '{0} {1}: {2} ({3}) {4} µg/m³', 'n limit_value': 'poziom dopuszczalny', 'n information_threshold': 'próg informowania',
    'n alert_threshold': 'próg alarmowy', 'n guideline': 'wartość zalecana', 'n 1h': 'średnia 1h', 'n 3h_consecutive': '3 kolejne godziny',
    'n 8h': 'średnia krocząca 8h', 'n 24h': 'średnia 24h'
  }
});
