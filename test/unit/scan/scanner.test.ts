/**
 * The code scanners on a corpus (issue 25): each SDK pattern found, with the identifier's exact
 * place; nothing from comments, template literals or unrelated `trigger(` calls; a constant of the
 * same file followed; a minified file; a megabyte read whole (its speed is the bench's). Only Novu (issue 30): a
 * receiver tied to a Novu client, a `workflow` tied to `@novu/framework`, each followed through
 * the workspace's files. And the did-you-mean ranking.
 */
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import assert from 'node:assert/strict';
import { ModuleMap, jsModule, moduleCandidates, scanJavaScript, scanPython, type CodeRef } from '../../../src/scan';
import { didYouMean, editDistance } from '../../../src/format/didYouMean';

const at = (text: string, ref: CodeRef) => text.slice(ref.start, ref.end);
const brief = (text: string, refs: CodeRef[]) => refs.map((r) => `${r.kind}:${r.pattern}:${r.identifier}:${at(text, r)}`);

describe('the JavaScript and TypeScript scanner', () => {
  it('gives a framework definition the span of its whole workflow(…) call, through a namespace too', () => {
    const text = `import { workflow } from '@novu/framework';
import * as fw from '@novu/framework';
const helper = (x: string) => x;
export const a = workflow('a', async ({ step }) => {
  await step.email('e', async () => ({ subject: helper('(') }));
}, { name: 'A' });
export const b = fw.workflow('b', async () => {});
`;
    const spans = scanJavaScript(text).map((r) => text.slice(r.span!.start, r.span!.end));
    assert.deepEqual(spans, [
      "workflow('a', async ({ step }) => {\n  await step.email('e', async () => ({ subject: helper('(') }));\n}, { name: 'A' })",
      "fw.workflow('b', async () => {})",
    ]);
  });

  it('finds framework definitions and every SDK trigger pattern, each at its literal', () => {
    const text = `
import { workflow } from '@novu/framework';
import { Novu } from '@novu/api';
import { Novu as LegacyNovu } from '@novu/node';
const WELCOME = 'welcome';
export const welcome = workflow('welcome', async ({ step, payload }) => {
  await step.email('send', async () => ({ subject: 'Hi', body: payload.name }));
}, { payloadSchema: z.object({ name: z.string() }) });
const novu = new Novu({ secretKey: process.env.NOVU_SECRET_KEY });
const legacy = new LegacyNovu(process.env.NOVU_SECRET_KEY);
await novu.trigger({ workflowId: 'order-shipped', to: 'ada', payload: { orderId: 1 } });
await novu.trigger({ to: 'ada', workflowId: WELCOME });
await novu.triggerBulk({ events: [{ workflowId: 'digest' }, { workflowId: "billing-receipt", to: 'x' }] });
await legacy.trigger('password-reset', { to: { subscriberId: 'ada' } });
await legacy.bulkTrigger([{ name: 'comment-mention', to: 'a' }, { name: 'welcom', to: 'b' }]);
await welcome.trigger({ to: 'ada', payload: { name: 'Ada' } });
`;
    assert.deepEqual(brief(text, scanJavaScript(text)), [
      'definition:framework-workflow:welcome:welcome',
      'trigger:api-trigger:order-shipped:order-shipped',
      'trigger:api-trigger:welcome:WELCOME',
      'trigger:api-trigger-bulk:digest:digest',
      'trigger:api-trigger-bulk:billing-receipt:billing-receipt',
      'trigger:node-trigger:password-reset:password-reset',
      'trigger:node-bulk-trigger:comment-mention:comment-mention',
      'trigger:node-bulk-trigger:welcom:welcom',
      'trigger:framework-trigger:welcome:welcome',
    ]);
    const constant = scanJavaScript(text).find((r) => at(text, r) === 'WELCOME')!;
    assert.equal(constant.literal, false, 'a constant is followed, and is not a literal to replace');
    assert.equal(scanJavaScript(text).find((r) => r.identifier === 'order-shipped')!.literal, true);
  });

  it('matches nothing in comments, template literals, strings, regular expressions or unrelated calls', () => {
    const text = `
import { Novu } from '@novu/api';
const novu = new Novu({});
// novu.trigger({ workflowId: 'in-a-line-comment' })
/* novu.trigger('in-a-block-comment') workflow('x', y) */
const doc = \`novu.trigger({ workflowId: 'in-a-template' }) \${novu.trigger('inside-substitution')}\`;
const s = "novu.trigger('in-a-string')";
const re = /trigger\\('in-a-regex'\\)/;
element.trigger('click');
$('#x').trigger(eventName);
emitter.trigger({ event: 'opened' });
novu.trigger({ workflowId: \`templated-\${id}\` });
novu.trigger({ payload: { workflowId: 'nested-not-top' }, workflowId: 'top-level' });
client.workflow('not-the-framework', {});
`;
    assert.deepEqual(scanJavaScript(text).map((r) => r.identifier), ['top-level']);
  });

  it('reads a minified bundle', () => {
    const text = 'import{workflow as w}from"@novu/framework";import{Novu as N}from"@novu/api";var a="welcome",n=new N({}),b=w("onboard",async()=>{});n.trigger({workflowId:a,to:"x"});n.trigger("legacy-id",{to:"y"});b.trigger({to:"z"})';
    assert.deepEqual(brief(text, scanJavaScript(text)).map((s) => s.split(':').slice(0, 3).join(':')), [
      'definition:framework-workflow:onboard',
      'trigger:api-trigger:welcome',
      'trigger:node-trigger:legacy-id',
      'trigger:framework-trigger:onboard',
    ]);
  });

  it('reads a megabyte whole: every call found, none inside a comment or a template', () => {
    const header = "import { Novu } from '@novu/api';\nconst novu = new Novu({ secretKey: process.env.NOVU_SECRET_KEY });\n";
    const chunk = `// a line comment with novu.trigger('no')\nexport async function f${'x'.repeat(4)}() { await novu.trigger({ workflowId: 'order-shipped', to: 'ada', payload: { items: [1, 2, 3], note: \`t \${x}\` } }); }\n`;
    const count = Math.ceil((1024 * 1024) / chunk.length);
    const refs = scanJavaScript(header + chunk.repeat(count));
    // How fast is the bench's to say (npm run bench, "scanner"): a timed unit test fails on a busy machine.
    assert.equal(refs.length, count);
    assert.ok(refs.every((r) => r.identifier === 'order-shipped'));
  });
});

