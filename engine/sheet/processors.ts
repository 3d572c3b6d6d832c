import type { ConfigContext } from '../types';
import type { RowStep, RowValues, SheetProcessor } from '../sheetConfig';

export type { RowStep, RowValues, SheetProcessor } from '../sheetConfig';

/** A data row of the grid with its index. */
export interface IndexedRow {
  index: number;
  values: RowValues;
}

/** The pipeline's outcome: rows ready to send (values processed) and rows refused, each with its reason. */
export interface Processed {
  ready: IndexedRow[];
  refused: { index: number; error: string }[];
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the results in the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R> | R,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}

/** Why a step failed, in words (a thrown Error's message, else a fallback). */
const reason = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * Runs every row through the processors in order. A row refused by a step leaves the pipeline with that step's
 * error; a step whose `prepare` fails refuses every row still in it with the failure's message; a step throwing on
 * one row refuses that row only.
 */
export async function runProcessors(
  rows: readonly IndexedRow[],
  processors: readonly SheetProcessor[],
  ctx: ConfigContext,
): Promise<Processed> {
  let ready = [...rows];
  const refused: Processed['refused'] = [];
  for (const step of processors) {
    if (ready.length === 0) break;
    let prepared: unknown;
    try {
      prepared = await step.prepare?.(
        ctx,
        ready.map((row) => row.values),
      );
    } catch (error) {
      refused.push(...ready.map((row) => ({ index: row.index, error: reason(error, `${step.name} failed`) })));
      ready = [];
      break;
    }
    const steps = await mapLimit(ready, step.concurrency ?? 1, async (row): Promise<RowStep> => {
      try {
        return await step.run(row.values, prepared);
      } catch (error) {
        return { error: reason(error, `${step.name} failed`) };
      }
    });
    const kept: IndexedRow[] = [];
    steps.forEach((result, i) => {
      if ('error' in result) refused.push({ index: ready[i].index, error: result.error });
      else kept.push({ index: ready[i].index, values: result.values });
    });
    ready = kept;
  }
  refused.sort((a, b) => a.index - b.index);
  return { ready, refused };
}
