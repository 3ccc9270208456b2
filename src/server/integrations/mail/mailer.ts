/** One e-mail, with a plain-text part and an HTML part (every mail carries both). */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
};

/**
 * Sends mail (decisions.md section 3): over SMTP when SMTP_URL is set, otherwise into the local
 * outbox that the development mailbox page shows. Picked once at start by createMailer.
 */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  /** Resolves once the mail is stored (outbox) or accepted by the SMTP server; rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  /** Releases connections; call once at shutdown. */
  close(): Promise<void>;
}

/** The part of an address a log may keep: the domain, never the mailbox name. */
export function recipientDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at === -1 ? '(none)' : address.slice(at + 1).toLowerCase();
}
