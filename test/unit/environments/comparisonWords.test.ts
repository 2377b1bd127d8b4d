/**
 * The comparison's words and diff documents (issue 52), from the Sandbox's two environments read
 * for real: every planned finding says its failure in the service's words and its fix; a workflow's
 * two documents differ exactly at the changed line (the subject), a layout's HTML body is broken
 * into lines so that the one changed tag shows; a hostile name stays one comment line; no key
 * reaches a document.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type Comparison, compareSides } from '../../../src/compare/comparison';
import { readSide } from '../../../src/compare/readSide';
import type { SideSnapshot } from '../../../src/compare/snapshot';
import { bodyLines, sideText } from '../../../src/environments/diffText';
import { evidenceLine, failureWords, findingTitle, fixWords } from '../../../src/compare/findingWords';
import { type Sandbox, startSandbox } from '../../../src/sandbox';

const DEV = 'canary-dev-key-words-never-shown';
const PROD = 'canary-prod-key-words-never-shown';

/** The lines present on one side only. */
function changedLines(a: string, b: string): { left: string[]; right: string[] } {
  const la = a.split('\n');
  const lb = b.split('\n');
  return { left: la.filter((l) => !lb.includes(l)), right: lb.filter((l) => !la.includes(l)) };
}

describe('the comparison in words and documents', () => {
  let sandbox: Sandbox;
  let dev: SideSnapshot;
  let prod: SideSnapshot;
  let comparison: Comparison;
  before(async () => {
    sandbox = await startSandbox({ apiKey: DEV, productionApiKey: PROD, subscriberCount: 5, activityCount: 0 });
    [dev, prod] = await Promise.all([
      readSide({ baseUrl: sandbox.url, apiKey: DEV, connectionName: 'Sandbox' }),
      readSide({ baseUrl: sandbox.url, apiKey: PROD, connectionName: 'Sandbox Production' }),
    ]);
    comparison = compareSides(dev, prod);
  });
  after(() => sandbox.close());

  const sides = { source: 'Development', target: 'Production' };

  it('says each finding with the failure in the service’s words and its fix', () => {
    const said = comparison.findings.map((f) => `${f.id}|${findingTitle(f, sides)}|${failureWords(f, sides)}|${fixWords(f, sides)}`);
    assert.ok(said.includes('R1|Comment mention: not in Production|every trigger answers 422 workflow_not_found|Publish comment-mention from Development in Novu’s dashboard'), said.join('\n'));
    const r2 = said.find((s) => s.startsWith('R2|'))!;
    assert.match(r2, /inactive in Production\|every trigger answers 201 with status trigger_not_active: nothing is sent/);
    const r4 = said.filter((s) => s.startsWith('R4|'));
    assert.equal(r4.length, 3);
    for (const s of r4) assert.match(s, /no active primary SMS integration in Production\|runs start, and each SMS step fails: “Subscriber does not have an active integration”\|Set up an active primary SMS integration/);
    assert.match(said.find((s) => s.startsWith('R5|'))!, /layout brand-footer is not in Production\|each email of this step fails: “Layout not found”/);
    assert.match(said.find((s) => s.startsWith('R7|'))!, /400 PAYLOAD_VALIDATION_ERROR, “Payload validation failed: root\.invoiceNumber”/);
    assert.match(said.find((s) => s.startsWith('R9|'))!, /Sync Workflows… to Production/);
    for (const f of comparison.findings) {
      for (const text of [findingTitle(f, sides), failureWords(f, sides), fixWords(f, sides)]) assert.ok(text.trim().length > 0 && !text.includes('{'), `${f.id}: ${text}`);
      assert.ok(f.evidence.length > 0);
      for (const e of f.evidence) assert.match(evidenceLine(e, sides), /^(Development|Production): GET \/v[12]\//);
    }
  });

  it('opens a workflow’s two sides differing exactly at the changed subject', () => {
    const left = sideText({ kind: 'workflow', id: 'weekly-digest', item: dev.workflows.get('weekly-digest'), side: dev.name, readAt: dev.readAt });
    const right = sideText({ kind: 'workflow', id: 'weekly-digest', item: prod.workflows.get('weekly-digest'), side: prod.name, readAt: prod.readAt });
    const changed = changedLines(left, right);
    assert.match(changed.left[0]!, /^\/\/ Development \(127\.0\.0\.1:\d+\), read .*: workflow "weekly-digest"$/);
    // Development's email step has no subject of its own; Production’s says one, turns email off by default, and has translations off.
    const body = changed.right.slice(1).map((l) => l.trim());
    assert.deepEqual(body, ['"isTranslationEnabled": false,', '"enabled": false', '"controlValues": {', '"subject": "Your week on Sandbox"'], `only the changed lines differ:\n${body.join('\n')}`);
    for (const ignored of ['"_id"', '"updatedAt"', '"issues"', '"origin"', '"slug"']) assert.ok(!left.includes(ignored), `${ignored} is left out`);
    assert.equal(JSON.parse(left.split('\n').slice(1).join('\n')).workflowId, 'weekly-digest', 'the rest is JSON');
    for (const text of [left, right]) for (const key of [DEV, PROD]) assert.ok(!text.includes(key));
  });

  it('breaks an HTML body into lines so that the changed tag shows, and says a side that lacks the item', () => {
    const left = sideText({ kind: 'layout', id: 'minimal', item: dev.layouts.get('minimal'), side: dev.name, readAt: dev.readAt });
    const right = sideText({ kind: 'layout', id: 'minimal', item: prod.layouts.get('minimal'), side: prod.name, readAt: prod.readAt });
    const changed = changedLines(left, right);
    assert.ok(changed.right.some((l) => l.includes('font-family:serif')), right);
    assert.deepEqual(bodyLines('<p>a</p><p>b</p>\n<hr>'), ['<p>a</p>', '<p>b</p>', '<hr>']);
    const absent = sideText({ kind: 'workflow', id: 'holiday-promo', item: dev.workflows.get('holiday-promo'), side: dev.name, readAt: dev.readAt });
    assert.match(absent, /\n\/\/ not in Development/);
  });

  it('keeps a hostile id on its comment line', () => {
    const text = sideText({ kind: 'workflow', id: 'x"\n}{<img src=x>', item: undefined, side: 'Dev\u2028elopment', readAt: 'now' });
    assert.equal(text.split('\n').length, 3);
    assert.ok(text.startsWith('// Dev elopment, read now: workflow "x\\"\\n}{<img src=x>"'));
  });
});
