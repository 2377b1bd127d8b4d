/** Issue 55, 13: what code awareness says of an Inbox set-up (its lens, its diagnostics). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inboxFindings, inboxLensTitle, type InboxFacts, type KnownEnvironment } from '../../../src/code/inboxChecks';
import { importsNovuInbox } from '../../../src/code/novuSdk';
import { scanInboxSetups } from '../../../src/scan';

const setup = (jsx: string) => scanInboxSetups(`import { Inbox } from '@novu/react';\nexport const Bell = () => ${jsx};\n`)[0]!;
const env = (id: string, name: string, identifier: string, kind: KnownEnvironment['kind'], own: boolean): KnownEnvironment => ({ connectionId: 'sandbox', connectionName: 'Sandbox', id, name, identifier, kind, own });
const facts: InboxFacts = {
  environments: [env('dev', 'Development', 'sbxDevAppId001', 'development', true), env('prod', 'Production', 'sbxProdAppId01', 'production', false)],
  complete: true,
  active: { connectionName: 'Sandbox', environmentName: 'Development', kind: 'development' },
  hmac: (id) => id === 'prod',
  contextTriggers: [{ where: 'src/notify.ts:38', keys: ['tenant:acme'] }],
};

describe('an Inbox set-up in code', () => {
  it('the lens names the connection and environment, or the variable', () => {
    assert.equal(inboxLensTitle(setup('<Inbox applicationIdentifier="sbxDevAppId001" />'), facts), 'Inbox → Sandbox · Development');
    assert.equal(inboxLensTitle(setup('<Inbox applicationIdentifier={process.env.NOVU_APP_ID} />'), facts), 'Inbox · applicationIdentifier from NOVU_APP_ID: not known here');
    assert.equal(inboxLensTitle(setup('<Inbox applicationIdentifier="nope" />'), facts), 'Inbox → no saved connection has this application identifier');
  });

  it('the demo’s two mistakes and the missing hash', () => {
    assert.deepEqual(inboxFindings(setup('<Inbox applicationIdentifier="sbxProdAppId01" subscriberId="sbx-alice" />'), facts).map((f) => [f.code, f.severity, f.at, f.message]), [
      ['inbox-production-application', 'warning', 'applicationIdentifier', 'This Inbox uses Production’s application identifier; the active connection is Development (Sandbox): it shows what Production sends, not what you trigger in Development.'],
      ['inbox-no-context', 'warning', 'setup', 'This Inbox has no context: it shows only messages sent without one, and your triggers in src/notify.ts:38 send tenant:acme.'],
      ['inbox-no-subscriber-hash', 'information', 'setup', 'Production has HMAC on in its Novu in-app integration: this Inbox passes no subscriberHash, so its session is refused (“Please provide a valid HMAC hash”). Compute the hash on your server.'],
    ]);
    assert.deepEqual(inboxFindings(setup('<Inbox applicationIdentifier="nope" context={{ tenant: "acme" }} />'), facts).map((f) => f.code), ['inbox-unknown-application']);
    assert.deepEqual(inboxFindings(setup('<Inbox applicationIdentifier="nope" />'), { ...facts, complete: false, contextTriggers: [] }), [], 'not every connection read: not said');
    assert.deepEqual(inboxFindings(setup('<Inbox {...props} applicationIdentifier="sbxDevAppId001" />'), facts), [], 'a spread may hold the context');
  });

  it('starts for a document that imports one of the Inbox packages', () => {
    assert.equal(importsNovuInbox('typescriptreact', "import { Inbox } from '@novu/react';"), true);
    assert.equal(importsNovuInbox('javascript', "const { Novu } = require('@novu/js');"), true);
    assert.equal(importsNovuInbox('typescript', "import { useCounts } from '@novu/nextjs/hooks';"), true);
    assert.equal(importsNovuInbox('typescript', "import { Novu } from '@novu/api';"), false);
    assert.equal(importsNovuInbox('python', "import '@novu/react'"), false);
  });
});
