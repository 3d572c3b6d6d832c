import type { Resource } from '../resource';
import { RESOURCES } from '../resources';
import { type CallsOf, imageCallsOf, type ResourceCalls, resourceCallsOf } from './resource-calls';

/** Each declared resource's calls, by its name (those it has: see `api.calls`). */
export const RESOURCE_CALLS: Readonly<Record<string, Partial<ResourceCalls>>> = Object.fromEntries(
  RESOURCES.map((resource) => [resource.name, resourceCallsOf(resource)]),
);

/** Each declared resource's public reads of its images, by its name and then the field's (see `imageCall`). */
export const IMAGE_CALLS = Object.fromEntries(RESOURCES.map((resource) => [resource.name, imageCallsOf(resource)]));

/** Every resource's calls by id (in the API document, the route test and the fuzzer, as every `…Calls` export). */
export const resourceCalls = Object.fromEntries(
  [...Object.values(RESOURCE_CALLS), ...Object.values(IMAGE_CALLS)].flatMap((calls) =>
    Object.values(calls).map((call) => [call.id, call]),
  ),
);

/**
 * The calls of one declared resource, typed by its declaration (those its `api.calls` names, or all five): the same
 * contracts the server routes.
 */
export function callsOf<const R extends Resource>(resource: R): CallsOf<R> {
  // Built by resourceCallsOf from this declaration, with the kinds its `api.calls` names (RESOURCE_CALLS above).
  return RESOURCE_CALLS[resource.name] as CallsOf<R>;
}

/** A call a resource must have where it is asked for (a derived form needs its create); throws when it has not. */
export function callOf<K extends keyof ResourceCalls>(resource: Resource, kind: K): ResourceCalls[K] {
  const call = RESOURCE_CALLS[resource.name]?.[kind];
  if (!call) throw new Error(`${resource.name} has no ${kind} call (its api.calls)`);
  return call;
}
