import { Alert, Badge, Button, Checkbox, Heading, HStack, Stack, Text } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { PageLink } from '@/client/components/PageLink';
import { useRef, useState } from 'react';
import { LuArrowLeft, LuUpload } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { ListCard, ListMessage, ResponsiveList, useListLayout } from '@/client/components/ResponsiveList';
import { AppShell } from '@/client/shell/AppShell';
import { toaster } from '@/client/shell/toaster';
import { withShopId } from '@/shared/navigation';
import { formatPhone } from '@/shared/phone-format';
import type { Shop } from '@/features/shop/client/shop.api';
import { CLIENT_IMPORT_LAYOUT_LABELS, type ClientImportStatus } from '../../client-import.constants';
import type { TClientImportRow } from '../../client-import.schemas';
import {
  useImportClientsMutation,
  usePreviewClientsImportMutation,
  type ClientImportReport,
} from '../client-import.api';
import { formatCount } from '@/shared/numbers';

/** More would make the page slow to draw; the counts above tell the rest. */
const ROWS_SHOWN = 500;

const STATUS_TEXT: Record<'preview' | 'done', Record<ClientImportStatus, string>> = {
  preview: { create: 'Sera créé', update: 'Sera mis à jour', error: 'Erreur' },
  done: { create: 'Créé', update: 'Mis à jour', error: 'Erreur' },
};
const STATUS_COLOR: Record<ClientImportStatus, string> = { create: 'green', update: 'blue', error: 'red' };

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n > 1 ? many : one}`;

export function importCountsText(report: ClientImportReport): string {
  const created = plural(report.created, 'client', 'clients');
  const updated = plural(report.updated, 'client', 'clients');
  const failed = plural(report.failed, 'ligne', 'lignes');
  return report.isApplied
    ? `${created} créé${report.created > 1 ? 's' : ''}, ${updated} mis à jour, ${failed} en erreur ignorée${report.failed > 1 ? 's' : ''}.`
    : `${created} à créer, ${updated} à mettre à jour (même téléphone), ${failed} en erreur.`;
}

function ErrorsText({ row }: { row: TClientImportRow }) {
  return (
    <Stack gap="0">
      {row.errors.map((e, i) => (
        <Text key={i} color="fg.error" fontSize="sm">
          {e.column ? `${e.column}\u00a0: ${e.message}` : e.message}
        </Text>
      ))}
    </Stack>
  );
}

function ImportRow({ row, phase }: { row: TClientImportRow; phase: 'preview' | 'done' }) {
  const { layout } = useListLayout();
  const status = (
    <Badge colorPalette={STATUS_COLOR[row.status]} variant="subtle">
      {STATUS_TEXT[phase][row.status]}
    </Badge>
  );
  const phone = row.phone ? formatPhone(row.phone) : '—';
  if (layout === 'cards')
    return (
      <ListCard data-testid="import-row">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" truncate>
              {row.name || 'Sans nom'}
            </Text>
            <Text fontSize="sm" color="fg.muted">{`Ligne ${row.line} · ${phone}`}</Text>
          </Stack>
          {status}
        </HStack>
        {row.errors.length ? <ErrorsText row={row} /> : null}
      </ListCard>
    );
  return (
    <Table.Row data-testid="import-row">
      <Table.Cell>{row.line}</Table.Cell>
      <Table.Cell>{row.name || '—'}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{phone}</Table.Cell>
      <Table.Cell>{status}</Table.Cell>
      <Table.Cell>{row.errors.length ? <ErrorsText row={row} /> : null}</Table.Cell>
    </Table.Row>
  );
}

function ImportClients({ shop }: { shop: Shop }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ClientImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isErrorsOnly, setErrorsOnly] = useState(false);
  const [preview, { isLoading: isPreviewing }] = usePreviewClientsImportMutation();
  const [apply, { isLoading: isImporting }] = useImportClientsMutation();

  const failure = (e: unknown) => {
    if (!(e instanceof ApiError)) return 'Une erreur est survenue. Réessayez.';
    return e.details.file ?? e.message;
  };

  async function choose(chosen: File) {
    setFile(chosen);
    setReport(null);
    setError(null);
    try {
      setReport(await preview({ shopId: shop._id, file: chosen }).unwrap());
    } catch (e) {
      setError(failure(e));
    }
  }

  async function runImport() {
    if (!file) return;
    setError(null);
    try {
      const done = await apply({ shopId: shop._id, file }).unwrap();
      setReport(done);
      toaster.create({
        title: 'Import terminé',
        description: importCountsText(done),
        type: 'success',
        duration: 5000,
      });
    } catch (e) {
      setError(failure(e));
    }
  }

  const toWrite = report && !report.isApplied ? report.created + report.updated : 0;
  const rows = (report?.rows ?? []).filter((r) => !isErrorsOnly || r.status === 'error');
  const phase = report?.isApplied ? 'done' : 'preview';
  return (
    <Stack gap="5" maxW="5xl">
      <Stack gap="2">
        <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
          <PageLink href={withShopId('/mes-clients', shop._id)}>
            <LuArrowLeft /> Clients
          </PageLink>
        </Button>
        <Heading as="h1" size="lg">
          Importer des clients
        </Heading>
        <Text color="fg.muted">
          {
            'Un fichier CSV\u00a0: l’export clients de Comptoir, de Shopify ou de Loyverse, reconnu à ses colonnes. Chaque client est retrouvé par son téléphone\u00a0: un numéro déjà connu met à jour sa fiche, un nouveau numéro crée un client. Les chiffres du fichier (total dépensé, nombre de commandes) sont ignorés\u00a0: ils viennent des commandes. Rien n’est enregistré avant votre confirmation.'
          }
        </Text>
      </Stack>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label="Fichier CSV"
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (chosen) void choose(chosen);
        }}
      />
      <HStack flexWrap="wrap" gap="3">
        <Button variant="outline" onClick={() => input.current?.click()} loading={isPreviewing}>
          <LuUpload /> {file ? 'Choisir un autre fichier' : 'Choisir un fichier'}
        </Button>
        {file ? (
          <Text fontSize="sm" wordBreak="break-all">
            {file.name}
          </Text>
        ) : null}
      </HStack>
      {error ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      ) : null}
      {report ? (
        <Stack gap="3" data-testid="client-import-report">
          <HStack flexWrap="wrap" gap="3">
            <Badge colorPalette="blue" variant="subtle">
              {CLIENT_IMPORT_LAYOUT_LABELS[report.layout]}
            </Badge>
            <Text>{importCountsText(report)}</Text>
          </HStack>
          {report.isApplied ? (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>{'Import terminé.'}</Alert.Title>
              <Alert.Description>
                <PageLink href={withShopId('/mes-clients', shop._id)}>Voir les clients</PageLink>
              </Alert.Description>
            </Alert.Root>
          ) : (
            <HStack flexWrap="wrap" gap="3">
              <Button
                colorPalette="brand"
                disabled={toWrite === 0}
                loading={isImporting}
                loadingText="Import…"
                onClick={() => void runImport()}
              >
                {toWrite === 0
                  ? 'Aucun client à importer'
                  : `Importer ${plural(toWrite, 'client', 'clients')}`}
              </Button>
              {report.failed ? (
                <Text fontSize="sm" color="fg.muted">
                  {
                    'Les lignes en erreur seront ignorées\u00a0: corrigez-les dans le fichier puis choisissez-le à nouveau.'
                  }
                </Text>
              ) : null}
            </HStack>
          )}
          {report.failed ? (
            <Checkbox.Root
              size="sm"
              checked={isErrorsOnly}
              onCheckedChange={(e) => setErrorsOnly(!!e.checked)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Lignes en erreur seulement</Checkbox.Label>
            </Checkbox.Root>
          ) : null}
          <ResponsiveList
            testId="client-import-rows"
            columns={5}
            header={
              <>
                <Table.ColumnHeader>Ligne</Table.ColumnHeader>
                <Table.ColumnHeader>Client</Table.ColumnHeader>
                <Table.ColumnHeader>Téléphone</Table.ColumnHeader>
                <Table.ColumnHeader>Résultat</Table.ColumnHeader>
                <Table.ColumnHeader>Erreurs</Table.ColumnHeader>
              </>
            }
          >
            {rows.slice(0, ROWS_SHOWN).map((row) => (
              <ImportRow key={row.line} row={row} phase={phase} />
            ))}
            {rows.length > ROWS_SHOWN ? (
              <ListMessage>{`Les ${ROWS_SHOWN} premières lignes sont affichées sur ${formatCount(rows.length)}.`}</ListMessage>
            ) : null}
          </ResponsiveList>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** /mes-clients/importer: a clients CSV, previewed line by line, then imported (admin, supervisor, seller). */
export function ImportClientsScreen() {
  return (
    <AppShell capability="clients:manage">
      {({ shop }) => (shop ? <ImportClients shop={shop} /> : null)}
    </AppShell>
  );
}
