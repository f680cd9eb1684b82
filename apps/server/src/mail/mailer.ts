/** The mail port: services say what to send; an adapter (outbox or SMTP) decides how. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the message, logged by the outbox so a local user can follow it. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): void;
}
