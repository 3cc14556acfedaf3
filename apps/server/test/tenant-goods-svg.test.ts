// One database pass: no database (pure code), so the PostgreSQL pass would repeat it.
import { describe, expect, it } from 'vitest';
import { SvgRefusal, sanitizeSvg } from '../src/core/thumbs/svg.js';

const clean = (s: string) => sanitizeSvg(Buffer.from(s)).toString('utf8');
const refusal = (s: string) => {
  try {
    sanitizeSvg(Buffer.from(s));
  } catch (err) {
    return err instanceof SvgRefusal ? err.reason : String(err);
  }
  return 'accepted';
};

/** Nothing that runs or fetches is left in the output. */
function harmless(svg: string) {
  // namespace names are identifiers, never fetched
  const out = svg.replace(/ xmlns(:xlink)?="http:\/\/www\.w3\.org\/(2000\/svg|1999\/xlink)"/g, '');
  expect(out).not.toMatch(/<script|<foreignObject|<iframe|<animate|<set\b|<handler/i);
  expect(out).not.toMatch(/\son[a-z]+\s*=/i);
  expect(out).not.toMatch(/javascript:|vbscript:|data:text|http:|https:|\/\/evil|@import|<!ENTITY|<!DOCTYPE/i);
}

describe('SVG sanitising (a strict allow-list reader)', () => {
  it('keeps a logo as drawn', () => {
    const out = clean(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><rect width="100" height="40" fill="url(#g)"/><text x="4" y="30" font-size="20">LM &amp; 澜漫</text></svg>',
    );
    expect(out).toContain('viewBox="0 0 100 40"');
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('LM &amp; 澜漫');
    expect(out).toContain('<linearGradient id="g">');
  });

  it.each([
    ['script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="4"/></svg>'],
    [
      'CDATA script',
      '<svg xmlns="http://www.w3.org/2000/svg"><script><![CDATA[ alert(document.cookie) ]]></script><rect width="1" height="1"/></svg>',
    ],
    [
      'onload',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1" onclick="x()" ONMOUSEOVER="y()"/></svg>',
    ],
    [
      'xlink:href http',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="http://evil.example/x.png" width="9" height="9"/><rect width="1" height="1"/></svg>',
    ],
    ['use //evil', '<svg xmlns="http://www.w3.org/2000/svg"><use href="//evil.example/sprite.svg#a"/><rect width="1" height="1"/></svg>'],
    ['javascript: link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>'],
    [
      'foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.example"/></foreignObject><rect width="1" height="1"/></svg>',
    ],
    [
      'css url',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/x.css); rect { fill: url(http://evil.example/p) }</style><rect width="1" height="1" style="background:url(https://evil.example/t)"/></svg>',
    ],
    [
      'animate to javascript',
      '<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" to="javascript:alert(1)"/><rect width="1" height="1"/></a></svg>',
    ],
    [
      'data: html',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:text/html;base64,PHNjcmlwdD4=" width="1" height="1"/><rect width="1" height="1"/></svg>',
    ],
    [
      'entity-split scheme',
      '<svg xmlns="http://www.w3.org/2000/svg"><use href="jav&#x09;ascript:alert(1)"/><rect width="1" height="1" fill="url(&#x68;ttp://evil.example/#x)"/></svg>',
    ],
    ['css escape', '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" style="fill: u\\72l(http://evil.example)"/></svg>'],
  ])('takes out %s', (_, svg) => {
    const out = clean(svg);
    harmless(out);
    expect(out).toMatch(/<rect|<circle/);
  });

  it('keeps embedded raster pictures and local references only', () => {
    const out = clean(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><symbol id="s"><rect width="1" height="1"/></symbol><use xlink:href="#s"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/></svg>',
    );
    expect(out).toContain('<use xlink:href="#s"/>');
    expect(out).toContain('data:image/png;base64,iVBORw0KGgo=');
  });

  it('refuses entity declarations (billion laughs) and any DOCTYPE subset', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>`;
    expect(refusal(laughs)).toBe('doctype');
    const external = `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg><text>&x;</text></svg>`;
    expect(refusal(external)).toBe('doctype');
    // an undefined entity is not well-formed XML
    expect(refusal('<svg><text>&x;</text></svg>')).toBe('notWellFormed');
    // a plain public DOCTYPE (as drawing programs write it) is dropped
    const out = clean(
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg><rect width="1" height="1"/></svg>',
    );
    harmless(out);
  });

  it.each([
    ['unclosed', '<svg><rect></svg>'],
    ['two roots', '<svg></svg><svg></svg>'],
    ['unquoted', '<svg><rect width=1/></svg>'],
    ['duplicate attribute', '<svg><rect width="1" width="2"/></svg>'],
    ['bare ampersand', '<svg><text>a & b</text></svg>'],
    ['text outside', 'hello <svg></svg>'],
    ['bad UTF-8', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x3e, 0xff, 0x3c, 0x2f, 0x73, 0x76, 0x67, 0x3e]).toString('latin1')],
  ])('refuses a file that is not well-formed (%s)', (_, svg) => {
    const bytes = _ === 'bad UTF-8' ? Buffer.from(svg, 'latin1') : Buffer.from(svg);
    expect(() => sanitizeSvg(bytes)).toThrow(SvgRefusal);
  });

  it('refuses a well-formed file whose root is not <svg>', () => {
    expect(refusal('<html><svg></svg></html>')).toBe('notSvg');
  });
});
