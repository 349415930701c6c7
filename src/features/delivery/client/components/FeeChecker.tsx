import { Card, Grid, Stack, Text } from '@/client/ui';
import { useState } from 'react';
import { TextField } from '@/client/components/form';
import { useDebounced } from '@/client/hooks/use-debounced';
import { currencyLabel, formatMoney, parseMoneyInput } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import { useQuoteDeliveryQuery } from '../delivery.api';

/** « Quel tarif pour une adresse ? »: what an order to this commune and quartier would be charged. */
export function FeeChecker({ shopId, currency }: { shopId: string; currency: string }) {
  const [commune, setCommune] = useState('');
  const [quartier, setQuartier] = useState('');
  const [goods, setGoods] = useState('');
  const asked = useDebounced(`${commune.trim()}\n${quartier.trim()}\n${goods.trim()}`, 300);
  const [c = '', q = '', g = ''] = asked.split('\n');
  const amount = g ? parseMoneyInput(g, currency) : 0;
  const { currentData, isFetching } = useQuoteDeliveryQuery(
    { shopId, commune: c, quartier: q, goods: amount ?? 0 },
    { skip: !c },
  );
  const money = (n: number) => formatMoney(n, currency);

  let answer: string | null = null;
  if (c && currentData && !isFetching) {
    const { zone, fee, isFree, isBelowMinimum } = currentData;
    if (!zone) answer = 'Aucune zone ne couvre cette adresse : les frais se saisissent à la main.';
    else
      answer = [
        `Zone « ${zone.name} » : ${isFree ? 'livraison offerte' : money(fee ?? zone.fee)}`,
        zone.delay ? `, ${zone.delay}` : '',
        '.',
        isBelowMinimum ? ` Sous le minimum de commande (${money(zone.minOrder ?? 0)}).` : '',
      ].join('');
  }
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">Quel tarif pour une adresse ?</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="3">
            <TextField label="Commune" name="check-commune" value={commune} onChange={setCommune} />
            <TextField label="Quartier" name="check-quartier" value={quartier} onChange={setQuartier} />
            <TextField
              label={`Montant des articles (${currencyLabel(currency)})`}
              name="check-goods"
              inputMode="numeric"
              value={goods}
              onChange={setGoods}
              error={amount === null ? 'Indiquez un montant, en chiffres.' : undefined}
            />
          </Grid>
          <Text data-testid="fee-check" role="status" minH="6" color={answer ? undefined : 'fg.muted'}>
            {answer ? fr(answer) : 'Tapez une commune pour voir ses frais.'}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
