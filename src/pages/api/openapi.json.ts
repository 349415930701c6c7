import type { NextApiRequest, NextApiResponse } from 'next';
import { buildOpenApiDocument } from '@/server/http/openapi';

export default function openapi(req: NextApiRequest, res: NextApiResponse) {
  const origin = `${req.headers['x-forwarded-proto'] ?? 'http'}://${req.headers.host ?? 'localhost'}`;
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.status(200).json(buildOpenApiDocument(origin));
}
