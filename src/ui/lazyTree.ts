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

/**
 * A view whose feature loads on first use (the view first asks for rows, or one of `names` runs):
 * its tree view, its commands' handlers (each `novuExplorer.<name>` calls `run(name, args)`), and
 * the feature once made. Topics and Contexts are made this way.
 */
export function lazyFeatureView<F extends { readonly provider: vscode.TreeDataProvider<N>; run(name: C, args: unknown[]): unknown; dispose(): void }, N, C extends string>(
  context: vscode.ExtensionContext,
  viewId: string,
  names: readonly C[],
  make: (view: vscode.TreeView<N>) => F,
) {
  let instance: F | undefined;
  const feature = (): F => (instance ??= make(view));
  const tree = new LazyTree<N>(() => feature().provider);
  const view = vscode.window.createTreeView(viewId, { treeDataProvider: tree, showCollapseAll: true });
  context.subscriptions.push(tree, view, { dispose: () => instance?.dispose() });
  const handlers = Object.fromEntries(names.map((name) => [`novuExplorer.${name}`, (...args: unknown[]) => feature().run(name, args)])) as Record<`novuExplorer.${C}`, (...args: unknown[]) => unknown>;
  return {
    handlers,
    feature,
    get loaded(): F | undefined {
      return instance;
    },
  };
}
