/** The data contracts shared by the console's forms and the platform API. */
export * from './messages';
export * from './scope';
export * from './route';
export * from './route-master';
export * from './material';
export * from './vehicle';
export * from './transporter';
export * from './auth';
