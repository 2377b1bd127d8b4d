/** The one command table: package.json and the code name the same commands, and only from the map. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SPECIAL_COMMANDS } from '../../src/commands';
import { COMMAND_NAMES } from '../../src/commandNames';

const ROOT = resolve(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  contributes: {
    commands: { command: string }[];
    menus: Record<string, { command: string }[]>;
    viewsWelcome: { contents: string }[];
  };
};
const nls = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
/** A manifest string as VS Code shows it in English: `%key%` looked up in package.nls.json. */
const english = (text: string) => text.replace(/^%([^%]+)%$/, (whole, key: string) => nls[key] ?? whole);
const ids = new Set<string>([...COMMAND_NAMES.map((name) => `novuExplorer.${name}`), ...Object.values(SPECIAL_COMMANDS)]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('the command table', () => {
  it('contributes exactly the commands of the map, in both directions', () => {
    const contributed = pkg.contributes.commands.map((c) => c.command);
    assert.deepEqual([...contributed].sort(), [...ids].sort());
    assert.equal(new Set(contributed).size, contributed.length, 'no command contributed twice');
  });

  it('names only commands of the map in every menu and welcome link', () => {
    for (const [menu, entries] of Object.entries(pkg.contributes.menus)) {
      for (const entry of entries) assert.ok(ids.has(entry.command), `${menu}: ${entry.command} is in the map`);
    }
    const links = pkg.contributes.viewsWelcome.flatMap((w) => [...english(w.contents).matchAll(/\(command:([\w.]+)\)/g)].map((m) => m[1]!));
    assert.ok(links.length > 0);
    for (const link of links) assert.ok(ids.has(link), `welcome link ${link} is in the map`);
  });

  it('hides every command that needs a row from the palette', () => {
    const itemOnly = new Set(pkg.contributes.menus['view/item/context']!.map((e) => e.command));
    const titled = new Set([...pkg.contributes.menus['view/title']!, ...pkg.contributes.menus['editor/context']!].map((e) => e.command));
    const palette = new Map(pkg.contributes.menus['commandPalette']!.map((e) => [e.command, (e as { when?: string }).when]));
    for (const id of itemOnly) if (!titled.has(id) && palette.get(id) === undefined) assert.fail(`${id} is offered in the palette without a row to act on`);
  });

  it('writes no command id as a literal outside the map', () => {
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      if (file.endsWith(join('src', 'commands.ts'))) continue;
      const text = readFileSync(file, 'utf8');
      for (const id of ids) assert.ok(!text.includes(`'${id}'`) && !text.includes(`\`${id}\``) && !text.includes(`"${id}"`), `${file} writes '${id}' instead of Commands`);
    }
  });
});

describe('the walkthrough', () => {
  it('completes each step by a context key the extension sets, with a picture that ships', async () => {
    const { existsSync } = await import('node:fs');
    const { WALKTHROUGH_ID, WALKTHROUGH_STEPS } = await import('../../src/walkthroughSteps');
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      publisher: string;
      name: string;
      contributes: { walkthroughs: { id: string; steps: { id: string; media: { image: string }; completionEvents: string[] }[] }[] };
    };
    const [walkthrough] = manifest.contributes.walkthroughs;
    assert.equal(`${manifest.publisher}.${manifest.name}#${walkthrough!.id}`.toLowerCase(), WALKTHROUGH_ID.toLowerCase());
    assert.equal(walkthrough!.steps.length, 6);
    assert.deepEqual(
      walkthrough!.steps.map((s) => ({ id: s.id, completionEvents: s.completionEvents })),
      Object.values(WALKTHROUGH_STEPS).map(({ id, context }) => ({ id, completionEvents: [`onContext:${context}`] })),
    );
    // The package is an allow-list (.vscodeignore): each picture is named in it, or the installed walkthrough shows none.
    const allowed = new Set(readFileSync('.vscodeignore', 'utf8').split('\n').filter((l) => l.startsWith('!')).map((l) => l.slice(1).trim()));
    for (const step of walkthrough!.steps) {
      assert.ok(existsSync(step.media.image), `${step.id}: ${step.media.image}`);
      assert.ok(allowed.has(step.media.image), `${step.id}: ${step.media.image} is on the .vsix allow-list`);
    }
  });
});
