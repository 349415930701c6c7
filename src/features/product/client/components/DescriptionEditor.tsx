import { Box, HStack, IconButton } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LuBold, LuItalic, LuList, LuListOrdered } from 'react-icons/lu';

/**
 * A small formatted-text field (bold, italic, lists). The browser's editing commands are enough
 * here; the server keeps only safe tags whatever is sent.
 */
export function DescriptionEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // Set once from outside; afterwards the element owns its content (resetting it would move the caret).
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value && document.activeElement !== ref.current)
      ref.current.innerHTML = value;
  }, [value]);
  const command = (name: string) => {
    ref.current?.focus();
    document.execCommand(name);
    onChange(ref.current?.innerHTML ?? '');
  };
  return (
    <Box w="full" borderWidth="1px" rounded="md" _focusWithin={{ borderColor: 'brand.solid' }}>
      <HStack gap="0" borderBottomWidth="1px" px="1">
        <IconButton
          size="xs"
          variant="ghost"
          aria-label="Gras"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => command('bold')}
        >
          <LuBold />
        </IconButton>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label="Italique"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => command('italic')}
        >
          <LuItalic />
        </IconButton>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label="Liste à puces"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => command('insertUnorderedList')}
        >
          <LuList />
        </IconButton>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label="Liste numérotée"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => command('insertOrderedList')}
        >
          <LuListOrdered />
        </IconButton>
      </HStack>
      <Box
        ref={ref}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label="Description"
        minH="28"
        p="3"
        outline="none"
        css={{
          '& ul': { paddingLeft: '1.25rem', listStyle: 'disc' },
          '& ol': { paddingLeft: '1.25rem', listStyle: 'decimal' },
        }}
        onInput={(e) => onChange((e.currentTarget as HTMLDivElement).innerHTML)}
      />
    </Box>
  );
}
