/**
 * The floor plan holds: the lint rules that guard it are live (a deliberate break fails them),
 * folders import each other without cycles, and no webview bundle reaches vscode or zod.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = resolve(__dirname, '..', '..', '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tsFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

interface Import {
  spec: string;
  typeOnly: boolean;
}

// Re-exports (`export … from`) and bare imports (`import '…'`) are edges too.
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;]*?from\s+)?'([^']+)';/gms)].map((m) => ({ spec: m[2]!, typeOnly: Boolean(m[1]) }));
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.filter((m) => m.ruleId?.endsWith('no-restricted-imports')).map((m) => m.message);
}

describe('the floor plan', () => {
  it('lint fails a deliberate break of each boundary, and passes what is allowed', async () => {
    assert.ok((await restrictedImportErrors('src/api/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n")).length > 0, 'api/ importing vscode');
    assert.ok((await restrictedImportErrors('src/bridge/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n")).length > 0, 'bridge/ importing vscode');
    assert.ok((await restrictedImportErrors('src/bridge/probe.ts', "import { previewTarget } from '../preview/previewTarget';\nexport const p = previewTarget;\n")).length > 0, 'bridge/ depending on a feature');
    assert.ok((await restrictedImportErrors('src/sandbox/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n")).length > 0, 'sandbox/ importing vscode');
    assert.ok((await restrictedImportErrors('src/checks/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n")).length > 0, 'checks/ importing vscode');
    assert.ok((await restrictedImportErrors('src/checks/probe.ts', "import { previewTarget } from '../preview/previewTarget';\nexport const p = previewTarget;\n")).length > 0, 'checks/ depending on a feature');
    assert.ok((await restrictedImportErrors('src/rendered/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n")).length > 0, 'rendered/ importing vscode');
    assert.ok((await restrictedImportErrors('src/cli/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n")).length > 0, 'cli/ importing vscode');
    assert.ok((await restrictedImportErrors('src/compare/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n")).length > 0, 'compare/ importing vscode');
    assert.ok((await restrictedImportErrors('src/compare/probe.ts', "import { previewTarget } from '../preview/previewTarget';\nexport const p = previewTarget;\n")).length > 0, 'compare/ depending on a feature');
    assert.ok((await restrictedImportErrors('src/rendered/probe.ts', "import { previewTarget } from '../preview/previewTarget';\nexport const p = previewTarget;\n")).length > 0, 'rendered/ depending on a feature');
    assert.ok((await restrictedImportErrors('webview/preferences/probe.ts', "import * as z from 'zod/mini';\nexport const s = z.string();\n")).length > 0, 'a webview importing zod');
    assert.ok((await restrictedImportErrors('webview/preferences/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n")).length > 0, 'a webview importing vscode');
    assert.ok((await restrictedImportErrors('webview/preferences/probe.ts', "import { subscriberSchema } from '../../src/api/schemas';\nexport const s = subscriberSchema;\n")).length > 0, 'a webview importing a module with zod');
    assert.ok((await restrictedImportErrors('src/subscribers/probe.ts', "import { NotificationCommands } from '../notifications/notificationCommands';\nexport const c = NotificationCommands;\n")).length > 0, 'a feature reaching into another');
    assert.ok((await restrictedImportErrors('src/panels/probe.ts', "import { channelLabel } from '../preferences/preferencesModel';\nexport const c = channelLabel;\n")).length > 0, 'shared code depending on a feature');

    assert.deepEqual(await restrictedImportErrors('webview/preferences/probe.ts', "import type { Subscriber } from '../../src/api/schemas';\nexport type S = Subscriber;\n"), [], 'types only are fine');
    assert.deepEqual(await restrictedImportErrors('src/subscribers/probe.ts', "import { channelLabel } from '../format/channels';\nexport const c = channelLabel;\n"), [], 'shared homes are fine');
    assert.deepEqual(await restrictedImportErrors('src/preview/probe.ts', "import { scanJavaScript } from '../scan';\nexport const s = scanJavaScript;\n"), [], 'the shared scanners are fine');
    assert.deepEqual(await restrictedImportErrors('src/checks/probe.ts', "import { buildPreviewModel } from '../rendered/previewModel';\nexport const b = buildPreviewModel;\n"), [], 'checks/ reads the rendered step');
    assert.deepEqual(await restrictedImportErrors('src/preview/probe.ts', "import { checkStep } from '../checks';\nexport const c = checkStep;\n"), [], 'a feature runs the checks');
  });

  it('holds every folder of src/ to the rule: a feature (a folder with its register.ts) imports no other, shared code no feature', async () => {
    const src = join(ROOT, 'src');
    const folders = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory());
    // connections/ registers itself but is shared machinery; agent/ is the features' second face (its own rule above).
    const features = folders.filter((folder) => existsSync(join(src, folder, 'register.ts')) && folder !== 'connections' && folder !== 'agent');
    assert.ok(['code', 'workflows', 'preview'].every((folder) => features.includes(folder)), features.join(', '));
    for (const feature of features) {
      for (const other of features.filter((f) => f !== feature)) {
        const errors = await restrictedImportErrors(`src/${feature}/probe.ts`, `import { x } from '../${other}/register';\nexport const y = x;\n`);
        assert.ok(errors.length > 0, `${feature}/ importing ${other}/ passes the lint`);
      }
    }
    for (const shared of folders.filter((folder) => !features.includes(folder) && folder !== 'agent')) {
      const errors = await restrictedImportErrors(`src/${shared}/probe.ts`, `import { x } from '../${features[0]}/register';\nexport const y = x;\n`);
      assert.ok(errors.length > 0, `shared ${shared}/ importing the feature ${features[0]}/ passes the lint`);
    }
  });

  it('has the architecture page name every folder of src/', () => {
    const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const src = join(ROOT, 'src');
    const unnamed = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory() && !page.includes(`src/${name}/`));
    assert.deepEqual(unnamed, [], 'folders docs/architecture.md does not name');
  });

  it('has no import cycle between folders', () => {
    const src = join(ROOT, 'src');
    const folderOf = (file: string) => relative(src, file).split('/')[0]!.replace(/\.ts$/, '');
    const edges = new Map<string, Set<string>>();
    for (const file of tsFiles(src)) {
      for (const { spec } of importsOf(file)) {
        const target = resolveImport(file, spec);
        if (!target || folderOf(target) === folderOf(file)) continue;
        (edges.get(folderOf(file)) ?? edges.set(folderOf(file), new Set()).get(folderOf(file))!).add(folderOf(target));
      }
    }
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (node: string, path: string[]): void => {
      if (state.get(node) === 'done') return;
      assert.notEqual(state.get(node), 'visiting', `import cycle between folders: ${[...path, node].join(' → ')}`);
      state.set(node, 'visiting');
      for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
      state.set(node, 'done');
    };
    for (const node of edges.keys()) visit(node, []);
    assert.ok(edges.get('extension')!.size >= 6, 'the composition root wires the features');
  });

  // Type imports count: a type a module needs from its own importer is a circle of design, and the
  // issue's own measure (store.ts ↔ bridgeSync.ts) runs through `import type`.
  it('has no import cycle between the files of src/, type imports included', () => {
    const edges = new Map(tsFiles(join(ROOT, 'src')).map((file) => [file, importsOf(file).flatMap(({ spec }) => resolveImport(file, spec) ?? [])]));
    const cycles: string[][] = [];
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    // Tarjan's strongly connected components: every component of two or more files is one circle.
    const connect = (file: string): void => {
      index.set(file, index.size);
      low.set(file, index.get(file)!);
      stack.push(file);
      for (const next of edges.get(file) ?? []) {
        if (!index.has(next)) {
          connect(next);
          low.set(file, Math.min(low.get(file)!, low.get(next)!));
        } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
      if (low.get(file) !== index.get(file)) return;
      const component = stack.splice(stack.indexOf(file));
      if (component.length > 1 || edges.get(file)!.includes(file)) cycles.push(component.map((f) => relative(ROOT, f)).sort());
    };
    for (const file of edges.keys()) if (!index.has(file)) connect(file);
    assert.deepEqual(cycles, [], `import cycles:\n${cycles.map((c) => c.join(' ↔ ')).join('\n')}`);
    assert.ok(edges.size > 100 && [...edges.values()].some((targets) => targets.length > 5), 'the graph was read');
  });

  it('bundles no module into a webview that imports vscode or zod', () => {
    const entries = readdirSync(join(ROOT, 'webview')).map((dir) => join(ROOT, 'webview', dir, 'main.ts')).filter((f) => existsSync(f));
    assert.ok(entries.length >= 2);
    const seen = new Set<string>();
    const walk = (file: string, chain: string[]): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const { spec, typeOnly } of importsOf(file)) {
        if (typeOnly) continue;
        assert.ok(!/^(vscode|zod)(\/|$)/.test(spec), `${[...chain, file].map((f) => relative(ROOT, f)).join(' → ')} imports ${spec}`);
        const target = resolveImport(file, spec);
        if (target) walk(target, [...chain, file]);
      }
    };
    for (const entry of entries) walk(entry, []);
  });
});
