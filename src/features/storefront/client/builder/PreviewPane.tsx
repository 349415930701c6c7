import { Box, HStack, Progress, SegmentGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { formatKb, JS_BUDGET_BYTES, PAGE_BUDGET_BYTES } from '@/shared/storefront/sections';
import type { TPageWeight } from '../../design.schemas';

const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Device = keyof typeof WIDTHS;

/** The page's weight against the budget, heaviest sections first. */
function WeightSummary({ weight }: { weight: TPageWeight }) {
  const share = Math.min(100, Math.round((weight.total / PAGE_BUDGET_BYTES) * 100));
  const over = weight.overBudget.length > 0;
  return (
    <Stack gap="2" borderWidth="1px" rounded="lg" p="3" bg="bg" data-testid="page-weight">
      <HStack justify="space-between" flexWrap="wrap">
        <Text fontWeight="semibold">Poids de la page au premier chargement</Text>
        <Text fontWeight="bold" color={over ? 'fg.error' : 'fg'}>
          {formatKb(weight.total)} sur {formatKb(PAGE_BUDGET_BYTES)}
        </Text>
      </HStack>
      <Progress.Root
        value={share}
        colorPalette={over ? 'red' : share > 80 ? 'orange' : 'green'}
        size="sm"
        aria-label="Part du budget utilisée"
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted">
        Images {formatKb(weight.images)} · page {formatKb(weight.html)} · JavaScript {formatKb(weight.js)} sur{' '}
        {formatKb(JS_BUDGET_BYTES)} · polices 0 Ko (celles du téléphone)
      </Text>
      {over
        ? weight.overBudget.map((m) => (
            <Text key={m} color="fg.error" fontSize="sm" fontWeight="semibold">
              {m}
            </Text>
          ))
        : null}
      <Stack as="ul" gap="0.5" fontSize="sm" listStyleType="none" m="0" p="0">
        {weight.sections.slice(0, 5).map((s) => (
          <HStack as="li" key={s.id} justify="space-between" gap="3">
            <Text lineClamp={1} minW="0">
              {s.name}
            </Text>
            <Text flexShrink={0} color="fg.muted">
              {formatKb(s.bytes)}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The page as buyers will see it, drawn by the server from the draft (links do nothing), at a
 * phone's or a computer's width scaled to fit; and its weight.
 */
export function PreviewPane(props: { html: string | null; weight: TPageWeight | null; isLoading: boolean }) {
  const [device, setDevice] = useState<Device>('phone');
  const frame = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(390);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const width = WIDTHS[device];
  const scale = Math.min(1, room / width);
  const height = device === 'phone' ? 760 : 800;
  return (
    <Stack gap="3">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <SegmentGroup.Root
          value={device}
          onValueChange={(e) => setDevice(e.value as Device)}
          size="sm"
          aria-label="Largeur de l’aperçu"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: 'phone', label: 'Téléphone' },
              { value: 'desktop', label: 'Ordinateur' },
            ]}
          />
        </SegmentGroup.Root>
        {/* A status, so its name is allowed and read out (a bare span may not carry aria-label),
            and busy, as a skeleton is: the preview is not drawn yet. */}
        {props.isLoading ? (
          <Spinner size="sm" role="status" aria-busy="true" aria-label="Aperçu en cours" />
        ) : null}
      </HStack>
      <Box ref={frame} w="full" overflow="hidden">
        <Box
          w={`${width * scale}px`}
          h={`${height * scale}px`}
          mx="auto"
          borderWidth="1px"
          rounded="md"
          overflow="hidden"
          bg="white"
        >
          {props.html !== null ? (
            <iframe
              title="Aperçu du site"
              srcDoc={props.html}
              sandbox=""
              style={{ width, height, border: 0, transform: `scale(${scale})`, transformOrigin: '0 0' }}
            />
          ) : null}
        </Box>
      </Box>
      {props.weight ? <WeightSummary weight={props.weight} /> : null}
    </Stack>
  );
}
