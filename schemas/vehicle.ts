import { MSG, NOT_BLANK } from './messages';

/** The refusal of adding a vehicle the scope already has (same standard vehicle, or same name ignoring case). */
export const VEHICLE_EXISTS = 'Vehicle already exists';

/** A custom vehicle typed by the operator. The trailing space of the message is the spec's. */
export const customVehicleSchema = {
  type: 'object',
  properties: {
    label: {
      type: 'string',
      title: 'Custom vehicle',
      minLength: 1,
      maxLength: 64,
      pattern: NOT_BLANK,
      errorMessage: {
        minLength: 'Please enter custom vehicle ',
        maxLength: 'Maximum 64 character allowed',
        pattern: MSG.blank,
        type: 'Please enter custom vehicle ',
      },
    },
  },
  required: ['label'],
  errorMessage: { required: { label: 'Please enter custom vehicle ' } },
} as const;

/** A standard vehicle chosen by body type, length and weight. */
export const standardVehicleSchema = {
  type: 'object',
  properties: {
    ftVehicleId: {
      type: 'string',
      title: 'Vehicle type',
      minLength: 1,
      maxLength: 64,
      errorMessage: 'Please enter vehicle type',
    },
  },
  required: ['ftVehicleId'],
  errorMessage: { required: { ftVehicleId: 'Please enter vehicle type' } },
} as const;
