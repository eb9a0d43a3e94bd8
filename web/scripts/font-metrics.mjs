// Prints the descriptors of the metric-adjusted fallback faces of
// web/src/styles.css ('Inter Fallback'), computed from the font files:
//
//   node web/scripts/font-metrics.mjs [fallback.ttf ...]
//
// size-adjust scales the local font so that its text is as wide as Inter's:
// the ratio of the two fonts' average advance widths, each character weighted
// by how often it occurs in the site's copy (the strings of web/src/content).
// ascent-, descent- and line-gap-override then give the scaled font Inter's
// vertical metrics (hhea, which Chromium and Safari use; Inter's OS/2 typo
// metrics are the same), divided by size-adjust, which scales them too.
import { readFileSync, readdirSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';

const inter = 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
const fallbacks = process.argv.slice(2);
if (fallbacks.length === 0) {
  fallbacks.push('/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf');
}

// The tables of an OpenType font, by tag, from a TTF or a WOFF2 file.
function tables(buf) {
  const out = {};
  if (buf.toString('latin1', 0, 4) !== 'wOF2') {
    const n = buf.readUInt16BE(4);
    for (let i = 0; i < n; i++) {
      const at = 12 + 16 * i;
      out[buf.toString('latin1', at, at + 4)] = buf.subarray(buf.readUInt32BE(at + 8), buf.readUInt32BE(at + 8) + buf.readUInt32BE(at + 12));
    }
    return out;
  }
  // WOFF2: a table directory, then one brotli stream of every table in order.
  // hmtx may be transformed (version 1), which keeps the advance widths first.
  const known = 'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'.match(/.{4}\s?/g).map((t) => t.slice(0, 4));
  let at = 48;
  const base128 = () => {
    let v = 0;
    for (;;) {
      const b = buf[at++];
      v = v * 128 + (b & 0x7f);
      if (!(b & 0x80)) return v;
    }
  };
  const dir = [];
  for (let i = buf.readUInt16BE(12); i > 0; i--) {
    const flags = buf[at++];
    let tag = known[flags & 0x3f];
    if ((flags & 0x3f) === 63) {
      tag = buf.toString('latin1', at, at + 4);
      at += 4;
    }
    const version = flags >> 6;
    let length = base128();
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    if (transformed) length = base128();
    dir.push({ tag, length, version });
  }
  const data = brotliDecompressSync(buf.subarray(at, at + buf.readUInt32BE(20)));
  let off = 0;
  for (const t of dir) {
    out[t.tag] = data.subarray(off, off + t.length);
    out[t.tag].transformed = t.tag === 'hmtx' && t.version === 1;
    off += t.length;
  }
  return out;
}

// Glyph id of a character, from the Windows Unicode cmap (format 4 or 12).
function cmapLookup(cmap) {
  let sub;
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const platform = cmap.readUInt16BE(4 + 8 * i);
    const enc = cmap.readUInt16BE(6 + 8 * i);
    const off = cmap.readUInt32BE(8 + 8 * i);
    const format = cmap.readUInt16BE(off);
    if (platform === 3 && (enc === 1 || enc === 10) && (format === 4 || format === 12)) {
      if (!sub || format === 12) sub = { off, format };
    }
  }
  const { off, format } = sub;
  if (format === 12) {
    const n = cmap.readUInt32BE(off + 12);
    return (c) => {
      for (let i = 0; i < n; i++) {
        const g = off + 16 + 12 * i;
        const start = cmap.readUInt32BE(g);
        if (c >= start && c <= cmap.readUInt32BE(g + 4)) return cmap.readUInt32BE(g + 8) + c - start;
      }
      return 0;
    };
  }
  const segs = cmap.readUInt16BE(off + 6) / 2;
  const ends = off + 14;
  const starts = ends + 2 * segs + 2;
  const deltas = starts + 2 * segs;
  const ranges = deltas + 2 * segs;
  return (c) => {
    for (let i = 0; i < segs; i++) {
      if (c > cmap.readUInt16BE(ends + 2 * i)) continue;
      const start = cmap.readUInt16BE(starts + 2 * i);
      if (c < start) return 0;
      const delta = cmap.readInt16BE(deltas + 2 * i);
      const ro = cmap.readUInt16BE(ranges + 2 * i);
      if (ro === 0) return (c + delta) & 0xffff;
      const g = cmap.readUInt16BE(ranges + 2 * i + ro + 2 * (c - start));
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
}

function metrics(file) {
  const t = tables(readFileSync(file));
  const unitsPerEm = t.head.readUInt16BE(18);
  const numberOfHMetrics = t.hhea.readUInt16BE(34);
  const glyph = cmapLookup(t.cmap);
  const first = t.hmtx.transformed ? 1 : 0;
  const step = t.hmtx.transformed ? 2 : 4;
  const advance = (c) => {
    const g = Math.min(glyph(c), numberOfHMetrics - 1);
    return t.hmtx.readUInt16BE(first + step * g);
  };
  return {
    unitsPerEm,
    ascent: t.hhea.readInt16BE(4),
    descent: t.hhea.readInt16BE(6),
    lineGap: t.hhea.readInt16BE(8),
    typo: { ascent: t['OS/2'].readInt16BE(68), descent: t['OS/2'].readInt16BE(70), lineGap: t['OS/2'].readInt16BE(72) },
    advance,
  };
}

// How often each character occurs in the site's copy.
const counts = new Map();
for (const name of readdirSync('web/src/content')) {
  if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
  const src = readFileSync(`web/src/content/${name}`, 'utf8');
  for (const [, s] of src.matchAll(/'((?:[^'\\\n]|\\.)*\s(?:[^'\\\n]|\\.)*)'/g)) {
    for (const ch of s.replace(/\\(.)/g, '$1')) counts.set(ch.codePointAt(0), (counts.get(ch.codePointAt(0)) ?? 0) + 1);
  }
}
const average = (m) => {
  let sum = 0;
  let n = 0;
  for (const [c, k] of counts) {
    sum += (k * m.advance(c)) / m.unitsPerEm;
    n += k;
  }
  return sum / n;
};

const pct = (v) => `${(v * 100).toFixed(2)}%`;
const i = metrics(inter);
console.log(`Inter: unitsPerEm ${i.unitsPerEm}, hhea ascent ${i.ascent}, descent ${i.descent}, lineGap ${i.lineGap}; OS/2 typo ${JSON.stringify(i.typo)}; average width ${average(i).toFixed(4)} em over ${[...counts.values()].reduce((a, b) => a + b)} characters`);
for (const file of fallbacks) {
  const f = metrics(file);
  const sizeAdjust = average(i) / average(f);
  console.log(`\n${file}: unitsPerEm ${f.unitsPerEm}, average width ${average(f).toFixed(4)} em`);
  console.log(`  size-adjust: ${pct(sizeAdjust)};`);
  console.log(`  ascent-override: ${pct(i.ascent / i.unitsPerEm / sizeAdjust)};`);
  console.log(`  descent-override: ${pct(-i.descent / i.unitsPerEm / sizeAdjust)};`);
  console.log(`  line-gap-override: ${pct(i.lineGap / i.unitsPerEm / sizeAdjust)};`);
}
