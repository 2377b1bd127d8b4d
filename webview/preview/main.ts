/**
 * The preview panel's webview script: who renders it, the steps, and the rendered step as the
 * subscriber would see it. Every string from the app is a text node (dom.ts); the email's HTML goes
 * only into a sandboxed frame (no scripts, no same origin, no forms, no popups, no navigation of the
 * panel) whose document the host built behind its own CSP (§9.6). Links are never followed here:
 * the host asks first, showing the address.
 */
import { l10n } from '../../src/l10n';
import type { InAppLink } from '../../src/rendered/previewModel';
import type { FindingWhere } from '../../src/checks/checkLevels';
import type { PreviewChecksView, PreviewFailureView, PreviewModel, PreviewPanelState, PreviewRequests, PreviewView } from '../../src/preview/protocol';
import { showControls } from '../../src/rendered/linkSafety';
import { applyViewChanges, type ViewChanges } from '../../src/preview/viewChanges';
import { actionButton, button, captureFocus, disclosure, h, icon, pre, restoreFocus, setChildren } from '../common/dom';
import { renderLoading, showError, type ErrorViewOptions } from '../common/errorView';
import { createPanel } from '../common/panel';
import { errorText } from '../common/vscode';
import { checksHeading, revealTarget, whereWords } from './checkLines';
import { linkLine, warningText } from './linkLines';

const panel = createPanel<PreviewRequests, 'workflowId' | 'connectionId'>({ statusMs: 8000, persist: ['workflowId', 'connectionId'] });
const { app, ctx } = panel;
const ERROR_VIEW: ErrorViewOptions = { idTag: 'p', idClass: 'nx-selectable' };

/** The email frame's width: the panel's own choice, kept across renders. */
let width: 'desktop' | 'mobile' = 'desktop';
let lastSaid = '';
/** The disclosures open, kept across renders. */
const openKeys = new Set<string>();
/** The state shown (a finding revealed opens a block and draws it again). */
let shownState: PreviewPanelState | undefined;

function request(body: Parameters<typeof ctx.request>[0], failed: string): Promise<unknown> {
  return ctx.request(body).catch((error: unknown) => ctx.notify(`${failed}: ${errorText(error)}`, 'error'));
}

function toolbar(view: PreviewView): HTMLElement {
  return h(
    'div',
    'nx-toolbar',
    actionButton({ label: l10n.t('Refresh'), icon: 'refresh', class: 'nx-button', attrs: { 'data-focus-key': 'refresh' }, action: () => ctx.request({ method: 'refresh' }) }),
    actionButton({ label: l10n.t('Payload…'), icon: 'json', class: 'nx-button nx-secondary', attrs: { 'data-focus-key': 'payload', title: l10n.t('Edit the payload: the preview renders again as you type') }, action: () => ctx.request({ method: 'editPayload' }) }),
    actionButton({ label: l10n.t('Subscriber: {0}', view.subscriber), icon: 'person', class: 'nx-button nx-secondary', attrs: { 'data-focus-key': 'subscriber' }, action: () => ctx.request({ method: 'pickSubscriber' }) }),
    actionButton({ label: l10n.t('Send a Test…'), icon: 'send', class: 'nx-button nx-secondary', attrs: { 'data-focus-key': 'send-test' }, action: () => ctx.request({ method: 'sendTest' }) }),
    actionButton({ label: l10n.t('Save as Test Case…'), icon: 'beaker', class: 'nx-button nx-secondary', attrs: { 'data-focus-key': 'save-test-case', title: l10n.t('Keep this payload and subscriber as a test case of the workflow, in a file of your repository') }, action: () => ctx.request({ method: 'saveTestCase' }) }),
  );
}

