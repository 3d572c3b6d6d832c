import useSWR, { type SWRResponse } from 'swr';
import type { Contract, DataOf } from '../../schemas/api/contract';
import { callEndpoint, endpointQuery, fillPath, type CallInput, type Endpoint } from './endpoint';

/** Thrown inside SWR so `error` is set; the HTTP helper has already shown the messages. */
export class EndpointError extends Error {
  constructor(
    readonly messages: string[],
    readonly status: number,
  ) {
    super(messages.join('; '));
  }
}

/** The SWR key of a read: the path and the full query, so a change of the query string (company, branch...) reloads. */
const keyOf = (endpoint: Endpoint, input: CallInput) => [
  endpoint.service ?? 'main',
  fillPath(endpoint.path, input.params),
  JSON.stringify(endpointQuery(endpoint, input)),
];

const options = { revalidateOnFocus: false, shouldRetryOnError: false };

/** Reads an endpoint through SWR (see {@link keyOf}); `enabled: false` (e.g. no company) loads nothing. */
export function useEndpoint<C extends Contract>(
  endpoint: Endpoint<C> | undefined,
  input: CallInput,
  enabled = true,
): SWRResponse<DataOf<C> | undefined, EndpointError> {
  return useSWR<DataOf<C> | undefined, EndpointError>(
    endpoint && enabled ? keyOf(endpoint, input) : null,
    async () => {
      const result = await callEndpoint(endpoint!, input);
      if (!result.ok) throw new EndpointError(result.messages, result.status);
      return result.data;
    },
    options,
  );
}

/** A record as a form loads it: the answer's data and the ETag it was read with (absent when the server sends none). */
export interface LoadedRecord<T> {
  data: T;
  etag?: string;
}

/**
 * Reads the record a form edits through SWR, with its ETag, which the form's save sends back as If-Match so that a
 * save over someone else's change is refused instead of silently undoing it.
 */
export function useRecord<C extends Contract>(
  endpoint: Endpoint<C> | undefined,
  input: CallInput,
  enabled = true,
): SWRResponse<LoadedRecord<DataOf<C> | undefined>, EndpointError> {
  return useSWR<LoadedRecord<DataOf<C> | undefined>, EndpointError>(
    endpoint && enabled ? [...keyOf(endpoint, input), 'record'] : null,
    async () => {
      const result = await callEndpoint(endpoint!, input);
      if (!result.ok) throw new EndpointError(result.messages, result.status);
      return { data: result.data, etag: result.etag };
    },
    options,
  );
}
