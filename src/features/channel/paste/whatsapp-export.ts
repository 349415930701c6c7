/**
 * Messages copied from WhatsApp, or its « Exporter la discussion » file, one header a message:
 * « [12/11/2026 14:03] Aminata: … » (iPhone) or « 12/11/2026, 14:03 - Aminata: … » (Android).
 * A message's following lines, without a header, belong to it.
 */

export interface PastedMessage {
  /** The sender as the seller’s phone shows them, or null for plain pasted text. */
  sender: string | null;
  text: string;
}

const DATE = String.raw`\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}`;
const TIME = String.raw`\d{1,2}[:h.]\d{2}(?::\d{2})?(?:\s*[APap]\.?[Mm]\.?)?`;
const HEADER = new RegExp(String.raw`^[ \t]*(?:\[[ \t]*)?${DATE},?\s*(?:à\s*)?${TIME}\s*\]?\s*(?:-\s*)?`);
const SENDER = /^~?\s*([^:\n]{1,60}?)\s*:\s?/;
/** The seller’s own messages in an export. */
const SELF = /^(moi|vous|you)$/i;

export function splitMessages(text: string): PastedMessage[] {
  const messages: PastedMessage[] = [];
  let current: PastedMessage | null = null;
  let headers = 0;
  for (const line of text.split('\n')) {
    const header = HEADER.exec(line);
    if (!header) {
      if (current) current.text += `\n${line}`;
      else messages.push((current = { sender: null, text: line }));
      continue;
    }
    headers++;
    const rest = line.slice(header[0].length);
    const sender = SENDER.exec(rest);
    // A header without « name: » is WhatsApp’s own notice (encryption, a member added…).
    current = sender
      ? { sender: sender[1]!.trim(), text: rest.slice(sender[0].length) }
      : { sender: '', text: '' };
    messages.push(current);
  }
  if (!headers) return [{ sender: null, text }];
  return messages.filter((m) => m.sender !== '' && !(m.sender && SELF.test(m.sender)));
}

/** A sender saved under their number rather than a name. */
export const isPhoneSender = (sender: string) => /^[+\d\s().-]{8,}$/.test(sender);
