/**
 * The demo app's sample code type-checks as VS Code's TypeScript sees it (issue 45, B1): a newcomer
 * who opens examples/demo-app sees no red. VS Code puts each file in the project of the nearest
 * tsconfig.json that includes it, here the demo's own; its packages resolve from the repository
 * root's node_modules, as they do for the bridge app (the demo is never installed).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const DEMO = resolve('examples/demo-app');

/** The demo's code files, as a person browsing the folder finds them (not its build output). */
function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? codeFiles(path) : /\.(?:[cm]?[jt]s|[jt]sx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('the demo app’s sample code', () => {
  it('is all in the demo’s tsconfig.json and has no TypeScript error (issue 45, B1)', () => {
    const config = ts.getParsedCommandLineOfConfigFile(join(DEMO, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => assert.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')) })!;
    assert.deepEqual(config.errors, []);
    const rel = (path: string) => relative(DEMO, path).split('\\').join('/');
    // Each file in the project: none left to an inferred project with the editor's defaults.
    assert.deepEqual(config.fileNames.map(rel).sort(), codeFiles(DEMO).map(rel).sort());
    assert.ok(config.fileNames.some((f) => f.endsWith('notify.ts')) && config.fileNames.some((f) => f.endsWith('welcome.ts')));
    const program = ts.createProgram(config.fileNames, config.options);
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...config.fileNames.flatMap((name) => {
        const file = program.getSourceFile(name);
        assert.ok(file, name);
        return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
      }),
    ];
    const said = diagnostics.map((d) => {
      const at = d.file && d.start !== undefined ? `${rel(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
      return `${at}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    assert.deepEqual(said, []);
  });
});
