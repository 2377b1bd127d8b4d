/**
 * What the Test Explorer's runs see of its case files and items (testExplorer.ts keeps them):
 * the files as last read, what each item stands for, and the parts a run uses. Types only, so that
 * the runs (testRuns.ts, testRun.ts) and the explorer depend on this and not on each other.
 */
import type * as vscode from 'vscode';
import type { BridgeClient, DiscoveredWorkflow } from '../bridge/bridgeClient';
import type { BridgeSettings } from '../bridgeSettings';
import type { CanIEmail } from '../checks';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import type { CaseFile } from '../testing/caseFile';
import type { FileReport } from '../testing/runCases';
import type { Prompter } from '../ui/prompter';

export type ItemKind = 'file' | 'workflow' | 'case' | 'step';

/** What an item stands for (its id says it too, but names may hold anything). */
export interface ItemInfo {
  kind: ItemKind;
  /** The case file's URI, as text: its entry's key. */
  key: string;
  caseName?: string;
  stepId?: string;
  /** A case's index when a case before it has its name (it cannot run, and its item stays apart). */
  index?: number;
}

/** A case file as last read: its text, and what the reader (and the last discover) made of it. */
export interface CaseFileEntry {
  uri: vscode.Uri;
  text: string;
  file: CaseFile;
  item: vscode.TestItem;
}

/** What a run uses of the Test Explorer. */
export interface CaseFiles {
  readonly controller: vscode.TestController;
  readonly client: BridgeClient;
  /** The bridge URL, asked with the user's prompter (a remote host is asked about once). */
  readonly bridge: BridgeSettings;
  readonly deps: { manager: ConnectionManager; log: Log; prompter: () => Prompter };
  readonly allEntries: CaseFileEntry[];
  entry(key: string): CaseFileEntry | undefined;
  info(item: vscode.TestItem): ItemInfo | undefined;
  itemById(id: string): vscode.TestItem | undefined;
  caseItem(key: string, caseName: string, stepId?: string, index?: number): vscode.TestItem | undefined;
  textOf(uri: vscode.Uri): Promise<string | Error>;
  /** Reads a case file's text and shows it (items, diagnostics). */
  update(uri: vscode.Uri, text: string | Error): CaseFileEntry;
  /** The app's workflows, as a run's discover said them. */
  learn(workflows: readonly DiscoveredWorkflow[]): void;
  /** The workflows a run found neither in the app nor in the service (each file's `absent`). */
  learnAbsent(files: readonly FileReport[]): void;
  subscriberOf(subscriberId: string): Promise<Record<string, unknown> | null | undefined>;
  /** caniemail's data for the email clients' support check. */
  canIEmail(): CanIEmail;
}
