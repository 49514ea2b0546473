// Colour scheme and direction before the first paint, so a dark or RTL workspace never flashes.
// A file rather than an inline script: the pages' Content-Security-Policy allows no inline script.
(function () {
  try {
    var scheme = localStorage.getItem('coverwatch.color-scheme');
    var dark = scheme === 'dark' || (scheme === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
    var ui = JSON.parse(localStorage.getItem('coverwatch.ui') || '{}');
    document.documentElement.setAttribute('dir', ui.rtl === true ? 'rtl' : 'ltr');
  } catch (e) {}
})();
// A signed-in workspace screen's files are asked for now, beside the entry, rather than once the
// router has run: index.html gives the build's list of them (scripts/vite-route-preload.ts).
(function () {
  try {
    var list = document.currentScript && document.currentScript.getAttribute('data-route-preload');
    if (!list || !localStorage.getItem('coverwatch.token')) return;
    var map = JSON.parse(list);
    var path = window.location.pathname;
    var screen = null;
    for (var i = 0; i < map.screens.length && !screen; i++) if (new RegExp(map.screens[i][0], 'i').test(path)) screen = map.screens[i][1];
    // Not a workspace screen (the login page, a public page): nothing. The root opens one of them.
    if (!screen && path !== '/') return;
    var all = map.shell.concat(screen || []);
    for (var j = 0; j < all.length; j++) {
      var file = map.files[all[j]];
      var css = /\.css$/.test(file);
      var link = document.createElement('link');
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.as = 'style';
      link.crossOrigin = '';
      link.href = '/' + file;
      document.head.appendChild(link);
    }
  } catch (e) {}
})();
