/**
 * SVG sanitising: an uploaded SVG is parsed by a strict XML reader of its own (no DTD, no entity
 * beyond the five predefined ones and character references) and written again from an allow-list
 * of elements and attributes. What may run or fetch goes: <script>, <foreignObject>, animations,
 * event handlers (on*), javascript:/data:/external href, xlink:href and src, url(…) other than a
 * local url(#id), @import, CSS escapes. A file that is not well-formed XML with an <svg> root is
 * refused (SvgRefusal). Pure CPU work: the upload path runs it in a worker (svg-run.ts), never on
 * the server's event loop.
 */

/** Why an SVG is refused: an i18n key of the files catalog part. */
export class SvgRefusal extends Error {
  constructor(readonly reason: 'notWellFormed' | 'doctype' | 'notSvg' | 'tooComplex') {
    super(`svg refused: ${reason}`);
  }
}

/** Elements kept (with their allowed children); anything else goes with its whole subtree, except UNWRAPPED. */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'image',
  'style',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feFlood',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feOffset',
  'feFuncA',
  'feFuncR',
  'feFuncG',
  'feFuncB',
  'feDropShadow',
]);

/** Elements that go but whose children stay (a link around a shape: the shape is kept, the link is not). */
const UNWRAPPED = new Set(['a', 'switch']);

const ATTRIBUTES = new Set(
  [
    'id class style x y x1 y1 x2 y2 cx cy r rx ry fx fy fr width height d points viewBox preserveAspectRatio transform',
    'fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-miterlimit stroke-dasharray',
    'stroke-dashoffset stroke-opacity opacity color display visibility overflow clip-path clip-rule mask filter',
    'font-family font-size font-weight font-style font-variant font-stretch text-anchor dominant-baseline alignment-baseline',
    'baseline-shift letter-spacing word-spacing text-decoration dx dy rotate textLength lengthAdjust startOffset',
    'gradientUnits gradientTransform spreadMethod offset stop-color stop-opacity patternUnits patternContentUnits',
    'patternTransform clipPathUnits maskUnits maskContentUnits refX refY markerWidth markerHeight markerUnits orient',
    'marker-start marker-mid marker-end filterUnits primitiveUnits in in2 result stdDeviation mode operator k1 k2 k3 k4',
    'values type tableValues slope intercept amplitude exponent flood-color flood-opacity lighting-color',
    'version baseProfile xmlns xmlns:xlink xml:space xml:lang lang href xlink:href xlink:title enable-background',
    'shape-rendering text-rendering image-rendering color-rendering color-interpolation color-interpolation-filters',
    'vector-effect paint-order mix-blend-mode isolation media',
  ]
    .join(' ')
    .split(' '),
);

const NAMESPACES: Record<string, string> = {
  xmlns: 'http://www.w3.org/2000/svg',
  'xmlns:xlink': 'http://www.w3.org/1999/xlink',
};

/** Raster pictures embedded in an <image>: the only data: URLs kept. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;

const MAX_DEPTH = 200;
const MAX_NODES = 200_000;

interface El {
  name: string;
  attrs: [string, string][];
  children: Node[];
}
type Node = El | { text: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text with its references replaced; an undefined entity (or a bad reference) is not well-formed. */
function decode(raw: string): string {
  return raw.replace(/&([^;&\s]{0,12});?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new SvgRefusal('notWellFormed');
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      const ok = /^#(x[0-9A-Fa-f]+|[0-9]+)$/.test(ref) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      if (!ok) throw new SvgRefusal('notWellFormed');
      return String.fromCodePoint(code);
    }
    const v = PREDEFINED[ref];
    if (v === undefined) throw new SvgRefusal('notWellFormed');
    return v;
  });
}

