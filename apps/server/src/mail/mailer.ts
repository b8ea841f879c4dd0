import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A message; `from` replaces the configured sender (e.g. the same address under a user's name). */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string | { name: string; address: string };
  replyTo?: string | { name: string; address: string };
  /** The Message-ID header, `<…@…>`; nodemailer makes one when absent. */
  messageId?: string;
  /**
   * A calendar invitation (issue 27): nodemailer adds it as the `text/calendar; method=…` alternative calendars
   * read, and as the attachment `filename`.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string };
};
export type Mailer = { send(mail: Mail): Promise<void> };

type Log = { info(obj: object, msg: string): void };

/**
 * Sends mail through `SMTP_URL`; without it, writes each message as an .eml file into the outbox folder of the
 * data directory and logs where, so a single-machine install can still hand out recovery links.
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
    // Bounded waits: a mail server that hangs must not hold a shutdown (nodemailer waits minutes by default).
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      send: async (mail) => {
        await transport.sendMail({ ...mail, from: mail.from ?? from });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ ...mail, from: mail.from ?? from });
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, `${Date.now()}-${process.pid}-${++counter}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The file, not the message: a reset link is a secret, and the log is read by more people than the
      // data directory (the .eml file is readable by the server's account only).
      log.info({ file }, `mail written to the outbox: ${file}`);
    },
  };
}
