import { useEffect, useState } from 'react';

type Format = (e164: string) => string;
let loaded: Format | null = null;

/**
 * `formatPhone` (src/shared/phone-format.ts) for a page that shows phones only after a search:
 * libphonenumber (8 KB) loads after the page's first paint, and a phone reads as stored (E.164)
 * until it is in.
 */
export function usePhoneFormatter(): Format {
  const [format, setFormat] = useState<Format | null>(() => loaded);
  useEffect(() => {
    if (format) return;
    let isCurrent = true;
    void import('@/shared/phone-format').then((module) => {
      loaded = module.formatPhone;
      if (isCurrent) setFormat(() => module.formatPhone);
    });
    return () => {
      isCurrent = false;
    };
  }, [format]);
  return format ?? ((e164) => e164);
}
