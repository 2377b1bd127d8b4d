/** Topics: the view (its code loads when it is first shown or a command runs), its commands, and the dry run of a topic send. */
import type { Shared } from '../features';
import { lazyFeatureView } from '../ui/lazyTree';
import type { TreeNode } from '../ui/treeNodes';
import type { TopicCommandName, TopicsFeature, TopicsLinks } from './topicsFeature';

const NAMES: TopicCommandName[] = [
  'refreshTopics', 'loadMoreTopics', 'searchTopics', 'clearTopicFilter', 'createTopic', 'renameTopic', 'deleteTopic', 'addTopicSubscribers',
  'removeTopicSubscription', 'loadMoreTopicSubscriptions', 'triggerTopic', 'topicReach', 'pastTopicReach', 'copyTopicKey', 'openTopicJson', 'showSubscriberTopics',
];

export function registerTopics(shared: Shared, code: () => { TopicsFeature: typeof TopicsFeature }, links: TopicsLinks) {
  return lazyFeatureView<TopicsFeature, TreeNode, TopicCommandName>(shared.context, 'novuExplorer.topics', NAMES, (tree) => new (code().TopicsFeature)(shared, links, tree));
}
