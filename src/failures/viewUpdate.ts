/**
 * What the failures panel sends after a whole state: only what changed (issue 45, E). A group's
 * runs and chart bars go when they changed or the group is first shown; an unchanged group is
 * its key; the re-send goes as its fields that changed. The host makes an update from the view
 * the webview holds; the webview applies it to that view. Pure, no `vscode`, no zod (the webview
 * bundles it).
 */
import type { BarView, FailuresView, GroupView, ResendView, RunView } from './protocol';

export type GroupHead = Omit<GroupView, 'bars' | 'examples'>;

/** A group in the order shown: its key, and each of its parts that changed (all three for a group new to the webview). */
export interface GroupUpdate {
  key: string;
  head?: GroupHead;
  bars?: BarView[];
  examples?: RunView[];
}

/** An object's fields that changed, and those it no longer has. */
export interface FieldsUpdate<T> {
  set: Partial<T>;
  unset: (keyof T & string)[];
}

export interface FailuresUpdate {
  /** The view's own fields, groups and re-send apart (a few short lines: always sent). */
  view: Omit<FailuresView, 'groups' | 'resend'>;
  groups: GroupUpdate[];
  /** The re-send: absent when unchanged, null when it closed. */
  resend?: FieldsUpdate<ResendView> | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function headOf({ bars: _bars, examples: _examples, ...head }: GroupView): GroupHead {
  return head;
}

/** The fields of `next` that differ from `held`'s, and `held`'s that `next` lacks; undefined when none. */
export function fieldsUpdate<T extends object>(held: T, next: T): FieldsUpdate<T> | undefined {
  const set: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T & string)[]) if (!same(held[key], next[key])) set[key] = next[key];
  const unset = (Object.keys(held) as (keyof T & string)[]).filter((key) => !(key in next));
  return Object.keys(set).length === 0 && unset.length === 0 ? undefined : { set, unset };
}

export function applyFields<T extends object>(held: T, update: FieldsUpdate<T>): T {
  const next = { ...held, ...update.set };
  for (const key of update.unset) delete next[key];
  return next;
}

/** What takes the webview from `held` to `next`. */
export function viewUpdate(held: FailuresView, next: FailuresView): FailuresUpdate {
  const { groups, resend, ...view } = next;
  const before = new Map(held.groups.map((g) => [g.key, g]));
  const update: FailuresUpdate = {
    view,
    groups: groups.map((g) => {
      const old = before.get(g.key);
      const head = headOf(g);
      return {
        key: g.key,
        ...(old && same(headOf(old), head) ? {} : { head }),
        ...(old && same(old.bars, g.bars) ? {} : { bars: g.bars }),
        ...(old && same(old.examples, g.examples) ? {} : { examples: g.examples }),
      };
    }),
  };
  if (!resend) {
    if (held.resend) update.resend = null;
  } else {
    const changed = fieldsUpdate(held.resend ?? ({} as ResendView), resend);
    if (changed) update.resend = changed;
  }
  return update;
}

/**
 * `held` brought up to date, or undefined when the update does not fit it (a group it does not
 * hold sent without its parts): the webview then waits for the whole state.
 */
export function applyViewUpdate(held: FailuresView, update: FailuresUpdate): FailuresView | undefined {
  const before = new Map(held.groups.map((g) => [g.key, g]));
  const groups: GroupView[] = [];
  for (const g of update.groups) {
    const old = before.get(g.key);
    const head = g.head ?? (old ? headOf(old) : undefined);
    const bars = g.bars ?? old?.bars;
    const examples = g.examples ?? old?.examples;
    if (!head || !bars || !examples) return undefined;
    groups.push({ ...head, bars, examples });
  }
  const resend = update.resend === null ? undefined : update.resend ? applyFields(held.resend ?? ({} as ResendView), update.resend) : held.resend;
  return { ...update.view, groups, ...(resend ? { resend } : {}) };
}
