/**
 * The Inbox's set-ups in front-end code (issue 55, 12): `<Inbox>` and `<NovuProvider>` of
 * `@novu/react` and `@novu/nextjs`, `new Novu({…})` of `@novu/js`, each only when imported from its
 * package; what each is given, as written (a literal, an environment variable, an expression); and
 * the `context` a trigger call sends (JavaScript, TypeScript and Python), as `type:id` keys.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { scanInboxSetups, scanJavaScript, scanPython, type InboxSetup, type InboxValue } from '../../../src/scan';

/** A set-up with each value as its kind and what the code says (its text, for an expression). */
function brief(text: string, setup: InboxSetup): Record<string, unknown> {
  const value = (v: InboxValue | undefined) => (v === undefined ? undefined : v.kind === 'literal' ? `literal:${v.value}` : v.kind === 'env' ? `env:${v.name}` : `expression:${text.slice(v.start, v.end)}`);
  const out: Record<string, unknown> = { pattern: setup.pattern, package: setup.package, at: text.slice(setup.start, setup.end) };
  for (const key of ['applicationIdentifier', 'subscriberId', 'subscriberHash', 'contextHash'] as const) if (setup[key]) out[key] = value(setup[key]);
  if (setup.context) out['context'] = setup.context.kind === 'literal' ? { keys: setup.context.keys, closed: setup.context.closed } : `expression:${text.slice(setup.context.start, setup.context.end)}`;
  if (setup.spread) out['spread'] = true;
  return out;
}
const scan = (text: string) => scanInboxSetups(text).map((s) => brief(text, s));

