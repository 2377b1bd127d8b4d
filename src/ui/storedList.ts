/**
 * A list kept in the extension's storage, newest first and at most `max` long: an entry added
 * replaces those it stands for. What the storage holds is read back by shape (an older version may
 * have written it): a list of something else reads as empty, an entry of another shape is left out.
 */
import type * as vscode from 'vscode';

export class StoredList<T> {
  constructor(
    private readonly storage: Pick<vscode.Memento, 'get' | 'update'>,
    private readonly key: string,
    private readonly max: number,
    private readonly isEntry: (value: unknown) => value is T,
    /** Whether `older` stands for the same thing as `entry`, which replaces it. */
    private readonly same: (older: T, entry: T) => boolean,
  ) {}

  get all(): T[] {
    const stored = this.storage.get<unknown>(this.key, []);
    return Array.isArray(stored) ? stored.filter(this.isEntry) : [];
  }

  async add(entry: T): Promise<void> {
    await this.storage.update(this.key, [entry, ...this.all.filter((older) => !this.same(older, entry))].slice(0, this.max));
  }
}
