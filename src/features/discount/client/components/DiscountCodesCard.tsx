import { Button, Card, Field, FieldTextInput, HStack, Stack, Text } from '@/client/ui';
import { Table } from '@/client/ui/table';
import { useState } from 'react';
import { LuDownload, LuTicket } from 'react-icons/lu';
import { FormDialog } from '@/client/components/FormDialog';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { useServerErrors } from '@/client/components/form';
import { downloadFromApi } from '@/client/api/download';
import { toaster } from '@/client/shell/toaster';
import { useGenerateDiscountCodesMutation, useListDiscountCodesQuery } from '../discount.api';
import { formatCount } from '@/shared/numbers';

/** « Générer des codes uniques »: N single-use codes (≤ 10 000), with an optional prefix. */
function GenerateCodesDialog(props: {
  shopId: string;
  discountId: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const [count, setCount] = useState('100');
  const [prefix, setPrefix] = useState('');
  const [countError, setCountError] = useState<string | null>(null);
  const [generate, state] = useGenerateDiscountCodesMutation();
  const { fieldErrors, formError, run } = useServerErrors<'count' | 'prefix'>();

  async function submit() {
    const n = /^\d+$/.test(count.trim()) ? Number(count.trim()) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 10_000) {
      setCountError('Indiquez un nombre de codes entre 1 et 10 000.');
      return;
    }
    setCountError(null);
    const ok = await run(async () => {
      const { generated } = await generate({
        shopId: props.shopId,
        id: props.discountId,
        count: n,
        prefix: prefix.trim() || undefined,
      }).unwrap();
      toaster.create({
        title: `${formatCount(generated)} code${generated > 1 ? 's' : ''} généré${generated > 1 ? 's' : ''}`,
        type: 'success',
        duration: 3000,
      });
    });
    if (ok) props.onClose();
  }

  return (
    <FormDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      title="Générer des codes uniques"
      formLabel="Générer des codes uniques"
      submitLabel="Générer"
      loadingText="Génération…"
      isLoading={state.isLoading}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Chaque code ne sert qu’une fois. Exportez-les ensuite en CSV pour les envoyer à vos clients.
        </Text>
        <FormErrorAlert message={fieldErrors.count || fieldErrors.prefix ? null : formError} />
        <Field.Root invalid={!!(countError ?? fieldErrors.count)}>
          <Field.Label>Nombre de codes</Field.Label>
          <FieldTextInput
            inputMode="numeric"
            value={count}
            onChange={(e) => setCount(e.currentTarget.value)}
          />
          <Field.HelperText>10 000 au plus à la fois.</Field.HelperText>
          <Field.ErrorText>{countError ?? fieldErrors.count}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!fieldErrors.prefix}>
          <Field.Label>Préfixe (facultatif)</Field.Label>
          <FieldTextInput
            value={prefix}
            maxLength={10}
            placeholder="NOEL"
            onChange={(e) => setPrefix(e.currentTarget.value.toUpperCase())}
          />
          <Field.ErrorText>{fieldErrors.prefix}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}

/** The generated codes, 50 a page, with how many times each was used (contract §4). */
function CodesPage(props: {
  shopId: string;
  discountId: string;
  after?: string;
  onMore?: (after: string) => void;
}) {
  const page = useListDiscountCodesQuery({ shopId: props.shopId, id: props.discountId, after: props.after });
  if (page.isError || !page.data) return null;
  return (
    <>
      {page.data.items.map((c) => (
        <Table.Row key={c.code}>
          <Table.Cell fontFamily="mono">{c.code}</Table.Cell>
          <Table.Cell textAlign="end">
            {c.uses > 0 ? `Utilisé${c.uses > 1 ? ` ${c.uses} fois` : ''}` : 'Pas encore utilisé'}
          </Table.Cell>
        </Table.Row>
      ))}
      {page.data.nextAfter && props.onMore ? (
        <Table.Row>
          <Table.Cell colSpan={2} textAlign="center">
            <Button size="sm" variant="ghost" onClick={() => props.onMore!(page.data!.nextAfter!)}>
              Charger plus
            </Button>
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
  );
}

function GeneratedCodes({ shopId, discountId }: { shopId: string; discountId: string }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const first = useListDiscountCodesQuery({ shopId, id: discountId });
  if (first.isError || !first.data?.items.length) return null;
  const pages = [undefined, ...cursors];
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH="80">
      <Table.Root size="sm" stickyHeader data-testid="generated-codes">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Code</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Utilisation</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {pages.map((after, i) => (
            <CodesPage
              key={after ?? 'first'}
              shopId={shopId}
              discountId={discountId}
              after={after}
              onMore={i === pages.length - 1 ? (c) => setCursors((l) => [...l, c]) : undefined}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** A code discount's « Codes uniques »: generate, export as CSV, and the list with their uses. */
export function DiscountCodesCard(props: { shopId: string; discountId: string; generatedCodes: number }) {
  const [isOpen, setOpen] = useState(false);
  async function exportCsv() {
    try {
      await downloadFromApi(
        '/api/discount/exportCodesCsv',
        { shopId: props.shopId, id: props.discountId },
        'codes.csv',
      );
    } catch {
      toaster.create({ title: 'L’export a échoué. Réessayez.', type: 'error', duration: 3500 });
    }
  }
  const n = props.generatedCodes;
  return (
    <Card.Root data-testid="discount-codes">
      <Card.Header>
        <Card.Title as="h2">Codes uniques</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {n
              ? `${formatCount(n)} code${n > 1 ? 's' : ''} à usage unique, en plus du code principal.`
              : 'Des codes à usage unique, un par client (à envoyer par SMS), en plus du code principal.'}
          </Text>
          <HStack gap="2" flexWrap="wrap">
            <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
              <LuTicket /> Générer des codes uniques
            </Button>
            {n ? (
              <Button size="sm" variant="outline" onClick={() => void exportCsv()}>
                <LuDownload /> Exporter les codes (CSV)
              </Button>
            ) : null}
          </HStack>
          {n ? <GeneratedCodes shopId={props.shopId} discountId={props.discountId} /> : null}
        </Stack>
      </Card.Body>
      <GenerateCodesDialog
        shopId={props.shopId}
        discountId={props.discountId}
        isOpen={isOpen}
        onClose={() => setOpen(false)}
      />
    </Card.Root>
  );
}
