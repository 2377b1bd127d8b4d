/**
 * The workspace's module facts for code awareness (issue 30): what a file imports from a relative
 * path is read from that file on disk (its facts kept, not its text), so that an imported
 * framework workflow (`onboardingChecklist.trigger(…)` with the definition in `novu/workflows.ts`)
 * or an imported Novu client is known, through any chain of re-exports. Only the files a scanned
 * document imports from are read, as the scan asks for them; nothing under `node_modules`, no
 * package, never a request. A file is read again after it is saved, created, changed on disk or
 * deleted, and the documents are scanned again.
 */
import * as vscode from 'vscode';
import { JS_LANGUAGES, ModuleMap, jsModule, moduleCandidates, scanJavaScript, scanPython, type CodeRef } from '../scan';

/** A file larger than this is not read for its exports (a bundle, generated code). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Files read one after another along a chain of imports, at most. */
const MAX_ROUNDS = 10;
const CHANGE_DELAY_MS = 200;

export class ModuleIndex implements vscode.Disposable {
  private readonly map = new ModuleMap();
  private readonly reading = new Map<string, Promise<void>>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts the changes of what is held: a scan made before the last change is made again. */
  generation = 0;
  /** A file held changed: the documents that import from it are to be scanned again. */
  readonly onDidChange = this.changed.event;

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}');
    this.subscriptions.push(
      this.changed,
      watcher,
      watcher.onDidCreate((uri) => this.forget(uri)),
      watcher.onDidChange((uri) => this.forget(uri)),
      watcher.onDidDelete((uri) => this.forget(uri)),
      vscode.workspace.onDidSaveTextDocument((document) => this.forget(document.uri)),
    );
  }

  /** The workflows and trigger calls of a document, with what it imports from the workspace's files. */
  async scan(uri: vscode.Uri, languageId: string, text: string): Promise<CodeRef[]> {
    if (languageId === 'python') return scanPython(text);
    if (!JS_LANGUAGES.includes(languageId)) return [];
    // A document never saved has no folder: its relative imports name nothing.
    const path = uri.scheme === 'untitled' ? undefined : uri.path;
    for (let round = 0; ; round++) {
      const wanted: { from: string; specifier: string }[] = [];
      const refs = scanJavaScript(text, { path, modules: this.map.lookup(wanted) });
      if (wanted.length === 0 || round >= MAX_ROUNDS) return refs;
      await Promise.all(wanted.map(({ from, specifier }) => this.read(uri, from, specifier)));
    }
  }

  /** Reads the file a relative import names: each candidate path in turn until one is a file. */
  private read(base: vscode.Uri, from: string, specifier: string): Promise<void> {
    const key = `${from}\u0000${specifier}`;
    const held = this.reading.get(key);
    if (held) return held;
    const reading = (async () => {
      for (const path of moduleCandidates(from, specifier)) {
        const held = this.map.get(path);
        if (held) return;
        if (held === null) continue;
        const module = await readModule(base.with({ path }));
        this.map.set(path, module);
        if (module) return;
      }
    })().finally(() => this.reading.delete(key));
    this.reading.set(key, reading);
    return reading;
  }

  /** A file changed, was created or deleted: when it was held (or known missing), it is read again when next wanted. */
  private forget(uri: vscode.Uri): void {
    if (!this.map.delete(uri.path)) return;
    this.generation++;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.changed.fire(), CHANGE_DELAY_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
  }
}

/** A file's module facts, or null when there is no such file (or it is a folder, or too large). */
async function readModule(uri: vscode.Uri): Promise<ReturnType<typeof jsModule> | null> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory || stat.size > MAX_FILE_BYTES) return null;
    return jsModule(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
  } catch {
    return null;
  }
}