/** A workspace of files (path → text), read as the index reads them: each file wanted, until none is. */
function workspace(files: Record<string, string>) {
  const map = new ModuleMap();
  const scan = (path: string) => {
    for (;;) {
      const wanted: { from: string; specifier: string }[] = [];
      const refs = scanJavaScript(files[path]!, { path, modules: map.lookup(wanted) });
      if (wanted.length === 0) return refs;
      for (const { from, specifier } of wanted) {
        for (const candidate of moduleCandidates(from, specifier)) {
          const text = files[candidate];
          map.set(candidate, text === undefined ? null : jsModule(text));
          if (text !== undefined) break;
        }
      }
    }
  };
  return { map, scan };
}

describe('code awareness marks only Novu (issue 30)', () => {
  it('marks X.trigger only when X is a Novu client: not an in-process event emitter', () => {
    const text = `
import { EventEmitter } from 'node:events';
import { Novu } from '@novu/api';
const events = new EventEmitter();
const novu = new Novu({ secretKey: 'x' });
events.trigger('welcome', { userId }); // analytics: in-process event
analytics.trigger('welcome', { userId });
this.bus.trigger({ workflowId: 'welcome', to: 'ada' });
await novu.trigger({ workflowId: 'welcome', to: 'ada' });
`;
    assert.deepEqual(brief(text, scanJavaScript(text)), ['trigger:api-trigger:welcome:welcome']);
    // With no Novu SDK imported, nothing is Novu's.
    const alone = "events.trigger('welcome', { userId }); // analytics: in-process event\nnovu.trigger({ workflowId: 'welcome', to: 'ada' });\nbus.bulkTrigger([{ name: 'welcome', to: 'a' }]);\n";
    assert.deepEqual(scanJavaScript(alone), []);
  });

  it('knows a client however it is made, named or reached', () => {
    const text = `
import * as sdk from '@novu/api';
import { Novu as Legacy } from '@novu/node';
import type { Novu } from '@novu/api';
const { Novu: Required } = require('@novu/node');
const Direct = require('@novu/api').Novu;
const a = new sdk.Novu({ secretKey: 'x' });
const b = new Required('key');
const c = new Direct({});
const alias = a;
class Notifier {
  private readonly field = new Legacy('key');
  #hidden = new sdk.Novu({});
  constructor(private readonly injected: Novu) {
    this.made = new Legacy('key');
  }
  async send(to: string) {
    await this.field.trigger('p-field', { to });
    await this.#hidden.trigger({ workflowId: 'p-hidden', to });
    await this.injected.trigger({ workflowId: 'p-injected', to });
    await this.made?.trigger('p-made', { to });
  }
}
const send = (client: Novu) => client.trigger({ workflowId: 'p-param', to: 'ada' });
interface Deps { novu?: sdk.Novu }
await deps.novu.trigger({ workflowId: 'p-deps', to: 'ada' });
await a.trigger({ workflowId: 'p-a', to: 'ada' });
await b.trigger('p-b', { to: 'ada' });
await c.triggerBulk({ events: [{ workflowId: 'p-c' }] });
await alias.trigger({ workflowId: 'p-alias', to: 'ada' });
await new Legacy('key').trigger('p-new', { to: 'ada' });
`;
    assert.deepEqual(scanJavaScript(text).map((r) => r.identifier), ['p-field', 'p-hidden', 'p-injected', 'p-made', 'p-param', 'p-deps', 'p-a', 'p-b', 'p-c', 'p-alias', 'p-new']);
  });

  it('does not take a class named Novu, or a parameter typed Novu, from elsewhere for a client', () => {
    const text = `
import { Novu } from './my-novu';
import { Novu as Other } from 'novu-clone';
const mine = new Novu();
const other = new Other();
const typed = (n: Novu) => n.trigger({ workflowId: 'typed-elsewhere', to: 'ada' });
await mine.trigger({ workflowId: 'mine', to: 'ada' });
await other.trigger('other', { to: 'ada' });
`;
    assert.deepEqual(scanJavaScript(text), []);
  });

  it('takes workflow(…) for a definition only when it is the one of @novu/framework: imported, renamed, through a namespace or required', () => {
    const text = `
import { workflow } from '@novu/framework';
import { workflow as define } from '@novu/framework';
import * as fw from '@novu/framework';
const { workflow: req } = require('@novu/framework');
export const a = workflow('d-direct', async () => {});
export const b = define('d-renamed', async () => {});
export const c = fw.workflow('d-namespace', async () => {});
export const d = req('d-required', async () => {});
`;
    assert.deepEqual(brief(text, scanJavaScript(text)).map((s) => s.split(':')[2]), ['d-direct', 'd-renamed', 'd-namespace', 'd-required']);
    const scheduler = "import { workflow } from './scheduler';\nexport const nightly = workflow('nightly-export', async () => {});\nawait nightly.trigger({ to: 'ops' });\n";
    assert.deepEqual(scanJavaScript(scheduler), [], 'a workflow() of another library');
    assert.deepEqual(scanJavaScript("const x = workflow('no-import', async () => {});\n"), [], 'a workflow() imported from nowhere');
    assert.deepEqual(scanJavaScript("import { workflow } from 'temporal';\nworkflow('other-library', async () => {});\n"), []);
  });

  it('follows workflow through a local module that re-exports it, and not through one that does not', () => {
    const { scan } = workspace({
      '/app/src/novu/index.ts': "export { workflow } from '@novu/framework';\nexport * from './client';\n",
      '/app/src/novu/client.ts': "import { Novu } from '@novu/node';\nexport const novu = new Novu('key');\n",
      '/app/src/scheduler.ts': "export function workflow(name: string, run: () => void) { return { name, run }; }\n",
      '/app/src/jobs.ts': "import { workflow } from './scheduler';\nexport const nightly = workflow('nightly-export', async () => {});\nawait nightly.trigger({ to: 'ops' });\n",
      '/app/src/flows.ts': "import { workflow, novu } from './novu';\nexport const welcome = workflow('welcome', async () => {});\nawait novu.trigger('password-reset', { to: 'ada' });\n",
    });
    assert.deepEqual(scan('/app/src/jobs.ts'), [], 'workflow of ./scheduler is not the framework');
    assert.deepEqual(scan('/app/src/flows.ts').map((r) => `${r.pattern}:${r.identifier}`), ['framework-workflow:welcome', 'node-trigger:password-reset']);
  });
});

