/**
 * A WhatsApp chat with a number (wa.me wants its digits, country code first, without « + »), the
 * message already written when one is given. Without a number WhatsApp asks whom to send it to.
 */
export function whatsappUrl(phone: string | null | undefined, text?: string): string {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return `https://wa.me/${digits}${text === undefined ? '' : `?text=${encodeURIComponent(text)}`}`;
}
