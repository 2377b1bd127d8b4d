/**
 * Every question the extension asks goes through a Prompter. Users get the real one (quick inputs
 * that validate as they type and keep what was typed on error); integration tests install a
 * scripted one through the test API, so commands run end to end without a person at the keyboard.
 */
import * as vscode from 'vscode';
import { PickTicks } from './pickTicks';
import { noLinks } from './text';

// A registered symbol: the test API's scripted prompter (built into another bundle) answers Back too.
const BACK: unique symbol = Symbol.for('novuExplorer.prompter.back');

/** What a step of a multi-step flow answers when the user pressed its Back button. */
export interface Back {
  readonly [BACK]: true;
  /** What the box held (kept for when the user comes forward again); a pick's filter text. */
  readonly value: string;
}

export function back(value = ''): Back {
  return { [BACK]: true, value };
}

export function isBack(answer: unknown): answer is Back {
  return typeof answer === 'object' && answer !== null && BACK in answer;
}

export interface PickItem<T> extends vscode.QuickPickItem {
  value: T;
}

export interface PickOptions<T> {
  title: string;
  placeholder?: string;
  items: PickItem<T>[];
  step?: number;
  totalSteps?: number;
  /** Shows a Back button (a step after the first of a flow): pressing it answers BACK. */
  back?: boolean;
}

export interface InputOptions {
  title: string;
  prompt: string;
  value?: string;
  placeholder?: string;
  password?: boolean;
  step?: number;
  totalSteps?: number;
  /** Shows a Back button (a step after the first of a flow): pressing it answers BACK. */
  back?: boolean;
  /** A problem to show from the start (the service rejected this value); cleared by typing. */
  problem?: string;
  /** Checked on every keystroke: a message blocks accepting. */
  validate?: (value: string) => string | undefined;
  /** Checked on accept, may call the service: a message keeps the box open with the text as typed. */
  check?: (value: string) => Promise<string | undefined>;
}

export interface SearchOptions<T> {
  title: string;
  placeholder?: string;
  value?: string;
  /** The choices for what is typed so far; called on every change. */
  suggest: (text: string) => PickItem<T>[];
}

export interface PickManyOptions<T> {
  title: string;
  placeholder?: string;
  /** What is chosen when the pick opens. */
  initial: readonly T[];
  /** Identity of a value: chosen values are kept across suggestions by it. */
  key: (value: T) => string;
  /** The items for what is typed so far (called on every change, with what is chosen now). */
  suggest: (text: string, chosen: readonly T[]) => PickItem<T>[];
  /** Values of the same group exclude each other: choosing one unchooses the others. */
  groupOf?: (value: T) => string | undefined;
}

export type MessageKind = 'info' | 'warning' | 'error';

export interface Prompter {
  pick<T>(options: PickOptions<T> & { back: true }): Promise<T | Back | undefined>;
  pick<T>(options: PickOptions<T>): Promise<T | undefined>;
  input(options: InputOptions & { back: true }): Promise<string | Back | undefined>;
  input(options: InputOptions): Promise<string | undefined>;
  /** A quick pick whose items follow what is typed. */
  search<T>(options: SearchOptions<T>): Promise<T | undefined>;
  /** A quick pick of several choices; items follow what is typed, and what is chosen stays chosen. */
  pickMany<T>(options: PickManyOptions<T>): Promise<T[] | undefined>;
  /** Shows a message with optional actions; resolves with the chosen action's label. */
  message(kind: MessageKind, text: string, ...actions: string[]): Promise<string | undefined>;
  /** A modal question; `detail` is its second, smaller paragraph. */
  confirm(text: string, action: string, detail?: string): Promise<boolean>;
}

/** Gives a step its Back button, which answers Back with what the box held. */
function withBack(input: vscode.QuickPick<never> | vscode.InputBox, hasBack: boolean | undefined, answer: (value: Back) => void): void {
  if (!hasBack) return;
  input.buttons = [vscode.QuickInputButtons.Back];
  input.onDidTriggerButton((button) => {
    if (button === vscode.QuickInputButtons.Back) answer(back(input.value));
  });
}

export class VsCodePrompter implements Prompter {
  pick<T>(options: PickOptions<T> & { back: true }): Promise<T | Back | undefined>;
  pick<T>(options: PickOptions<T>): Promise<T | undefined>;
  pick<T>(options: PickOptions<T>): Promise<T | Back | undefined> {
    const pick = vscode.window.createQuickPick<PickItem<T>>();
    pick.title = options.title;
    pick.placeholder = options.placeholder;
    pick.items = options.items;
    pick.step = options.step;
    pick.totalSteps = options.totalSteps;
    pick.ignoreFocusOut = true;
    pick.matchOnDescription = true;
    // Coming back to a step: the choice made before is the active row.
    const previous = options.items.filter((i) => i.picked);
    if (previous.length > 0) pick.activeItems = previous;
    return new Promise((resolve) => {
      let done = false;
      withBack(pick as vscode.QuickPick<never>, options.back, (answer) => {
        done = true;
        resolve(answer);
        pick.hide();
      });
      pick.onDidAccept(() => {
        done = true;
        resolve(pick.selectedItems[0]?.value);
        pick.hide();
      });
      pick.onDidHide(() => {
        if (!done) resolve(undefined);
        pick.dispose();
      });
      pick.show();
    });
  }

