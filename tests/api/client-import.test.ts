import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '@/server/db/schema';
import { setupApiTestbed } from '../helpers/api-testbed';
import { uniquePhone } from '../helpers/fixtures';
import { as, freshShop, type Actor } from '../helpers/orders';

const bed = setupApiTestbed();
const admin = () => as(bed.awa);

function send(a: Actor, file: string | Buffer, apply: boolean) {
  return bed.server.call('POST', `/api/client/${apply ? 'import' : 'importPreview'}?shopId=${a.shopId}`, {
    token: a.token,
    rawBody: file,
    headers: { 'content-type': 'text/csv' },
  });
}

/** « 77 123 45 67 » of a +22177… number, as people type it. */
const national = (e164: string) => e164.slice(4).replace(/(\d{2})(\d{3})(\d{2})(\d{2})/, '$1 $2 $3 $4');

async function clientsWith(shopId: string, phone: string) {
  return bed.database.db
    .select()
    .from(clients)
    .where(and(eq(clients.shopId, shopId), eq(clients.phone, phone)));
}

/** Shopify's customers export header as it is today (Default Address …, codes for country and province). */
const SHOPIFY_HEADER =
  'Customer ID,First Name,Last Name,Email,Accepts Email Marketing,Default Address Company,Default Address Address1,Default Address Address2,Default Address City,Default Address Province Code,Default Address Country Code,Default Address Zip,Default Address Phone,Phone,Accepts SMS Marketing,Total Spent,Total Orders,Note,Tax Exempt,Tags';

