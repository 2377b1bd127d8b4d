/** The Contexts feature as loaded from its bundle: the view's provider and its commands. */
import * as vscode from 'vscode';
import { CONTEXT_IDENTIFIER_PATTERN, contextKey } from '../api/contexts';
import type { Shared } from '../features';
import { showControls } from '../rendered/linkSafety';
import { copyAndSay } from '../ui/clipboard';
import type { PickItem } from '../ui/prompter';
import { noIcons } from '../ui/text';
import { ContextNode, ContextsProvider, type ContextFilter } from './contextsProvider';

export interface ContextsLinks {
  /** The Activity, showing the runs whose context is exactly these keys. */
  showActivity(contextKeys: string[]): unknown;
}

export type ContextCommandName = 'refreshContexts' | 'loadMoreContexts' | 'searchContexts' | 'clearContextFilter' | 'openContextJson' | 'showContextActivity' | 'copyContextKey';

export class ContextsFeature implements vscode.Disposable {
  readonly provider: ContextsProvider;

  constructor(
    private readonly shared: Shared,
    private readonly links: ContextsLinks,
    view: vscode.TreeView<unknown>,
  ) {
    this.provider = new ContextsProvider(shared.manager);
    this.provider.view = view as vscode.TreeView<never>;
  }

  run(name: ContextCommandName, args: unknown[]): unknown {
    const node = args[0] instanceof ContextNode ? args[0] : undefined;
    switch (name) {
      case 'refreshContexts': return this.shared.refresh(this.provider);
      case 'loadMoreContexts': return this.provider.loadMore();
      case 'searchContexts': return this.search();
      case 'clearContextFilter': return this.provider.setFilter({});
      case 'openContextJson': return node && this.shared.json.open('context', node.key, node.context.data ?? {});
      case 'showContextActivity': return node && this.links.showActivity([node.key]);
      case 'copyContextKey': return node && copyAndSay(node.key, vscode.l10n.t('Copied context key {0}', showControls(node.key)));
    }
  }

  /** One box: text is searched in `type:id`; `type:` alone filters by the type; the types seen so far are offered. */
  private async search(): Promise<void> {
    const current = this.provider.filter;
    const types = [...new Set(this.provider.contexts.map((c) => c.type))];
    const filter = await this.shared.prompter().search<ContextFilter>({
      title: vscode.l10n.t('Search Contexts'),
      placeholder: vscode.l10n.t('Type part of a context key (tenant:acme), or a type followed by a colon (tenant:)'),
      value: current.type ? `${current.type}:` : (current.search ?? ''),
      suggest: (text) => {
        const typed = text.trim();
        const items: PickItem<ContextFilter>[] = [];
        const onlyType = /^([^:\s]+):$/.exec(typed)?.[1];
        if (onlyType && CONTEXT_IDENTIFIER_PATTERN.test(onlyType)) items.push({ label: `$(symbol-folder) ${vscode.l10n.t('Contexts of type {0}', noIcons(onlyType))}`, value: { type: onlyType } });
        if (typed) items.push({ label: `$(search) ${vscode.l10n.t('Key contains “{0}”', noIcons(typed))}`, value: { search: typed } });
        for (const type of types) if (!typed || type.includes(typed)) items.push({ label: `$(symbol-folder) ${vscode.l10n.t('Contexts of type {0}', noIcons(showControls(type)))}`, value: { type } });
        if (!typed) items.unshift({ label: vscode.l10n.t('All contexts'), value: {} });
        return items;
      },
    });
    if (filter) this.provider.setFilter(filter);
  }

  /** The keys of the contexts loaded (Trigger… and the Activity filter offer them). */
  get loadedKeys(): string[] {
    return this.provider.contexts.map(contextKey);
  }

  dispose(): void {
    this.provider.dispose();
  }
}
