// The app's code starts once the page has painted in its web font (or,
// should the font be slow, in the fallback it then keeps, after 200 ms): the
// server's HTML is the page, and the code that makes it interactive waits
// its turn rather than competing with the page and its font for the first
// bytes of a slow connection. The build (vite.config.ts) puts this script
// in place of the entry's module script and module preloads, and names them
// in data-load: each becomes a module script (a chunk the entry imports is
// then fetched beside it, not after it; evaluated once, whichever comes
// first). Same origin, so no crossorigin attribute is needed.
(function (d) {
  var hrefs = d.currentScript.getAttribute('data-load').split(' ');
  function start() {
    hrefs.forEach(function (href) {
      var script = d.createElement('script');
      script.type = 'module';
      script.src = href;
      d.head.appendChild(script);
    });
  }
  var started;
  function afterPaint() {
    if (started) return;
    started = 1;
    requestAnimationFrame(function () {
      setTimeout(start);
    });
  }
  d.fonts.ready.then(afterPaint, afterPaint);
  setTimeout(afterPaint, 200);
})(document);