/** The document's one element, read strictly. */
function parse(src: string): El {
  let i = 0;
  let nodes = 0;
  const root: El = { name: '#document', attrs: [], children: [] };
  const stack: El[] = [root];
  const fail = (): never => {
    throw new SvgRefusal('notWellFormed');
  };
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const textEnd = lt < 0 ? src.length : lt;
    if (textEnd > i) {
      const text = src.slice(i, textEnd);
      if (text.includes('>') && /\]\]>/.test(text)) fail();
      const top = stack[stack.length - 1];
      if (top === root) {
        if (text.trim()) fail();
      } else top.children.push({ text: decode(text) });
      i = textEnd;
      continue;
    }
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i + 4);
      if (end < 0) fail();
      i = end + 3;
    } else if (src.startsWith('<![CDATA[', i)) {
      const end = src.indexOf(']]>', i + 9);
      if (end < 0 || stack.length === 1) fail();
      stack[stack.length - 1].children.push({ text: src.slice(i + 9, end) });
      i = end + 3;
    } else if (src.startsWith('<!', i)) {
      // a DOCTYPE: only outside the root, and never with an internal subset (entities, their expansion)
      if (!/^<!DOCTYPE\s/i.test(src.slice(i, i + 10)) || stack.length > 1 || root.children.length) fail();
      const end = src.indexOf('>', i);
      if (end < 0) fail();
      if (src.slice(i, end).includes('[')) throw new SvgRefusal('doctype');
      i = end + 1;
    } else if (src.startsWith('<?', i)) {
      const end = src.indexOf('?>', i + 2);
      if (end < 0) fail();
      i = end + 2;
    } else if (src.startsWith('</', i)) {
      const m = NAME.exec(src.slice(i + 2, i + 2 + 256));
      if (!m) fail();
      const name = m![0];
      let j = i + 2 + name.length;
      while (/\s/.test(src[j] ?? '')) j++;
      if (src[j] !== '>') fail();
      const top = stack.pop();
      if (!top || top === root || top.name !== name) fail();
      i = j + 1;
    } else {
      const m = NAME.exec(src.slice(i + 1, i + 1 + 256));
      if (!m) fail();
      const el: El = { name: m![0], attrs: [], children: [] };
      let j = i + 1 + el.name.length;
      const seen = new Set<string>();
      for (;;) {
        const ws = j;
        while (/\s/.test(src[j] ?? '')) j++;
        if (src[j] === '>' || src.startsWith('/>', j)) break;
        if (j === ws) fail();
        const an = NAME.exec(src.slice(j, j + 256));
        if (!an) fail();
        const attr = an![0];
        j += attr.length;
        while (/\s/.test(src[j] ?? '')) j++;
        if (src[j] !== '=') fail();
        j++;
        while (/\s/.test(src[j] ?? '')) j++;
        const q = src[j];
        if (q !== '"' && q !== "'") fail();
        const end = src.indexOf(q, j + 1);
        if (end < 0) fail();
        const raw = src.slice(j + 1, end);
        if (raw.includes('<')) fail();
        if (seen.has(attr)) fail();
        seen.add(attr);
        el.attrs.push([attr, decode(raw)]);
        j = end + 1;
      }
      const parent = stack[stack.length - 1];
      if (parent === root && root.children.length) fail();
      parent.children.push(el);
      if (++nodes > MAX_NODES || stack.length > MAX_DEPTH) throw new SvgRefusal('tooComplex');
      if (src[j] === '>') {
        stack.push(el);
        i = j + 1;
      } else i = j + 2;
    }
  }
  if (stack.length !== 1) fail();
  const top = root.children[0];
  if (!top || !('name' in top)) fail();
  if ((top as El).name !== 'svg') throw new SvgRefusal('notSvg');
  return top as El;
}

/** Characters a browser skips inside a URL scheme or a CSS keyword. */
const squeeze = (v: string) =>
  Array.from(v)
    .filter((c) => {
      const n = c.codePointAt(0)!;
      return n > 0x20 && (n < 0x7f || n > 0x9f);
    })
    .join('')
    .toLowerCase();

/** A value whose url(…) are local references only, and that names no script or import. */
function safeValue(v: string): boolean {
  const s = squeeze(v);
  if (s.includes('javascript:') || s.includes('vbscript:') || s.includes('expression(') || s.includes('@import')) return false;
  if (s.includes('behavior:') || s.includes('-moz-binding') || v.includes('\\')) return false;
  const rest = s.replace(/url\((['"]?)#[^)'"]*\1\)/g, '');
  return !rest.includes('url(') && !rest.includes('image-set(') && !rest.includes('src(');
}

function keepAttr(el: string, name: string, value: string): boolean {
  if (!ATTRIBUTES.has(name)) return false;
  if (name in NAMESPACES) return value === NAMESPACES[name];
  if (name === 'href' || name === 'xlink:href') {
    const v = value.trim();
    if (v.startsWith('#')) return /^#[A-Za-z_][\w.:-]*$/.test(v);
    return el === 'image' && DATA_IMAGE.test(v);
  }
  return safeValue(value);
}

const esc = (s: string, attr: boolean) => {
  const out = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return attr ? out.replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;') : out;
};

function write(node: Node, out: string[], parent: string): void {
  if (!('name' in node)) {
    out.push(esc(node.text, false));
    return;
  }
  if (UNWRAPPED.has(node.name)) {
    for (const c of node.children) write(c, out, parent);
    return;
  }
  if (!ELEMENTS.has(node.name)) return;
  if (node.name === 'style') {
    const css = node.children.map((c) => ('text' in c ? c.text : '')).join('');
    if (!safeValue(css)) return;
    out.push(`<style>${esc(css, false)}</style>`);
    return;
  }
  const attrs = node.attrs.filter(([k, v]) => keepAttr(node.name, k, v));
  // an <image> is kept only with its embedded picture; a <use> only with its local reference
  if ((node.name === 'image' || node.name === 'use') && !attrs.some(([k]) => k === 'href' || k === 'xlink:href')) return;
  if (node.name === 'svg' && parent === '#document')
    for (const ns of ['xmlns:xlink', 'xmlns']) if (!attrs.some(([k]) => k === ns)) attrs.unshift([ns, NAMESPACES[ns]]);
  out.push(`<${node.name}${attrs.map(([k, v]) => ` ${k}="${esc(v, true)}"`).join('')}`);
  if (!node.children.length) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const c of node.children) write(c, out, node.name);
  out.push(`</${node.name}>`);
}

/** The SVG rewritten from its allowed parts (UTF-8), or a SvgRefusal. */
export function sanitizeSvg(bytes: Uint8Array): Buffer {
  let src: string;
  try {
    src = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SvgRefusal('notWellFormed');
  }
  src = src.replace(/^\uFEFF/, '');
  if (src.includes('\u0000')) throw new SvgRefusal('notWellFormed');
  const root = parse(src);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  write(root, out, '#document');
  return Buffer.from(out.join(''), 'utf8');
}
