/**
 * The window's first load: Activity's first page is large (whole notifications, hundreds of KB)
 * and reading its body holds the extension host for tens of milliseconds, while Subscribers and
 * Integrations, shown beside it, are handing VS Code their rows. Its body is read once they have
 * (its request still leaves with theirs). No vscode import, for the unit tests.
 */

/** A view as the wait sees it: whether it is shown, and when it first handed VS Code its rows. */
export interface FirstRowsView {
  readonly view?: { readonly visible: boolean } | undefined;
  readonly firstRows: Promise<void>;
}

/** Resolves once every shown view of `views` has handed over its first rows (at most `maxMs`), then lets a task pass, so that their rows leave first. */
export async function shownRowsFirst(views: readonly FirstRowsView[], maxMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const shown = views.filter((v) => v.view?.visible).map((v) => v.firstRows);
  await Promise.race([Promise.all(shown), new Promise((resolve) => (timer = setTimeout(resolve, maxMs)))]);
  clearTimeout(timer);
  await new Promise((resolve) => setTimeout(resolve, 0));
}
