import { smsParts, smsText } from '@/shared/sms-parts';

/** « 2 SMS (Unicode) » for the message as written, before the placeholders are filled. */
export function partsLabel(template: string): string {
  const counted = smsParts(smsText(template));
  const kind = counted.encoding === 'gsm7' ? 'GSM' : 'Unicode : accents ou signes spéciaux';
  return `${template.length} caractère${template.length > 1 ? 's' : ''} · ${counted.parts} SMS par message (${kind})`;
}