function stepTabs(view: PreviewView): HTMLElement {
  const list = h('div', { class: 'nx-steps', attrs: { role: 'tablist', 'aria-label': l10n.t('Steps of {0}', view.workflowId) } });
  for (const step of view.steps) {
    const selected = step.stepId === view.stepId;
    const tab = button({
      label: step.stepId,
      icon: step.icon,
      class: `nx-step-tab${selected ? ' nx-selected' : ''}`,
      attrs: { role: 'tab', 'aria-selected': selected ? 'true' : 'false', tabindex: selected ? 0 : -1, 'data-step': step.stepId, 'data-focus-key': `step-${step.stepId}`, title: `${step.stepId} (${step.typeLabel})` },
      onClick: () => void request({ method: 'selectStep', stepId: step.stepId }, l10n.t('Could not switch steps')),
    });
    tab.appendChild(h('span', 'nx-step-type nx-muted', step.typeLabel));
    list.appendChild(tab);
  }
  // Arrows move between the tabs (one Tab stop).
  list.addEventListener('keydown', (event) => {
    const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role=tab]')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    // l10n-ignore: key names
    const moves: Record<string, number> = { ArrowLeft: (at + tabs.length - 1) % tabs.length, ArrowRight: (at + 1) % tabs.length, Home: 0, End: tabs.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    tabs[next]?.focus();
    tabs[next]?.click();
    event.preventDefault();
  });
  return list;
}

function failureView(failure: PreviewFailureView): HTMLElement {
  const labels: Record<PreviewFailureView['actions'][number], [string, string]> = {
    setBridgeUrl: [l10n.t('Set Bridge URL…'), 'link'],
    retry: [l10n.t('Try Again'), 'refresh'],
    editPayload: [l10n.t('Edit Payload…'), 'json'],
    switchConnection: [l10n.t('Switch Connection…'), 'plug'],
    useService: [l10n.t('Render with Novu'), 'cloud'],
  };
  return h(
    'section',
    { class: 'nx-preview-failure', attrs: { role: 'alert', tabindex: -1, 'data-shown': '' } },
    h('p', 'nx-failure-text', icon('error'), h('span', null, failure.text)),
    ...failure.more.map((line) => h('p', 'nx-muted', line)),
    failure.atKeys.length > 0
      ? h('ul', 'nx-at-keys', ...failure.atKeys.map((e) => h('li', null, h('code', null, e.key || l10n.t('(the payload)')), ' ', e.message)))
      : null,
    failure.frame
      ? button({ label: l10n.t('Open {0}', failure.frame), icon: 'go-to-file', class: 'nx-link-button', attrs: { 'data-focus-key': 'frame' }, onClick: () => void request({ method: 'openFrame' }, l10n.t('Could not open the file')) })
      : null,
    h(
      'div',
      'nx-actions',
      ...failure.actions.map((action) =>
        button({ label: labels[action][0], icon: labels[action][1], class: 'nx-button nx-secondary', attrs: { 'data-focus-key': `failure-${action}` }, onClick: () => void request({ method: 'failureAction', action }, labels[action][0]) }),
      ),
    ),
  );
}

/** A link of the preview: its address shown with direction controls made visible; a click asks the host. */
function linkButton(text: string, url: string, unsafe: boolean, index?: number): HTMLElement {
  const shown = showControls(url);
  const el = button({
    label: text || shown,
    icon: unsafe ? 'warning' : 'link-external',
    class: `nx-link-button${unsafe ? ' nx-unsafe' : ''}`,
    attrs: { title: shown, 'data-href': url, 'data-link-index': index },
    onClick: () => void request({ method: 'openLink', url }, l10n.t('Could not open the link')),
  });
  if (text && text !== url) el.appendChild(h('span', 'nx-link-url nx-muted', shown));
  return el;
}

/** Why a link is not safe, in words (nothing when it is). */
function unsafeWhy(warnings: string[]): HTMLElement | null {
  return warnings.length > 0 ? h('span', { class: 'nx-unsafe-why', attrs: { 'data-unsafe': '' } }, icon('warning'), warningText(warnings)) : null;
}

/** Where an in-app button or the item itself takes the reader: the address, its target, and why it is not safe. */
function inAppTarget(link: InAppLink): (HTMLElement | null)[] {
  const line = link.url !== undefined ? linkLine({ url: link.url, ...(link.target ? { target: link.target } : {}), reasons: link.reasons }) : undefined;
  return [
    link.url !== undefined ? linkButton('', link.url, link.unsafe) : h('span', 'nx-muted', l10n.t('(no link)')),
    link.target ? h('span', { class: 'nx-muted', attrs: { 'data-target': '' } }, line?.target ?? l10n.t('target {0}', showControls(link.target))) : null,
    unsafeWhy(line?.warnings ?? []),
  ];
}

