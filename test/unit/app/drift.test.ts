/** Drift between the app's discover and the environment's last sync (§9.5), in words, and what a sync will do. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DiscoveredWorkflow } from '../../../src/bridge/bridgeClient';
import { isSchemaVisible } from '../../../src/bridge/discoverSchema';
import { changeWords, compareWorkflows, driftSummary, syncPlan, type DiscoveredWorkflowLike, type DriftEntry } from '../../../src/app/drift';

const DRAFT7 = 'http://json-schema.org/draft-07/schema#';
/** What an app on zod 4 sends for every schema (§9.1). */
const zod4 = { schema: { $schema: DRAFT7 } };
const objectSchema = (properties: string[], required: string[] = []) => ({
  schema: { $schema: DRAFT7, type: 'object', properties: Object.fromEntries(properties.map((key) => [key, { type: 'string' }])), required, additionalProperties: false },
});
const noControls = objectSchema([]);

function workflow(workflowId: string, steps: [string, string, string[]?][], payload: { schema: unknown } = objectSchema([]), extra: Record<string, unknown> = {}): DiscoveredWorkflowLike & Record<string, unknown> {
  return {
    workflowId,
    name: workflowId,
    steps: steps.map(([stepId, type, controls]) => ({ stepId, type, controls: controls ? objectSchema(controls) : noControls, outputs: noControls, code: '' })),
    payload,
    controls: noControls,
    code: '',
    ...extra,
  };
}

const only = (app: DiscoveredWorkflowLike, environment: unknown): DriftEntry => {
  const entries = compareWorkflows([app], [environment]);
  assert.equal(entries.length, 1);
  return entries[0]!;
};

describe('drift: steps', () => {
  it('same definitions are the same', () => {
    const def = workflow('welcome', [['welcome-email', 'email', ['subject']], ['inbox', 'in_app']], objectSchema(['firstName', 'plan'], ['plan']));
    assert.deepEqual(only(def, structuredClone(def)), { workflowId: 'welcome', kind: 'same', changes: [], schemaComparable: true });
  });

  it('steps added, removed and retyped, in the app’s order then the removed', () => {
    const synced = workflow('welcome', [['welcome-email', 'email'], ['reminder', 'sms'], ['old-chat', 'chat']]);
    const app = workflow('welcome', [['digest', 'digest'], ['welcome-email', 'email'], ['reminder', 'push']]);
    const entry = only(app, synced);
    assert.equal(entry.kind, 'changed');
    assert.equal(entry.schemaComparable, true);
    assert.deepEqual(entry.changes, [
      { kind: 'stepAdded', stepId: 'digest', type: 'digest' },
      { kind: 'stepRetyped', stepId: 'reminder', from: 'sms', to: 'push' },
      { kind: 'stepRemoved', stepId: 'old-chat', type: 'chat' },
    ]);
  });

  it('reads the environment loosely: unknown fields kept out, odd steps and entries skipped', () => {
    const app = workflow('welcome', [['welcome-email', 'email']]);
    const synced = { ...workflow('welcome', [['welcome-email', 'email']]), _id: 'x', steps: [{ stepId: 'welcome-email', type: 'email', controls: noControls }, { stepId: 3 }, null, 'x'] };
    const entries = compareWorkflows([app], [synced, null, 'welcome', { name: 'no id' }, { workflowId: '' }]);
    assert.deepEqual(entries, [{ workflowId: 'welcome', kind: 'same', changes: [], schemaComparable: true }]);
  });

  it('takes bridgeClient’s DiscoveredWorkflow as it is', () => {
    const discovered: DiscoveredWorkflow = { workflowId: 'w', steps: [{ stepId: 's', type: 'email', controls: zod4, outputs: undefined, code: undefined, options: undefined, providers: undefined }], payload: zod4, controls: undefined, name: undefined, description: undefined, tags: undefined, severity: undefined, code: undefined };
    assert.equal(compareWorkflows([discovered], [])[0]?.kind, 'onlyInCode');
  });
});

