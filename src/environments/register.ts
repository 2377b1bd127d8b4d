/**
 * Compare Environments (issue 52): its commands, and its view, which shows once a comparison exists
 * (`novuExplorer.compared`). Everything else (the picks, the reads, the tree, the diff documents)
 * is in its own bundle (dist/environments.js), loaded by the first of its commands.
 */
import { Commands } from '../commands';
import type { Handlers, Shared } from '../features';
import type { EnvironmentsFeature, EnvironmentsLinks } from './environmentsFeature';

export function registerEnvironments(shared: Shared, code: () => { EnvironmentsFeature: typeof EnvironmentsFeature }, links: EnvironmentsLinks) {
  let made: EnvironmentsFeature | undefined;
  const feature = () => (made ??= new (code().EnvironmentsFeature)(shared, links));
  shared.context.subscriptions.push({ dispose: () => made?.dispose() });
  // Each command is the feature's method of the same purpose; a row or a link passes its argument, checked there.
  const handlers = {
    [Commands.compareEnvironments]: () => feature().compare(),
    [Commands.compareAgain]: () => feature().compareAgain(),
    [Commands.showComparisonDifferencesOnly]: () => feature().filter(true),
    [Commands.showComparisonAll]: () => feature().filter(false),
    [Commands.openComparisonDiff]: (target?: unknown) => feature().openDiff(target),
    [Commands.openComparisonFinding]: (link?: unknown) => feature().openFinding(link),
  } satisfies Partial<Handlers>;
  return {
    handlers,
    /** The feature, made on first use (its code loaded then). */
    feature,
    /** The feature, once a command of it ran (undefined before). */
    get current(): EnvironmentsFeature | undefined {
      return made;
    },
  };
}
