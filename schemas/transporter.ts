import type { FromSchema } from 'json-schema-to-ts';
import { MSG, NOT_BLANK } from './messages';

const text = <T extends string, M extends string>(title: T, message: M) =>
  ({
    type: 'string',
    title,
    minLength: 1,
    maxLength: 200,
    pattern: NOT_BLANK,
    errorMessage: { minLength: message, type: message, pattern: MSG.blank, maxLength: 'Maximum 200 character allowed' },
  }) as const;

/**
 * Refusal of a transporter the company already has: the same name in the same branch (compared ignoring case and
 * spaces around). The same transporter's other branches are records of their own, as the list shows them.
 */
export const TRANSPORTER_TAKEN = 'A transporter with this name already exists in this branch';

/**
 * Logo upload: an image as base64, at most 1 MB once decoded (1,398,104 base64 characters). That `data` is base64
 * and an image of its `type` is checked where it is decoded (server/rules/image-upload.ts), in a few milliseconds:
 * a `pattern` here would run on RE2 on the server, some 100 ms for a 1 MB logo, holding every other request.
 */
export const logoSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 200 },
    type: {
      type: 'string',
      enum: ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'],
      errorMessage: 'Logo must be a PNG, JPEG, SVG or WebP image',
    },
    data: {
      type: 'string',
      maxLength: 1_398_104,
      errorMessage: { maxLength: 'Logo must be at most 1 MB', type: 'Logo is not a valid image' },
    },
  },
  required: ['name', 'type', 'data'],
} as const;

/** Transporter of the older screens (spec 000 sections 2.9 and 5). */
export const transporterSchema = {
  type: 'object',
  properties: {
    transporterName: text('Transporter Name', 'Please enter transporter name'),
    branch: text('Branch', 'Please enter branch'),
    address: text('Address', 'Please enter address'),
    state: text('State', 'Please enter state'),
    city: text('City', 'Please enter city'),
    contactPerson: text('Contact Person', 'Please enter contact person'),
    phoneNumber: {
      type: 'string',
      title: 'Mobile Number',
      maxLength: 10,
      pattern: '^[6-9][0-9]{9}$',
      errorMessage: {
        pattern: 'Please enter a valid 10 digit mobile number',
        maxLength: 'Please enter a valid 10 digit mobile number',
        type: 'Please enter mobile number',
      },
    },
    active: { type: 'boolean', title: 'Active', default: true },
    uid: { type: 'string', title: 'UID', maxLength: 64 },
    logo: logoSchema,
  },
  required: ['transporterName', 'branch', 'address', 'state', 'city', 'contactPerson', 'phoneNumber'],
  errorMessage: {
    required: {
      transporterName: 'Please enter transporter name',
      branch: 'Please enter branch',
      address: 'Please enter address',
      state: 'Please enter state',
      city: 'Please enter city',
      contactPerson: 'Please enter contact person',
      phoneNumber: 'Please enter mobile number',
    },
  },
} as const;

/** The create call's body, from its schema. */
export type TransporterBody = FromSchema<typeof transporterSchema>;
