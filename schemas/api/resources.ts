import { RESOURCES } from '../resources';
import { type ResourceCalls, resourceCallsOf } from './resource-calls';

/** Each declared resource's calls, by its name. */
export const RESOURCE_CALLS: Readonly<Record<string, ResourceCalls>> = Object.fromEntries(
  RESOURCES.map((resource) => [resource.name, resourceCallsOf(resource)]),
);

/** Every resource's calls by id (in the API document, the route test and the fuzzer, as every `…Calls` export). */
export const resourceCalls = Object.fromEntries(
  Object.values(RESOURCE_CALLS).flatMap((calls) => Object.values(calls).map((call) => [call.id, call])),
);
