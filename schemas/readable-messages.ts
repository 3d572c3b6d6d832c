/**
 * Readable texts for the errors no schema worded (no `errorMessage`): ajv's own texts ('must NOT have more than 200
 * characters', "must have required property 'x'") are for developers, so each keyword gets a sentence built from the
 * field's title (or name). The schemas' own texts (the spec's) always win; this is the fallback for what they leave
 * out, in the forms (engine/form/messages.ts) and in the server's answers (errorMessages in ./ajv.ts) alike.
 */

export type Params = Record<string, unknown>;

const FORMATS: Record<string, string> = {
  email: 'Enter a valid e-mail address',
  'email-list': 'Enter valid e-mail addresses, separated by commas',
  'dmy-date': 'Enter a valid date (DD/MM/YYYY)',
  date: 'Enter a valid date',
  'date-time': 'Enter a valid date and time',
  time: 'Enter a valid time',
  latlng: 'Enter a valid latitude and longitude, e.g. 12.97,77.59',
  uri: 'Enter a valid web address',
  url: 'Enter a valid web address',
};

const TYPES: Record<string, string> = {
  number: 'Enter a number',
  integer: 'Enter a whole number',
  string: 'Enter a text',
  boolean: 'Choose yes or no',
  array: 'Choose one or more options',
  object: 'Fill in this section',
  null: 'Leave this field empty',
};

const plural = (n: unknown, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The readable text of one ajv keyword failure about the field titled `title` (may be empty). */
export function readableText(keyword: string, params: Params, title: string): string {
  const field = title || 'This field';
  switch (keyword) {
    case 'required':
    case 'dependencies':
    case 'dependentRequired':
      return title ? `Please enter ${title}` : 'Please fill in this field';
    case 'maxLength':
      return `${field} must be at most ${plural(params.limit, 'character', 'characters')}`;
    case 'minLength':
      return params.limit === 1
        ? title
          ? `Please enter ${title}`
          : 'Please fill in this field'
        : `${field} must be at least ${plural(params.limit, 'character', 'characters')}`;
    case 'type': {
      const types = String(params.type ?? '').split(',');
      const key =
        types.find((t) => t === 'integer') ??
        types.find((t) => t === 'number') ??
        types.find((t) => t !== 'null') ??
        types[0];
      return TYPES[key] ?? `Enter a valid ${title || 'value'}`;
    }
    case 'enum':
    case 'const':
      return 'Choose one of the options';
    case 'format':
      return FORMATS[String(params.format)] ?? `Enter a valid ${title || 'value'}`;
    case 'pattern':
      return `Enter a valid ${title || 'value'}`;
    case 'minimum':
      return `${field} must be at least ${params.limit}`;
    case 'maximum':
      return `${field} must be at most ${params.limit}`;
    case 'exclusiveMinimum':
      return `${field} must be greater than ${params.limit}`;
    case 'exclusiveMaximum':
      return `${field} must be less than ${params.limit}`;
    case 'multipleOf':
      return `Enter a multiple of ${params.multipleOf}`;
    case 'minItems':
      return `Choose at least ${params.limit}`;
    case 'maxItems':
      return `Choose at most ${params.limit}`;
    case 'uniqueItems':
      return 'Remove the repeated entries';
    case 'minProperties':
      return 'Fill in this section';
    case 'maxProperties':
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'Remove the fields this form does not know';
    default:
      return `Enter a valid ${title || 'value'}`;
  }
}

/** ajv's (and rjsf's) default texts: none of them may reach an operator. */
export const AJV_DEFAULT_TEXTS: readonly RegExp[] = [
  /^must /,
  /^should /,
  /must NOT/,
  /must have required property/,
  /must match (format|pattern|"|a schema)/,
  /must be (equal to|array|object|string|number|integer|boolean|null|<|>|multiple)/,
  /^is a required property$/,
];

/** Whether a text is one of ajv's defaults rather than a worded message. */
export const isAjvDefaultText = (text: string) => AJV_DEFAULT_TEXTS.some((pattern) => pattern.test(text));
