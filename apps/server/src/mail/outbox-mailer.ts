import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * The embedded default: each message becomes a standard .eml file under DATA_DIR/outbox (any
 * mail client opens it) and its link is logged, so a local user can verify an account without a
 * mail server. nodemailer's stream transport writes the MIME so the files are real messages.
 */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    await mkdir(this.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
    const file = join(this.dir, name);
    await writeFile(file, info.message as Buffer);
    this.log.info(
      { to: message.to, subject: message.subject, link: message.link, file },
      'mail written to outbox',
    );
  }
}
