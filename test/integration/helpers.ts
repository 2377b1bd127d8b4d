/** Shared by the integration tests, which run inside the real VS Code extension host. */
import * as assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import { back, type Back, type InputOptions, type MessageKind, type PickItem, type PickManyOptions, type PickOptions, type Prompter, type SearchOptions } from '../../src/ui/prompter';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';

/**
 * The kind of a tree node by its context value's first flag. Tests bundle their own copy of the
 * node classes, so `instanceof` against the extension's objects cannot work.
 */
export function kindOf(node: { treeItem(): vscode.TreeItem } | undefined): string | undefined {
  return node?.treeItem().contextValue?.split(';')[0];
}

export const EXTENSION_ID = 'novuexplorer.novu-explorer';

export async function extensionApi(): Promise<NovuExplorerApi> {
  const extension = vscode.extensions.getExtension<NovuExplorerApi | undefined>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is installed`);
  const api = extension.isActive ? extension.exports : await extension.activate();
  assert.ok(api, 'the extension exports its parts in test mode');
  return api;
}

/** Answers for a ScriptedPrompter, consumed in order. */
export type Answer =
  | { pick: unknown }
  | { input: string }
  | { confirm: boolean }
  /** Types `search` into a search quick pick and accepts the item at `choose` (default 0; negative: from the end), or presses Escape after looking (`escape`). */
  | { search: string; choose?: number; escape?: boolean }
  /**
   * A pick of several: types `typed` (default nothing) and accepts exactly the items whose keys are
   * listed, looked up among what is offered for no text and for `typed`.
   */
  | { pickMany: string[]; typed?: string }
  /** Presses the Back button of a step that has one (a step without one fails the test), after typing `typed`. */
  | { back: true; typed?: string }
  | { cancel: true };

export interface AskedInput {
  options: InputOptions;
  value: string;
  /** What validate() or check() said about the answer, if anything. */
  problem?: string;
  /** The service's complaint the box opened with (a field sent back to be fixed). */
  shownProblem?: string;
}

/**
 * Stands in for a person at the keyboard: answers each question from a script, runs the same
 * validate/check callbacks the real input box would, and keeps the box "open" (takes the next
 * answer) when they report a problem, as the real one does.
 */
export class ScriptedPrompter implements Prompter {
  readonly messages: { kind: MessageKind; text: string; actions: string[]; detail?: string }[] = [];
  readonly inputs: AskedInput[] = [];
  readonly picks: PickOptions<unknown>[] = [];
  /** Action to choose on the next message with actions. */
  messageAction: string | undefined;

  constructor(private readonly answers: Answer[] = []) {}

  script(...answers: Answer[]): this {
    this.answers.push(...answers);
    return this;
  }

  get remaining(): number {
    return this.answers.length;
  }

  async pick<T>(options: PickOptions<T> & { back: true }): Promise<T | Back | undefined>;
  async pick<T>(options: PickOptions<T>): Promise<T | undefined>;
  async pick<T>(options: PickOptions<T>): Promise<T | Back | undefined> {
    this.picks.push(options as PickOptions<unknown>);
    const answer = this.next();
    if ('cancel' in answer) return undefined;
    if ('back' in answer) {
      assert.ok(options.back, `"${options.title}" has a Back button`);
      return back();
    }
    assert.ok('pick' in answer, `expected a pick answer for "${options.title}"`);
    const item = options.items.find((i) => isDeepStrictEqual(i.value, answer.pick));
    assert.ok(item, `"${String(answer.pick)}" is one of the items of "${options.title}": ${options.items.map((i) => String(i.value)).join(', ')}`);
    return item.value;
  }

  /** The items each search offered, for assertions. */
  readonly searches: { text: string; items: PickItem<unknown>[] }[] = [];

  async search<T>(options: SearchOptions<T>): Promise<T | undefined> {
    const answer = this.next();
    if ('cancel' in answer) return undefined;
    assert.ok('search' in answer, `expected a search answer for "${options.title}"`);
    const items = options.suggest(answer.search);
    this.searches.push({ text: answer.search, items: items as PickItem<unknown>[] });
    if (answer.escape) return undefined;
    const item = items.at(answer.choose ?? 0);
    assert.ok(item, `the search "${answer.search}" offers item ${answer.choose ?? 0}`);
    return item.value;
  }

  /** The items each pick of several offered (for no text, then for what was typed). */
  readonly manyPicks: { title: string; initial: unknown[]; items: PickItem<unknown>[] }[] = [];

  async pickMany<T>(options: PickManyOptions<T>): Promise<T[] | undefined> {
    const answer = this.next();
    if ('cancel' in answer) return undefined;
    assert.ok('pickMany' in answer, `expected a pickMany answer for "${options.title}"`);
    const items = [...options.suggest('', options.initial), ...(answer.typed ? options.suggest(answer.typed, options.initial) : [])].filter(
      (i) => i.kind !== vscode.QuickPickItemKind.Separator,
    );
    this.manyPicks.push({ title: options.title, initial: [...options.initial], items: items as PickItem<unknown>[] });
    return answer.pickMany.map((key) => {
      const item = items.find((i) => options.key(i.value) === key);
      assert.ok(item, `"${key}" is offered by "${options.title}": ${items.map((i) => options.key(i.value)).join(', ')}`);
      return item.value;
    });
  }

  async input(options: InputOptions & { back: true }): Promise<string | Back | undefined>;
  async input(options: InputOptions): Promise<string | undefined>;
  async input(options: InputOptions): Promise<string | Back | undefined> {
    for (;;) {
      const answer = this.next();
      if ('cancel' in answer) return undefined;
      if ('back' in answer) {
        assert.ok(options.back, `"${options.prompt}" has a Back button`);
        this.inputs.push({ options, value: answer.typed ?? options.value ?? '' });
        return back(answer.typed ?? options.value ?? '');
      }
      assert.ok('input' in answer, `expected an input answer for "${options.prompt}"`);
      const problem = options.validate?.(answer.input) ?? (await options.check?.(answer.input));
      this.inputs.push({ options, value: answer.input, ...(problem ? { problem } : {}), ...(options.problem ? { shownProblem: options.problem } : {}) });
      if (!problem) return answer.input;
    }
  }

  async message(kind: MessageKind, text: string, ...actions: string[]): Promise<string | undefined> {
    this.messages.push({ kind, text, actions });
    const action = this.messageAction && actions.includes(this.messageAction) ? this.messageAction : undefined;
    this.messageAction = undefined;
    return action;
  }

  async confirm(text: string, action: string, detail?: string): Promise<boolean> {
    this.messages.push({ kind: 'warning', text, actions: [action], ...(detail ? { detail } : {}) });
    const answer = this.next();
    return 'confirm' in answer && answer.confirm;
  }

  private next(): Answer {
    const answer = this.answers.shift();
    assert.ok(answer, 'the script has an answer for every question');
    return answer;
  }
}

/** A fresh sandbox for one test file; the key is random so that leaks can be searched for. */
export async function freshSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ apiKey: `itest-${Math.random().toString(36).slice(2)}-key`, ...options });
}

/** A port of this machine that nothing listens on now (an app that is down). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

export async function waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Closes an untitled document's editor without saving and waits until the extension host has been
 * told (`document.isClosed`), so that what the test does next does not meet it. An untitled document
 * opened next may get the same URI (Untitled-1) again: this wait alone did not keep a code lens
 * request on that URI from once answering with the closed document's lenses, so a test that asks
 * by URI keeps its documents open together instead (walkthrough.test.ts).
 */
export async function revertAndClose(document: vscode.TextDocument): Promise<void> {
  if (document.isClosed) return;
  if (vscode.window.activeTextEditor?.document !== document) await vscode.window.showTextDocument(document);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await waitFor(() => document.isClosed, `${document.uri.toString()} closed`);
}

/** Removes every connection and leaves no active one, as on a fresh install. */
export async function resetConnections(api: NovuExplorerApi): Promise<void> {
  for (const connection of api.manager.connections) await api.manager.remove(connection);
  await api.manager.switchTo(undefined);
}

/** Where a suite starts from: the extension, no connection, and a fresh sandbox to connect to. */
export async function freshStart(options: SandboxOptions = {}): Promise<{ api: NovuExplorerApi; sandbox: Sandbox }> {
  const api = await extensionApi();
  await resetConnections(api);
  return { api, sandbox: await freshSandbox(options) };
}

/** `freshStart`, then the sandbox added as the connection `name` through Add Connection. */
export async function connectFreshSandbox(name: string, options: SandboxOptions = {}): Promise<{ api: NovuExplorerApi; sandbox: Sandbox }> {
  const start = await freshStart(options);
  await addSandboxConnection(start.api, start.sandbox, name);
  return start;
}

/** What a suite leaves behind: no connection, and its sandbox stopped. */
export async function disconnectSandbox(api: NovuExplorerApi, sandbox: Sandbox): Promise<void> {
  await resetConnections(api);
  await sandbox.close();
}

/** Adds a connection to a sandbox through the real Add Connection command, answering as a user. */
export async function addSandboxConnection(api: NovuExplorerApi, sandbox: Sandbox, name: string): Promise<ScriptedPrompter> {
  const prompter = new ScriptedPrompter([{ pick: 'custom' }, { input: sandbox.url }, { input: sandbox.apiKey }, { input: name }]);
  api.setPrompter(prompter);
  await vscode.commands.executeCommand('novuExplorer.addConnection');
  api.setPrompter(undefined);
  return prompter;
}

/**
 * The lines a TypeScript document starts with to hold a Novu client named `novu` (issue 30: a
 * `novu.trigger(…)` is marked only when `novu` is tied to `@novu/api` or `@novu/node`).
 */
export const NOVU_CLIENT = "import { Novu } from '@novu/api';\nconst novu = new Novu({ secretKey: process.env.NOVU_SECRET_KEY });\n";

export interface DemoBridge {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The demo's framework app (examples/demo-app, the real @novu/framework), on a free port with `secretKey` and strict signatures. */
export async function startDemoBridge(secretKey: string): Promise<DemoBridge> {
  const run = resolve(__dirname, '..', '..', '..', 'examples', 'demo-app', 'bridge', 'run.mjs');
  const { startBridgeApp } = (await import(pathToFileURL(run).href)) as { startBridgeApp: (options: { secretKey: string; strict: boolean; watch: boolean }) => Promise<DemoBridge> };
  return startBridgeApp({ secretKey, strict: true, watch: false });
}