describe('a framework workflow triggered from another file (issue 30)', () => {
  const files = {
    '/app/src/novu/workflows.ts': `import { workflow } from '@novu/framework';
const CHECKLIST = 'onboarding-checklist';
export const onboardingChecklist = workflow(CHECKLIST, async ({ step }) => {});
const digest = workflow('weekly-digest', async () => {});
export { digest as weeklyDigest };
export default workflow('default-flow', async () => {});
`,
    '/app/src/novu/index.ts': "export * from './workflows';\nexport * as flows from './workflows';\n",
    '/app/src/lib/novu.ts': "import { Novu } from '@novu/api';\nexport const novu = new Novu({ secretKey: 'x' });\nexport default novu;\n",
    '/app/src/lib/events.ts': "import { EventEmitter } from 'node:events';\nexport const events = new EventEmitter();\n",
    '/app/src/services/signup.ts': `import { onboardingChecklist, weeklyDigest } from '../novu/workflows';
import * as wf from '../novu/workflows.js';
import defaultFlow from '../novu/workflows';
import { flows } from '../novu';
import { onboardingChecklist as viaIndex } from '../novu';
import { novu } from '../lib/novu';
import client from '../lib/novu';
import { events } from '../lib/events';
export async function signUp(to: string, payload: object) {
  await onboardingChecklist.trigger({ to, payload });
  await weeklyDigest.trigger({ to });
  await wf.onboardingChecklist.trigger({ to });
  await defaultFlow.trigger({ to });
  await flows.weeklyDigest.trigger({ to });
  await viaIndex.trigger({ to });
  await novu.trigger({ workflowId: 'welcome', to });
  await client.trigger({ workflowId: 'welcome-again', to });
  events.trigger('welcome', { userId: to }); // analytics: in-process event
}
`,
  };

  it('resolves imported workflow objects and clients through the files they come from', () => {
    const { scan } = workspace(files);
    const text = files['/app/src/services/signup.ts'];
    assert.deepEqual(brief(text, scan('/app/src/services/signup.ts')), [
      'trigger:framework-trigger:onboarding-checklist:onboardingChecklist',
      'trigger:framework-trigger:weekly-digest:weeklyDigest',
      'trigger:framework-trigger:onboarding-checklist:onboardingChecklist',
      'trigger:framework-trigger:default-flow:defaultFlow',
      'trigger:framework-trigger:weekly-digest:weeklyDigest',
      'trigger:framework-trigger:onboarding-checklist:viaIndex',
      'trigger:api-trigger:welcome:welcome',
      'trigger:api-trigger:welcome-again:welcome-again',
    ]);
    // Where the workflow is defined: its identifier in the other file (here a constant).
    const site = scan('/app/src/services/signup.ts')[0]!.definedAt!;
    assert.equal(site.path, '/app/src/novu/workflows.ts');
    assert.equal(files['/app/src/novu/workflows.ts'].slice(site.start, site.end), 'CHECKLIST');
  });

  it('without the other files it marks none of them, and says which files it wants', () => {
    const map = new ModuleMap();
    const wanted: { from: string; specifier: string }[] = [];
    const refs = scanJavaScript(files['/app/src/services/signup.ts'], { path: '/app/src/services/signup.ts', modules: map.lookup(wanted) });
    assert.deepEqual(refs, []);
    assert.deepEqual([...new Set(wanted.map((w) => w.specifier))].sort(), ['../lib/events', '../lib/novu', '../novu', '../novu/workflows', '../novu/workflows.js']);
    // A file known to be missing is not wanted again.
    for (const path of moduleCandidates('/app/src/services/signup.ts', '../lib/events')) map.set(path, null);
    const again: { from: string; specifier: string }[] = [];
    scanJavaScript(files['/app/src/services/signup.ts'], { path: '/app/src/services/signup.ts', modules: map.lookup(again) });
    assert.ok(!again.some((w) => w.specifier === '../lib/events'));
  });

  it('asks for no file for a call that cannot be a trigger or a definition', () => {
    const wanted: { from: string; specifier: string }[] = [];
    const text = "import { format } from './format';\nimport { bus } from './bus';\nimport { log } from './log';\nformat(date, 'short');\nbus.emit('x');\nlog.info('hello');\n";
    assert.deepEqual(scanJavaScript(text, { path: '/app/a.ts', modules: new ModuleMap().lookup(wanted) }), []);
    assert.deepEqual(wanted, []);
  });

  it('survives an import cycle', () => {
    const { scan } = workspace({
      '/a.ts': "export * from './b';\nimport { x } from './b';\nx.trigger({ to: 'a' });\n",
      '/b.ts': "export * from './a';\nexport { x } from './a';\n",
    });
    assert.deepEqual(scan('/a.ts'), []);
  });

  it('names the files a relative import may be, as TypeScript and Node look for them', () => {
    assert.deepEqual(moduleCandidates('/app/src/services/signup.ts', '../novu/workflows').slice(0, 3), ['/app/src/novu/workflows.ts', '/app/src/novu/workflows.tsx', '/app/src/novu/workflows.mts']);
    assert.ok(moduleCandidates('/app/src/services/signup.ts', '../novu').includes('/app/src/novu/index.ts'));
    assert.deepEqual(moduleCandidates('/app/src/a.ts', './b.js'), ['/app/src/b.ts', '/app/src/b.tsx', '/app/src/b.js']);
    assert.deepEqual(moduleCandidates('/app/src/a.mts', './b.mjs'), ['/app/src/b.mts', '/app/src/b.mjs']);
    assert.deepEqual(moduleCandidates('/app/src/a.ts', './b.ts'), ['/app/src/b.ts']);
    assert.deepEqual(moduleCandidates('/app/src/a.ts', '@novu/framework'), [], 'a package is not read');
    assert.deepEqual(moduleCandidates('/app/src/a.ts', '../node_modules/x/index'), [], 'nor node_modules');
  });
});

