/**
 * The service families of the spec, each with its default base URL: '' is the console's own origin. The built-in
 * API serves the transporter service under /tms, so its `/transporters` paths do not shadow the console's own
 * /transporters pages. The console reads the bases in force from `/config.json`; the server mounts each family's
 * calls under its default base.
 */
export const SERVICE_BASES = {
  main: '',
  transporters: '/tms',
  maps: '',
  auth: '',
  data: '',
  reports: '',
  notification: '',
  ap: '',
  trips: '',
  settings: '',
} as const;

/** A service family's name. */
export type ServiceName = keyof typeof SERVICE_BASES;

/** Every family's name, in the table's order. */
export const SERVICE_NAMES = Object.keys(SERVICE_BASES) as ServiceName[];
