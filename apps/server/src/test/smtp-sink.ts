import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it: envelope and raw source. */
export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps every message it accepts, for tests
 * that send mail through `SMTP_URL`. `refuse` names recipients it answers with a permanent failure.
 */
export async function startSmtpSink({
  refuse = [],
  onRecipient,
  onMessage,
}: {
  refuse?: string[];
  /** Called at each RCPT TO before it is answered (the restart test kills the sender there). */
  onRecipient?: (address: string) => void;
  /** Called with each message accepted (the browser tests keep them as .eml files to read). */
  onMessage?: (mail: ReceivedMail) => void;
} = {}) {
  const received: ReceivedMail[] = [];
  const refused = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS of 127.0.0.1 per connection (seconds where no resolver answers).
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      onRecipient?.(address.address);
      if (refuse.includes(address.address)) {
        refused.set(address.address, (refused.get(address.address) ?? 0) + 1);
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        const mail = {
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        onMessage?.(mail);
        callback();
      });
    },
  });
  // A sender killed mid-message resets its connection: that is a test's doing, not an error of the sink.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** How many times a recipient of `refuse` was refused. */
    refusals: (address: string) => refused.get(address) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