/** The sandboxed frame of the email: no `allow-*` at all. */
function emailFrame(srcdoc: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', '');
  frame.setAttribute('data-field', 'body');
  frame.setAttribute('title', l10n.t('The email, as rendered by your app'));
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.className = `nx-email-frame nx-${width}`;
  // The one place a document of the app is given to the page: a sandboxed frame's srcdoc (§9.6).
  frame.srcdoc = srcdoc;
  return frame;
}

function renderModel(view: PreviewView, model: PreviewModel): HTMLElement {
  switch (model.kind) {
    case 'email': {
      const widthToggle = h(
        'div',
        { class: 'nx-segmented', attrs: { role: 'group', 'aria-label': l10n.t('Width') } },
        ...(['desktop', 'mobile'] as const).map((w) =>
          button({
            label: w === 'desktop' ? l10n.t('Desktop') : l10n.t('Mobile'),
            icon: w === 'desktop' ? 'device-desktop' : 'device-mobile',
            class: `nx-segment${width === w ? ' nx-selected' : ''}`,
            attrs: { 'aria-pressed': width === w ? 'true' : 'false', 'data-width': w },
            onClick: () => {
              width = w;
              render({ kind: 'loaded', view });
            },
          }),
        ),
      );
      const images = h('label', 'nx-check');
      const box = h('input', { attrs: { type: 'checkbox', 'data-focus-key': 'remote-images' } });
      box.checked = view.remoteImages;
      box.addEventListener('change', () => void request({ method: 'remoteImages', on: box.checked }, l10n.t('Could not change the images')));
      images.append(box, document.createTextNode(model.remoteImages === 1 ? l10n.t('Load remote images (1 in this email)') : l10n.t('Load remote images ({0} in this email)', model.remoteImages)));
      return h(
        'section',
        'nx-email',
        h('dl', 'nx-email-head', h('dt', null, l10n.t('Subject')), h('dd', { class: 'nx-subject', attrs: { 'data-subject': '', 'data-field': 'subject', tabindex: -1 } }, model.subject)),
        h('div', 'nx-email-tools', widthToggle, images),
        view.srcdoc ? emailFrame(view.srcdoc) : null,
        model.links.length > 0
          ? disclosure({ summary: [l10n.t('Links in this email ({0})', model.links.length)], key: 'links', openKeys, build: () => h('div', 'nx-links', ...model.links.map((l, i) => linkButton(l.text, l.href, l.unsafe, i))) })
          : null,
        model.images.length > 0
          ? disclosure({
              summary: [l10n.t('Images in this email ({0})', model.images.length)],
              key: 'images',
              openKeys,
              build: () =>
                h(
                  'ul',
                  { class: 'nx-images', attrs: { 'aria-label': l10n.t('Images in this email') } },
                  ...model.images.map((image, i) =>
                    h(
                      'li',
                      { attrs: { 'data-image-index': i, tabindex: -1 } },
                      h('code', 'nx-image-src', image.src ? showControls(image.src) : l10n.t('(no src)')),
                      ' ',
                      image.alt === undefined ? h('span', 'nx-muted', l10n.t('(no alt)')) : h('span', null, l10n.t('alt: {0}', showControls(image.alt))),
                    ),
                  ),
                ),
            })
          : null,
      );
    }
    case 'inApp':
      return h(
        'section',
        { class: 'nx-inbox', attrs: { 'aria-label': l10n.t('As the inbox shows it') } },
        h(
          'div',
          'nx-inbox-item',
          h(
            'div',
            'nx-avatar',
            icon('account'),
            model.avatar ? h('span', { class: 'nx-avatar-url nx-muted', attrs: { title: showControls(model.avatar.url), 'data-button': 'avatar', tabindex: -1 } }, showControls(model.avatar.url)) : null,
            model.avatar ? unsafeWhy(linkLine(model.avatar).warnings) : null,
          ),
          h(
            'div',
            'nx-inbox-content',
            model.subject ? h('p', { class: 'nx-inbox-subject', attrs: { 'data-subject': '', 'data-field': 'subject', tabindex: -1 } }, model.subject) : null,
            h('p', { class: 'nx-inbox-body', attrs: { 'data-field': 'body', tabindex: -1 } }, model.body),
            h(
              'div',
              'nx-inbox-buttons',
              ...[model.primary, model.secondary].map((b, i) =>
                b
                  ? h(
                      'div',
                      { class: 'nx-inbox-button', attrs: { 'data-button': i === 0 ? 'primary' : 'secondary', tabindex: -1 } },
                      h('span', `nx-fake-button${i === 0 ? ' nx-primary' : ''}`, b.label),
                      ...inAppTarget(b),
                    )
                  : null,
              ),
            ),
            model.redirect ? h('p', { class: 'nx-muted nx-inbox-redirect', attrs: { 'data-redirect': '', 'data-button': 'redirect', tabindex: -1 } }, l10n.t('Clicking the item opens: '), ...inAppTarget(model.redirect)) : null,
          ),
        ),
        model.data ? disclosure({ summary: [l10n.t('Data')], key: 'data', openKeys, build: () => pre(JSON.stringify(model.data, null, 2)) }) : null,
      );
    case 'sms':
      return h(
        'section',
        'nx-sms',
        h('p', { class: 'nx-bubble', attrs: { 'data-subject': '', 'data-field': 'text', tabindex: -1 } }, model.text),
        h('p', 'nx-muted', l10n.t('{0} characters · {1} · {2} segment(s)', model.characters, model.encoding, model.segments), model.nonGsm.length > 0 ? ` · ${l10n.t('not GSM-7: {0}', model.nonGsm.join(' '))}` : ''),
      );
    case 'push':
      return h(
        'section',
        'nx-push',
        h('div', 'nx-push-card', h('p', { class: 'nx-push-title', attrs: { 'data-subject': '', 'data-field': 'title', tabindex: -1 } }, model.title), h('p', { attrs: { 'data-field': 'text', tabindex: -1 } }, model.text)),
      );
    case 'chat':
      return h('section', 'nx-chat', h('p', { class: 'nx-bubble', attrs: { 'data-subject': '', 'data-field': 'text', tabindex: -1 } }, model.text), model.card !== undefined ? pre(JSON.stringify(model.card, null, 2)) : null);
    case 'settings':
      return h('section', 'nx-settings', h('p', 'nx-muted', model.note), pre(JSON.stringify(model.settings, null, 2)));
  }
}

