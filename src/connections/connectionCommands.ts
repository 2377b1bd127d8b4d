/** The connection commands: add, switch, set key, remove, open the sandbox. */
import * as vscode from 'vscode';
import { REGION_URLS, SANDBOX_CONNECTION_ID, normalizeBaseUrl, regionLabel, validateBaseUrl, validateConnectionName, type Connection, type Region } from './connection';
import type { ConnectionManager } from './connectionManager';
import type { Prompter } from '../ui/prompter';
import { noIcons } from '../ui/text';

const ADD_TITLE = 'Add Novu Connection';

function validateKeyShape(value: string): string | undefined {
  if (value.trim() === '') return 'Paste the API key (Settings → API Keys in the Novu dashboard).';
  if (/\s/.test(value.trim())) return 'An API key has no spaces.';
  return undefined;
}

export class ConnectionCommands {
  constructor(
    private readonly manager: ConnectionManager,
    private readonly prompter: () => Prompter,
  ) {}

  async addConnection(): Promise<Connection | undefined> {
    const prompter = this.prompter();
    const region = await prompter.pick<Region>({
      title: ADD_TITLE,
      placeholder: 'Where is the service?',
      step: 1,
      totalSteps: 3,
      items: [
        { label: 'Novu Cloud (US)', description: REGION_URLS.us, value: 'us' },
        { label: 'Novu Cloud (EU)', description: REGION_URLS.eu, value: 'eu' },
        { label: 'Self-hosted…', description: 'your own URL', value: 'custom' },
      ],
    });
    if (!region || region === 'sandbox') return undefined;
    let baseUrl: string = region === 'custom' ? '' : REGION_URLS[region];
    if (region === 'custom') {
      const typed = await prompter.input({
        title: ADD_TITLE,
        prompt: 'Base URL of the service API',
        placeholder: 'https://novu.example.com/api',
        step: 2,
        totalSteps: 4,
        validate: validateBaseUrl,
      });
      if (typed === undefined) return undefined;
      baseUrl = normalizeBaseUrl(typed);
    }
    const steps = region === 'custom' ? 4 : 3;
    const defaultName = region === 'custom' ? regionLabel({ region, baseUrl }) : `Novu ${regionLabel({ region, baseUrl })}`;
    let environmentId: string | undefined;
    const apiKey = await prompter.input({
      title: ADD_TITLE,
      prompt: 'API key (stored in VS Code’s secret storage, checked with one request before saving)',
      password: true,
      step: steps - 1,
      totalSteps: steps,
      validate: validateKeyShape,
      check: async (value) => {
        const result = await this.manager.checkKey(defaultName, baseUrl, value.trim());
        environmentId = result.environmentId;
        return result.problem;
      },
    });
    if (apiKey === undefined) return undefined;
    const taken = this.manager.allConnections.map((c) => c.name);
    const name = await prompter.input({
      title: ADD_TITLE,
      prompt: 'Name the connection (say which environment it is, for example "Production (EU)")',
      value: uniqueName(defaultName, taken),
      step: steps,
      totalSteps: steps,
      validate: (value) => validateConnectionName(value, taken),
    });
    if (name === undefined) return undefined;
    const connection = await this.manager.add({ name: name.trim(), region, baseUrl }, apiKey.trim(), environmentId);
    void prompter.message('info', `Connected to "${connection.name}".`);
    return connection;
  }

  async switchConnection(): Promise<void> {
    const prompter = this.prompter();
    const active = this.manager.active;
    const choice = await prompter.pick<string>({
      title: 'Switch Novu Connection',
      placeholder: 'Which connection should the views show?',
      items: [
        ...this.manager.allConnections.map((c) => ({
          label: `${c.id === active?.id ? '$(check) ' : ''}${noIcons(c.name)}`,
          description: c.id === SANDBOX_CONNECTION_ID ? 'local sample data' : `${regionLabel(c)} · ${c.baseUrl}`,
          value: c.id,
        })),
        { label: '$(add) Add Connection…', value: '__add__' },
      ],
    });
    if (choice === undefined) return;
    if (choice === '__add__') {
      await this.addConnection();
      return;
    }
    await this.manager.switchTo(choice);
  }

  async setApiKey(connectionId?: string): Promise<void> {
    const prompter = this.prompter();
    const connection = this.manager.allConnections.find((c) => c.id === connectionId) ?? this.manager.active;
    if (!connection) {
      const add = await prompter.message('info', 'There is no connection to set a key for yet.', 'Add Connection');
      if (add) await this.addConnection();
      return;
    }
    if (connection.id === SANDBOX_CONNECTION_ID) {
      await prompter.message('info', 'The sandbox needs no API key: it makes its own each time it starts.');
      return;
    }
    const apiKey = await prompter.input({
      title: `Set API Key of "${connection.name}"`,
      prompt: 'New API key (stored in VS Code’s secret storage, checked with one request before saving)',
      password: true,
      validate: validateKeyShape,
      check: async (value) => (await this.manager.checkKey(connection.name, connection.baseUrl, value.trim())).problem,
    });
    if (apiKey === undefined) return;
    await this.manager.setApiKey(connection, apiKey.trim());
    void prompter.message('info', `Saved the new API key of "${connection.name}".`);
  }

  async removeConnection(connectionId?: string): Promise<void> {
    const prompter = this.prompter();
    const candidates = this.manager.connections;
    if (candidates.length === 0) {
      await prompter.message('info', 'There are no connections to remove (the built-in Sandbox stays).');
      return;
    }
    const id =
      connectionId ??
      (await prompter.pick<string>({
        title: 'Remove Novu Connection',
        placeholder: 'Which connection should be removed (with its stored API key)?',
        items: candidates.map((c) => ({ label: c.name, description: `${regionLabel(c)} · ${c.baseUrl}`, value: c.id })),
      }));
    const connection = candidates.find((c) => c.id === id);
    if (!connection) return;
    if (!(await prompter.confirm(`Remove "${connection.name}" and its stored API key?`, 'Remove'))) return;
    await this.manager.remove(connection);
  }

  async openSandbox(): Promise<void> {
    await this.manager.switchTo(SANDBOX_CONNECTION_ID);
    await vscode.commands.executeCommand('novuExplorer.subscribers.focus');
  }
}

function uniqueName(base: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((t) => t.toLowerCase()));
  if (!lower.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!lower.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}
