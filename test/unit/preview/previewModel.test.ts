/** Rendered steps as view models: each channel, entities decoded once, unsafe in-app links, SMS segments, hostile input. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildPreviewModel, decodeEntitiesOnce, htmlToText, smsModel, type EmailModel, type InAppModel } from '../../../src/rendered/previewModel';
import { hasBidiControls, isFrameTarget, showControls, unsafeUrlReasons } from '../../../src/rendered/linkSafety';
import * as answers from './bridgeAnswers';

const outputs = (answer: { outputs: object }) => JSON.parse(JSON.stringify(answer.outputs)) as Record<string, unknown>;

describe('entities, once', () => {
  it('decodes named, decimal and hex references exactly once', () => {
    assert.equal(decodeEntitiesOnce('Tom &amp; Jerry'), 'Tom & Jerry');
    assert.equal(decodeEntitiesOnce('&lt;b&gt;bold&lt;/b&gt;'), '<b>bold</b>');
    assert.equal(decodeEntitiesOnce('&amp;lt;b&amp;gt;'), '&lt;b&gt;', 'once: an escaped entity stays an entity');
    assert.equal(decodeEntitiesOnce('&#38; &#x26; &#X26; &#39;s &quot;q&quot; &apos;'), `& & & 's "q" '`);
    assert.equal(decodeEntitiesOnce('&#128512; &#x1F600; &#150; &#0; &#x110000; &#xD800;'), '😀 😀 – \ufffd \ufffd \ufffd');
    assert.equal(decodeEntitiesOnce('&nbsp;&eacute;&euro;&hellip;'), '\u00a0é€…');
    assert.equal(decodeEntitiesOnce('&bogus; &amp &#xZZ; & ;'), '&bogus; &amp &#xZZ; & ;', 'unknown or unterminated references stay as written');
    assert.equal(decodeEntitiesOnce('&constructor; &__proto__;'), '&constructor; &__proto__;');
  });
});

describe('htmlToText', () => {
  it('removes tags, puts blocks on their own lines, drops scripts and styles, collapses white space', () => {
    const html = `<!DOCTYPE html><html><head><title>T</title><style>p { color: red }</style></head><body>
      <h1>Hello   Ada</h1><p>Your <b>team</b>
      plan &amp; more</p><script>alert("x")</script><!-- hidden --><ul><li>one</li><li>two</li></ul>a<br>b<table><tr><td>x</td><td>y</td></tr></table></body></html>`;
    assert.equal(htmlToText(html), 'Hello Ada\nYour team plan & more\none\ntwo\na\nb\nx y');
  });

  it('decodes after removing tags, so escaped markup stays text', () => {
    assert.equal(htmlToText('<p>&lt;b&gt;not bold&lt;/b&gt;</p>'), '<b>not bold</b>');
    assert.equal(htmlToText('a < b and c > d'), 'a < b and c > d');
    assert.equal(htmlToText(''), '');
  });
});

describe('email', () => {
  it('decodes the subject once and keeps the body as HTML', () => {
    const model = buildPreviewModel('email', outputs(answers.receipt)) as EmailModel;
    assert.equal(model.kind, 'email');
    assert.equal(model.subject, 'Receipt for INV-7 – Tom & Jerry Ltd');
    assert.equal(model.html, '<p>42 EUR received from Ada &amp; thanks!</p>');
    assert.deepEqual(model.links, []);
    assert.equal(model.remoteImages, 0);
    assert.equal((buildPreviewModel('email', { subject: '&lt;b&gt;Hi&lt;/b&gt; &amp;amp;', body: '' }) as EmailModel).subject, '<b>Hi</b> &amp;');
    assert.equal((buildPreviewModel('email', outputs(answers.rawAlertEmail)) as EmailModel).subject, 'New sign-in from 203.0.113.7 <script>', 'an unsanitized subject is text as it is');
  });

  it('lists the links with their text and decoded href, and counts remote images', () => {
    const model = buildPreviewModel('email', outputs(answers.rawAlertEmail)) as EmailModel;
    assert.deepEqual(model.links, [
      { text: 'Review activity', href: 'javascript:alert(2)', unsafe: true },
      { text: 'Secure account', href: 'https://app.example.com/security', unsafe: false },
    ]);
    assert.equal(model.remoteImages, 1, 'the tracking pixel; not the data: image, not the relative one');
    const html = `<A HREF="https://x.test/?a=1&amp;b=2">Go
      <b>now</b></A><a href=/relative>rel</a><a name="anchor">no href</a><area href="https://map.test" alt="m">
      <img src='//cdn.test/p.png'><IMG SRC=http://a.test/x.gif><img src="cid:logo"><img srcset="data:image/png;base64,AA 1x, https://b.test/2x.png 2x">
      <img src=" https://spaced.test/x.png"><img src="data:image/gif;base64,R0lGOD"><picture><source srcset="https://c.test/a.webp"></picture>`;
    const rich = buildPreviewModel('email', { subject: '', body: html }) as EmailModel;
    assert.deepEqual(rich.links, [
      { text: 'Go now', href: 'https://x.test/?a=1&b=2', unsafe: false },
      { text: 'rel', href: '/relative', unsafe: false },
      { text: '', href: 'https://map.test', unsafe: false },
    ]);
    assert.equal(rich.remoteImages, 5);
  });
});

describe('in-app', () => {
  it('reads the inbox’s text, its buttons and data; plain URLs are safe', () => {
    const model = buildPreviewModel('in_app', outputs(answers.welcomeInApp)) as InAppModel;
    assert.deepEqual(model, {
      kind: 'inApp',
      subject: 'Welcome, Ada',
      body: 'Your team workspace for Acme is ready.',
      avatar: { url: 'https://app.example.com/logo.png', unsafe: false, reasons: [] },
      primary: { label: 'Open dashboard', url: 'https://app.example.com/start', target: '_blank', unsafe: false, reasons: [] },
      secondary: { label: 'Invite your team', url: '/settings/team', target: '_self', unsafe: false, reasons: [] },
      data: { plan: 'team' },
    });
  });

  it('flags what the schema lets through: javascript: avatars, //host, /../ and _top', () => {
    const model = buildPreviewModel('in_app', outputs(answers.alertInApp)) as InAppModel;
    assert.equal(model.body, 'New sign-in from 203.0.113.7 &', 'tags stripped, entities decoded once');
    assert.deepEqual(model.avatar, { url: 'javascript:alert(3)', unsafe: true, reasons: ['scheme'] });
    assert.deepEqual(model.redirect, { url: '//evil.example/x', target: '_top', unsafe: true, reasons: ['protocolRelative', 'frameTarget'] });
    assert.deepEqual(model.primary, { label: 'Review', url: '/../../admin?a=1&b=2', target: '_self', unsafe: true, reasons: ['dotSegments'] });
    assert.equal(model.secondary, undefined);
  });

  it('reads schemes as a browser does (case, tabs, leading spaces) and other unsafe forms', () => {
    assert.deepEqual(unsafeUrlReasons('JaVa\tScRiPt:alert(1)'), ['scheme']);
    assert.deepEqual(unsafeUrlReasons('  vbscript:x'), ['scheme']);
    assert.deepEqual(unsafeUrlReasons('data:text/html,<b>x'), ['scheme']);
    assert.deepEqual(unsafeUrlReasons('\\\\evil.test/x'), ['protocolRelative']);
    assert.deepEqual(unsafeUrlReasons('/a/%2E%2E/b'), ['dotSegments']);
    assert.deepEqual(unsafeUrlReasons('../up'), ['dotSegments']);
    assert.deepEqual(unsafeUrlReasons('/settings?x=/../'), [], 'dots in the query are not a path');
    assert.deepEqual(unsafeUrlReasons('https://app.test/a..b/c'), []);
    const parent = buildPreviewModel('in_app', { body: 'x', primaryAction: { label: 'Go', redirect: { url: 'https://a.test', target: '_PARENT' } }, avatar: '/me.png' }) as InAppModel;
    assert.deepEqual(parent.primary?.reasons, ['frameTarget']);
    assert.deepEqual(parent.avatar, { url: '/me.png', unsafe: true, reasons: ['notHttp'] });
  });
});

describe('direction controls and frame targets (issue 37)', () => {
  const spoofed = 'https://app.example.com\u202e/moc.live';

  it('flags an address whose text is reordered by a direction control, and shows each control as its escape', () => {
    assert.deepEqual(unsafeUrlReasons(spoofed), ['bidi']);
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c']) assert.ok(hasBidiControls(`https://a.test/${c}x`), escape(c));
    assert.equal(hasBidiControls('https://app.example.com/مرحبا'), false, 'right-to-left letters are not controls');
    assert.equal(showControls(spoofed), 'https://app.example.com\\u202E/moc.live');
    assert.equal(showControls('a\u2066b\u200fc'), 'a\\u2066b\\u200Fc');
    assert.equal(showControls('https://app.example.com/x'), 'https://app.example.com/x');
    const model = buildPreviewModel('in_app', { body: 'x', avatar: spoofed, redirect: { url: spoofed, target: '_blank' }, primaryAction: { label: 'Go', redirect: { url: '/ok', target: '_parent' } } }) as InAppModel;
    assert.deepEqual(model.redirect, { url: spoofed, target: '_blank', unsafe: true, reasons: ['bidi'] });
    assert.deepEqual(model.avatar, { url: spoofed, unsafe: true, reasons: ['bidi'] });
    assert.deepEqual(model.primary, { label: 'Go', url: '/ok', target: '_parent', unsafe: true, reasons: ['frameTarget'] });
    const email = buildPreviewModel('email', { subject: '', body: `<a href="${spoofed}">Pay</a><a href="https://ok.test">ok</a>` }) as EmailModel;
    assert.deepEqual(email.links.map((l) => l.unsafe), [true, false], 'an email link that hides its order is flagged too');
  });

  it('reads every target that leaves the inbox’s frame', () => {
    for (const target of ['_top', '_parent', ' _Parent ', '_unfencedTop']) assert.ok(isFrameTarget(target), target);
    for (const target of ['_self', '_blank', undefined, 'top']) assert.ok(!isFrameTarget(target), String(target));
  });
});

describe('sms', () => {
  it('counts GSM-7 septets: 160 in one part, else 153 each', () => {
    assert.deepEqual(smsModel(answers.welcomeSms.outputs.body), {
      kind: 'sms', text: 'Hi Ada, welcome to Acme! Reply STOP to opt out.', characters: 47, encoding: 'GSM-7', units: 47, segments: 1, nonGsm: [],
    });
    assert.equal(smsModel('a'.repeat(160)).segments, 1);
    assert.equal(smsModel('a'.repeat(161)).segments, 2);
    assert.equal(smsModel('a'.repeat(306)).segments, 2);
    assert.equal(smsModel('a'.repeat(307)).segments, 3);
    assert.equal(smsModel('').segments, 0);
    assert.equal(smsModel('Grüße à Çà').encoding, 'GSM-7', 'the basic set has these accents');
  });

  it('counts a GSM extension character as two septets, never split across parts', () => {
    const euro = smsModel('€');
    assert.deepEqual([euro.characters, euro.units, euro.encoding], [1, 2, 'GSM-7']);
    assert.equal(smsModel('€'.repeat(80)).segments, 1, '160 septets');
    assert.equal(smsModel('€'.repeat(80) + 'a').segments, 2);
    assert.equal(smsModel('{'.repeat(10) + '[]~^|\\').units, 32);
    // 152 + an escape pair that does not fit in part one + 152: 3 parts where 306 septets would fit in 2.
    assert.equal(smsModel('a'.repeat(152) + '€' + 'a'.repeat(152)).segments, 3);
    assert.equal(smsModel('a'.repeat(152) + '€' + 'a'.repeat(151)).segments, 2);
  });

  it('switches to UCS-2 for an emoji or a curly quote: 70 in one part, else 67 each', () => {
    const emoji = smsModel('Hi 😀');
    assert.deepEqual([emoji.characters, emoji.units, emoji.encoding, emoji.segments, emoji.nonGsm], [4, 5, 'UCS-2', 1, ['😀']]);
    assert.equal(smsModel('’'.repeat(70)).segments, 1);
    assert.equal(smsModel('’'.repeat(71)).segments, 2);
    assert.equal(smsModel('’'.repeat(134)).segments, 2);
    assert.equal(smsModel('’'.repeat(135)).segments, 3);
    assert.equal(smsModel('a'.repeat(66) + '😀' + 'a'.repeat(66)).segments, 3, 'a surrogate pair is not split (134 units, yet 3 parts)');
    assert.deepEqual(smsModel('it’s “quoted” ’').nonGsm, ['’', '“', '”']);
  });

  it('builds from outputs, never decoding (sms is not sanitized)', () => {
    assert.deepEqual(buildPreviewModel('sms', { body: 'A &amp; B' }), smsModel('A &amp; B'));
  });
});

describe('push, chat and settings', () => {
  it('push: title and text as returned', () => {
    assert.deepEqual(buildPreviewModel('push', { subject: 'Order A-1001 shipped', body: '1 item(s) on the way with DHL' }), { kind: 'push', title: 'Order A-1001 shipped', text: '1 item(s) on the way with DHL' });
    assert.deepEqual(buildPreviewModel('push', { subject: 'a &amp; b', body: 5 }), { kind: 'push', title: 'a &amp; b', text: '5' });
  });

  it('chat: text, or a card as data', () => {
    assert.deepEqual(buildPreviewModel('chat', { body: ':package: Order *A-1001* shipped' }), { kind: 'chat', text: ':package: Order *A-1001* shipped' });
    assert.deepEqual(buildPreviewModel('chat', { card: { title: 'x' } }), { kind: 'chat', text: '', card: { title: 'x' } });
  });

  it('digest, delay, throttle and custom: settings, with a note that they send nothing', () => {
    for (const type of ['digest', 'delay', 'throttle', 'custom']) {
      const model = buildPreviewModel(type, { amount: 7, unit: 'days' });
      assert.equal(model.kind, 'settings');
      if (model.kind !== 'settings') continue;
      assert.equal(model.type, type);
      assert.deepEqual(model.settings, { amount: 7, unit: 'days' });
      assert.match(model.note, new RegExp(`^A ${type} step sends no message`));
    }
  });

  it('copes with outputs of the wrong types', () => {
    assert.deepEqual(buildPreviewModel('email', { subject: { a: 1 }, body: null }), { kind: 'email', subject: '', html: '', links: [], images: [], remoteImages: 0 });
    assert.deepEqual(buildPreviewModel('in_app', { body: 1, primaryAction: 'x', redirect: null }), { kind: 'inApp', body: '1' });
  });
});

describe('hostile input', () => {
  const MB = 1_000_000;
  const bodies: [string, string][] = [
    ['an unterminated quote', `<a href="${'x'.repeat(MB)}`],
    ['an unterminated comment after many openers', '<!--'.repeat(MB / 4)],
    ['only <', '<'.repeat(MB)],
    ['many tags', '<a href=x>y</a><img src=https://t.test/p>'.repeat(MB / 40)],
    ['many entities', '&amp;&#x1F600;&lt;'.repeat(MB / 18)],
    ['an unclosed style', `<style>${'</styl'.repeat(MB / 6)}`],
    ['attribute soup', `<a ${'b= '.repeat(MB / 3)}>`],
    ['nested svg', '<svg><style>'.repeat(MB / 12)],
    ['dashes in a comment', `<!--${'-'.repeat(MB)}`],
    ['plain text', 'word '.repeat(MB / 5)],
  ];
  for (const [name, body] of bodies) {
    it(`handles 1 MB of ${name} in well under 2 s`, () => {
      const started = performance.now();
      const email = buildPreviewModel('email', { subject: body.slice(0, 1000), body }) as EmailModel;
      const inApp = buildPreviewModel('in_app', { body, avatar: body, redirect: { url: body } });
      const text = htmlToText(body);
      const sms = smsModel(body);
      const took = performance.now() - started;
      assert.ok(email.kind === 'email' && inApp.kind === 'inApp' && typeof text === 'string' && sms.kind === 'sms');
      assert.ok(took < 2_000, `${name}: ${took.toFixed(0)} ms`);
      console.log(`# previewModel, 1 MB of ${name}: ${took.toFixed(0)} ms`);
    });
  }
});
