import { readItems } from './item-splitter';
import {
  takeListNumbers,
  takeName,
  takePhones,
  takePlace,
  takeTimesAndPrices,
  type Note,
} from './message-details';
import { Draft, prepare } from './paste-text';
import { isPhoneSender, splitMessages } from './whatsapp-export';

/**
 * « Paste-to-order »: a customer’s WhatsApp message(s) read as a draft order, without the
 * catalogue (catalogue-matcher.ts finds the products). Accepts plain text and WhatsApp exports.
 */

export interface ParsedLine {
  /** 1 when none is written. */
  quantity: number;
  /** The words naming the product as written (without the quantity), e.g. 'savons kaola'. */
  phrase: string;
  /** The source text of this item, for display. */
  raw: string;
}

export interface ParsedMessage {
  lines: ParsedLine[];
  /** Phone numbers as written, digits and a leading + only, in order of appearance, deduplicated. */
  phones: string[];
  /** The customer’s name when the message says it, else null. */
  name: string | null;
  /** Where to deliver when said, the words as written, else null. */
  place: string | null;
  /** What the customer said beyond the items, phone, name and place that a seller should keep. */
  note: string;
}

interface MessageParts {
  lines: ParsedLine[];
  phones: string[];
  name: string | null;
  place: string | null;
  notes: Note[];
}

function parseOne(text: string): MessageParts {
  const draft = new Draft(text);
  const notes: Note[] = [];
  // Phones first: their digits would read as quantities. Then place and name, whose words would
  // read as products, and times and prices, whose numbers would.
  takeListNumbers(draft);
  const { phones, starts } = takePhones(draft);
  const place = takePlace(draft, notes);
  const { name, place: namePlace } = takeName(draft, starts);
  takeTimesAndPrices(draft, notes);
  const items = readItems(draft);
  notes.push(...items.notes);
  notes.sort((a, b) => a.at - b.at);
  return { lines: items.lines, phones, name, place: place ?? namePlace ?? items.place, notes };
}

export function parseOrderMessage(text: string): ParsedMessage {
  const messages = splitMessages(prepare(text));
  // In an export, the customer is the first sender who asks for something: the seller’s replies
  // (« ok pour 2 savons ») would count the items twice.
  const senders = messages.filter((m) => m.sender);
  const customer = (senders.find((m) => parseOne(m.text).lines.length) ?? senders[0])?.sender ?? null;
  // Their messages read as one: « 2 boubous » then « taille M » two messages later is one item.
  const theirs = messages.filter((m) => m.sender === null || m.sender === customer);
  const parts = parseOne(theirs.map((m) => m.text).join('\n'));

  const phones = parts.phones;
  if (customer && isPhoneSender(customer)) {
    const phone = (customer.trim().startsWith('+') ? '+' : '') + customer.replace(/\D/g, '');
    if (!phones.includes(phone)) phones.unshift(phone);
  }
  return {
    lines: parts.lines,
    phones,
    name: parts.name ?? (customer && !isPhoneSender(customer) ? customer : null),
    place: parts.place,
    note: [...new Set(parts.notes.map((n) => n.text.trim()).filter(Boolean))].join(', '),
  };
}
