// The list's words (list.js): the nearest toilets, their marks and the filters, in English,
// Czech and Polish (i18n.js).
LOCATE_TEXT.add({
  en: {
    'list heading': 'Nearest toilets', 'from centre': 'to the map’s centre', 'from you': 'to your position',
    'filters': 'Show only', 'f open': 'open now', 'f wheelchair': 'wheelchair', 'f free': 'free', 'f changing': 'changing table',
    'l open until': 'open until {0}', 'l opens': 'closed, opens {0}', 'l closed': 'closed', 'l unknown': 'hours unknown',
    'l free': 'free', 'l price unknown': 'price unknown', 'l wheelchair': 'wheelchair', 'l wheelchair limited': 'wheelchair limited',
    'l changing': 'changing table', 'l customers': 'customers only',
    'l none': 'No toilet on this map matches.', 'l none open': 'No toilet on this map is open now with these filters (by its 7-day table).',
    'l count': '{0} shown of the nearest', 'l show': 'show on the map', 'l away': '{0} away',
    'l from centre button': 'use the map’s centre', 'l walk': '{0} min walk', 'l wheel': '{0} min by wheelchair',
    'near found': 'nearest: {0}', 'near none': 'no toilet on this map matches the filters'
  },
  cs: {
    'list heading': 'Nejbližší toalety', 'from centre': 'ke středu mapy', 'from you': 'k vaší poloze',
    'filters': 'Jen', 'f open': 'otevřené teď', 'f wheelchair': 'pro vozíčkáře', 'f free': 'zdarma', 'f changing': 'přebalovací pult',
    'l open until': 'otevřeno do {0}', 'l opens': 'zavřeno, otevírá {0}', 'l closed': 'zavřeno', 'l unknown': 'otevírací doba neznámá',
    'l free': 'zdarma', 'l price unknown': 'cena neznámá', 'l wheelchair': 'pro vozíčkáře', 'l wheelchair limited': 'vozíčkáři omezeně',
    'l changing': 'přebalovací pult', 'l customers': 'jen pro zákazníky',
    'l none': 'Žádná toaleta na této mapě neodpovídá.', 'l none open': 'Žádná toaleta na této mapě teď s těmito filtry není otevřená (podle týdenní tabulky).',
    'l count': 'zobrazeno {0} nejbližších', 'l show': 'ukázat na mapě', 'l away': '{0} odsud',
    'l from centre button': 'podle středu mapy', 'l walk': '{0} min pěšky', 'l wheel': '{0} min na vozíku',
    'near found': 'nejbližší: {0}', 'near none': 'filtrům neodpovídá žádná toaleta na této mapě'
  },
  pl: {
    'list heading': 'Najbliższe toalety', 'from centre': 'od środka mapy', 'from you': 'od twojego położenia',
    'filters': 'Tylko', 'f open': 'otwarte teraz', 'f wheelchair': 'dla wózków', 'f free': 'bezpłatne', 'f changing': 'przewijak',
    'l open until': 'otwarte do {0}', 'l opens': 'zamknięte, otwarcie {0}', 'l closed': 'zamknięte', 'l unknown': 'godziny nieznane',
    'l free': 'bezpłatna', 'l price unknown': 'cena nieznana', 'l wheelchair': 'dla wózków', 'l wheelchair limited': 'wózki częściowo',
    'l changing': 'przewijak', 'l customers': 'tylko dla klientów',
    'l none': 'Żadna toaleta na tej mapie nie pasuje.', 'l none open': 'Żadna toaleta na tej mapie nie jest teraz otwarta z tymi filtrami (wg tabeli tygodnia).',
    'l count': 'pokazano {0} najbliższych', 'l show': 'pokaż na mapie', 'l away': '{0} stąd',
    'l from centre button': 'od środka mapy', 'l walk': '{0} min pieszo', 'l wheel': '{0} min na wózku',
    'near found': 'najbliższe: {0}', 'near none': 'żadna toaleta na tej mapie nie pasuje do filtrów'
  }
});