describe('the demo app', () => {
  it('holds every pattern, one misspelled identifier, a framework definition and its trigger from another file', () => {
    const read = (file: string) => readFileSync(resolve('examples/demo-app', file), 'utf8');
    // accounts.js: the older @novu/node, in JavaScript (the package is not installed: TypeScript checks only the .ts files).
    const files = ['notify.ts', 'accounts.js', 'workflows.ts', 'billing.ts'];
    const demo = workspace(Object.fromEntries(files.map((name) => [`/demo/src/${name}`, read(`src/${name}`)])));
    const ts = files.flatMap((name) => demo.scan(`/demo/src/${name}`));
    const patterns = new Set(ts.map((r) => r.pattern));
    for (const p of ['api-trigger', 'api-trigger-bulk', 'node-trigger', 'node-bulk-trigger', 'framework-workflow', 'framework-trigger']) assert.ok(patterns.has(p as never), p);
    assert.ok(ts.some((r) => r.identifier === 'welcom-onboarding'), 'the misspelled one');
    assert.deepEqual(demo.scan('/demo/src/billing.ts').map((r) => `${r.pattern}:${r.identifier}`), ['framework-trigger:invoice-paid', 'framework-trigger:onboarding-digest'], 'imported from workflows.ts');
    // The receipt's client comes from a function annotated `-> Novu` (issue 45, C).
    const py = scanPython(read('python/notify.py'));
    assert.deepEqual(py.map((r) => `${r.pattern}:${r.identifier}`), ['python-dto:system-maintenance', 'python-trigger:billing-receipt']);
  });
});

describe('did you mean', () => {
  it('ranks the closest identifiers, typos and swaps first, nothing when nothing is close', () => {
    const known = ['welcome', 'welcome-onboarding', 'order-shipped', 'password-reset', 'weekly-digest'];
    assert.deepEqual(didYouMean('welcom', known), ['welcome']);
    assert.deepEqual(didYouMean('ordre-shipped', known), ['order-shipped']);
    assert.deepEqual(didYouMean('Order-Shipped', known), ['order-shipped']);
    assert.deepEqual(didYouMean('invoice', known), []);
    assert.equal(editDistance('ab', 'ba'), 1);
    assert.equal(editDistance('', 'abc'), 3);
  });
});
