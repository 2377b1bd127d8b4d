/**
 * A trigger body read as a send to topics (contract §11): which topics its `to` names, with their
 * `exclude` (merged over every topic, as the service merges them), the subscribers it names
 * directly (left out of the topics' fan-out), its actor, context and payload. Pure: no `vscode`.
 */
export interface TopicSend {
  workflow: string;
  topicKeys: string[];
  exclude: string[];
  direct: string[];
  actor?: unknown;
  context?: Record<string, unknown>;
  payload: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

// l10n-ignore: the wire value of a topic recipient
const TOPIC = 'Topic';

/** The topics of a recipient list (`to`), for the lenses of a review: none for a send to subscribers only. */
export function topicKeysOf(to: unknown): string[] {
  const recipients = Array.isArray(to) ? to : [to];
  return recipients.filter((r): r is Record<string, unknown> => isObject(r) && r['type'] === TOPIC && typeof r['topicKey'] === 'string').map((r) => r['topicKey'] as string);
}

/** The body as a topic send; undefined when it names no topic. */
export function topicSendOf(body: unknown): TopicSend | undefined {
  if (!isObject(body)) return undefined;
  const recipients = Array.isArray(body['to']) ? body['to'] : [body['to']];
  const topicKeys: string[] = [];
  const exclude = new Set<string>();
  const direct: string[] = [];
  for (const r of recipients) {
    if (typeof r === 'string') direct.push(r);
    else if (isObject(r) && r['type'] === TOPIC && typeof r['topicKey'] === 'string') {
      topicKeys.push(r['topicKey']);
      if (Array.isArray(r['exclude'])) for (const id of r['exclude']) if (typeof id === 'string') exclude.add(id);
    } else if (isObject(r) && typeof r['subscriberId'] === 'string') direct.push(r['subscriberId']);
  }
  if (topicKeys.length === 0) return undefined;
  return {
    workflow: typeof body['name'] === 'string' ? body['name'] : '',
    topicKeys,
    exclude: [...exclude],
    direct,
    ...(body['actor'] !== undefined ? { actor: body['actor'] } : {}),
    ...(isObject(body['context']) ? { context: body['context'] } : {}),
    payload: isObject(body['payload']) ? body['payload'] : {},
  };
}
