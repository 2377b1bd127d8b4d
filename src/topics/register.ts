/** Topics: the view (its code loads when it is first shown or a command runs), its commands, and the dry run of a topic send. */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import type { Handlers, Shared } from '../features';
import { LazyTree } from '../ui/lazyTree';
import type { TreeNode } from '../ui/treeNodes';
import type { TopicCommandName, TopicsFeature, TopicsLinks } from './topicsFeature';

const NAMES: TopicCommandName[] = [
  'refreshTopics', 'loadMoreTopics', 'searchTopics', 'clearTopicFilter', 'createTopic', 'renameTopic', 'deleteTopic', 'addTopicSubscribers',
  'removeTopicSubscription', 'loadMoreTopicSubscriptions', 'triggerTopic', 'topicReach', 'pastTopicReach', 'copyTopicKey', 'openTopicJson', 'showSubscriberTopics',
];

export function registerTopics(shared: Shared, code: () => { TopicsFeature: typeof TopicsFeature }, links: TopicsLinks) {
  let instance: TopicsFeature | undefined;
  const feature = (): TopicsFeature => (instance ??= new (code().TopicsFeature)(shared, links, view));
  const tree = new LazyTree<TreeNode>(() => feature().provider);
  const view = vscode.window.createTreeView('novuExplorer.topics', { treeDataProvider: tree, showCollapseAll: true });
  shared.context.subscriptions.push(tree, view, { dispose: () => instance?.dispose() });
  const handlers = Object.fromEntries(NAMES.map((name) => [Commands[name], (...args: unknown[]) => feature().run(name, args)])) as unknown as Handlers<(typeof Commands)[TopicCommandName]>;
  return {
    handlers,
    feature,
    get loaded(): TopicsFeature | undefined {
      return instance;
    },
  };
}
