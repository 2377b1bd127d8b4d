/**
 * The settings `novuExplorer.checks.*` as the checks read them (issue 46, §4): one reading for the
 * Preview's Checks strip and the Test Explorer's runs, so that both judge by the same levels. It
 * needs vscode, which src/checks/ must not import, and features import no other feature, so it is
 * a shared module of its own (like bridgeSettings.ts).
 */
import * as vscode from 'vscode';
import { readChecksSettings, type ChecksSettings } from './checks';

export const CHECKS_SECTION = 'novuExplorer.checks';

/** The settings now (a user's settings.json may hold anything: readChecksSettings takes care). */
export function checksSettingsNow(): ChecksSettings {
  const config = vscode.workspace.getConfiguration(CHECKS_SECTION);
  return readChecksSettings({ levels: config.get('levels'), emailClients: config.get('emailClients'), smsMaxSegments: config.get('smsMaxSegments') });
}
