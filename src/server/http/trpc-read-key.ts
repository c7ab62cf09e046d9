import type { AnyProcedure, AnyRouter } from '@trpc/server';
import superjson from 'superjson';
import { batchInputs, decoded } from './trpc-batch-limits.ts';

type Procedures = Record<string, AnyProcedure | undefined>;
interface InputSchema {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

/** One call's input as its procedure will see it, or undefined when tRPC will refuse it. */
export function validatedInput(procedure: AnyProcedure, input: unknown): { data: unknown } | undefined {
  const inputs = procedure._def.inputs as unknown as InputSchema[];
  // Without an input parser the procedure never reads what was sent.
  if (inputs.length === 0) return { data: null };
  if (inputs.length > 1 || typeof inputs[0]?.safeParse !== 'function') return undefined;
  try {
    const parsed = inputs[0].safeParse(input);
    return parsed.success ? { data: parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The key of a tRPC GET's answer: its procedures and the inputs they will see after validation,
 * and nothing else of the address. An answer depends on those (and on the language, which the
 * cache key holds besides), so `{"page":1}`, `{"page":1,"junk":2}`, `{}` (page 1 by default) and
 * any query parameter tRPC ignores share one entry. Null for a request tRPC will refuse (an unknown
 * procedure, a mutation, an input its schema rejects): such answers are never stored.
 */
export function trpcReadKey(router: AnyRouter): (originalUrl: string) => string | null {
  const procedures = router._def.procedures as Procedures;
  return (originalUrl) => {
    const queryAt = originalUrl.indexOf('?');
    const path = queryAt < 0 ? originalUrl : originalUrl.slice(0, queryAt);
    const search = new URLSearchParams(queryAt < 0 ? '' : originalUrl.slice(queryAt + 1));
    if (search.has('connectionParams')) return null;
    const batch = search.get('batch') === '1';
    const names = decoded(path.replace(/^\/trpc\//i, '')).split(',');
    if (!batch && names.length !== 1) return null;
    let inputs: unknown[] | null;
    if (batch) inputs = batchInputs(search.get('input'), names.length);
    else {
      try {
        const raw = search.get('input');
        inputs = [raw ? superjson.deserialize(JSON.parse(raw) as Parameters<typeof superjson.deserialize>[0]) : undefined];
      } catch {
        return null;
      }
    }
    if (!inputs) return null;
    const calls: string[] = [];
    for (const [index, name] of names.entries()) {
      const procedure = procedures[name];
      if (procedure?._def.type !== 'query') return null;
      const input = validatedInput(procedure, inputs[index]);
      if (!input) return null;
      calls.push(`${name}${JSON.stringify(input.data) ?? ''}`);
    }
    return `trpc${batch ? ' batch' : ''}|${calls.join('|')}`;
  };
}
