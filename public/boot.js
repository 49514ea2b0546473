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
