// The few browser globals that React's server renderer touches and that the
// embedded engine lacks. Rendering is synchronous, so timers never need to fire.
(function (g) {
  g.self = g;
  g.setTimeout = function () { return 0; };
  g.clearTimeout = function () {};
  g.setImmediate = undefined;
  g.queueMicrotask = function (fn) { Promise.resolve().then(fn); };
  g.MessageChannel = function () {
    this.port1 = { onmessage: null, postMessage: function () {} };
    this.port2 = { onmessage: null, postMessage: function () {} };
  };
  g.TextEncoder = function () {};
  g.TextEncoder.prototype.encoding = 'utf-8';
  g.TextEncoder.prototype.encode = function (s) {
    s = String(s === undefined ? '' : s);
    var out = [];
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
        var d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d < 0xe000) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        }
      }
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(out);
  };
  g.TextEncoder.prototype.encodeInto = function (s, dest) {
    var bytes = this.encode(s);
    dest.set(bytes.subarray(0, dest.length));
    return { read: s.length, written: Math.min(bytes.length, dest.length) };
  };
})(globalThis);