describe('the Inbox set-ups', () => {
  it('reads <Inbox> and <NovuProvider> of @novu/react with literal props, and their exact places', () => {
    const text = `import { Inbox, NovuProvider } from '@novu/react';
export const Bell = () => <Inbox applicationIdentifier="app-dev-1" subscriberId='sbx-alice' />;
export const App = ({ children }) => (
  <NovuProvider applicationIdentifier={'app-dev-1'} subscriber="sbx-bob" subscriberHash="abc123">
    {children}
  </NovuProvider>
);
`;
    assert.deepEqual(scan(text), [
      { pattern: 'react-inbox', package: '@novu/react', at: 'Inbox', applicationIdentifier: 'literal:app-dev-1', subscriberId: 'literal:sbx-alice' },
      { pattern: 'react-provider', package: '@novu/react', at: 'NovuProvider', applicationIdentifier: 'literal:app-dev-1', subscriberId: 'literal:sbx-bob', subscriberHash: 'literal:abc123' },
    ]);
    const [inbox] = scanInboxSetups(text);
    assert.equal(text.slice(inbox!.applicationIdentifier!.start, inbox!.applicationIdentifier!.end), 'app-dev-1');
    assert.equal(text.slice(inbox!.subscriberId!.start, inbox!.subscriberId!.end), 'sbx-alice');
  });

  it('reads @novu/nextjs, a renamed import, a namespace, and a name given the component', () => {
    const text = `import { Inbox as Bell } from '@novu/nextjs';
import * as N from '@novu/react';
const Feed = Bell;
export const A = () => <Bell applicationIdentifier="a1" subscriberId="s1" />;
export const B = () => <N.NovuProvider applicationIdentifier="b1" subscriberId="s2"><div /></N.NovuProvider>;
export const C = () => <Feed applicationIdentifier="c1" subscriberId="s3" />;
`;
    assert.deepEqual(scan(text), [
      { pattern: 'nextjs-inbox', package: '@novu/nextjs', at: 'Bell', applicationIdentifier: 'literal:a1', subscriberId: 'literal:s1' },
      { pattern: 'react-provider', package: '@novu/react', at: 'N.NovuProvider', applicationIdentifier: 'literal:b1', subscriberId: 'literal:s2' },
      { pattern: 'nextjs-inbox', package: '@novu/nextjs', at: 'Feed', applicationIdentifier: 'literal:c1', subscriberId: 'literal:s3' },
    ]);
  });

  it('reads new Novu({…}) of @novu/js (required too), with subscriber as an object', () => {
    const text = `import { Novu } from '@novu/js';
const { Novu: Client } = require('@novu/js');
const novu = new Novu({ applicationIdentifier: 'js-app', subscriber: { subscriberId: 'u-1', email: 'a@b.c' }, subscriberHash: hashOf('u-1') });
const other = new Client({ applicationIdentifier: process.env.NOVU_APP_ID, subscriberId: user.id });
`;
    assert.deepEqual(scan(text), [
      { pattern: 'js-novu', package: '@novu/js', at: 'new Novu', applicationIdentifier: 'literal:js-app', subscriberId: 'literal:u-1', subscriberHash: "expression:hashOf('u-1')" },
      { pattern: 'js-novu', package: '@novu/js', at: 'new Client', applicationIdentifier: 'env:NOVU_APP_ID', subscriberId: 'expression:user.id' },
    ]);
  });

  it('does not take Novu of @novu/api or @novu/node, a component of another package, or one in a comment or string', () => {
    const text = `import { Novu } from '@novu/api';
import { Inbox } from './my-inbox';
// <Inbox applicationIdentifier="x" />
const s = '<Inbox applicationIdentifier="y" />';
const novu = new Novu({ secretKey: 'sk', applicationIdentifier: 'z' });
export const Bell = () => <Inbox applicationIdentifier="w" />;
`;
    assert.deepEqual(scan(text), []);
    assert.deepEqual(scan(`const { Novu } = require('@novu/node');\nnew Novu('key');\n`), []);
    assert.deepEqual(scan(`import { Novu } from '@novu/js';\nimport { Novu as Api } from '@novu/api';\nnew Api({ applicationIdentifier: 'a' });\n`), []);
  });

  it('names the environment variables (process.env.X, process.env["X"], import.meta.env.X) and keeps an expression as written', () => {
    const text = `import { Inbox } from '@novu/react';
const APP = 'const-app';
export const A = () => <Inbox applicationIdentifier={process.env.NEXT_PUBLIC_NOVU_APP_ID!} subscriberId={process.env['SUBSCRIBER']} subscriberHash={import.meta.env.VITE_HASH} />;
export const B = () => <Inbox applicationIdentifier={APP} subscriberId={\`fixed\`} subscriberHash={user.hash} contextHash={hashes[0]} />;
export const C = () => <Inbox applicationIdentifier={config.novu.appId as string} subscriberId={\`u-\${id}\`} />;
`;
    assert.deepEqual(scan(text), [
      { pattern: 'react-inbox', package: '@novu/react', at: 'Inbox', applicationIdentifier: 'env:NEXT_PUBLIC_NOVU_APP_ID', subscriberId: 'env:SUBSCRIBER', subscriberHash: 'env:VITE_HASH' },
      { pattern: 'react-inbox', package: '@novu/react', at: 'Inbox', applicationIdentifier: 'literal:const-app', subscriberId: 'literal:fixed', subscriberHash: 'expression:user.hash', contextHash: 'expression:hashes[0]' },
      { pattern: 'react-inbox', package: '@novu/react', at: 'Inbox', applicationIdentifier: 'expression:config.novu.appId as string', subscriberId: 'expression:`u-${id}`' },
    ]);
    const constant = scanInboxSetups(text)[1]!.applicationIdentifier!;
    assert.deepEqual({ kind: constant.kind, constant: constant.kind === 'literal' && constant.constant }, { kind: 'literal', constant: true });
  });

  it('reads a context literal as sorted type:id keys, closed only when every entry is known', () => {
    const text = `import { Inbox } from '@novu/react';
export const A = () => <Inbox applicationIdentifier="a" subscriberId="s" context={{ tenant: 'acme', app: { id: 'web', data: { plan: 'pro' } } }} />;
export const B = () => <Inbox applicationIdentifier="a" subscriberId="s" context={{ tenant: 'acme', ...extra }} />;
export const C = () => <Inbox applicationIdentifier="a" subscriberId="s" context={{ tenant: tenantId }} />;
export const D = () => <Inbox applicationIdentifier="a" subscriberId="s" context={ctx} />;
export const E = () => <Inbox applicationIdentifier="a" subscriberId="s" context={{}} />;
`;
    assert.deepEqual(scan(text).map((s) => s['context']), [
      { keys: ['app:web', 'tenant:acme'], closed: true },
      { keys: ['tenant:acme'], closed: false },
      { keys: [], closed: false },
      'expression:ctx',
      { keys: [], closed: true },
    ]);
  });

  it('marks props spread into the tag, and the last of a prop counts', () => {
    const text = `import { Inbox } from '@novu/react';
export const A = (props) => <Inbox {...props} applicationIdentifier="first" applicationIdentifier="second" />;
`;
    assert.deepEqual(scan(text), [{ pattern: 'react-inbox', package: '@novu/react', at: 'Inbox', applicationIdentifier: 'literal:second', spread: true }]);
    assert.deepEqual(scan(`import { Novu } from '@novu/js';\nnew Novu(options);\nnew Novu({ ...base, applicationIdentifier: 'x' });\n`), [
      { pattern: 'js-novu', package: '@novu/js', at: 'new Novu', spread: true },
      { pattern: 'js-novu', package: '@novu/js', at: 'new Novu', applicationIdentifier: 'literal:x', spread: true },
    ]);
  });

  it('reads JSX text with apostrophes and slashes as text, not as strings or comments', () => {
    const text = `import { Inbox } from '@novu/react';
export const Page = () => (
  <main>
    <p>Don't miss it // really</p>
    <Inbox applicationIdentifier="after-text" subscriberId="s" />
  </main>
);
const cmp = a < b && c > d;
`;
    assert.deepEqual(scan(text), [{ pattern: 'react-inbox', package: '@novu/react', at: 'Inbox', applicationIdentifier: 'literal:after-text', subscriberId: 'literal:s' }]);
  });
});

