import { useEffect, useState } from 'react';
import { metaKey, readMeta, writeMeta } from '../offline/db';
import type { PaperWidth } from './print';

/** The receipt printer's paper, chosen once per tablet. */
export function usePaperWidth(): [PaperWidth, (width: PaperWidth) => void] {
  const [width, setWidth] = useState<PaperWidth>(80);
  useEffect(() => {
    void readMeta<PaperWidth>(metaKey.paperWidth()).then((saved) => {
      if (saved === 58 || saved === 80) setWidth(saved);
    });
  }, []);
  return [
    width,
    (next) => {
      setWidth(next);
      void writeMeta(metaKey.paperWidth(), next);
    },
  ];
}
