import { Box, HStack, IconButton } from '@/client/ui';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  LuBold,
  LuHeading2,
  LuItalic,
  LuLink,
  LuList,
  LuListOrdered,
  LuRemoveFormatting,
} from 'react-icons/lu';

/**
 * A small formatted-text field (bold, italic, a subtitle, lists, links) for a product's description
 * or a text section of the online shop. The browser's editing commands are enough here; the server
 * keeps only safe tags whatever is sent (src/server/http/rich-text.ts).
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  withLinks = false,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  /** Subtitles and links too (the online shop's text sections). */
  withLinks?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Set once from outside; afterwards the element owns its content (resetting it would move the caret).
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value && document.activeElement !== ref.current)
      ref.current.innerHTML = value;
  }, [value]);
  const command = (name: string, argument?: string) => {
    ref.current?.focus();
    document.execCommand(name, false, argument);
    onChange(ref.current?.innerHTML ?? '');
  };
  const tool = (name: string, icon: ReactNode, run: () => void) => (
    <IconButton
      size="xs"
      variant="ghost"
      aria-label={name}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      {icon}
    </IconButton>
  );
  function link() {
    const address = window.prompt('Adresse du lien (https://…, tel:… ou mailto:…)', 'https://');
    if (!address || address === 'https://') return;
    command('createLink', address.trim());
  }
  return (
    <Box w="full" borderWidth="1px" rounded="md" _focusWithin={{ borderColor: 'brand.solid' }}>
      <HStack gap="0" borderBottomWidth="1px" px="1" flexWrap="wrap">
        {tool('Gras', <LuBold />, () => command('bold'))}
        {tool('Italique', <LuItalic />, () => command('italic'))}
        {withLinks ? tool('Sous-titre', <LuHeading2 />, () => command('formatBlock', 'h3')) : null}
        {tool('Liste à puces', <LuList />, () => command('insertUnorderedList'))}
        {tool('Liste numérotée', <LuListOrdered />, () => command('insertOrderedList'))}
        {withLinks ? tool('Lien', <LuLink />, link) : null}
        {withLinks
          ? tool('Effacer la mise en forme', <LuRemoveFormatting />, () => command('removeFormat'))
          : null}
      </HStack>
      <Box
        ref={ref}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        minH="28"
        p="3"
        outline="none"
        overflowWrap="anywhere"
        css={{
          '& ul': { paddingLeft: '1.25rem', listStyle: 'disc' },
          '& ol': { paddingLeft: '1.25rem', listStyle: 'decimal' },
          '& h3': { fontWeight: 'bold', fontSize: 'lg' },
          '& a': { color: 'brand.fg', textDecoration: 'underline' },
        }}
        onInput={(e) => onChange((e.currentTarget as HTMLDivElement).innerHTML)}
      />
    </Box>
  );
}
