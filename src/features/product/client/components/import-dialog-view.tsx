import { Alert, Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuDownload, LuUpload } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { toaster } from '@/client/shell/toaster';
import { api } from '@/client/api/api';
import { useAppDispatch } from '@/client/store';
import type { CsvInspection, TImportMapping } from '../../product-csv.schemas';
import {
  downloadProductsCsvTemplate,
  inspectProductsCsv,
  sendProductsCsv,
  type ImportReport,
} from '../csv-transfer';
import { importCountsText } from '../import-report';
import { ColumnMappingForm, isMappingComplete, type DraftMapping } from './ColumnMappingForm';
import { ImportPreview } from './ImportPreview';
import type { ImportDialogProps } from './ImportDialog';
import { inChakraIsland } from '@/client/shell/chakra-island';

type Busy = 'inspect' | 'preview' | 'import' | 'template' | null;

/**
 * ImportDialog's dialog itself, loaded when it first opens. CSV import in two steps: a preview that writes nothing (the layout recognised, each row checked,
 * errors listed by row and column), then « Importer » writes every valid product in one
 * transaction; products with an error are skipped. A file no layout reads first gets its columns
 * mapped to our fields.
 */
function ImportDialogView({ shopId, isOpen, onClose }: ImportDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [inspection, setInspection] = useState<CsvInspection | null>(null);
  const [mapping, setMapping] = useState<DraftMapping>({});
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<Busy>(null);

  function reset() {
    setFile(null);
    setInspection(null);
    setMapping({});
    setPreview(null);
    setError(null);
    setFieldErrors({});
  }

  function close() {
    reset();
    onClose();
  }

  async function attempt(step: Exclude<Busy, null>, action: () => Promise<void>) {
    setBusy(step);
    setError(null);
    setFieldErrors({});
    try {
      await action();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Une erreur est survenue. Réessayez.');
      if (e instanceof ApiError) setFieldErrors(e.details);
    } finally {
      setBusy(null);
    }
  }

  /** The mapping to send: only for a file no layout reads. */
  const mappingToSend = (found: CsvInspection | null, draft: DraftMapping) =>
    found && found.layout === null ? (draft as TImportMapping) : undefined;

  function choose(chosen: File) {
    reset();
    setFile(chosen);
    void attempt('inspect', async () => {
      const found = await inspectProductsCsv(shopId, chosen);
      setInspection(found);
      if (found.layout) setPreview(await sendProductsCsv(shopId, chosen, true));
      else setMapping(found.suggestedMapping as DraftMapping);
    });
  }

  function previewMapped() {
    if (!file) return;
    void attempt('preview', async () => {
      setPreview(await sendProductsCsv(shopId, file, true, mappingToSend(inspection, mapping)));
    });
  }

  function runImport() {
    if (!file) return;
    void attempt('import', async () => {
      const report = await sendProductsCsv(shopId, file, false, mappingToSend(inspection, mapping));
      dispatch(api.util.invalidateTags(['Product', 'Shop', 'Category']));
      toaster.create({
        title: 'Import terminé',
        description: importCountsText(report, 'done'),
        type: 'success',
        duration: 5000,
      });
      close();
    });
  }

  const needsMapping = inspection !== null && inspection.layout === null;
  return (
    <Dialog.Root
      lazyMount
      open={isOpen}
      onOpenChange={(e) => !e.open && close()}
      placement="center"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={{ base: '95%', md: '760px' }}>
            <Dialog.Header>
              <Dialog.Title>Importer des produits (CSV)</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  {
                    'Notre modèle (une ligne par variante, les colonnes de l’export), un export Shopify, Loyverse ou WooCommerce, ou tout fichier CSV dont vous associez les colonnes. Un produit dont le SKU existe déjà est mis à jour\u202f; les autres sont créés. Rien n’est enregistré avant votre confirmation.'
                  }
                </Text>
                <input
                  ref={input}
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  aria-label="Fichier CSV"
                  onChange={(e) => {
                    const chosen = e.currentTarget.files?.[0];
                    e.currentTarget.value = '';
                    if (chosen) choose(chosen);
                  }}
                />
                <HStack wrap="wrap">
                  <Button
                    variant="outline"
                    onClick={() => input.current?.click()}
                    loading={busy === 'inspect'}
                  >
                    <LuUpload /> Choisir un fichier
                  </Button>
                  <Button
                    variant="ghost"
                    loading={busy === 'template'}
                    onClick={() => void attempt('template', () => downloadProductsCsvTemplate(shopId))}
                  >
                    <LuDownload /> Télécharger le modèle
                  </Button>
                  {file ? <Text fontSize="sm">{file.name}</Text> : null}
                </HStack>
                {error ? (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{error}</Alert.Title>
                  </Alert.Root>
                ) : null}
                {needsMapping ? (
                  <Stack gap="3">
                    <ColumnMappingForm
                      columns={inspection.columns}
                      mapping={mapping}
                      errors={fieldErrors}
                      onChange={(next) => {
                        setMapping(next);
                        setPreview(null);
                      }}
                    />
                    <Button
                      alignSelf="flex-start"
                      variant="outline"
                      disabled={!isMappingComplete(mapping)}
                      loading={busy === 'preview'}
                      onClick={previewMapped}
                    >
                      Prévisualiser
                    </Button>
                  </Stack>
                ) : null}
                {preview ? <ImportPreview report={preview} /> : null}
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
                onClick={runImport}
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

export const ImportDialogInIsland = inChakraIsland(ImportDialogView);
