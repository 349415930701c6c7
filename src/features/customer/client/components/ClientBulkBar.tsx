import { Button, HStack, Text } from '@/client/ui';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { LuTag, LuTags } from 'react-icons/lu';
import { loadInChakraIsland } from '@/client/shell/load-in-chakra-island';
import type { TagMode } from './client-tag-dialog';

// The dialog, still drawn with Chakra, loads with it on the first press.
const TagDialog = dynamic(() => loadInChakraIsland(import('./client-tag-dialog').then((m) => m.TagDialog)));

/** Actions on the selected clients. */
export function ClientBulkBar(props: { shopId: string; selected: string[]; onDone: () => void }) {
  const [mode, setMode] = useState<TagMode | null>(null);
  return (
    <HStack
      gap="3"
      flexWrap="wrap"
      p="3"
      borderWidth="1px"
      rounded="md"
      bg="bg.subtle"
      data-testid="clients-bulk-bar"
    >
      <Text fontSize="sm" fontWeight="semibold">
        {props.selected.length} sélectionné{props.selected.length > 1 ? 's' : ''}
      </Text>
      <Button size="sm" variant="outline" onClick={() => setMode('add')}>
        <LuTag /> Ajouter une étiquette
      </Button>
      <Button size="sm" variant="outline" onClick={() => setMode('remove')}>
        <LuTags /> Retirer une étiquette
      </Button>
      <Button size="sm" variant="ghost" onClick={props.onDone}>
        Désélectionner
      </Button>
      {mode ? (
        <TagDialog
          shopId={props.shopId}
          clientIds={props.selected}
          mode={mode}
          onClose={() => setMode(null)}
          onDone={() => {
            setMode(null);
            props.onDone();
          }}
        />
      ) : null}
    </HStack>
  );
}
