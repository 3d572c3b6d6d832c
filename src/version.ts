/** The app version shown in the header badge (spec 000 section 9). */
export const APP_VERSION = '0.2.12';
