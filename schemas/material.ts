import { MSG, NOT_BLANK } from './messages';

/** The refusal of adding a material the scope already has (same master material, or same name ignoring case). */
export const MATERIAL_EXISTS = 'Material already exists';

/** A free-text material (spec 000 section 5: required, not blank, at most 64 characters). */
export const customMaterialSchema = {
  type: 'object',
  properties: {
    label: {
      type: 'string',
      title: 'Material',
      minLength: 1,
      maxLength: 64,
      pattern: NOT_BLANK,
      errorMessage: {
        minLength: 'Please enter material',
        maxLength: 'Maximum 64 character allowed',
        pattern: MSG.blank,
        type: 'Please enter material',
      },
    },
  },
  required: ['label'],
  errorMessage: { required: { label: 'Please enter material' } },
} as const;

/** A material picked from the master list. */
export const masterMaterialSchema = {
  type: 'object',
  properties: {
    ftMaterialId: {
      type: 'string',
      title: 'Master material',
      minLength: 1,
      maxLength: 64,
      errorMessage: 'Please select material',
    },
  },
  required: ['ftMaterialId'],
  errorMessage: { required: { ftMaterialId: 'Please select material' } },
} as const;