describe('drift: schemas', () => {
  it('payload keys added, removed, made required and made optional', () => {
    const synced = workflow('welcome', [['e', 'email']], objectSchema(['firstName', 'plan', 'legacy', 'team'], ['firstName']));
    const app = workflow('welcome', [['e', 'email']], objectSchema(['firstName', 'plan', 'team', 'locale'], ['plan', 'team']));
    assert.deepEqual(only(app, synced).changes, [
      { kind: 'payloadKeyOptional', key: 'firstName' },
      { kind: 'payloadKeyAdded', key: 'locale' },
      { kind: 'payloadKeyRequired', key: 'plan' },
      { kind: 'payloadKeyRequired', key: 'team' },
      { kind: 'payloadKeyRemoved', key: 'legacy' },
    ]);
  });

  it('a key named only in `required` is a key', () => {
    const synced = workflow('w', [], { schema: { type: 'object', properties: {} } });
    const app = workflow('w', [], { schema: { type: 'object', required: ['orderId'] } });
    assert.deepEqual(only(app, synced).changes, [{ kind: 'payloadKeyAdded', key: 'orderId' }]);
  });

  it('controls added and removed, of a step and of the workflow', () => {
    const synced = workflow('w', [['e', 'email', ['subject', 'body']], ['gone', 'sms', ['text']]]);
    const app = { ...workflow('w', [['e', 'email', ['subject', 'preheader']]]), controls: objectSchema(['brandColor']) };
    assert.deepEqual(only(app, synced).changes, [
      { kind: 'stepRemoved', stepId: 'gone', type: 'sms' },
      { kind: 'controlAdded', key: 'brandColor' },
      { kind: 'controlAdded', stepId: 'e', key: 'preheader' },
      { kind: 'controlRemoved', stepId: 'e', key: 'body' },
    ]);
  });

  it('a retyped step’s controls are not compared (its retyping says it)', () => {
    const entry = only(workflow('w', [['s', 'push', ['title']]]), workflow('w', [['s', 'sms', ['text']]]));
    assert.deepEqual(entry.changes, [{ kind: 'stepRetyped', stepId: 's', from: 'sms', to: 'push' }]);
  });

  it('a zod-4 empty schema on the app’s side: not comparable, no payload or control change', () => {
    const synced = workflow('w', [['e', 'email', ['subject']]], objectSchema(['plan'], ['plan']));
    const app = { ...workflow('w', [['e', 'email'], ['sms', 'sms']], zod4), controls: zod4 };
    app.steps = app.steps.map((step) => ({ ...step, controls: zod4 }));
    const entry = only(app, synced);
    assert.equal(entry.schemaComparable, false);
    assert.equal(entry.hiddenSchemas, 'app');
    assert.deepEqual(entry.changes, [{ kind: 'stepAdded', stepId: 'sms', type: 'sms' }]);
  });

  it('empty schemas on both sides: never "the same", and the words say the payload was not compared', () => {
    const def = workflow('w', [['e', 'email']], zod4);
    const entry = only(def, structuredClone(def));
    assert.equal(entry.kind, 'notCompared');
    assert.equal(entry.schemaComparable, false);
    assert.deepEqual(entry.uncompared, ['payload']);
    assert.equal(driftSummary(entry, 'Acme Development'), "payload schema not compared: your app's schemas cannot be read (zod 4; zod/v3 or JSON Schema can be)");
  });

  it('zod 4 in the app and a key made required since the last sync: not compared, said so, and a sync still updates it', () => {
    // The case: the synced payload schema (from zod/v3 or JSON Schema) against the app's zod-4 `{ $schema }`.
    const synced = workflow('order-shipped', [['e', 'email', ['subject']]], objectSchema(['orderId', 'carrier'], ['orderId']));
    const app = { ...workflow('order-shipped', [['e', 'email', ['subject']]], zod4) };
    const entry = only(app, synced);
    assert.notEqual(entry.kind, 'same');
    assert.equal(entry.kind, 'notCompared');
    assert.match(driftSummary(entry, 'Development'), /^payload schema not compared: /);
    assert.deepEqual(syncPlan([entry]), { create: [], update: ['order-shipped'], delete: [], unchanged: [] });
  });

  it('an empty schema on the environment’s side only (synced from a zod-4 app)', () => {
    const entry = only(workflow('w', [], objectSchema(['plan'])), workflow('w', [], zod4));
    assert.deepEqual(entry.changes, []);
    assert.equal(entry.kind, 'notCompared');
    assert.equal(entry.schemaComparable, false);
    assert.equal(entry.hiddenSchemas, 'environment');
    assert.equal(driftSummary(entry, 'Acme'), 'payload schema not compared: the last synced schemas cannot be read');
  });

  it('control schemas alone, or with the payload, not compared', () => {
    const controlsHidden = { ...workflow('w', [['e', 'email']]), controls: zod4 };
    assert.equal(driftSummary(only(controlsHidden, workflow('w', [['e', 'email']])), 'Acme'), "control schemas not compared: your app's schemas cannot be read (zod 4; zod/v3 or JSON Schema can be)");
    const allHidden = { ...workflow('w', [['e', 'email']], zod4), controls: zod4 };
    assert.match(driftSummary(only(allHidden, workflow('w', [['e', 'email']])), 'Acme'), /^payload and control schemas not compared: /);
  });

  it('only one schema not visible: the others are still compared', () => {
    const synced = workflow('w', [['e', 'email', ['subject']]], objectSchema(['plan']));
    const app = workflow('w', [['e', 'email', ['subject', 'preheader']]], zod4);
    const entry = only(app, synced);
    assert.equal(entry.schemaComparable, false);
    assert.deepEqual(entry.changes, [{ kind: 'controlAdded', stepId: 'e', key: 'preheader' }]);
  });

  it('schemas absent on both sides are nothing to compare', () => {
    const entry = only({ workflowId: 'w', steps: [{ stepId: 'd', type: 'delay' }] }, { workflowId: 'w', steps: [{ stepId: 'd', type: 'delay' }] });
    assert.deepEqual(entry, { workflowId: 'w', kind: 'same', changes: [], schemaComparable: true });
  });

  it('what counts as visible', () => {
    assert.equal(isSchemaVisible({ $schema: DRAFT7 }), false);
    assert.equal(isSchemaVisible({}), false);
    assert.equal(isSchemaVisible(undefined), false);
    assert.equal(isSchemaVisible([]), false);
    assert.equal(isSchemaVisible({ $schema: DRAFT7, type: 'object' }), true);
    assert.equal(isSchemaVisible({ properties: {} }), true);
  });
});

