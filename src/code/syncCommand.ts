/**
 * Whether a command line run in a terminal syncs the framework's workflows to the service
 * (`npx novu sync …`, `npx novu@latest sync`, `pnpm dlx novu sync`, `novu sync`): after it, what
 * code awareness said from the list it holds ("not synced") may no longer be
 * true, so the list is read again. Pure: no `vscode`.
 */
export function runsNovuSync(commandLine: string): boolean {
  return /(?:^|[\s;&|(])novu(?:@[^\s]+)?\s+sync(?=\s|$)/.test(commandLine);
}
