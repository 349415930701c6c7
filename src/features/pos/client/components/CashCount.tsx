import { Grid, HStack, Input, Text } from '@chakra-ui/react';
import { FCFA_DENOMINATIONS } from '../pos-constants';
import { MAX_QUANTITY } from '@/shared/bounds';

import type { DenominationCounts } from './cash-count-math';

export { countedTotal, type DenominationCounts } from './cash-count-math';

/** The drawer counted note by note and coin by coin (FCFA), with the total as it goes. */
export function CashCount(props: {
  counts: DenominationCounts;
  onChange: (counts: DenominationCounts) => void;
  money: (n: number) => string;
}) {
  return (
    <Grid
      templateColumns={{ base: '1fr 1fr', md: '1fr 1fr 1fr' }}
      gap="2"
      role="group"
      aria-label="Comptage par billet et pièce"
    >
      {FCFA_DENOMINATIONS.map((value) => {
        const n = props.counts[String(value)] ?? 0;
        return (
          <HStack key={value} gap="2" borderWidth="1px" rounded="md" px="2" py="1" bg="bg" minW="0">
            <Text
              flex="1"
              minW="0"
              fontWeight="medium"
              fontSize={{ base: 'xs', sm: 'sm' }}
              whiteSpace="nowrap"
            >
              {props.money(value)}
            </Text>
            <Input
              aria-label={`Nombre de ${props.money(value)}`}
              inputMode="numeric"
              size="lg"
              w="16"
              flexShrink={0}
              textAlign="center"
              value={n ? String(n) : ''}
              placeholder="0"
              onChange={(e) => {
                const count = Number(e.currentTarget.value.replace(/\D/g, '') || '0');
                props.onChange({ ...props.counts, [String(value)]: Math.min(count, MAX_QUANTITY) });
              }}
            />
          </HStack>
        );
      })}
    </Grid>
  );
}
