/**
 * Every command id of the extension, in one place: call sites, menus built in code and the
 * registration table all name them from here (test/unit/commands.test.ts holds package.json to it).
 */
import type { COMMAND_NAMES } from './commandNames';

/** The commands contributed under another prefix. */
export const SPECIAL_COMMANDS = {
  // Contributed under code. (its menus are the code lens's).
  showWorkflowActivity: 'novuExplorer.code.showActivity',
  // Contributed under tests. (its menu is the Test Explorer's).
  updateTestSnapshot: 'novuExplorer.tests.updateSnapshot',
  // The case files' Run and Debug lenses (an item's id as their argument: not in the palette).
  runTestCase: 'novuExplorer.tests.run',
  debugTestCase: 'novuExplorer.tests.debug',
} as const;

type CommandMap = { readonly [K in (typeof COMMAND_NAMES)[number]]: `novuExplorer.${K}` } & typeof SPECIAL_COMMANDS;

/**
 * Each command's id by its name. The names are a type only (src/commandNames.ts): the map answers
 * any name with its id, and the type checker allows only the names of the list, so that the list
 * costs dist/extension.js nothing.
 */
export const Commands = new Proxy(SPECIAL_COMMANDS, {
  get: (special, name) => (typeof name === 'string' ? ((special as Record<string, string>)[name] ?? `novuExplorer.${name}`) : undefined),
}) as unknown as CommandMap;

export type CommandId = CommandMap[keyof CommandMap];