/**
 * The Checks strip: the findings of the step on screen, counted by level, each a button that
 * reveals where it applies (every message is a text node).
 */
function checksStrip(stepId: string, checks: PreviewChecksView): HTMLElement {
  const heading = checksHeading(checks);
  const list = h(
    'ul',
    { class: 'nx-findings', attrs: { 'aria-label': l10n.t('Findings of {0}', stepId) } },
    ...checks.findings.map((finding, i) =>
      h(
        'li',
        { class: `nx-finding nx-finding-${finding.level}`, attrs: { 'data-check': finding.id } },
        // Where first, on the finding's own line: a label under it would read as the next one's.
        h('span', { class: 'nx-finding-where nx-muted', attrs: { 'aria-hidden': 'true' } }, whereWords(finding.where)),
        button({
          label: finding.message,
          icon: finding.level === 'error' ? 'error' : 'warning',
          class: 'nx-finding-button',
          attrs: { 'data-focus-key': `finding-${i}`, 'aria-label': `${finding.level === 'error' ? l10n.t('Error') : l10n.t('Warning')}: ${whereWords(finding.where)}: ${finding.message}` },
          onClick: () => reveal(finding.where),
        }),
      ),
    ),
  );
  const tone = checks.errors > 0 ? 'error' : checks.warnings > 0 ? 'warning' : 'pass';
  return h(
    'section',
    { class: `nx-checks nx-checks-${tone}`, attrs: { 'aria-label': l10n.t('Checks'), 'data-checks': '' } },
    checks.findings.length > 0
      ? // Open by itself for an error; warnings alone (caniemail's are many) wait behind their count, so that the render stays in view.
        disclosure({ summary: [icon(tone === 'error' ? 'error' : 'warning'), h('span', { attrs: { 'data-checks-heading': '' } }, heading)], key: 'checks', openKeys, defaultOpen: checks.errors > 0, build: () => list })
      : h('p', { class: 'nx-checks-clear', attrs: { 'data-checks-heading': '' } }, icon('pass'), heading),
  );
}