  search<T>(options: SearchOptions<T>): Promise<T | undefined> {
    const pick = vscode.window.createQuickPick<PickItem<T>>();
    pick.title = options.title;
    pick.placeholder = options.placeholder;
    pick.value = options.value ?? '';
    pick.ignoreFocusOut = true;
    const update = (text: string) => {
      const items = options.suggest(text);
      pick.items = items.map((item) => ({ ...item, alwaysShow: true }));
    };
    update(pick.value);
    return new Promise((resolve) => {
      let done = false;
      pick.onDidChangeValue(update);
      pick.onDidAccept(() => {
        const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
        if (!chosen) return;
        done = true;
        resolve(chosen.value);
        pick.hide();
      });
      pick.onDidHide(() => {
        if (!done) resolve(undefined);
        pick.dispose();
      });
      pick.show();
    });
  }

  pickMany<T>(options: PickManyOptions<T>): Promise<T[] | undefined> {
    const pick = vscode.window.createQuickPick<PickItem<T>>();
    pick.title = options.title;
    pick.placeholder = options.placeholder;
    pick.canSelectMany = true;
    pick.ignoreFocusOut = true;
    pick.matchOnDescription = true;
    // VS Code reports our own changes of the ticks back as selection changes: PickTicks tells them
    // from a person's ticks, so that a tick is one decision and an idle pick changes nothing.
    const ticks = new PickTicks(options.initial, options.key, options.groupOf);
    const isRow = (i: PickItem<T>) => i.kind !== vscode.QuickPickItemKind.Separator;
    const tick = (keys: ReadonlySet<string>) => {
      pick.selectedItems = pick.items.filter((i) => isRow(i) && keys.has(options.key(i.value)));
    };
    const list = (text: string) => {
      // Typed suggestions say `alwaysShow`; the fixed choices are narrowed by what is typed.
      const items = options.suggest(text, ticks.values());
      const keys = ticks.list(items.filter(isRow).map((i) => i.value));
      pick.items = items;
      tick(keys);
    };
    list('');
    return new Promise((resolve) => {
      let done = false;
      pick.onDidChangeValue(list);
      pick.onDidChangeSelection((selected) => {
        const keys = ticks.reported(selected.filter(isRow).map((i) => i.value));
        if (keys) tick(keys);
      });
      pick.onDidAccept(() => {
        // Enter after typing means "this one" too: the active row, else the first typed suggestion.
        if (pick.value.trim() !== '') {
          const real = (i: PickItem<T> | undefined) => (i && isRow(i) ? i : undefined);
          const item = real(pick.activeItems[0]) ?? pick.items.find((i) => real(i) && i.alwaysShow);
          if (item) ticks.choose(item.value);
        }
        done = true;
        resolve(ticks.values());
        pick.hide();
      });
      pick.onDidHide(() => {
        if (!done) resolve(undefined);
        pick.dispose();
      });
      pick.show();
    });
  }

  input(options: InputOptions & { back: true }): Promise<string | Back | undefined>;
  input(options: InputOptions): Promise<string | undefined>;
  input(options: InputOptions): Promise<string | Back | undefined> {
    const box = vscode.window.createInputBox();
    box.title = options.title;
    box.prompt = options.prompt;
    box.value = options.value ?? '';
    box.placeholder = options.placeholder;
    box.password = options.password ?? false;
    box.step = options.step;
    box.totalSteps = options.totalSteps;
    box.ignoreFocusOut = true;
    return new Promise((resolve) => {
      let done = false;
      withBack(box, options.back, (answer) => {
        done = true;
        resolve(answer);
        box.hide();
      });
      const validate = (value: string) => {
        box.validationMessage = options.validate?.(value);
        return box.validationMessage === undefined;
      };
      if (options.problem) box.validationMessage = { message: options.problem, severity: vscode.InputBoxValidationSeverity.Error };
      box.onDidChangeValue(validate);
      box.onDidAccept(async () => {
        const value = box.value;
        if (!validate(value)) return;
        if (options.check) {
          box.busy = true;
          box.enabled = false;
          const problem = await options.check(value);
          box.busy = false;
          box.enabled = true;
          if (problem) {
            box.validationMessage = { message: problem, severity: vscode.InputBoxValidationSeverity.Error };
            return;
          }
        }
        done = true;
        resolve(value);
        box.hide();
      });
      box.onDidHide(() => {
        if (!done) resolve(undefined);
        box.dispose();
      });
      box.show();
    });
  }

  async message(kind: MessageKind, message: string, ...actions: string[]): Promise<string | undefined> {
    // Messages quote the service (names, error text): link syntax in them must not become a link.
    const text = noLinks(message);
    switch (kind) {
      case 'info':
        return vscode.window.showInformationMessage(text, ...actions);
      case 'warning':
        return vscode.window.showWarningMessage(text, ...actions);
      case 'error':
        return vscode.window.showErrorMessage(text, ...actions);
    }
  }

  async confirm(text: string, action: string, detail?: string): Promise<boolean> {
    return (await vscode.window.showWarningMessage(text, { modal: true, ...(detail ? { detail } : {}) }, action)) === action;
  }
}
