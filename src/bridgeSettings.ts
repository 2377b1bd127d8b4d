/**
 * Where the user's app serves its bridge, for Preview and "Your app" alike: the setting
 * `novuExplorer.preview.bridgeUrl` (the default or the demo's app unless set), its check, Set Bridge
 * URL…, and the trust asked before a signed request leaves this machine. Both features read it
 * here, so that one rule decides for both; it needs vscode, which src/bridge/ must not import, and
 * features import no other feature, so it is a shared module of its own (like features.ts).
 *
 * In a workspace that is not trusted, a URL from the workspace's settings is not used (the user's
 * own is). A URL that is not on this machine is asked about once; the answer is kept per origin.
 */
import * as vscode from 'vscode';
import { asksBeforeSigning } from './bridge/addressRule';
import type { Prompter } from './ui/prompter';

export const BRIDGE_URL_SETTING = 'preview.bridgeUrl';
export const DEFAULT_BRIDGE_URL = 'http://localhost:4000/api/novu';
const APPROVED_KEY = 'novuExplorer.preview.approvedOrigins';

/** Whether the URL is an http(s) URL without credentials; its problem in words otherwise. */
export function bridgeUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return vscode.l10n.t('Not a URL: write it as http://localhost:4000/api/novu');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return vscode.l10n.t('The bridge URL starts with http:// or https://');
  if (url.username || url.password) return vscode.l10n.t('The bridge URL has no user name or password: the connection’s key signs each request.');
  return undefined;
}

export class BridgeSettings {
  /** The bridge URL when none is set: the default, or the demo's app (`npm run demo` says where; never an installed extension). */
  private readonly defaultUrl: string;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly prompter: () => Prompter,
  ) {
    this.defaultUrl = (context.extensionMode !== vscode.ExtensionMode.Production && process.env.NOVU_EXPLORER_DEMO_BRIDGE_URL) || DEFAULT_BRIDGE_URL;
  }

  /** The user set a bridge URL of their own (or the demo gave one). */
  get isSet(): boolean {
    return !!vscode.workspace.getConfiguration('novuExplorer').inspect(BRIDGE_URL_SETTING)?.globalValue || !!process.env.NOVU_EXPLORER_DEMO_BRIDGE_URL;
  }

  /** The bridge URL to sign requests to now, or why there is none. */
  async bridgeUrl(): Promise<{ url: string } | { problem: string }> {
    const inspected = vscode.workspace.getConfiguration('novuExplorer').inspect<string>(BRIDGE_URL_SETTING);
    // An untrusted workspace's own settings could send the key's signatures anywhere: only the user's count.
    const fromWorkspace = vscode.workspace.isTrusted ? (inspected?.workspaceFolderValue ?? inspected?.workspaceValue) : undefined;
    const text = (fromWorkspace ?? inspected?.globalValue ?? this.defaultUrl).trim();
    const problem = bridgeUrlProblem(text);
    if (problem) return { problem: vscode.l10n.t('The bridge URL setting is not usable: {0}', problem) };
    const url = new URL(text);
    const approved = this.context.globalState.get<string[]>(APPROVED_KEY, []);
    if (asksBeforeSigning(text, approved)) {
      const send = vscode.l10n.t('Send Signed Requests');
      const answer = await this.prompter().message(
        'warning',
        vscode.l10n.t('The bridge URL {0} is not on this machine. Send preview requests signed with your connection’s key there?', url.origin),
        send,
      );
      if (answer !== send) return { problem: vscode.l10n.t('Not sent: {0} is not on this machine and was not allowed.', url.origin) };
      await this.context.globalState.update(APPROVED_KEY, [...approved, url.origin]);
    }
    return { url: text };
  }

  /** Set Bridge URL…: where the running app serves its bridge; checked at the field, saved in the user's settings. */
  async setBridgeUrl(): Promise<void> {
    const current = vscode.workspace.getConfiguration('novuExplorer').inspect<string>(BRIDGE_URL_SETTING)?.globalValue ?? this.defaultUrl;
    const value = await this.prompter().input({
      title: vscode.l10n.t('Set Bridge URL'),
      prompt: vscode.l10n.t('Where your running @novu/framework app serves its bridge (the route of serve())'),
      value: current,
      placeholder: DEFAULT_BRIDGE_URL,
      validate: (text) => bridgeUrlProblem(text),
    });
    if (value === undefined) return;
    await vscode.workspace.getConfiguration('novuExplorer').update(BRIDGE_URL_SETTING, value.trim(), vscode.ConfigurationTarget.Global);
  }
}
