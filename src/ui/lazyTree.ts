/**
 * A tree view's data provider whose code loads on first use (issue 25: the Workflows view lives in
 * the code bundle). VS Code needs a provider when the view is created; this one asks for the real
 * provider only when the view first asks for rows, so a view that stays collapsed costs nothing.
 */
import * as vscode from 'vscode';

export class LazyTree<T> implements vscode.TreeDataProvider<T>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<T | T[] | undefined | null | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private real: vscode.TreeDataProvider<T> | undefined;
  private listener: vscode.Disposable | undefined;

  constructor(private readonly load: () => vscode.TreeDataProvider<T>) {}

  /** The real provider, loaded now if it was not. */
  get provider(): vscode.TreeDataProvider<T> {
    if (!this.real) {
      this.real = this.load();
      this.listener = this.real.onDidChangeTreeData?.((e) => this.changed.fire(e));
    }
    return this.real;
  }

  get isLoaded(): boolean {
    return this.real !== undefined;
  }

  getTreeItem(element: T): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return this.provider.getTreeItem(element);
  }

  getChildren(element?: T): vscode.ProviderResult<T[]> {
    return this.provider.getChildren(element);
  }

  getParent(element: T): vscode.ProviderResult<T> {
    return this.provider.getParent?.(element);
  }

  resolveTreeItem(item: vscode.TreeItem, element: T, token: vscode.CancellationToken): vscode.ProviderResult<vscode.TreeItem> {
    return this.provider.resolveTreeItem ? this.provider.resolveTreeItem(item, element, token) : item;
  }

  dispose(): void {
    this.listener?.dispose();
    this.changed.dispose();
  }
}
