import { Alert, Badge, Box, List, Stack, Text } from '@chakra-ui/react';
import { Table } from '@/client/ui/table';
import type { CsvImportReport } from '../../product-csv.schemas';
import {
  imagesText,
  importCountsText,
  isAlreadyUpToDate,
  layoutText,
  productImagesText,
} from '../import-report';

/** What an import would do: the layout read, the counts, the notes, the images left out, the errors. */
export function ImportPreview({ report }: { report: CsvImportReport }) {
  const images = imagesText(report);
  return (
    <Stack gap="3" data-testid="import-preview">
      <Badge alignSelf="flex-start" colorPalette="blue" variant="subtle">
        {layoutText(report.layout)}
      </Badge>
      <Text>{importCountsText(report, 'preview')}</Text>
      {isAlreadyUpToDate(report) ? (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{'Vos produits sont déjà à jour\u00a0: il n’y a rien à importer.'}</Alert.Title>
        </Alert.Root>
      ) : null}
      {report.notes.map((note) => (
        <Alert.Root key={note} status="info">
          <Alert.Indicator />
          <Alert.Description>{note}</Alert.Description>
        </Alert.Root>
      ))}
      {images ? (
        <Alert.Root status="warning" data-testid="import-images">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{images}</Alert.Description>
            <List.Root fontSize="sm" ps="4" mt="1" maxH="40" overflowY="auto">
              {report.images.map((entry) => (
                <List.Item key={entry.row}>{productImagesText(entry)}</List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {report.errors.length ? (
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
              {report.errors.map((e, i) => (
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
  );
}
