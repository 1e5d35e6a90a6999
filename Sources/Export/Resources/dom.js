// The one element builder of the page's scripts (list.js, bookmarks.js, station.js,
// contribute.js): LOCATE_DOM.el(tag, attributes, children) makes an element with its
// attributes (null ones left out) and children (strings become text, never markup; null ones
// left out). No markup from data reaches innerHTML through it.
window.LOCATE_DOM = {
  el: function (tag, attrs, kids) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { if (attrs[k] != null) e.setAttribute(k, attrs[k]); });
    (kids || []).forEach(function (k) { if (k != null) e.appendChild(typeof k === 'string' ? document.createTextNode(k) : k); });
    return e;
  }
};
