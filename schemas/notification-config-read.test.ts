import { describe, expect, it } from 'vitest';
import { readTestResult, testQuestion } from './notification-config-read';

describe('testQuestion', () => {
  it('names how many recipients a test to them reaches and the first few, before it sends', () => {
    expect(
      testQuestion({ mode: 'EMAIL', emailTo: 'a@x.in, b@x.in', emailCc: 'c@x.in', emailBcc: 'd@x.in,e@x.in' }),
    ).toEqual({
      title: 'Send the test to 5 recipients?',
      content:
        "The EMAIL test goes now to a@x.in, b@x.in, c@x.in and 2 more, as the configuration's real messages would.",
      okText: 'Send to 5 recipients',
    });
    expect(testQuestion({ mode: 'SMS', mobilenumbers: '8123456789' })).toMatchObject({
      title: 'Send the test to 1 recipient?',
      okText: 'Send to 1 recipient',
    });
  });

  it('says a webhook test calls its URL, and asks nothing while there is no recipient (the server names what is missing)', () => {
    expect(testQuestion({ mode: 'WEBHOOKS', url: 'https://hooks.example/in' })).toEqual({
      title: 'Call the webhook?',
      content: 'The test calls https://hooks.example/in now with the sample trip.',
      okText: 'Call the webhook',
    });
    expect(testQuestion({ mode: 'EMAIL', emailTo: ' , ' })).toBeNull();
  });

  it('says where a test went', () => {
    expect(readTestResult({ mode: 'EMAIL', channel: 'smtp', to: ['ops@demo.local'] }).entries).toEqual([
      ['Sent through', 'E-mail (SMTP)'],
      ['To', 'ops@demo.local'],
    ]);
  });
});
