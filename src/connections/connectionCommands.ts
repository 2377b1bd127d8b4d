/** The connection commands: add, switch, set key, remove, open the sandbox. */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { REGION_URLS, SANDBOX_CONNECTION_ID, SANDBOX_PRODUCTION_CONNECTION_ID, isBuiltIn, normalizeBaseUrl, regionLabel, sendsKeyInClear, validateBaseUrl, validateConnectionName, type Connection, type Region } from './connection';
import type { ConnectionManager } from './connectionManager';
import { isBack, type Prompter } from '../ui/prompter';
import { noIcons } from '../ui/text';

function validateKeyShape(value: string): string | undefined {
  if (value.trim() === '') return vscode.l10n.t('Paste the API key (Settings → API Keys in the Novu dashboard).');
  if (/\s/.test(value.trim())) return vscode.l10n.t('An API key has no spaces.');
  return undefined;
}

export class ConnectionCommands {
  constructor(
    private readonly manager: ConnectionManager,
    private readonly prompter: () => Prompter,
  ) {}

  /**
   * Add Connection: where (US, EU, self-hosted), the URL when self-hosted, the key, a name. Each
   * step shows its number and a Back button; going back and forth keeps what was typed.
   */
  async addConnection(): Promise<Connection | undefined> {
    const prompter = this.prompter();
    const title = vscode.l10n.t('Add Novu Connection');
    const typed = { url: '', key: '', name: undefined as string | undefined };
    let region: Exclude<Region, 'sandbox'> | undefined;
    let environmentId: string | undefined;
    /** The URLs whose unencrypted key the user accepted, so the warning is shown once per URL. */
    const acceptedInClear = new Set<string>();
    type Step = 'region' | 'url' | 'key' | 'name';
    let step: Step = 'region';
    for (;;) {
      const custom = region === 'custom';
      const total = custom ? 4 : 3;
      const number = (s: Step) => ({ region: 1, url: 2, key: custom ? 3 : 2, name: custom ? 4 : 3 })[s];
      const baseUrl = region === 'custom' ? normalizeBaseUrl(typed.url) : region ? REGION_URLS[region] : '';
      const defaultName = region === 'custom' ? regionLabel({ region, baseUrl }) : region ? vscode.l10n.t('Novu {0}', regionLabel({ region, baseUrl })) : '';
      if (step === 'region') {
        const chosen = await prompter.pick<Region>({
          title,
          placeholder: vscode.l10n.t('Where is the service?'),
          step: 1,
          totalSteps: total,
          items: [
            { label: vscode.l10n.t('Novu Cloud (US)'), description: REGION_URLS.us, value: 'us', picked: region === 'us' },
            { label: vscode.l10n.t('Novu Cloud (EU)'), description: REGION_URLS.eu, value: 'eu', picked: region === 'eu' },
            { label: vscode.l10n.t('Self-hosted…'), description: vscode.l10n.t('your own URL'), value: 'custom', picked: region === 'custom' },
          ],
        });
        if (!chosen || chosen === 'sandbox') return undefined;
        // Another place makes the checked key and the proposed name stale.
        if (chosen !== region) typed.name = undefined;
        region = chosen;
        step = region === 'custom' ? 'url' : 'key';
      } else if (step === 'url') {
        const answer = await prompter.input({
          title,
          prompt: vscode.l10n.t('Base URL of the service API'),
          placeholder: 'https://novu.example.com/api',
          value: typed.url,
          step: number('url'),
          totalSteps: total,
          back: true,
          validate: validateBaseUrl,
        });
        if (answer === undefined) return undefined;
        if (isBack(answer)) {
          typed.url = answer.value;
          step = 'region';
          continue;
        }
        typed.url = answer;
        const url = normalizeBaseUrl(answer);
        if (sendsKeyInClear(url) && !acceptedInClear.has(url)) {
          const go = vscode.l10n.t('Connect over HTTP');
          const sure = await prompter.confirm(
            vscode.l10n.t('{0} is not encrypted: the API key and every answer (subscribers, their emails and phone numbers) travel in clear text on your network. Continue only on a network you trust, or use https://.', url),
            go,
          );
          // Not sure: the URL stays as typed, to be changed to https://.
          if (!sure) continue;
          acceptedInClear.add(url);
        }
        step = 'key';
      } else if (step === 'key') {
        const answer = await prompter.input({
          title,
          prompt: vscode.l10n.t('API key (stored in VS Code’s secret storage, checked with one request before saving)'),
          password: true,
          value: typed.key,
          step: number('key'),
          totalSteps: total,
          back: true,
          validate: validateKeyShape,
          check: async (value) => {
            const result = await this.manager.checkKey(defaultName, baseUrl, value.trim());
            environmentId = result.environmentId;
            return result.problem;
          },
        });
        if (answer === undefined) return undefined;
        if (isBack(answer)) {
          typed.key = answer.value;
          step = custom ? 'url' : 'region';
          continue;
        }
        typed.key = answer;
        step = 'name';
      } else {
        const taken = this.manager.allConnections.map((c) => c.name);
        const answer = await prompter.input({
          title,
          prompt: vscode.l10n.t('Name the connection (say which environment it is, for example "Production (EU)")'),
          value: typed.name ?? uniqueName(defaultName, taken),
          step: number('name'),
          totalSteps: total,
          back: true,
          validate: (value) => validateConnectionName(value, taken),
        });
        if (answer === undefined) return undefined;
        if (isBack(answer)) {
          typed.name = answer.value;
          step = 'key';
          continue;
        }
        const connection = await this.manager.add({ name: answer.trim(), region: region!, baseUrl }, typed.key.trim(), environmentId);
        void prompter.message('info', vscode.l10n.t('Connected to "{0}".', connection.name));
        return connection;
      }
    }
  }

