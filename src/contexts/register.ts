/** Contexts: the view (its code loads when it is first shown or a command runs) and its commands. */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import type { Handlers, Shared } from '../features';
import { LazyTree } from '../ui/lazyTree';
import type { TreeNode } from '../ui/treeNodes';
import type { ContextCommandName, ContextsFeature, ContextsLinks } from './contextsFeature';

const NAMES: ContextCommandName[] = ['refreshContexts', 'loadMoreContexts', 'searchContexts', 'clearContextFilter', 'openContextJson', 'showContextActivity', 'copyContextKey'];

export function registerContexts(shared: Shared, code: () => { ContextsFeature: typeof ContextsFeature }, links: ContextsLinks) {
  let instance: ContextsFeature | undefined;
  const feature = (): ContextsFeature => (instance ??= new (code().ContextsFeature)(shared, links, view));
  const tree = new LazyTree<TreeNode>(() => feature().provider);
  const view = vscode.window.createTreeView('novuExplorer.contexts', { treeDataProvider: tree, showCollapseAll: true });
  shared.context.subscriptions.push(tree, view, { dispose: () => instance?.dispose() });
  const handlers = Object.fromEntries(NAMES.map((name) => [Commands[name], (...args: unknown[]) => feature().run(name, args)])) as unknown as Handlers<(typeof Commands)[ContextCommandName]>;
  return {
    handlers,
    feature,
    get loaded(): ContextsFeature | undefined {
      return instance;
    },
  };
}
