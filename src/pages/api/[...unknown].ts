import type { NextApiRequest, NextApiResponse } from 'next';

/** Unknown API paths answer in the API's error shape rather than with an HTML page. */
export default function unknownApiPath(_req: NextApiRequest, res: NextApiResponse) {
  res.status(404).json({ error: { code: 'NOT_FOUND', message: "Cette adresse d'API n'existe pas." } });
}
