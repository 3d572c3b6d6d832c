/**
 * The search engine a trip's document also goes to when `SEARCH_URL` names an Elasticsearch or OpenSearch server
 * (both take `PUT {url}/{index}/_doc/{id}` with the document as JSON). Without it the PostgreSQL table is the index.
 */
export interface TripIndex {
  /** Stores the document; throws with a readable message when the engine refuses it or does not answer in time. */
  put(id: string, document: unknown): Promise<void>;
}

/** How long the search engine may take to answer. */
const TIMEOUT_MS = 5000;

/** The adapter for `SEARCH_URL` (index `trips`, or the last path segment of the URL when it has one). */
export function searchEngineIndex(url: string): TripIndex {
  const base = new URL(url);
  const index = base.pathname.replace(/^\/+|\/+$/g, '') || 'trips';
  return {
    async put(id, document) {
      const target = new URL(`/${encodeURIComponent(index)}/_doc/${encodeURIComponent(id)}`, base);
      const res = await fetch(target, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(document),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
      if (!res.ok) throw new Error(`The search engine answered ${res.status}`);
    },
  };
}
