/**
 * The EPOD configuration mock-up (spec 002 sections 2.5, 4 and 9): a local-only form whose show/hide rules are the
 * schema's conditions. Option texts are spelled exactly as the spec does ('befor', 'Imapact').
 */
export const EPOD_OPTIONS = {
  yesNo: ['Yes', 'No'],
  issues: ['1', '2', '3'],
  callback: ['Internal Ops', 'Company Point of Contact'],
  smsTimes: ['Start Of Trip', 'Last Mile', 'When Consignee calls', 'X hour befor ETA'],
  actors: ['Driver No.', 'Cleaner No.', 'Transporter No.', 'Consignee No.', 'Consignor No.', 'Internal Ops'],
  status: ['OTP Success', 'Upload Success', 'OTP or Upload Success', 'OTP & Upload Success'],
  tripActions: ['No Imapact', 'Trip is immediately closed', 'Trip closed after Y'],
} as const;

/** The SMS time that asks for a number of hours, and the trip action that asks for a delay. */
export const EPOD_X_HOURS = 'X hour befor ETA';
export const EPOD_CLOSE_AFTER = 'Trip closed after Y';

const ticked = (name: string) => ({ properties: { [name]: { const: true } }, required: [name] }) as const;
const text = (title: string) => ({ type: 'string', title, maxLength: 50 }) as const;
const many = <const O extends readonly string[]>(title: string, options: O) =>
  ({ type: 'array', title, items: { type: 'string', enum: options }, uniqueItems: true }) as const;
const one = <const O extends readonly string[]>(title: string, options: O) =>
  ({ type: 'string', title, enum: options }) as const;

/**
 * Ticking either EPOD flow shows the rest. OTP Mandatory hides once OTP is 'No'; Upload Mandatory hides once Upload
 * is 'Yes' (the inverted logic of the page as it behaves); the hours and the close delay show with their options.
 */
export const epodFormSchema = {
  type: 'object',
  properties: {
    epodConsignee: { type: 'boolean', title: 'Enable EPOD flow for Consignee' },
    epodDriver: { type: 'boolean', title: 'Enable EPOD flow for Driver' },
  },
  if: { anyOf: [ticked('epodConsignee'), ticked('epodDriver')] },
  then: {
    properties: {
      enableOtp: one('Enable OTP flow', EPOD_OPTIONS.yesNo),
      enableUpload: one('Enable Upload flow', EPOD_OPTIONS.yesNo),
      issueTags: many('List of Issue tags', EPOD_OPTIONS.issues),
      callbackRequest: { type: 'boolean', title: 'Callback Request enable' },
      feedback: { type: 'boolean', title: 'Feedback enable' },
      smsTimes: many('SMS Communication Time', EPOD_OPTIONS.smsTimes),
      otpActors: many('OTP received from actors', EPOD_OPTIONS.actors),
      statusChange: {
        ...one('EPOD status change from Pending to Success', EPOD_OPTIONS.status),
        default: 'OTP or Upload Success',
      },
      tripAction: one('System action on Trip Status', EPOD_OPTIONS.tripActions),
    },
    allOf: [
      {
        if: { not: { properties: { enableOtp: { const: 'No' } }, required: ['enableOtp'] } },
        then: { properties: { otpMandatory: { type: 'boolean', title: 'OTP Mandatory' } } },
      },
      {
        if: { not: { properties: { enableUpload: { const: 'Yes' } }, required: ['enableUpload'] } },
        then: { properties: { uploadMandatory: { type: 'boolean', title: 'Upload Mandatory' } } },
      },
      {
        if: ticked('callbackRequest'),
        then: { properties: { callbackTo: many('Callback Request options', EPOD_OPTIONS.callback) } },
      },
      {
        if: ticked('feedback'),
        then: {
          properties: {
            feedbackTags: { type: 'array', title: 'Feedback question tags', maxItems: 20, items: text('Question tag') },
          },
        },
      },
      {
        if: { properties: { smsTimes: { contains: { const: EPOD_X_HOURS } } }, required: ['smsTimes'] },
        then: { properties: { xHours: text('X hour befor ETA') } },
      },
      {
        if: { properties: { tripAction: { const: EPOD_CLOSE_AFTER } }, required: ['tripAction'] },
        then: { properties: { closeAfter: text('Trip closed after Y') } },
      },
    ],
  },
} as const;
