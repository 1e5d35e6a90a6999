// The bookmarks' words (bookmarks.js), in English, Czech and Polish (i18n.js).
LOCATE_TEXT.add({
  en: {
    'b heading': 'Bookmarks', 'b add': '☆ bookmark', 'b remove': '★ bookmarked', 'b remove title': 'press again to remove the bookmark',
    'b unreadable': 'The bookmarks saved in this browser are not a locate bookmarks file: left as they are, none shown.',
    'b none': 'No bookmarks yet: open a toilet or a station and bookmark it.', 'b toilet': 'toilet', 'b station': 'station',
    'b elsewhere': '{0} more not on this map', 'b import': 'import a locate bookmarks file', 'b export': 'save as a file',
    'b imported': 'imported {0} bookmarks', 'b bad file': 'not a locate bookmarks file (bookmarks/1): {0}',
    'b no index': 'no index'
  },
  cs: {
    'b heading': 'Záložky', 'b add': '☆ přidat do záložek', 'b remove': '★ v záložkách', 'b remove title': 'dalším stisknutím záložku odeberete',
    'b unreadable': 'Záložky uložené v tomto prohlížeči nejsou soubor záložek locate: ponechány, nezobrazeny.',
    'b none': 'Zatím žádné záložky: otevřete toaletu nebo stanici a přidejte ji.', 'b toilet': 'toaleta', 'b station': 'stanice',
    'b elsewhere': 'a {0} mimo tuto mapu', 'b import': 'načíst soubor záložek locate', 'b export': 'uložit jako soubor',
    'b imported': 'načteno záložek: {0}', 'b bad file': 'není soubor záložek locate (bookmarks/1): {0}',
    'b no index': 'bez indexu'
  },
  pl: {
    'b heading': 'Zakładki', 'b add': '☆ dodaj do zakładek', 'b remove': '★ w zakładkach', 'b remove title': 'naciśnij ponownie, aby usunąć zakładkę',
    'b unreadable': 'Zakładki zapisane w tej przeglądarce nie są plikiem zakładek locate: pozostawione, nie pokazane.',
    'b none': 'Brak zakładek: otwórz toaletę lub stację i dodaj ją.', 'b toilet': 'toaleta', 'b station': 'stacja',
    'b elsewhere': 'i {0} spoza tej mapy', 'b import': 'wczytaj plik zakładek locate', 'b export': 'zapisz jako plik',
    'b imported': 'wczytano zakładek: {0}', 'b bad file': 'to nie jest plik zakładek locate (bookmarks/1): {0}',
    'b no index': 'brak indeksu'
  }
});