describe('POST /api/client/importPreview and /api/client/import', () => {
  it('reads a Shopify customers export: one bad row reported with its line and column, the rest imported', async () => {
    const awa = uniquePhone();
    const moussa = uniquePhone();
    const file = [
      SHOPIFY_HEADER,
      `1001,Awa,Diop,awa@example.com,yes,,Rue 10,Près de la mosquée,Pikine,,SN,,,'${awa},yes,125000.00,4,Cliente fidèle,no,"VIP, Wax"`,
      `1002,Moussa,Ba,,no,,,,Dakar,,SN,,${moussa},,no,0.00,0,,no,`,
      `1003,Fatou,Sow,fatou@example,no,,,,,,SN,,,12345,no,0,0,,no,`,
    ].join('\n');
    const preview = await send(admin(), file, false);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      layout: 'shopify',
      isApplied: false,
      created: 2,
      updated: 0,
      failed: 1,
    });
    expect(preview.body.rows[2]).toEqual({
      line: 4,
      status: 'error',
      name: 'Fatou Sow',
      phone: null,
      errors: [
        { column: 'Phone', message: 'Numéro de téléphone invalide.' },
        { column: 'Email', message: 'Adresse e-mail invalide.' },
      ],
    });
    // A preview writes nothing.
    expect(await clientsWith(bed.awa.shop.id, awa)).toHaveLength(0);

    const done = await send(admin(), file, true);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ isApplied: true, created: 2, updated: 0, failed: 1 });
    const [row] = await clientsWith(bed.awa.shop.id, awa);
    expect(row).toMatchObject({
      name: 'Awa Diop',
      firstName: 'Awa',
      lastName: 'Diop',
      email: 'awa@example.com',
      commune: 'Pikine',
      landmark: 'Rue 10, Près de la mosquée',
      notes: 'Cliente fidèle',
      tags: ['VIP', 'Wax'],
      consentSmsSource: 'import',
      // Figures come from orders, never from the file's Total Spent.
      totalSpent: 0,
      ordersCount: 0,
    });
    expect(row!.consentSmsAt).toBeInstanceOf(Date);
    // « Default Address Phone » stands in when « Phone » is empty.
    expect(await clientsWith(bed.awa.shop.id, moussa)).toHaveLength(1);
  });

  it('reads a Loyverse customers export (one name cell, figures ignored)', async () => {
    const phone = uniquePhone();
    const file = [
      'Customer name,Email,Phone,Address,City,Region,Postal code,Country,Customer code,Note,First visit,Last visit,Total visits,Total spent,Points balance',
      `Mariama Ndiaye Fall,mariama@example.com,${national(phone)},Cité Keur Gorgui,Dakar,Dakar,,Senegal,C-12,Taille M,2024-01-05,2025-03-01,12,54000,120`,
    ].join('\r\n');
    const done = await send(admin(), file, true);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ layout: 'loyverse', created: 1, failed: 0 });
    const [row] = await clientsWith(bed.awa.shop.id, phone);
    expect(row).toMatchObject({
      firstName: 'Mariama',
      lastName: 'Ndiaye Fall',
      email: 'mariama@example.com',
      landmark: 'Cité Keur Gorgui',
      commune: 'Dakar',
      notes: 'Taille M',
      totalSpent: 0,
    });
  });

  it('reads our own export back; a re-import updates, never duplicates, and keeps what the file leaves empty', async () => {
    const phone = uniquePhone();
    const ours = (tags: string, email: string) =>
      '\uFEFFPrénom;Nom;Téléphone;Indicatif;Deuxième téléphone;E-mail;Commune;Quartier;Point de repère;Étiquettes;Commandes;Total dépensé;Dernière commande;Ardoise;Consentement SMS;Consentement WhatsApp\r\n' +
      `Khady;Mbaye;${national(phone)};221;;${email};Guédiawaye;Wakhinane;Face pharmacie;${tags};3;45 000;01/11/2026;0;02/01/2025;\r\n`;
    const first = await send(admin(), ours('Fidèle', 'khady@example.com'), true);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ layout: 'comptoir', created: 1, updated: 0 });
    const [created] = await clientsWith(bed.awa.shop.id, phone);
    expect(created).toMatchObject({
      quartier: 'Wakhinane',
      landmark: 'Face pharmacie',
      consentSmsSource: 'import',
    });
    expect(created!.consentSmsAt!.toISOString()).toBe('2025-01-02T12:00:00.000Z');
    expect(created!.consentWhatsappAt).toBeNull();

    const preview = await send(admin(), ours('fidèle, Wax', ''), false);
    expect(preview.body).toMatchObject({ created: 0, updated: 1 });
    expect(preview.body.rows[0].status).toBe('update');
    const again = await send(admin(), ours('fidèle, Wax', ''), true);
    expect(again.body).toMatchObject({ created: 0, updated: 1, failed: 0 });
    const rows = await clientsWith(bed.awa.shop.id, phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: created!.id, email: 'khady@example.com', tags: ['Fidèle', 'Wax'] });
    expect(rows[0]!.consentSmsAt!.toISOString()).toBe('2025-01-02T12:00:00.000Z');
  });

  it('two imports of the same phone at once make one client', async () => {
    const shop = await freshShop(bed, 'Import concurrent');
    const phone = uniquePhone();
    const file = `Customer name,Email,Phone\nAdama Gueye,,${phone}\n`;
    const answers = await Promise.all([send(as(shop), file, true), send(as(shop), file, true)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.created).sort()).toEqual([0, 1]);
    expect(await clientsWith(shop.shop.id, phone)).toHaveLength(1);
  });

  it('reports a phone twice in the file, a missing phone or name, naming line and column', async () => {
    const phone = uniquePhone();
    const file = [
      'Customer name,Email,Phone',
      `Ibou Diallo,,${phone}`,
      `Ibou D.,,${national(phone)}`,
      'Sans Téléphone,,',
      `,,${uniquePhone()}`,
    ].join('\n');
    const answer = await send(admin(), file, false);
    expect(answer.status).toBe(200);
    expect(
      answer.body.rows.map((r: { line: number; status: string; errors: unknown[] }) => [
        r.line,
        r.status,
        r.errors,
      ]),
    ).toEqual([
      [2, 'create', []],
      [3, 'error', [{ column: 'Phone', message: 'Ce numéro est déjà à la ligne 2 du fichier.' }]],
      [
        4,
        'error',
        [
          {
            column: 'Phone',
            message: 'Le téléphone est obligatoire\u00a0: c’est lui qui retrouve le client.',
          },
        ],
      ],
      [5, 'error', [{ column: 'Customer name', message: 'Le nom du client est vide.' }]],
    ]);
  });

  it('refuses a file it cannot read, the wrong role and the wrong shop, writing nothing', async () => {
    const unknown = await send(admin(), 'Nom complet;Mobile\nAwa;771234567\n', false);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details.file).toMatch(/Colonnes non reconnues/);
    const empty = await send(admin(), SHOPIFY_HEADER + '\n', true);
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.file).toMatch(/vide/);
    const broken = await send(admin(), 'Customer name,Phone\n"Awa,771234567\n', true);
    expect(broken.status).toBe(422);
    expect(broken.body.error.details.file).toMatch(/Ligne 2/);

    const phone = uniquePhone();
    const file = `Customer name,Email,Phone\nAwa Sarr,,${phone}\n`;
    for (const role of ['cashier', 'inventory-manager'] as const)
      expect((await send(as(bed.awa, role), file, true)).status).toBe(403);
    expect(
      (await send({ token: bed.other.members.admin.token, shopId: bed.awa.shop.id }, file, true)).status,
    ).toBe(404);
    expect(await clientsWith(bed.awa.shop.id, phone)).toHaveLength(0);
    // The seller may import.
    expect((await send(as(bed.awa, 'seller'), file, true)).body.created).toBe(1);
  });
});
