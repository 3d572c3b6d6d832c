import type { RJSFValidationError } from '@rjsf/utils';
import { readableText } from '../../schemas/readable-messages';
import { isRecord } from '../data/pick';

export { AJV_DEFAULT_TEXTS, isAjvDefaultText, readableText } from '../../schemas/readable-messages';

/** A title as rjsf found it (uiSchema or schema title), for the sentence: without quotes or a trailing colon. */
const cleanTitle = (title: unknown) =>
  typeof title === 'string' ? title.replace(/^'|'$/g, '').replace(/:\s*$/, '').trim() : '';

/** An error with the readable text of its keyword, when no schema worded it. */
export function readableError(error: RJSFValidationError): RJSFValidationError {
  if (error.name === 'errorMessage') return error;
  const message = readableText(error.name ?? '', isRecord(error.params) ? error.params : {}, cleanTitle(error.title));
  return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
}
