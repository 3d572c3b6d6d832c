import { describe, expect, it } from 'vitest';
import { validate } from './ajv';
import { notificationConfigPayloadSchema } from './notification-config';
import { formToPayload, notificationConfigFormSchema } from './notification-config-form';
import { toConfigForm } from './notification-config-read';

const ids = {
  customerConfigId: null,
  companyId: 1001,
  branchId: 3101,
  departmentId: null,
  userId: null,
  groupId: null,
  relatedCompanyId: null,
  relatedBranchId: null,
  relatedDepartmentId: null,
};

describe('the notification form and its payload', () => {
  it('joins recipient rows, dropping empty ones, into a payload the server accepts', () => {
    const form = {
      eventId: '4',
      mode: 'EMAIL',
      emailTo: ['ops@tata.example'],
      emailCc: ['', 'cc@tata.example'],
      emailBcc: [''],
      subject: 'S',
      emailBody: 'B',
    };
    expect(validate(notificationConfigFormSchema, form)).toEqual([]);
    // A required list's empty row is refused; an optional list's is dropped.
    expect(validate(notificationConfigFormSchema, { ...form, emailTo: ['ops@tata.example', ''] })).toEqual([
      'Please enter valid email',
    ]);
    // Addresses in ASCII only, as the other e-mail fields take them: an emoji or a space is no address.
    for (const bad of ['😀@tata.example', 'ops@tata', 'o ps@tata.example', 'ops@😀.example']) {
      expect(validate(notificationConfigFormSchema, { ...form, emailTo: [bad] }), bad).toEqual([
        'Please enter valid email',
      ]);
    }
    const payload = formToPayload(form, ids);
    expect(
      validate(
        notificationConfigPayloadSchema,
        formToPayload({ ...form, emailTo: ["o'brien+ops@tata-steel.co.in"] }, ids),
      ),
    ).toEqual([]);
    expect(payload).toMatchObject({
      mode: 'EMAIL',
      eventId: 4,
      emailTo: 'ops@tata.example',
      emailCc: 'cc@tata.example',
      emailBcc: '',
      body: 'B',
    });
    expect(validate(notificationConfigPayloadSchema, payload)).toEqual([]);
  });

  it('sends the dynamic token config only when ticked with its four choices filled', () => {
    const webhook = {
      eventId: '4',
      mode: 'WEBHOOKS',
      method: 'POST',
      url: 'https://x.example',
      contentType: 'JSON',
      authType: 'BEARER',
      webhookBody: '{}',
    };
    const half = {
      ...webhook,
      useDynamicToken: true,
      dynamicToken: { method: 'POST', url: 'https://x.example/token' },
    };
    expect(formToPayload(half, ids)).not.toHaveProperty('dynamicWebhookConfigs');
    expect(validate(notificationConfigFormSchema, half)).toContain('Please select content type');
    const full = {
      ...half,
      dynamicToken: { ...half.dynamicToken, contentType: 'JSON', authType: 'BASIC', accessTokenJsonPath: 'data.token' },
    };
    expect(formToPayload(full, ids).dynamicWebhookConfigs).toEqual([
      {
        method: 'POST',
        url: 'https://x.example/token',
        contentType: 'JSON',
        authType: 'BASIC',
        accessTokenJsonPath: 'data.token',
      },
    ]);
    expect(formToPayload({ ...full, useDynamicToken: false }, ids)).not.toHaveProperty('dynamicWebhookConfigs');
  });

  it('asks each mode for its own fields, with the spec texts', () => {
    expect(validate(notificationConfigFormSchema, {})).toEqual(
      expect.arrayContaining(['Please select event', 'Please select template mode']),
    );
    expect(validate(notificationConfigFormSchema, { eventId: '1', mode: 'SMS', mobileNumbers: ['123'] })).toEqual(
      expect.arrayContaining(['Please enter Mobile Number', 'Please enter sms content']),
    );
    expect(validate(notificationConfigFormSchema, { eventId: '1', mode: 'WHATSAPP', mobileNumbers: [''] })).toEqual([
      'Please enter whatsapp content',
    ]);
    const whatsapp = formToPayload({ eventId: '1', mode: 'WHATSAPP', mobileNumbers: [''], whatsappBody: 'Hi' }, ids);
    expect(whatsapp).not.toHaveProperty('mobilenumbers');
  });

  it('reads a stored configuration back into the form', () => {
    expect(
      toConfigForm({ eventId: 3, mode: 'SMS', mobilenumbers: '9876543210,8123456789', body: 'Trip {{trip_id}}' }),
    ).toEqual({ eventId: '3', mode: 'SMS', mobileNumbers: ['9876543210', '8123456789'], smsBody: 'Trip {{trip_id}}' });
  });
});
