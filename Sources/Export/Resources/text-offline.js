// The offline words (offline.js): how old the data is, offline, newer data, in English,
// Czech and Polish (i18n.js).
LOCATE_TEXT.add({
  en: {
    'age': 'data of {0} ({1} old)', 'age offline': 'offline: data of {0} ({1} old), saved on this device',
    'newer': 'Newer data is available.', 'reload': 'show it', 'saved': 'saved for offline use'
  },
  cs: {
    'age': 'data z {0} (stará {1})', 'age offline': 'offline: data z {0} (stará {1}), uložená v zařízení',
    'newer': 'Jsou k dispozici novější data.', 'reload': 'zobrazit', 'saved': 'uloženo pro offline'
  },
  pl: {
    'age': 'dane z {0} (sprzed {1})', 'age offline': 'offline: dane z {0} (sprzed {1}), zapisane na urządzeniu',
    'newer': 'Są nowsze dane.', 'reload': 'pokaż', 'saved': 'zapisano do użytku offline'
  }
});