/** The strip while the email's checks are under way (issue 51, E2): the render is already shown above and below it. */
function checkingStrip(): HTMLElement {
  return h(
    'section',
    { class: 'nx-checks nx-checks-checking', attrs: { 'aria-label': l10n.t('Checks'), 'data-checks': '', 'data-checking': '' } },
    h('p', { class: 'nx-checks-clear nx-muted', attrs: { 'data-checks-heading': '' } }, icon('loading', 'codicon-modifier-spin'), l10n.t('Checks: checking…')),
  );
}

/** Shows where a finding applies: the element in the panel (its block opened first), or the key in the payload's editor. */
function reveal(where: FindingWhere): void {
  const target = revealTarget(where);
  if ('payloadKey' in target) {
    void request({ method: 'revealPayloadKey', key: target.payloadKey }, l10n.t('Could not open the payload'));
    return;
  }
  if (target.open && !openKeys.has(target.open) && shownState) {
    openKeys.add(target.open);
    render(shownState);
  }
  const el = app.querySelector<HTMLElement>(target.selector);
  if (!el) return;
  el.scrollIntoView({ block: 'center' });
  el.focus({ preventScroll: true });
  el.classList.add('nx-revealed');
  setTimeout(() => el.classList.remove('nx-revealed'), 2000);
}

function renderLoaded(view: PreviewView): HTMLElement {
  const status =
    view.stale ? h('p', { class: 'nx-stale', attrs: { role: 'status' } }, icon('loading', 'codicon-modifier-spin'), view.stale)
    : view.status === 'rendering' ? h('p', { class: 'nx-rendering nx-muted', attrs: { role: 'status' } }, icon('loading', 'codicon-modifier-spin'), l10n.t('Rendering…'))
    : view.renderedAt ? h('p', 'nx-muted', l10n.t('Rendered at {0}', view.renderedAt))
    : null;
  return h(
    'div',
    { class: 'nx-preview', attrs: { 'data-status': view.status, ...(view.stale ? { 'data-stale': 'true' } : {}) } },
    h(
      'header',
      'nx-header',
      h('h1', { class: 'nx-title', attrs: { tabindex: -1, 'data-focus-key': 'title' } }, view.workflowName ? `${view.workflowName} ` : '', h('code', null, view.workflowId)),
      // Nothing rendered (a failure): the header says what was tried, beside another icon.
      h('p', { class: 'nx-renderer nx-muted', attrs: { 'data-renderer': '' } }, icon(view.status === 'failed' ? 'circle-slash' : 'server-process'), view.renderer),
      toolbar(view),
    ),
    view.steps.length > 0 ? stepTabs(view) : null,
    ...view.notes.map((note) => h('p', 'nx-note', icon('info'), note)),
    status,
    view.payloadHeld
      ? h('p', { class: 'nx-held', attrs: { role: 'status', 'data-held': '' } }, icon('warning'), l10n.t('Not rendered: {0}. This is the payload before; the editor marks the problem.', view.payloadHeld))
      : null,
    view.failure ? failureView(view.failure) : null,
    view.checks ? checksStrip(view.stepId, view.checks) : view.checking ? checkingStrip() : null,
    view.model
      ? h('div', { class: `nx-render${view.stale || view.payloadHeld || view.status === 'rendering' ? ' nx-dim' : ''}`, attrs: { 'data-kind': view.model.kind, 'data-shown': '', tabindex: -1 } }, renderModel(view, view.model))
      : null,
    view.controls.length > 0
      ? disclosure({ summary: [l10n.t('Controls ({0})', view.controls.length)], key: 'controls', openKeys, build: () => h('dl', 'nx-controls', ...view.controls.flatMap((c) => [h('dt', null, c.key), h('dd', null, c.value)])) })
      : null,
    disclosure({ summary: [l10n.t('Payload used')], key: 'payload', openKeys, build: () => pre(view.payload) }),
  );
}

/**
 * Shows the new view. A render whose email is the same document as the one shown (a save of
 * another step, Refresh, the width toggle, the render under way) keeps the shown frame: a frame
 * put into the page again reloads, and its scroll would go back to the top (issue 32). The frame's
 * document cannot be read (no same origin, §9.6), so a changed email starts at the top.
 */