  async switchConnection(): Promise<void> {
    const prompter = this.prompter();
    const active = this.manager.active;
    const choice = await prompter.pick<string>({
      title: vscode.l10n.t('Switch Novu Connection'),
      placeholder: vscode.l10n.t('Which connection should the views show?'),
      items: [
        ...this.manager.allConnections.map((c) => ({
          label: `${c.id === active?.id ? '$(check) ' : ''}${noIcons(c.name)}`,
          description: builtInDescription(c) ?? `${regionLabel(c)} · ${c.baseUrl}`,
          ...(sendsKeyInClear(c.baseUrl) ? { detail: `$(unlock) ${vscode.l10n.t('Not encrypted: the API key travels in clear text')}` } : {}),
          value: c.id,
        })),
        { label: `$(add) ${vscode.l10n.t('Add Connection…')}`, value: '__add__' },
        { label: `$(diff-multiple) ${vscode.l10n.t('Compare Environments…')}`, description: vscode.l10n.t('two connections side by side, read-only'), value: '__compare__' },
      ],
    });
    if (choice === undefined) return;
    if (choice === '__add__') {
      await this.addConnection();
      return;
    }
    if (choice === '__compare__') {
      await vscode.commands.executeCommand(Commands.compareEnvironments);
      return;
    }
    await this.manager.switchTo(choice);
  }

  async setApiKey(connectionId?: string): Promise<void> {
    const prompter = this.prompter();
    const connection = this.manager.allConnections.find((c) => c.id === connectionId) ?? this.manager.active;
    if (!connection) {
      const add = await prompter.message('info', vscode.l10n.t('There is no connection to set a key for yet.'), vscode.l10n.t('Add Connection'));
      if (add) await this.addConnection();
      return;
    }
    if (isBuiltIn(connection)) {
      await prompter.message('info', vscode.l10n.t('The sandbox needs no API key: it makes its own each time it starts.'));
      return;
    }
    const apiKey = await prompter.input({
      title: vscode.l10n.t('Set API Key of "{0}"', connection.name),
      prompt: vscode.l10n.t('New API key (stored in VS Code’s secret storage, checked with one request before saving)'),
      password: true,
      validate: validateKeyShape,
      check: async (value) => (await this.manager.checkKey(connection.name, connection.baseUrl, value.trim())).problem,
    });
    if (apiKey === undefined) return;
    await this.manager.setApiKey(connection, apiKey.trim());
    void prompter.message('info', vscode.l10n.t('Saved the new API key of "{0}".', connection.name));
  }

  async removeConnection(connectionId?: string): Promise<void> {
    const prompter = this.prompter();
    const candidates = this.manager.connections;
    if (candidates.length === 0) {
      await prompter.message('info', vscode.l10n.t('There are no connections to remove (the built-in Sandbox stays).'));
      return;
    }
    const id =
      connectionId ??
      (await prompter.pick<string>({
        title: vscode.l10n.t('Remove Novu Connection'),
        placeholder: vscode.l10n.t('Which connection should be removed (with its stored API key)?'),
        items: candidates.map((c) => ({ label: c.name, description: `${regionLabel(c)} · ${c.baseUrl}`, value: c.id })),
      }));
    const connection = candidates.find((c) => c.id === id);
    if (!connection) return;
    if (!(await prompter.confirm(vscode.l10n.t('Remove "{0}" and its stored API key?', connection.name), vscode.l10n.t('Remove')))) return;
    await this.manager.remove(connection);
  }

  async openSandbox(): Promise<void> {
    await this.manager.switchTo(SANDBOX_CONNECTION_ID);
    await vscode.commands.executeCommand('novuExplorer.subscribers.focus');
  }
}

/** What the switch pick says of a built-in connection: its sample data, and which environment of it. */
function builtInDescription(connection: Connection): string | undefined {
  if (connection.id === SANDBOX_CONNECTION_ID) return vscode.l10n.t('local sample data');
  if (connection.id === SANDBOX_PRODUCTION_CONNECTION_ID) return vscode.l10n.t('local sample data, Production environment: for Compare Environments');
  return undefined;
}

function uniqueName(base: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((t) => t.toLowerCase()));
  if (!lower.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!lower.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}
