import type { ResourceRecord } from '../resource';
import type { transporters } from '../resources/transporters';
import { transporters as declared } from '../resources/transporters';
import { callsOf, IMAGE_CALLS } from './resources';

/**
 * The transporter service of the older screens (spec 000 section 2.9), with logos: every transporter of the company,
 * one by id, create, PATCH of the fields sent, delete, and the logo's public read. Built from the declaration
 * (schemas/resources/transporters.ts).
 */
export const transporterCalls = { ...callsOf(declared), logo: IMAGE_CALLS.transporters.logo };

/** A transporter as the service answers it: its fields, and the address of its logo (null without one). */
export type Transporter = ResourceRecord<typeof transporters>;
