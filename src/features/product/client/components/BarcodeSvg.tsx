import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';
import { isValidEan13 } from '@/shared/barcode';

/** A scannable barcode: EAN-13 when the code is one, Code 128 otherwise. */
export function BarcodeSvg({ value, height = 40 }: { value: string; height?: number }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    try {
      JsBarcode(ref.current, value, {
        format: isValidEan13(value) ? 'EAN13' : 'CODE128',
        height,
        width: 1.4,
        fontSize: 11,
        margin: 0,
        displayValue: true,
      });
    } catch {
      ref.current.innerHTML = '';
    }
  }, [value, height]);
  return <svg ref={ref} role="img" aria-label={`Code-barres ${value}`} />;
}
