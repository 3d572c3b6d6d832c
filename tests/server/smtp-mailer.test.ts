import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../server/adapters/smtp-mailer';

/** A minimal SMTP peer that records what a client sends: enough to see the code leave by mail. */
let server: Server;
let port = 0;
const received: string[] = [];
beforeAll(async () => {
  server = createServer((socket) => {
    let data = false;
    let message = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n').filter(Boolean)) {
        if (data) {
          if (line === '.') {
            data = false;
            received.push(message);
            socket.write('250 queued\r\n');
          } else message += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as { port: number }).port;
});
afterAll(() => server.close());

describe('SMTP mailer', () => {
  it('sends the message to the configured SMTP server', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Lego <no-reply@lego.local>');
    expect(mailer.kind).toBe('smtp');
    await mailer.send({ to: 'ops@demo.local', subject: 'Your Lego login code', body: 'Your code is 123456' });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: ops@demo.local');
    expect(received[0]).toContain('Your code is 123456');
  });

  it("sends attachments (a report run's xlsx) as MIME parts", async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Lego <no-reply@lego.local>');
    const content = Buffer.from('PK\u0003\u0004 report bytes');
    await mailer.send({
      to: 'ops@demo.local',
      subject: 'Daily trip summary',
      body: 'Attached',
      attachments: [
        {
          filename: 'summary.xlsx',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          content,
        },
      ],
    });
    const message = received.at(-1)!;
    expect(message).toContain('filename=summary.xlsx');
    expect(message).toMatch(/Content-Type:\s+application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/);
    expect(message.replace(/\n/g, '')).toContain(content.toString('base64'));
  });
});
