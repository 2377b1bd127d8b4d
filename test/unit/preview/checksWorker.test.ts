/**
 * The Preview's checks off the extension host's thread (issue 51, E2), with the real thread
 * (dist/checksWorker.js, as built) and caniemail's real data: the same findings as on the host, in
 * the host's language; a 1 MB email checked while this thread stays free (its longest block
 * measured); and the Checks strip's state: "checking…" at once, then the findings of the newest ask
 * only, an older ask's left unused.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { checkStep, DEFAULT_CHECKS_SETTINGS, type StepToCheck } from '../../../src/checks';
import { buildPreviewModel } from '../../../src/rendered/previewModel';
import { ChecksWorker } from '../../../src/preview/checksWorker';
import { PreviewChecks } from '../../../src/preview/previewChecks';
import type { PreviewView } from '../../../src/preview/protocol';
import { largeNewsletter } from './largeEmail';
import { watchLoopBlocks } from '../../bench/loopBlocks';

const SCRIPT = join(__dirname, '..', '..', '..', '..', 'dist', 'checksWorker.js');

function emailStep(subject: string, html: string): StepToCheck {
  return { stepId: 'newsletter', result: { model: buildPreviewModel('email', { subject, body: html }) }, payload: {} };
}

/** The panel's view of `step` rendered, as PreviewChecks reads it. */
function viewOf(step: StepToCheck): Omit<PreviewView, 'renderer' | 'checks' | 'checking'> {
  const model = 'model' in step.result ? step.result.model : undefined;
  return { workflowId: 'w', steps: [], stepId: step.stepId, stepType: 'email', status: 'rendered', ...(model ? { model } : {}), remoteImages: false, subscriber: '', payload: '{}', controls: [], notes: [] };
}

describe('the checks thread', () => {
  const worker = new ChecksWorker(SCRIPT, { 'The subject is empty.': 'Der Betreff ist leer.' });
  after(() => worker.dispose());

  it('finds what the host finds, in the host’s language', async () => {
    const step = emailStep('', '<!DOCTYPE html><html><body><p style="border-radius:4px">Hi <a href="http://x.example">there</a></p><img src="https://x.example/a.png"></body></html>');
    const findings = await worker.check(step, DEFAULT_CHECKS_SETTINGS);
    const here = checkStep(step, DEFAULT_CHECKS_SETTINGS, doIUseEmail);
    assert.deepEqual(findings.map((f) => [f.id, f.where]), here.map((f) => [f.id, f.where]));
    assert.ok(findings.some((f) => f.id === 'client-support'), 'caniemail’s data is in the thread');
    assert.equal(findings.find((f) => f.id === 'empty-subject')?.message, 'Der Betreff ist leer.');
  });

  it('checks a 1 MB email while this thread stays free, and drops an ask made stale while it waits', async () => {
    const large = emailStep('Weekly digest', largeNewsletter());
    // The making of the email's model is the render's, not the checks': its garbage collected first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const blocks = watchLoopBlocks();
    const started = performance.now();
    const checked = worker.check(large, DEFAULT_CHECKS_SETTINGS);
    const posted = performance.now() - started;
    // Asked while the thread works on the large one: dropped before it is checked.
    const stale = new AbortController();
    const dropped = worker.check(emailStep('Old', '<p>old</p>'), DEFAULT_CHECKS_SETTINGS, stale.signal);
    stale.abort();
    await assert.rejects(dropped, { name: 'AbortError' });
    const findings = await checked;
    const took = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 30));
    const { longest } = blocks.stop();
    console.log(`# checks of a 1 MB email in the thread: ${took.toFixed(0)} ms; this thread's longest block ${longest.toFixed(1)} ms (the post ${posted.toFixed(1)} ms)`);
    assert.ok(findings.some((f) => f.id === 'gmail-clip'), 'the large email was checked');
    assert.ok(took > 200, `the check itself is not free (${took.toFixed(0)} ms)`);
    assert.ok(longest < 50, `this thread was blocked for ${longest.toFixed(1)} ms while the thread checked`);
  });
});

describe('the Checks strip’s state', () => {
  const worker = new ChecksWorker(SCRIPT, undefined);
  after(() => worker.dispose());

  it('says checking… at once, then shows the newest render’s findings only', async () => {
    let done = 0;
    const checks = new PreviewChecks((step, settings, signal) => worker.check(step, settings, signal), () => done++, { canIEmail: doIUseEmail, failed: (error) => assert.fail(error) });
    // Emails over 16 KB (smaller ones are checked at once, below).
    const older = viewOf(emailStep('', largeNewsletter(20 * 1024)));
    const newer = viewOf(emailStep('Newer', `${largeNewsletter(20 * 1024)}<img src="https://x.example/n.png">`));
    const payload = {};
    assert.deepEqual(checks.of(older, payload, undefined), { checking: true });
    // A newer render before the older one's findings came: those go unused.
    assert.deepEqual(checks.of(newer, payload, undefined), { checking: true });
    await new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const wait = setInterval(() => {
        if (done > 0) resolve(clearInterval(wait));
        else if (Date.now() - started > 10_000) reject(new Error('no findings in 10 s'));
      }, 5);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(done, 1, 'only the newest ask’s findings are shown');
    const now = checks.of(newer, payload, undefined);
    const ours = (checks: typeof now.checks) => checks?.findings.map((f) => f.id).filter((id) => id !== 'client-support');
    assert.deepEqual(ours(now.checks), ['image-alt'], 'the newer render’s, not the older’s empty subject');
    assert.ok(now.checks?.findings.some((f) => f.id === 'client-support'), 'with caniemail’s data, in the thread');
    // A newer render under way (another payload): the strip of the one shown stays, nothing is asked.
    const rendering = { ...newer, status: 'rendering' as const };
    assert.equal(checks.of(rendering, { plan: 'team' }, undefined), now);
    // A small email is checked at once, on this thread, with caniemail's data handed in.
    const small = viewOf(emailStep('', '<p style="border-radius:4px">Hi</p>'));
    assert.deepEqual(checks.of(small, payload, undefined).checks?.findings.map((f) => f.id), ['empty-subject', 'client-support']);
    // An SMS (no HTML) is checked at once, on this thread.
    const sms = { ...viewOf({ stepId: 'sms', result: { model: buildPreviewModel('sms', { body: 'Hi undefined' }) }, payload: {} }), stepType: 'sms' };
    assert.deepEqual(checks.of(sms, {}, undefined).checks?.findings.map((f) => f.id), ['unresolved']);
    checks.dispose();
  });

  it('checks on this thread when the thread cannot', async () => {
    const failures: string[] = [];
    let done = 0;
    const broken = new ChecksWorker(join(__dirname, 'no-such-worker.js'), undefined);
    const checks = new PreviewChecks((step, settings, signal) => broken.check(step, settings, signal), () => done++, { canIEmail: doIUseEmail, failed: (error) => failures.push(error.message) });
    const view = viewOf(emailStep('', largeNewsletter(20 * 1024)));
    const payload = {};
    assert.deepEqual(checks.of(view, payload, undefined), { checking: true });
    await new Promise<void>((resolve) => {
      const wait = setInterval(() => done > 0 && resolve(clearInterval(wait)), 5);
    });
    assert.equal(failures.length, 1);
    assert.deepEqual(checks.of(view, payload, undefined).checks?.findings.map((f) => f.id).filter((id) => id !== 'client-support'), ['empty-subject']);
    broken.dispose();
  });
});
