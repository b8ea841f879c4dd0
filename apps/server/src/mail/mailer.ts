import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

type Log = { info(obj: object, msg: string): void };

/**
 * Sends mail through `SMTP_URL`; without it, writes each message as an .eml file into the outbox folder of the
 * data directory and logs one line, so a single-machine install can still hand out recovery links.
 */
export function createMailer({
  smtpUrl,
  from,
  outboxDir,
  log,
}: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Log;
}): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from, ...mail });
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, `${Date.now()}-${process.pid}-${++counter}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(
        { to: mail.to, subject: mail.subject, file },
        `mail written to the outbox: ${mail.text.split('\n').find((l) => l.includes('http')) ?? mail.subject}`,
      );
    },
  };
}
