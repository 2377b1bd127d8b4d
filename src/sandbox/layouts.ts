// Email layouts (contract §10.3): `GET /v2/layouts` (offset paging, hollow items) and `GET
// /v2/layouts/{id}` by identifier, `_id` or slug, as the service puts them on the wire. Each
// environment has its own (layoutsSeed.ts).
import { notFound, validationFailed } from './errors';
import type { Layout, Query } from './types';

function slugOf(l: Layout): string {
  return `${l.layoutId}_ly_${l._id.slice(-8)}`;
}

/** The whole layout; the list's items are hollow (`controls.values` and `variables` empty). */
export function layoutWire(l: Layout, hollow = false): Record<string, unknown> {
  return {
    _id: l._id,
    layoutId: l.layoutId,
    slug: slugOf(l),
    name: l.name,
    isDefault: l.isDefault,
    isTranslationEnabled: false,
    origin: 'novu-cloud',
    type: 'email',
    controls: {
      dataSchema: { type: 'object', properties: { email: { type: 'object' } } },
      uiSchema: { group: 'LAYOUT' },
      values: hollow ? {} : { email: { body: l.body, editorType: 'html' } },
    },
    variables: hollow ? {} : { content: { type: 'string' } },
    createdAt: l.updatedAt,
    updatedAt: l.updatedAt,
  };
}

export class Layouts {
  constructor(readonly all: readonly Layout[]) {}

  /** `GET /v2/layouts`: limit 1 to 100 (default 50), offset, newest created first. */
  list(query: Query): { data: { layouts: unknown[]; totalCount: number } } {
    const number = (name: string, fallback: number, min: number, max: number): number => {
      const raw = Array.isArray(query[name]) ? query[name][0] : query[name];
      if (raw === undefined) return fallback;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < min || n > max) throw validationFailed({ [name]: { messages: [`${name} must be between ${min} and ${max}`], value: raw } });
      return n;
    };
    const limit = number('limit', 50, 1, 100);
    const offset = number('offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const items = [...this.all].reverse();
    return { data: { layouts: items.slice(offset, offset + limit).map((l) => layoutWire(l, true)), totalCount: items.length } };
  }

  find(ref: string): Layout {
    const layout = this.all.find((l) => l._id === ref || l.layoutId === ref || slugOf(l) === ref);
    if (!layout) throw notFound(`Layout not found for id ${ref}`);
    return layout;
  }
}
