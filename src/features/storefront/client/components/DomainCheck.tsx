import { Alert, Box, Button, IconButton, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Table } from '@/client/ui/table';
import { useEffect, useState } from 'react';
import { LuCheck, LuCopy, LuRefreshCw } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { copyText } from '@/client/copy-text';
import { toaster } from '@/client/shell/toaster';
import { useCheckDomainQuery, type DomainCheck as DomainCheckResult, type DomainRecord } from '../domain.api';

/** Copies a record's value for pasting at the registrar; a tick says it is done. */
function CopyButton({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    // navigator.clipboard, or the old way where it is missing (http) or refused.
    if (await copyText(value)) setCopied(true);
    else
      toaster.create({
        type: 'warning',
        title: 'Copie impossible sur cet appareil',
        description: `Sélectionnez la valeur et copiez-la à la main : ${value}`,
        duration: 8000,
      });
  }

  return (
    <IconButton
      size="xs"
      variant="ghost"
      flexShrink={0}
      aria-label={copied ? 'Valeur copiée' : `Copier la valeur ${value}`}
      onClick={() => void copy()}
    >
      {copied ? <LuCheck /> : <LuCopy />}
    </IconButton>
  );
}

/** Type, name, value: fixed narrow columns, the value wrapping, so a 390 px phone never scrolls sideways. */
function RecordsTable({ records }: { records: DomainRecord[] }) {
  return (
    <Table.Root size="sm" variant="outline" tableLayout="fixed" w="full" data-testid="domain-records">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader w="16">Type</Table.ColumnHeader>
          <Table.ColumnHeader w="20">Nom</Table.ColumnHeader>
          <Table.ColumnHeader>Valeur</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {records.map((record) => (
          <Table.Row key={`${record.type} ${record.name}`}>
            <Table.Cell fontFamily="mono">{record.type}</Table.Cell>
            <Table.Cell fontFamily="mono" wordBreak="break-all">
              {record.name}
            </Table.Cell>
            <Table.Cell>
              <HStack gap="1" justify="space-between">
                <Text fontFamily="mono" wordBreak="break-all" minW="0">
                  {record.value}
                </Text>
                <CopyButton value={record.value} />
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function CheckResult({ check }: { check: DomainCheckResult }) {
  if (check.status === 'ok')
    return (
      <Alert.Root status="success" data-testid="domain-check-result" data-status={check.status}>
        <Alert.Indicator />
        <Alert.Description>Le domaine pointe bien vers Comptoir.</Alert.Description>
      </Alert.Root>
    );
  return (
    <Alert.Root
      // A wrong record is the seller's to fix; no record yet or DNS silent may just need time.
      status={check.status === 'wrong_target' ? 'error' : 'warning'}
      data-testid="domain-check-result"
      data-status={check.status}
    >
      <Alert.Indicator />
      <Alert.Content minW="0">
        <Alert.Description overflowWrap="anywhere">{check.message}</Alert.Description>
        {check.found.length ? (
          <Text fontSize="sm" mt="1" overflowWrap="anywhere">
            Réponse actuelle du DNS : {check.found.join(', ')}
          </Text>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * « Domaine »: the DNS records the shop adds at its registrar for its own domain, and a check that
 * the domain points here. The server checks the domain it has saved.
 */
export function DomainCheck({ shopId, customDomain }: { shopId: string; customDomain: string | null }) {
  const { data, error, isLoading, isFetching, refetch } = useCheckDomainQuery(
    { shopId, customDomain: customDomain ?? '' },
    { skip: !customDomain },
  );

  if (!customDomain)
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="domain-check">
        Enregistrez d’abord un nom de domaine : les enregistrements DNS à ajouter chez votre registraire
        s’afficheront ici.
      </Text>
    );

  const failure = error
    ? error instanceof ApiError
      ? (error.details.customDomain ?? error.message)
      : 'La vérification n’a pas pu aboutir. Réessayez dans un instant.'
    : null;

  return (
    <Stack gap="3" minW="0" data-testid="domain-check">
      {isLoading ? (
        <Skeleton h="20" />
      ) : data?.records.length ? (
        <Stack gap="2" minW="0">
          <Text fontSize="sm" overflowWrap="anywhere">
            Chez votre registraire, ajoutez pour {customDomain} l’enregistrement suivant :
          </Text>
          <RecordsTable records={data.records} />
        </Stack>
      ) : null}
      <Box>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void refetch()}
          loading={isFetching}
          loadingText="Vérification…"
        >
          <LuRefreshCw />
          Vérifier le domaine
        </Button>
      </Box>
      <Box aria-live="polite">
        {isFetching ? null : failure ? (
          <Alert.Root status="error" data-testid="domain-check-result">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        ) : data ? (
          <CheckResult check={data} />
        ) : null}
      </Box>
    </Stack>
  );
}
