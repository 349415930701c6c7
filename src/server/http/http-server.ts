import http from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError, toErrorBody } from './errors';
import { API_SECURITY_HEADERS } from './security-headers';

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 431: 'Request Header Fields Too Large' };

/**
 * A request Node's parser refuses never reaches a handler: Node would answer a bare status with no
 * body. This answers it in the API's error shape, in French, then closes the connection (its bytes
 * can no longer be told apart from the next request's).
 */
function answerUnparsable(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const refusal = tooLarge
    ? new AppError(
        'HEADERS_TOO_LARGE',
        431,
        `L’adresse ou les en-têtes de la requête sont trop longs (${http.maxHeaderSize / 1024} Ko au maximum).`,
      )
    : new AppError('BAD_REQUEST', 400, 'La requête HTTP est mal formée.');
  const body = JSON.stringify(toErrorBody(refusal));
  const headers = [
    `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...API_SECURITY_HEADERS.map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${headers.join('\r\n')}\r\n\r\n${body}`);
}

/** The HTTP server of server.ts and of the API tests: the same refusals of what cannot be parsed. */
export function createHttpServer(listener: http.RequestListener): http.Server {
  const server = http.createServer(listener);
  server.on('clientError', answerUnparsable);
  return server;
}