describe('drift: both sides', () => {
  const appWorkflows = [
    workflow('b-same', [['e', 'email']]),
    workflow('a-changed', [['e', 'email'], ['s', 'sms']]),
    workflow('z-new', [['e', 'email']]),
    workflow('c-new', [['e', 'email']]),
    workflow('a-same', [['e', 'email']]),
  ];
  const environmentWorkflows: unknown[] = [
    workflow('b-same', [['e', 'email']]),
    workflow('a-changed', [['e', 'email']]),
    workflow('a-same', [['e', 'email']]),
    workflow('y-removed', [['e', 'email']]),
    workflow('x-removed', [['e', 'email']], undefined, { origin: 'external' }),
    workflow('dashboard-one', [['e', 'email']], undefined, { origin: 'novu-cloud' }),
    workflow('dashboard-v1', [['e', 'email']], undefined, { origin: 'novu-cloud-v1' }),
  ];

  it('every workflow once: deletions first, then new, changed and same; by id within', () => {
    const entries = compareWorkflows(appWorkflows, environmentWorkflows);
    assert.deepEqual(
      entries.map((e) => `${e.kind} ${e.workflowId}`),
      ['onlyInEnvironment x-removed', 'onlyInEnvironment y-removed', 'onlyInCode c-new', 'onlyInCode z-new', 'changed a-changed', 'same a-same', 'same b-same'],
    );
  });

  it('dashboard workflows are never drift, even under an app workflow’s id', () => {
    const entries = compareWorkflows([workflow('dashboard-one', [['e', 'email']])], environmentWorkflows.slice(5));
    assert.deepEqual(entries, [{ workflowId: 'dashboard-one', kind: 'onlyInCode', changes: [], schemaComparable: true }]);
  });

  it('the first of a repeated id wins', () => {
    const entries = compareWorkflows([workflow('w', [['e', 'email']]), workflow('w', [['s', 'sms']])], [workflow('w', [['e', 'email']]), workflow('w', [])]);
    assert.deepEqual(entries, [{ workflowId: 'w', kind: 'same', changes: [], schemaComparable: true }]);
  });

  it('nothing on either side', () => {
    assert.deepEqual(compareWorkflows([], []), []);
  });

  it('the sync plan: what POST /v1/bridge/sync creates, updates and deletes', () => {
    assert.deepEqual(syncPlan(compareWorkflows(appWorkflows, environmentWorkflows)), {
      create: ['c-new', 'z-new'],
      update: ['a-changed', 'a-same', 'b-same'],
      delete: ['x-removed', 'y-removed'],
      unchanged: ['a-same', 'b-same'],
    });
    assert.deepEqual(syncPlan([]), { create: [], update: [], delete: [], unchanged: [] });
  });
});

