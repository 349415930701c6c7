import { http } from './http';

/**
 * Downloads a file the API makes (an export): it needs the Bearer token, so it cannot be a plain
 * link. The server's Content-Disposition names the file.
 */
export async function downloadFromApi(
  url: string,
  params: Record<string, string | undefined>,
  fallbackName: string,
): Promise<void> {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v));
  const response = await http.get<Blob>(url, { params: query, responseType: 'blob' });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const objectUrl = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