function replaceView(next: HTMLElement): void {
  const shown = app.childElementCount === 1 ? app.firstElementChild : null;
  const oldFrame = shown?.querySelector<HTMLIFrameElement>('iframe.nx-email-frame');
  const newFrame = next.querySelector<HTMLIFrameElement>('iframe.nx-email-frame');
  if (!shown || !oldFrame || !newFrame || oldFrame.getAttribute('srcdoc') !== newFrame.getAttribute('srcdoc') || !keepPath(shown, next, oldFrame, newFrame)) setChildren(app, next);
}

/** The elements from `root` down to `leaf` (undefined when `leaf` is not inside `root`). */
function pathTo(root: Element, leaf: Element): Element[] | undefined {
  const path: Element[] = [];
  for (let el: Element | null = leaf; el; el = el.parentElement) {
    path.unshift(el);
    if (el === root) return path;
  }
  return undefined;
}

/** Makes `el`'s attributes those of `like` (but `skip`), setting only those that differ. */
function copyAttributes(el: Element, like: Element, skip: string[] = []): void {
  for (const { name } of [...el.attributes]) if (!skip.includes(name) && !like.hasAttribute(name)) el.removeAttribute(name);
  for (const { name, value } of [...like.attributes]) if (!skip.includes(name) && el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/**
 * Turns the shown tree into the new one around the kept frame: along the path from the root to
 * the frame, each element takes the new one's attributes and the new one's other children, so the
 * frame is never taken out of the page. False (nothing changed) when the two paths differ in shape.
 */
function keepPath(shownRoot: Element, nextRoot: Element, kept: Element, replaced: Element): boolean {
  const shownPath = pathTo(shownRoot, kept);
  const nextPath = pathTo(nextRoot, replaced);
  if (!shownPath || !nextPath || shownPath.length !== nextPath.length || shownPath.some((el, i) => el.tagName !== nextPath[i]!.tagName)) return false;
  for (let i = 0; i < shownPath.length; i++) {
    const el = shownPath[i]!;
    const like = nextPath[i]!;
    // The frame's srcdoc is the same; setting it again would reload the frame.
    copyAttributes(el, like, i === shownPath.length - 1 ? ['srcdoc'] : []);
    if (i === shownPath.length - 1) break;
    const keptChild = shownPath[i + 1]!;
    const newChildren = [...like.childNodes];
    const at = newChildren.indexOf(nextPath[i + 1]!);
    for (const child of [...el.childNodes]) if (child !== keptChild) child.remove();
    keptChild.before(...newChildren.slice(0, at));
    keptChild.after(...newChildren.slice(at + 1));
  }
  return true;
}

function render(state: PreviewPanelState): void {
  if (state.kind === 'error') {
    showError(app, ctx, state.error, ERROR_VIEW);
    return;
  }
  if (state.kind === 'loading') {
    setChildren(app, renderLoading(l10n.t('Rendering {0}…', state.workflowId), ['w60', 'w90', 'w70']));
    app.setAttribute('aria-busy', 'true');
    return;
  }
  shownState = state;
  const focus = captureFocus();
  replaceView(renderLoaded(state.view));
  restoreFocus(app, focus);
  if (state.view.status === 'rendering') app.setAttribute('aria-busy', 'true');
  else app.removeAttribute('aria-busy');
  const checks = state.view.checks && state.view.checks.findings.length > 0 ? ` ${checksHeading(state.view.checks)}` : '';
  const said = state.view.failure?.text ?? (state.view.status === 'rendered' ? `${l10n.t('Rendered {0}', state.view.stepId)}${checks}` : '');
  if (said && said !== lastSaid) {
    lastSaid = said;
    ctx.announce(said);
  }
}

// After the first state, the host sends what changed of the view (src/preview/viewChanges.ts).
panel.start<PreviewPanelState, ViewChanges>(render, renderLoading(l10n.t('Rendering…'), ['w60', 'w90', 'w70']), (held, changes) =>
  held.kind === 'loaded' ? { kind: 'loaded', view: applyViewChanges(held.view, changes) } : undefined,
);
