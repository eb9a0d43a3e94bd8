// The app's code starts once the page has painted, in its web font (or, the
// font being slow, after 200 ms in the fallback it then keeps): the server's
// HTML is the page, and the code that makes it interactive waits its turn
// rather than competing with the page and its font for the first bytes of
// a slow connection. The build (vite.config.ts) puts this script in place of
// the entry's module script and module preloads, and names them in
// data-load: each becomes a module script (a chunk the entry imports is
// then fetched beside it, not after it; evaluated once, whichever comes
// first). Same origin, so no crossorigin attribute is needed.
(function (d) {
  var hrefs = d.currentScript.getAttribute('data-load').split(' ');
  var started, waiting;
  function start() {
    if (started) return;
    started = 1;
    hrefs.forEach(function (href) {
      var script = d.createElement('script');
      script.type = 'module';
      script.src = href;
      d.head.appendChild(script);
    });
  }
  function afterPaint() {
    if (waiting) return;
    waiting = 1;
    // A page that does not paint (a tab opened in the background) starts all the same.
    setTimeout(start, 1000);
    try {
      new PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start);
      }).observe({ type: 'paint', buffered: true });
    } catch (e) {
      requestAnimationFrame(function () {
        setTimeout(start);
      });
    }
  }
  d.fonts.ready.then(afterPaint, afterPaint);
  setTimeout(afterPaint, 200);
})(document);
