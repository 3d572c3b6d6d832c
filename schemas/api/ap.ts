import { callsOf } from './resources';
import type { ResourceRecord } from '../resource';
import { apConfigs } from '../resources/ap-configs';

/**
 * The AP config service of spec 002 section 7 (its own family `ap`, main envelope): a zero-based page of the company's
 * AP configs, one by id, create, update and delete, each naming the company in scope (c, b, d, t); another company's
 * id is 404. Built from the resource's declaration (schemas/resources/ap-configs.ts).
 */
export const apCalls = callsOf(apConfigs);

/** An AP config as the service answers it: its ids, its type and the JSON object of its value. */
export type ApConfig = ResourceRecord<typeof apConfigs>;
