/** The diagnosis ("why didn't they get it?"): its panels and its questions in the palette. */
import type { Subscriber } from '../api';
import { Commands } from '../commands';
import { type Handlers, type Shared } from '../features';
import type { DiagnoseArgument, DiagnosisCommands } from './diagnosisCommands';
import type { DiagnosisActions, DiagnosisPanel } from './diagnosisPanel';
import { DiagnosisPanels } from './diagnosisPanels';

export type DiagnosisLinks = Omit<DiagnosisActions, 'prompter' | 'diagnoseOn'> & {
  /** The subscribers the Subscribers view holds (suggested first). */
  loadedSubscribers(): readonly Subscriber[];
};

export function registerDiagnosis(shared: Shared, code: () => { DiagnosisPanel: typeof DiagnosisPanel; DiagnosisCommands: typeof DiagnosisCommands }, links: DiagnosisLinks) {
  const { context, manager, log, prompter } = shared;
  const { loadedSubscribers, ...actions } = links;
  const panels: DiagnosisPanels = new DiagnosisPanels(
    { extensionUri: context.extensionUri, manager, log },
    {
      ...actions,
      prompter,
      diagnoseOn: async (connectionId, request) => {
        await manager.switchTo(connectionId);
        await diagnose({ kind: 'request', request }, connectionId);
      },
    },
    () => code().DiagnosisPanel,
  );
  let commands: DiagnosisCommands | undefined;
  const diagnose = (argument?: DiagnoseArgument, connectionId?: string): Promise<void> =>
    (commands ??= new (code().DiagnosisCommands)(manager, prompter, loadedSubscribers, (request, connection, beside) => panels.open(request, connection, beside))).diagnose(argument, connectionId);
  context.subscriptions.push(panels);
  const handlers = {
    [Commands.diagnoseDelivery]: (argument?: DiagnoseArgument, connectionId?: unknown) =>
      diagnose(argument && typeof argument === 'object' && 'kind' in argument ? argument : undefined, typeof connectionId === 'string' ? connectionId : undefined),
  } satisfies Partial<Handlers>;
  return { panels, diagnose, handlers };
}
