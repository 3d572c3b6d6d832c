import { logoSchema, TRANSPORTER_TAKEN, transporterSchema } from '../transporter';
import { defineResource } from '../resource';

const { properties: body, errorMessage } = transporterSchema;
/** A base64 logo of 1 MB is about 1.4 MB of JSON. */
const LOGO_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * A company's transporters of the older screens (spec 000 sections 2.9 and 5), with their logos: one of each name in a
 * branch of the transporter's (names and branches compared ignoring case and spaces around them). The transporter
 * service's calls (`/transporters`, every transporter of the company oldest first; PATCH of the fields sent; the
 * logo's public address) are built from this; the list and form are screens/transporters.ts.
 */
export const transporters = defineResource({
  name: 'transporters',
  objectType: 'transporter',
  table: 'transporters',
  idPrefix: 'trn',
  noun: 'transporter',
  plural: 'transporters',
  title: 'Transporters',
  path: '/transporters',
  screen: '/transporters',
  reach: 'company',
  stamps: 'timestamps',
  api: { service: 'transporters', unpaged: true, patch: true, bodyLimit: LOGO_BODY_LIMIT },
  fields: {
    transporterName: {
      column: 'transporter_name',
      label: 'Transporter name',
      sql: 'text',
      required: true,
      requiredMessage: errorMessage.required.transporterName,
      search: true,
      schema: body.transporterName,
    },
    branch: {
      column: 'branch',
      label: 'Branch',
      sql: 'text',
      required: true,
      requiredMessage: errorMessage.required.branch,
      search: true,
      schema: body.branch,
    },
    address: {
      column: 'address',
      label: 'Address',
      sql: 'text',
      required: true,
      requiredMessage: errorMessage.required.address,
      schema: body.address,
    },
    state: {
      column: 'state',
      label: 'State',
      sql: 'text',
      required: true,
      requiredMessage: errorMessage.required.state,
      schema: body.state,
    },
    city: {
      column: 'city',
      label: 'City',
      sql: 'text',
      required: true,
      requiredMessage: errorMessage.required.city,
      search: true,
      schema: body.city,
    },
    contactPerson: {
      column: 'contact_person',
      label: 'Contact person',
      sql: 'text',
      required: true,
      requiredMessage: errorMessage.required.contactPerson,
      schema: body.contactPerson,
    },
    phoneNumber: {
      column: 'phone_number',
      label: 'Phone number',
      sql: 'text',
      required: true,
      requiredMessage: errorMessage.required.phoneNumber,
      schema: body.phoneNumber,
    },
    active: { column: 'active', label: 'Active', sql: 'boolean', default: true, kind: 'boolean', schema: body.active },
    uid: { column: 'uid', label: 'UID', sql: 'text', default: '', schema: body.uid },
    logo: {
      column: 'logo',
      label: 'Logo',
      sql: 'image',
      schema: logoSchema,
      image: { typeColumn: 'logo_type', nameColumn: 'logo_name', answer: 'logoUrl' },
    },
  },
  naturalKey: ['transporterName', 'branch'],
  taken: TRANSPORTER_TAKEN,
  label: ['transporterName'],
  order: { field: 'createdAt' },
  screenFile: true,
  menu: { label: 'Transporters', group: 'Masters', icon: 'team', order: 3 },
  // Each company's transporters (the demo trips are driven by them).
  seed: [
    {
      id: 'trn_tsl_vrl',
      company: '1001',
      values: {
        transporterName: 'VRL Logistics Limited',
        branch: 'Jamshedpur',
        address: 'Plot 14, Adityapur Industrial Area',
        state: 'Jharkhand',
        city: 'Jamshedpur',
        contactPerson: 'Ravi Kulkarni',
        phoneNumber: '9845012345',
        uid: 'VRL-JSR-01',
      },
    },
    {
      id: 'trn_tsl_tci',
      company: '1001',
      values: {
        transporterName: 'TCI Freight',
        branch: 'Kolkata',
        address: '22 Strand Road',
        state: 'West Bengal',
        city: 'Kolkata',
        contactPerson: 'Sourav Ghosh',
        phoneNumber: '9830056789',
        uid: 'TCI-CCU-04',
      },
    },
    {
      id: 'trn_hul_gati',
      company: '1002',
      values: {
        transporterName: 'Gati Limited',
        branch: 'Pune',
        address: 'Gat 311, Chakan MIDC Phase II',
        state: 'Maharashtra',
        city: 'Pune',
        contactPerson: 'Sneha Patil',
        phoneNumber: '9822034567',
        uid: 'GATI-PNQ-02',
      },
    },
    {
      id: 'trn_utc_tci',
      company: '1003',
      values: {
        transporterName: 'TCI Freight',
        branch: 'Mumbai',
        address: 'Sector 7, Kalamboli Steel Market',
        state: 'Maharashtra',
        city: 'Navi Mumbai',
        contactPerson: 'Imran Shaikh',
        phoneNumber: '9769012345',
        uid: 'TCI-BOM-11',
      },
    },
  ],
});