describe('drift: in words', () => {
  it('each change', () => {
    assert.equal(changeWords({ kind: 'stepAdded', stepId: 'welcome-email', type: 'email' }), 'step `welcome-email` (email) added');
    assert.equal(changeWords({ kind: 'stepRemoved', stepId: 'reminder', type: 'sms' }), 'step `reminder` (sms) removed');
    assert.equal(changeWords({ kind: 'stepRetyped', stepId: 'reminder', from: 'sms', to: 'push' }), 'step `reminder` changed from sms to push');
    assert.equal(changeWords({ kind: 'payloadKeyAdded', key: 'plan' }), 'payload key `plan` added');
    assert.equal(changeWords({ kind: 'payloadKeyRemoved', key: 'plan' }), 'payload key `plan` removed');
    assert.equal(changeWords({ kind: 'payloadKeyRequired', key: 'plan' }), 'payload key `plan` now required');
    assert.equal(changeWords({ kind: 'payloadKeyOptional', key: 'plan' }), 'payload key `plan` now optional');
    assert.equal(changeWords({ kind: 'controlAdded', stepId: 'e', key: 'subject' }), 'control `subject` of step `e` added');
    assert.equal(changeWords({ kind: 'controlRemoved', stepId: 'e', key: 'subject' }), 'control `subject` of step `e` removed');
    assert.equal(changeWords({ kind: 'controlAdded', key: 'brandColor' }), 'workflow control `brandColor` added');
    assert.equal(changeWords({ kind: 'controlRemoved', key: 'brandColor' }), 'workflow control `brandColor` removed');
  });

  it('each kind of entry, with the connection’s name', () => {
    assert.equal(driftSummary({ workflowId: 'w', kind: 'onlyInCode', changes: [], schemaComparable: true }, 'Acme Production'), 'not synced to Acme Production');
    assert.equal(driftSummary({ workflowId: 'w', kind: 'onlyInEnvironment', changes: [], schemaComparable: true }, 'Acme Production'), 'synced, but your app no longer defines it: a sync deletes it');
    assert.equal(driftSummary({ workflowId: 'w', kind: 'same', changes: [], schemaComparable: true }, 'Acme Production'), '');
  });

  it('changes: the first three, then how many more; and when schemas were not compared', () => {
    const two: DriftEntry = { workflowId: 'w', kind: 'changed', schemaComparable: true, changes: [{ kind: 'stepAdded', stepId: 'x', type: 'email' }, { kind: 'payloadKeyRequired', key: 'y' }] };
    assert.equal(driftSummary(two, 'Acme'), 'changed since the last sync: step `x` (email) added, payload key `y` now required');
    const five: DriftEntry = { ...two, changes: [...two.changes, { kind: 'payloadKeyAdded', key: 'a' }, { kind: 'payloadKeyAdded', key: 'b' }, { kind: 'payloadKeyAdded', key: 'c' }] };
    assert.equal(driftSummary(five, 'Acme'), 'changed since the last sync: step `x` (email) added, payload key `y` now required, payload key `a` added and 2 more');
    const three: DriftEntry = { ...two, changes: five.changes.slice(0, 3) };
    assert.doesNotMatch(driftSummary(three, 'Acme'), /more/);
    const hidden = only(workflow('w', [['e', 'email'], ['s', 'sms']], zod4), workflow('w', [['e', 'email']], objectSchema(['plan'])));
    assert.equal(driftSummary(hidden, 'Acme'), "changed since the last sync: step `s` (sms) added; payload schema not compared: your app's schemas cannot be read (zod 4; zod/v3 or JSON Schema can be)");
    const hiddenThere = only(workflow('w', [['e', 'email'], ['s', 'sms']], objectSchema(['plan'])), workflow('w', [['e', 'email']], zod4));
    assert.equal(driftSummary(hiddenThere, 'Acme'), 'changed since the last sync: step `s` (sms) added; payload schema not compared: the last synced schemas cannot be read');
  });
});
