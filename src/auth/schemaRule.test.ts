import { describe, expect, it } from 'vitest';
import { otpRequestSchema, otpVerifySchema } from '../../schemas/auth';
import { schemaRule } from './schemaRule';

const check = (rule: ReturnType<typeof schemaRule>, value: unknown) =>
  rule.validator(null, value).then(
    () => null,
    (e: Error) => e.message,
  );

describe('schemaRule', () => {
  it("shows the schema's text for a malformed value, and passes a valid one", async () => {
    const rule = schemaRule(otpRequestSchema, 'identifier', 'Please enter your e-mail or phone number');
    await expect(check(rule, '98450')).resolves.toBe('Please enter a valid e-mail or 10 digit phone number');
    await expect(check(rule, 'ops@demo.local')).resolves.toBeNull();
    await expect(check(rule, '9845012345')).resolves.toBeNull();
  });

  it('asks for a blank value with its own text', async () => {
    const rule = schemaRule(otpVerifySchema, 'code', 'Please enter the one-time code');
    for (const blank of [undefined, null, '', '   '])
      await expect(check(rule, blank)).resolves.toBe('Please enter the one-time code');
    await expect(check(rule, '12')).resolves.toBe('Enter the 6 digit code');
  });

  it("without a blank text, a blank value gets the schema's text", async () => {
    await expect(check(schemaRule(otpVerifySchema, 'code'), '')).resolves.toBe('Enter the 6 digit code');
  });
});
