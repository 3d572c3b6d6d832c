import useSWR, { type SWRResponse } from 'swr';
import { callEndpoint, endpointQuery, fillPath, type CallInput, type Endpoint } from './endpoint';

/** Thrown inside SWR so `error` is set; the HTTP helper has already shown the messages. */
export class EndpointError extends Error {
  constructor(readonly messages: string[], readonly status: number) {
    super(messages.join('; '));
  }
}

/**
 * Reads an endpoint through SWR. The key holds the path and the full query, so a change of the query
 * string (company, branch...) reloads; `enabled: false` (e.g. no company) loads nothing.
 */
export function useEndpoint<T>(endpoint: Endpoint | undefined, input: CallInput, enabled = true): SWRResponse<T, EndpointError> {
  const key = endpoint && enabled
    ? [endpoint.service ?? 'main', fillPath(endpoint.path, input.params), JSON.stringify(endpointQuery(endpoint, input))]
    : null;
  return useSWR<T, EndpointError>(key, async () => {
    const result = await callEndpoint<T>(endpoint!, input);
    if (!result.ok) throw new EndpointError(result.messages, result.status);
    return result.data as T;
  }, { revalidateOnFocus: false, shouldRetryOnError: false });
}
