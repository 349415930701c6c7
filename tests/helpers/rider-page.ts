import type { ApiTestbed } from './api-testbed';

/** The rider's and the customer's pages as a phone gets them: HTML, and forms posted back. */
export function publicPages(bed: ApiTestbed) {
  const pathOf = (url: string) => {
    const { pathname, search } = new URL(url, 'http://localhost');
    return pathname + search;
  };
  async function open(url: string) {
    const response = await fetch(`${bed.server.url}${pathOf(url)}`, { redirect: 'manual' });
    return { status: response.status, html: await response.text(), headers: response.headers };
  }
  /** Posts the rider's form for one delivery; answers the status, the page, and where it leads. */
  async function report(riderUrl: string, deliveryId: string, fields: Record<string, string>) {
    const response = await fetch(`${bed.server.url}${pathOf(riderUrl)}/livraison/${deliveryId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return {
      status: response.status,
      html: await response.text(),
      location: response.headers.get('location'),
    };
  }
  return { open, report };
}

/** The page's text as a person reads it: tags dropped, entities and spaces folded. */
export function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}