describe('the context a trigger sends', () => {
  it('JavaScript and TypeScript: @novu/api, @novu/node and a framework trigger', () => {
    const text = `import { Novu } from '@novu/api';
import { Novu as Node } from '@novu/node';
import { workflow } from '@novu/framework';
const novu = new Novu({ secretKey: 'k' });
const old = new Node('k');
const TENANT = 'acme';
const w = workflow('w', async () => {});
await novu.trigger({ workflowId: 'a', to: 's', context: { tenant: 'acme', region: { id: 'eu' } } });
await novu.trigger({ workflowId: 'b', to: 's', context: { tenant: TENANT, ...more } });
await novu.trigger({ workflowId: 'c', to: 's', context: ctx });
await novu.trigger({ workflowId: 'd', to: 's' });
await old.trigger('e', { to: 's', context: { app: 'web' } });
await w.trigger({ to: 's', context: { tenant: 'globex' } });
`;
    const refs = scanJavaScript(text).filter((r) => r.kind === 'trigger');
    assert.deepEqual(refs.map((r) => [r.identifier, r.context && (r.context.kind === 'literal' ? { keys: r.context.keys, closed: r.context.closed } : text.slice(r.context.start, r.context.end))]), [
      ['a', { keys: ['region:eu', 'tenant:acme'], closed: true }],
      ['b', { keys: ['tenant:acme'], closed: false }],
      ['c', 'ctx'],
      ['d', undefined],
      ['e', { keys: ['app:web'], closed: true }],
      ['w', { keys: ['tenant:globex'], closed: true }],
    ]);
  });

  it('Python: context= of a trigger call and of a TriggerEventRequestDto', () => {
    const text = `from novu_py import Novu, TriggerEventRequestDto
TENANT = "acme"
with Novu(secret_key="k") as novu:
    novu.trigger(workflow_id="a", to="s", context={"tenant": TENANT, "app": {"id": "web", "data": {}}})
    novu.trigger(workflow_id="b", to="s", context=ctx)
    novu.trigger(workflow_id="c", to="s")
    dto = TriggerEventRequestDto(workflow_id="d", to="s", context={"tenant": "x", name: "y"})
`;
    const refs = scanPython(text);
    assert.deepEqual(refs.map((r) => [r.identifier, r.context && (r.context.kind === 'literal' ? { keys: r.context.keys, closed: r.context.closed } : text.slice(r.context.start, r.context.end))]), [
      ['a', { keys: ['app:web', 'tenant:acme'], closed: true }],
      ['b', 'ctx'],
      ['c', undefined],
      ['d', { keys: ['tenant:x'], closed: false }],
    ]);
  });
});
