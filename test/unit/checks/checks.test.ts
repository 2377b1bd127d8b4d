/** The checks every rendered step gets (issue 46, §4): each check, its levels and settings, and hostile values shown as text. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkStep, DEFAULT_LEVELS, GMAIL_CLIP_BYTES, readChecksSettings, type CanIEmail, type Finding, type StepToCheck } from '../../../src/checks';
import { offsetAfterBytes } from '../../../src/checks/emailChecks';
import { buildPreviewModel } from '../../../src/rendered/previewModel';
import { doIUseEmail } from '@jsx-email/doiuse-email';

function rendered(type: string, outputs: Record<string, unknown>, more: Partial<StepToCheck> = {}): StepToCheck {
  return { stepId: 'step-1', result: { model: buildPreviewModel(type, outputs) }, payload: {}, ...more };
}

const ids = (findings: Finding[]) => findings.map((f) => f.id);
const email = (body: string, subject = 'Hello') => rendered('email', { subject, body });

describe('checks of every step', () => {
  it('finds nothing in a clean email, in-app, SMS and push', () => {
    assert.deepEqual(checkStep(email('<p>Hi Ada, <a href="https://app.example.com/start">start</a> <img src="https://cdn.example.com/a.png" alt=""></p>')), []);
    assert.deepEqual(checkStep(rendered('in_app', { subject: 'Hi', body: 'Ready', primaryAction: { label: 'Open', redirect: { url: '/home' } } })), []);
    assert.deepEqual(checkStep(rendered('sms', { body: 'Hi Ada, welcome to Acme!' })), []);
    assert.deepEqual(checkStep(rendered('push', { subject: 'Shipped', body: '2 items' })), []);
    assert.deepEqual(checkStep(rendered('digest', { amount: 1, unit: 'days' })), []);
  });

  it('says a step that did not render, and each key of the payload the app refused, at the key', () => {
    const findings = checkStep({ stepId: 'welcome-email', result: { failure: { text: 'The payload does not match the workflow’s schema: 1 problem.', atKeys: [{ key: 'plan', message: 'must be one of free, team' }] } }, payload: { plan: 'gold' } });
    assert.deepEqual(findings, [
      { id: 'rendered', level: 'error', step: 'welcome-email', where: { kind: 'step' }, message: 'It did not render: The payload does not match the workflow’s schema: 1 problem.' },
      { id: 'payload-schema', level: 'error', step: 'welcome-email', where: { kind: 'payload', key: 'plan' }, message: 'The payload’s plan: must be one of free, team' },
    ]);
  });

  it('checks the payload against the workflow’s schema, defaults filled in as the app does, and not when the schema is hidden', () => {
    const schema = { type: 'object', properties: { plan: { type: 'string', enum: ['free', 'team'], default: 'team' }, seats: { type: 'integer', minimum: 1 } }, required: ['plan', 'seats'] };
    const findings = checkStep(email('<p>x</p>', 'S'), undefined);
    assert.deepEqual(findings, []);
    const withSchema = checkStep({ ...email('<p>x</p>'), payload: { seats: 0 }, payloadSchema: schema });
    assert.deepEqual(withSchema.map((f) => [f.id, f.where]), [['payload-schema', { kind: 'payload', key: 'seats' }]]);
    assert.match(withSchema[0]!.message, /^The payload’s seats: /);
    assert.deepEqual(checkStep({ ...email('<p>x</p>'), payload: { seats: 3 }, payloadSchema: schema }), [], 'plan takes its default');
  });

  it('finds undefined, null, NaN, [object Object] and unrendered {{ … }} in subject, body, text, links and buttons, as whole words only', () => {
    assert.deepEqual(checkStep(email('<p>Hi undefined,</p>', 'Welcome, {{ subscriber.firstName }}')).map((f) => [f.id, f.where]), [
      ['unresolved', { kind: 'field', field: 'subject' }],
      ['unresolved', { kind: 'field', field: 'body' }],
    ]);
    const [subject] = checkStep(email('<p>x</p>', 'Total: NaN EUR'));
    assert.equal(subject!.message, 'The subject shows “NaN”, a value that was not filled in: “Total: NaN EUR”');
    assert.deepEqual(ids(checkStep(email('<p><a href="https://x.example/null">go</a></p>'))), ['unresolved']);
    assert.deepEqual(checkStep(email('<p><a href="https://x.example/null">go</a></p>'))[0]!.where, { kind: 'link', index: 0 });
    assert.deepEqual(ids(checkStep(rendered('sms', { body: 'Your code is [object Object]' }))), ['unresolved']);
    assert.deepEqual(ids(checkStep(rendered('push', { subject: 'Order {% if x %}', body: 'ok' }))), ['unresolved']);
    assert.deepEqual(checkStep(rendered('in_app', { body: 'ok', primaryAction: { label: 'Open null', redirect: { url: '/x' } } })).map((f) => f.where), [{ kind: 'button', button: 'primary' }]);
    // Words that only contain them are not findings.
    assert.deepEqual(checkStep(email('<p>nullable, undefinedness, NaNo, a {single} brace, NaN_x</p>', 'Not null-safe')).map((f) => f.message), ['The subject shows “null”, a value that was not filled in: “Not null-safe”']);
  });

  it('flags an empty, javascript: or direction-control target of a link or button (the Preview’s rule), and not //host or /../ (other flags of the Preview)', () => {
    const findings = checkStep(email('<a href="">a</a><a href=" javascript:alert(1)">b</a><a href="https://app.example.com\u202e/moc.live">c</a><a href="//cdn.example.com/x">d</a><a href="https://ok.example">e</a>'));
    assert.deepEqual(findings.map((f) => [f.id, f.where]), [
      ['link-target', { kind: 'link', index: 0 }],
      ['link-target', { kind: 'link', index: 1 }],
      ['link-target', { kind: 'link', index: 2 }],
    ]);
    assert.equal(findings[0]!.message, 'Link 1 () goes nowhere (an empty address).');
    assert.equal(findings[1]!.message, 'Link 2 (javascript:alert(1)) runs a script or opens inline data.');
    assert.equal(findings[2]!.message, 'Link 3 (https://app.example.com\\u202E/moc.live) hides its real order with direction controls (shown as \\u…).');
    assert.ok(!findings[2]!.message.includes('\u202e'), 'the control itself is never in the message');
    const inApp = checkStep(rendered('in_app', { body: 'x', avatar: 'javascript:alert(1)', secondaryAction: { label: 'Go', redirect: { url: '' } }, redirect: { url: 'data:text/html,<script>alert(1)</script>' } }));
    assert.deepEqual(inApp.map((f) => f.where), [{ kind: 'button', button: 'secondary' }, { kind: 'button', button: 'redirect' }, { kind: 'button', button: 'avatar' }]);
  });

  it('keeps markup and direction controls of a value as text in its message', () => {
    const [finding] = checkStep(email('<p>x</p>', '<img src=x onerror=alert(1)> \u202eundefined'));
    assert.equal(finding!.message, 'The subject shows “undefined”, a value that was not filled in: “<img src=x onerror=alert(1)> \\u202Eundefined”');
  });
});

describe('checks of an email', () => {
  it('wants an alt on every image (alt="" is one), and https: for links and images', () => {
    const findings = checkStep(email('<img src="https://cdn.example.com/logo.png"><img src="http://cdn.example.com/pixel.gif" alt=""><a href="http://app.example.com/a">a</a><a href="HTTP://x.example">b</a>'));
    assert.deepEqual(findings.map((f) => [f.level, f.id, f.where]), [
      ['warning', 'image-alt', { kind: 'image', index: 0 }],
      ['warning', 'insecure-url', { kind: 'image', index: 1 }],
      ['warning', 'insecure-url', { kind: 'link', index: 0 }],
      ['warning', 'insecure-url', { kind: 'link', index: 1 }],
    ]);
    assert.equal(findings[0]!.message, 'Image 1 (https://cdn.example.com/logo.png) has no alt text: a reader whose client blocks images, or who hears the email, gets nothing.');
  });

  it('wants a subject', () => {
    assert.deepEqual(checkStep(email('<p>x</p>', '  ')).map((f) => [f.level, f.id, f.where]), [['error', 'empty-subject', { kind: 'field', field: 'subject' }]]);
  });

  it('counts bytes of UTF-8 where Gmail does', () => {
    assert.equal(offsetAfterBytes('abc', 3), undefined);
    assert.equal(offsetAfterBytes('abcd', 3), 3);
    assert.equal(offsetAfterBytes('aé€😀', 6), 3, 'a (1) é (2) € (3) = 6, then the emoji');
    assert.equal(offsetAfterBytes('😀😀', 7), 2);
  });

  it('names what falls below Gmail’s 102 KB clip, the unsubscribe link first, and points at it', () => {
    const filler = `<p>${'x'.repeat(GMAIL_CLIP_BYTES)}</p>`;
    const html = `<a href="https://app.example.com/top">Top</a>${filler}<a href="https://app.example.com/more">More</a><img src="https://cdn.example.com/f.png" alt="f"><a href="https://app.example.com/u?id=1">Unsubscribe</a>`;
    const findings = checkStep(email(html));
    assert.deepEqual(findings.map((f) => [f.level, f.id, f.where]), [['error', 'gmail-clip', { kind: 'link', index: 2 }]]);
    assert.equal(findings[0]!.message, 'The HTML is 103 KB: Gmail clips it after 102 KB and hides the rest, with the unsubscribe link “Unsubscribe”, 1 other link, 1 image.');
    assert.deepEqual(checkStep(email(`<p>${'x'.repeat(GMAIL_CLIP_BYTES - 100)}</p>`)), [], 'just under the clip');
    // Multi-byte text reaches the clip sooner than its length says.
    assert.deepEqual(ids(checkStep(email(`<p>${'€'.repeat(40_000)}</p><a href="https://x.example">x</a>`))), ['gmail-clip']);
  });

  it('reads the clients’ support from caniemail’s data as handed in, for the clients of the setting, and says when the setting matches none', () => {
    const asked: { html: string; clients: string[] }[] = [];
    const canIEmail: CanIEmail = (html, { emailClients }) => {
      asked.push({ html, clients: emailClients });
      if (emailClients.includes('nokia.*')) throw new Error('The specified email client(s) (nokia.*) were not found');
      // As @jsx-email/doiuse-email 1.0.4 says it: one line per feature and client; partial support among the warnings.
      return {
        success: false,
        errors: ['`<video> element` is not supported by `outlook.windows`', '`<video> element` is not supported by `gmail.desktop-webmail`', '`<video> element` is not supported by `outlook.windows`', 'something else \u202e went wrong'],
        warnings: ['`border-radius` is only partially supported by `outlook.windows`'],
      };
    };
    const findings = checkStep(email('<video src="https://x.example/v.mp4"></video>'), undefined, canIEmail);
    assert.deepEqual(asked.map((a) => a.clients), [['gmail.*', 'outlook.*', 'apple-mail.*']]);
    assert.deepEqual(findings.map((f) => [f.level, f.id, f.where, f.message]), [
      ['warning', 'client-support', { kind: 'field', field: 'body' }, '<video> element is not supported by gmail.desktop-webmail, outlook.windows (caniemail).'],
      ['warning', 'client-support', { kind: 'field', field: 'body' }, 'something else \\u202E went wrong (caniemail).'],
    ]);
    assert.deepEqual(checkStep(email('<p>x</p>'), undefined, () => ({ success: true })), [], 'all supported');
    const failed = checkStep(email('<p>x</p>'), readChecksSettings({ emailClients: ['nokia.*'] }), canIEmail);
    assert.deepEqual(failed.map((f) => [f.id, f.message]), [['client-support', 'The email clients could not be checked (nokia.*): The specified email client(s) (nokia.*) were not found']]);
  });
});

describe('the email clients’ support, from the package of caniemail’s data itself', () => {
  it('names what Gmail and Outlook lack in a real email, says nothing of what they support, and refuses an unknown client at the setting', () => {
    const html = '<html><body><video src="https://x.example/v.mp4"></video><p style="color:#333">Hi</p></body></html>';
    const findings = checkStep(email(html), undefined, doIUseEmail);
    const support = findings.filter((f) => f.id === 'client-support');
    assert.ok(support.length > 0, 'a <video> is not supported everywhere');
    assert.match(support.map((f) => f.message).join('\n'), /video/i);
    assert.match(support.map((f) => f.message).join('\n'), /(gmail|outlook)\./);
    assert.deepEqual(checkStep(email('<p>Hi <a href="https://app.example.com">there</a></p>'), undefined, doIUseEmail).filter((f) => f.id === 'client-support'), [], 'a paragraph and a link are supported by all three');
    const unknown = checkStep(email('<p>Hi</p>'), readChecksSettings({ emailClients: ['nokia.*'] }), doIUseEmail);
    assert.match(unknown.map((f) => f.message).join('\n'), /could not be checked \(nokia\.\*\)/);
  });
});

describe('checks of an SMS', () => {
  it('says more segments than allowed, with the encoding and what made it UCS-2', () => {
    const long = rendered('sms', { body: `Hi ${'a'.repeat(300)}` });
    assert.deepEqual(checkStep(long), [], '2 segments of GSM-7 are allowed');
    const ucs2 = rendered('sms', { body: `Café ✓ ${'a'.repeat(140)}` });
    assert.deepEqual(checkStep(ucs2).map((f) => [f.level, f.id, f.where, f.message]), [
      ['warning', 'sms-segments', { kind: 'field', field: 'text' }, 'The SMS is sent as 3 segments of UCS-2 (not GSM-7: ✓), more than the 2 allowed: 147 characters.'],
    ]);
    assert.equal(checkStep(long, readChecksSettings({ smsMaxSegments: 1 }))[0]!.message, 'The SMS is sent as 2 segments of GSM-7, more than the 1 allowed: 303 characters.');
  });
});

describe('levels and settings', () => {
  it('states a default level for every check, and a setting changes it or turns it off', () => {
    assert.deepEqual(readChecksSettings({}).levels, DEFAULT_LEVELS);
    const settings = readChecksSettings({ levels: { 'image-alt': 'error', 'insecure-url': 'off', unresolved: 'fatal', __proto__: 'off' }, emailClients: ['', 7, ' gmail.* '], smsMaxSegments: 0 });
    assert.equal(settings.levels['image-alt'], 'error');
    assert.equal(settings.levels['insecure-url'], 'off');
    assert.equal(settings.levels.unresolved, 'error', 'an unknown level is the default');
    assert.deepEqual(settings.emailClients, ['gmail.*']);
    assert.equal(settings.smsMaxSegments, 2);
    const findings = checkStep(email('<img src="http://x.example/a.png">'), settings);
    assert.deepEqual(findings.map((f) => [f.level, f.id]), [['error', 'image-alt']], 'raised to an error; http: off');
  });

  it('lists at most 20 findings of one check, and counts the rest in one more', () => {
    const findings = checkStep(email('<img src="https://x.example/a.png">'.repeat(25)));
    assert.equal(findings.length, 21);
    assert.deepEqual(findings[20], { id: 'image-alt', level: 'warning', step: 'step-1', where: { kind: 'step' }, message: '5 more findings of this check are not listed.' });
    // One more is said in the singular.
    assert.equal(checkStep(email('<img src="https://x.example/a.png">'.repeat(21)))[20]!.message, '1 more finding of this check is not listed.');
  });

  it('lists errors before warnings', () => {
    const findings = checkStep(email('<img src="https://x.example/a.png"><p>undefined</p>'));
    assert.deepEqual(findings.map((f) => f.level), ['error', 'warning']);
  });

  it('leaves out caniemail’s <body> element when the body has no attributes (issue 51, item 21): those clients drop the tag, not the content', () => {
    const page = (body: string) => email(`<!DOCTYPE html><html><head><title>x</title></head>${body}<table><tr><td>Hi</td></tr></table></body></html>`);
    const clientFindings = (step: StepToCheck) => checkStep(step, undefined, doIUseEmail).filter((f) => f.id === 'client-support').map((f) => f.message);
    assert.deepEqual(clientFindings(page('<body>')), []);
    assert.deepEqual(clientFindings(page('<BODY >')), []);
    // A background on the body is what those clients lose: still said.
    const styled = clientFindings(page('<body style="background-color:#f4f4f4">'));
    assert.equal(styled.length, 1, styled.join('\n'));
    assert.match(styled[0]!, /^<body> element is not supported by .*outlook\.android.*outlook\.ios.*outlook\.macos/);
    // The rest of the email is still asked about with the bare body left out.
    assert.ok(clientFindings(page('<body><p style="border-radius:4px">x</p>')).some((m) => m.startsWith('border-radius is not supported')));
  });

  it('checks a 1 MB hostile body quickly', () => {
    const html = `${'<a href="javascript:'.repeat(20_000)}${'{{'.repeat(100_000)}${'<img src=http:'.repeat(10_000)}`;
    const started = performance.now();
    checkStep(email(html));
    assert.ok(performance.now() - started < 2000, `${Math.round(performance.now() - started)} ms`);
  });
});
