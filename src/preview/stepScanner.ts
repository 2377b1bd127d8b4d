/**
 * The steps of the framework workflows defined in a JavaScript or TypeScript file, for the
 * Preview lenses: each `workflow('id', …)` that is `@novu/framework`'s (the code scanner decides:
 * imported, renamed, re-exported), and inside it each `step.<channel>('stepId', …)` call.
 * Pure: no vscode.
 */
import { scanJavaScript, type ScanContext } from '../scan';

/** The framework's step functions and the step types discover names them by. */
export const STEP_TYPES: Record<string, string> = {
  email: 'email',
  inApp: 'in_app',
  sms: 'sms',
  push: 'push',
  chat: 'chat',
  digest: 'digest',
  delay: 'delay',
  throttle: 'throttle',
  custom: 'custom',
};

/** The step types that send a message (what a workflow's Preview lens opens first). */
export const MESSAGE_STEP_TYPES = new Set(['email', 'in_app', 'sms', 'push', 'chat']);

/** The step a preview starts from: the first that sends a message, else the first. */
export function firstMessageStep<S extends { type: string }>(steps: readonly S[]): S | undefined {
  return steps.find((s) => MESSAGE_STEP_TYPES.has(s.type)) ?? steps[0];
}

export interface CodeStep {
  stepId: string;
  type: string;
  /** Offsets of the step id's text (inside the quotes). */
  start: number;
  end: number;
}

export interface CodeWorkflow {
  workflowId: string;
  /** Offsets of the workflow id's text. */
  start: number;
  end: number;
  steps: CodeStep[];
}

// `<receiver>.<fn>(` then a quoted id; comments are blanked first so that a commented step is not one.
const STEP_CALL = /\b([A-Za-z_$][\w$]*)\s*\.\s*(email|inApp|sms|push|chat|digest|delay|throttle|custom)\s*\(\s*(['"`])([^'"`\\\n]{1,200})\3/g;

/** The text with comments replaced by spaces (strings kept): offsets stay the same. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|(['"`])(?:\\.|(?!\1)[^\\])*\1/g, (m, quote: string | undefined) => (quote ? m : m.replace(/[^\n]/g, ' ')));
}

/** The framework workflows of `text` with their steps, in order. */
export function frameworkWorkflows(text: string, context: ScanContext = {}): CodeWorkflow[] {
  const definitions = scanJavaScript(text, context)
    .filter((ref) => ref.kind === 'definition' && ref.pattern === 'framework-workflow' && ref.literal)
    .sort((a, b) => a.start - b.start);
  if (definitions.length === 0) return [];
  const plain = withoutComments(text);
  return definitions.map((definition, i) => {
    const until = definitions[i + 1]?.start ?? text.length;
    const steps: CodeStep[] = [];
    STEP_CALL.lastIndex = definition.end;
    for (let m = STEP_CALL.exec(plain); m && m.index < until; m = STEP_CALL.exec(plain)) {
      const start = m.index + m[0].length - 1 - m[4]!.length;
      steps.push({ stepId: m[4]!, type: STEP_TYPES[m[2]!]!, start, end: start + m[4]!.length });
    }
    return { workflowId: definition.identifier, start: definition.start, end: definition.end, steps };
  });
}
