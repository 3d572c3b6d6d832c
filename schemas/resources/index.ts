import type { Resource } from '../resource';
import { holidays } from './holidays';

/** Every declared resource (schemas/resource.ts): what the generic calls, routes, audit, compare, export, seed and screens read. */
export const RESOURCES = [holidays] as const satisfies readonly Resource[];
