import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Portal,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { toaster } from '@/client/shell/toaster';
import { api } from '@/client/api/api';
import { useAppDispatch } from '@/client/store';
import { sendProductsCsv, type ImportReport } from '../csv-transfer';

/**
 * CSV import in two steps: a preview that writes nothing (each row checked, errors listed by row
 * and column), then « Importer » writes every valid row in one transaction; invalid rows are skipped.
 */
export function ImportDialog({
  shopId,
  isOpen,
  onClose,
}: {
  shopId: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);

  function close() {
    setFile(null);
    setPreview(null);
    setError(null);
    onClose();
  }

  async function run(chosen: File, dryRun: boolean) {
    setBusy(dryRun ? 'preview' : 'import');
    setError(null);
    try {
      const report = await sendProductsCsv(shopId, chosen, dryRun);
      if (dryRun) setPreview(report);
      else {
        dispatch(api.util.invalidateTags(['Product', 'Shop', 'Category']));
        toaster.create({
          title: 'Import terminé',
          description: `${report.created} créé(s), ${report.updated} mis à jour, ${report.skipped} ligne(s) ignorée(s).`,
          type: 'success',
          duration: 5000,
        });
        close();
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Une erreur est survenue. Réessayez.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog.Root open={isOpen} onOpenChange={(e) => !e.open && close()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={{ base: '95%', md: '720px' }}>
            <Dialog.Header>
              <Dialog.Title>Importer des produits (CSV)</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  Une ligne par variante, avec les colonnes de l’export (« Nom », « SKU », « Prix »…). Un
                  produit dont le SKU existe déjà est mis à jour ; les autres sont créés. Rien n’est
                  enregistré avant votre confirmation.
                </Text>
                <input
                  ref={input}
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  aria-label="Fichier CSV"
                  onChange={(e) => {
                    const chosen = e.currentTarget.files?.[0];
                    if (!chosen) return;
                    setFile(chosen);
                    setPreview(null);
                    void run(chosen, true);
                  }}
                />
                <HStack>
                  <Button
                    variant="outline"
                    onClick={() => input.current?.click()}
                    loading={busy === 'preview'}
                  >
                    <LuUpload /> Choisir un fichier
                  </Button>
                  {file ? <Text fontSize="sm">{file.name}</Text> : null}
                </HStack>
                {error ? (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{error}</Alert.Title>
                  </Alert.Root>
                ) : null}
                {preview ? (
                  <Stack gap="3" data-testid="import-preview">
                    <Text>
                      {preview.created} produit(s) à créer, {preview.updated} à mettre à jour
                      {preview.errors.length ? `, ${preview.skipped} ligne(s) en erreur ignorée(s)` : ''}.
                    </Text>
                    {preview.errors.length ? (
                      <Box maxH="64" overflowY="auto" borderWidth="1px" rounded="md">
                        <Table.Root size="sm">
                          <Table.Header>
                            <Table.Row>
                              <Table.ColumnHeader>Ligne</Table.ColumnHeader>
                              <Table.ColumnHeader>Colonne</Table.ColumnHeader>
                              <Table.ColumnHeader>Erreur</Table.ColumnHeader>
                            </Table.Row>
                          </Table.Header>
                          <Table.Body>
                            {preview.errors.map((e, i) => (
                              <Table.Row key={i}>
                                <Table.Cell>{e.row}</Table.Cell>
                                <Table.Cell>{e.field}</Table.Cell>
                                <Table.Cell color="fg.error">{e.message}</Table.Cell>
                              </Table.Row>
                            ))}
                          </Table.Body>
                        </Table.Root>
                      </Box>
                    ) : null}
                  </Stack>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                Fermer
              </Button>
              <Button
                colorPalette="brand"
                disabled={!file || !preview || preview.created + preview.updated === 0}
                loading={busy === 'import'}
                loadingText="Import…"
                onClick={() => file && void run(file, false)}
              >
                Importer
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer la fenêtre" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
