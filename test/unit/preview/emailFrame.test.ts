/** The email preview's srcdoc: its own CSP first, and what a CSP cannot stop taken out (contract §9.6). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { emailFrameCsp, emailSrcdoc } from '../../../src/preview/emailFrame';
import * as answers from './bridgeAnswers';

const PREFIX_OFF = `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; base-uri 'none'; form-action 'none'">`;

/** The email's part of the document (after the CSP meta this module writes). */
function emailPart(html: string, remoteImages = false): string {
  const doc = emailSrcdoc(html, { remoteImages });
  assert.ok(doc.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy" content="'), 'the CSP comes first');
  return doc.slice(doc.indexOf('">') + 2);
}

/** A live `http-equiv` (one the browser would honour), or a `<base` tag, anywhere. */
const LIVE_HTTP_EQUIV = /(?<!data-)http-equiv/i;
const BASE_TAG = /<base(?=[\s/>]|$)/i;

describe('email frame: the CSP', () => {
  it('comes first: nothing remote, remote images only with the toggle', () => {
    assert.ok(emailSrcdoc('<p>x</p>', { remoteImages: false }).startsWith(PREFIX_OFF));
    assert.equal(emailSrcdoc('<p>x</p>', { remoteImages: false }), `${PREFIX_OFF}<p>x</p>`);
    assert.equal(emailFrameCsp({ remoteImages: false }), "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; base-uri 'none'; form-action 'none'");
    assert.equal(emailFrameCsp({ remoteImages: true }), "default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'; font-src data:; base-uri 'none'; form-action 'none'");
    assert.ok(emailSrcdoc('', { remoteImages: true }).includes('img-src data: https: http:;'));
    assert.ok(!emailSrcdoc('', { remoteImages: false }).includes('https:'));
  });
});

describe('email frame: the real unsanitized email', () => {
  const body = answers.rawAlertEmail.outputs.body;
  const part = emailPart(body);

  it('removes meta refresh and base, and leaves what the CSP and sandbox stop', () => {
    assert.ok(!LIVE_HTTP_EQUIV.test(part), part);
    assert.ok(!BASE_TAG.test(part), part);
    assert.ok(!part.includes('evil.example/phish'), 'the refresh is gone whole');
    assert.ok(part.includes('<link rel="stylesheet" href="https://evil.example/x.css">'), 'a remote stylesheet: refused by style-src');
    assert.ok(part.includes('@import url(https://evil.example/i.css)'), '@import: refused by style-src');
    assert.ok(part.includes('<img src="https://tracker.example/pixel.gif?u=ada"'), 'remote images: img-src decides');
    assert.ok(part.includes("<script>alert('xss')</script>"), 'scripts: the sandbox has no allow-scripts');
  });

  it('turns every link target and href into data- attributes', () => {
    assert.ok(part.includes('<a data-href="javascript:alert(2)">Review activity</a>'));
    assert.ok(part.includes('<a data-href="https://app.example.com/security" data-target="_top">Secure account</a>'));
    assert.ok(!/<a\s[^>]*(?<![\w-])href=/i.test(part));
    assert.ok(!/\starget=/i.test(part));
  });

  it('does the same to the sanitized email (which keeps meta refresh and target=_top)', () => {
    const sanitized = emailPart(answers.sanitizedAlertEmail.outputs.body);
    assert.ok(!LIVE_HTTP_EQUIV.test(sanitized));
    assert.ok(sanitized.includes('<a data-href="https://app.example.com/security" data-target="_top">Secure account</a>'));
  });
});

describe('email frame: spellings', () => {
  const metas = [
    '<META HTTP-EQUIV=Refresh CONTENT="0;url=https://e.test">',
    '<meta\n  http-equiv\n  =\n  "refresh"\n  content=0>',
    '<meta/http-equiv=refresh/content=0>',
    `<meta content="0;url=//e.test" http-equiv='refresh'>`,
    '<meta http-equiv="Content-Security-Policy" content="img-src *">',
    '<meta http-equiv=set-cookie content="a=b">',
    '<MeTa\tHtTp-EqUiV="refresh" content="0">',
  ];
  for (const meta of metas) {
    it(`removes ${JSON.stringify(meta)}`, () => {
      const part = emailPart(`<html><head>${meta}</head><body>x</body></html>`);
      assert.ok(!LIVE_HTTP_EQUIV.test(part), part);
      assert.equal(part, '<html><head></head><body>x</body></html>');
    });
  }

  it('keeps a meta without http-equiv', () => {
    assert.equal(emailPart('<meta charset="utf-8"><meta name=viewport content="width=device-width">'), '<meta charset="utf-8"><meta name=viewport content="width=device-width">');
  });

  for (const base of ['<base href="https://e.test/">', '<BASE HREF=https://e.test/>', '<base\ntarget=_top>', '<base/>']) {
    it(`removes ${JSON.stringify(base)}`, () => {
      const part = emailPart(`<head>${base}</head><a href=x>y</a>`);
      assert.ok(!BASE_TAG.test(part), part);
      assert.equal(part, '<head></head><a data-href=x>y</a>');
    });
  }

  const links: [string, string][] = [
    ['<a href="x" target="_top">y</a>', '<a data-href="x" data-target="_top">y</a>'],
    ['<A HREF=x TARGET=_blank>y</A>', '<A data-href=x data-target=_blank>y</A>'],
    ["<a\nhref\n=\n'x'\ntarget\n=\n_parent\n>y</a>", "<a\ndata-href\n=\n'x'\ndata-target\n=\n_parent\n>y</a>"],
    ['<a/href=x>y</a>', '<a/data-href=x>y</a>'],
    ['<a href="x"target="_top">y</a>', '<a data-href="x"data-target="_top">y</a>'],
    ['<map><area href=x target=_top alt=m></map>', '<map><area data-href=x data-target=_top alt=m></map>'],
    ['<form target=_top action=x><button formtarget=_top>b</button></form>', '<form data-target=_top action=x><button formtarget=_top>b</button></form>'],
    ['<svg><a xlink:href="https://e.test"><text>t</text></a></svg>', '<svg><a data-xlink-href="https://e.test"><text>t</text></a></svg>'],
    ['<a title="a > b" href=x>y</a>', '<a title="a > b" data-href=x>y</a>'],
    ['<link rel=dns-prefetch href=//t.test><LINK REL="Preconnect" HREF="https://t.test">', '<link rel=dns-prefetch data-href=//t.test><LINK REL="Preconnect" data-href="https://t.test">'],
    ['<link rel="stylesheet" href="https://e.test/x.css">', '<link rel="stylesheet" href="https://e.test/x.css">'],
  ];
  for (const [html, expected] of links) {
    it(`rewrites ${JSON.stringify(html)}`, () => {
      assert.equal(emailPart(html), expected);
    });
  }

  it('leaves text, comments and styles that only look like attributes', () => {
    const html = '<p>use href=x and target=_top in prose</p><!-- <a href=y> --><style>a[target=_top]{color:red}</style><img src="data:image/png;base64,AA">';
    assert.equal(emailPart(html), html);
  });
});

describe('email frame: hiding from the scan does not help', () => {
  const tricks: [string, string][] = [
    ['an abrupt comment', '<!--><meta http-equiv=refresh content=0>'],
    ['a comment inside a style', '<style><!--</style><meta http-equiv=refresh content=0>--></style>'],
    ['a script that ends later than it seems', '<script><!--<script></script><i title="</script><meta http-equiv=refresh content=0><i title="">'],
    ['an unclosed attribute quote', '<p title="><meta http-equiv=refresh content=0>'],
    ['a base in a comment-looking text', '<style>/*</style><base href=https://e.test/>*/</style>'],
  ];
  for (const [name, html] of tricks) {
    it(name, () => {
      const part = emailPart(html);
      assert.ok(!LIVE_HTTP_EQUIV.test(part), part);
      assert.ok(!BASE_TAG.test(part), part);
    });
  }
});

describe('email frame: hostile input', () => {
  const MB = 1_000_000;
  for (const [name, html] of [
    ['many links', '<a href=x target=_top>y</a>'.repeat(MB / 27)],
    ['many metas', '<meta http-equiv=refresh content=0>'.repeat(MB / 36)],
    ['an unterminated quote', `<a href="${'x'.repeat(MB)}`],
    ['only <', '<'.repeat(MB)],
    ['an unterminated comment', '<!--'.repeat(MB / 4)],
  ] as const) {
    it(`rewrites 1 MB of ${name} in well under 2 s`, () => {
      const started = performance.now();
      const part = emailPart(html, true);
      const took = performance.now() - started;
      assert.ok(!LIVE_HTTP_EQUIV.test(part));
      assert.ok(took < 2_000, `${took.toFixed(0)} ms`);
      console.log(`# emailSrcdoc, 1 MB of ${name}: ${took.toFixed(0)} ms`);
    });
  }
});
