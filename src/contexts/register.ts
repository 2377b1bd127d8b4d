/** Contexts: the view (its code loads when it is first shown or a command runs) and its commands. */
import type { Shared } from '../features';
import { lazyFeatureView } from '../ui/lazyTree';
import type { TreeNode } from '../ui/treeNodes';
import type { ContextCommandName, ContextsFeature, ContextsLinks } from './contextsFeature';

const NAMES: ContextCommandName[] = ['refreshContexts', 'loadMoreContexts', 'searchContexts', 'clearContextFilter', 'openContextJson', 'showContextActivity', 'copyContextKey'];

export function registerContexts(shared: Shared, code: () => { ContextsFeature: typeof ContextsFeature }, links: ContextsLinks) {
  return lazyFeatureView<ContextsFeature, TreeNode, ContextCommandName>(shared.context, 'novuExplorer.contexts', NAMES, (tree) => new (code().ContextsFeature)(shared, links, tree));
}
