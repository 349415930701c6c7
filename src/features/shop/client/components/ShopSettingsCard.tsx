import { formatPhone } from '@/shared/phone-format';
import { Box, Card, Grid, Image, Stack, Text } from '@/client/ui';
import { useMemo, useState, type FormEvent } from 'react';
import { LuStore } from 'react-icons/lu';
import { FormErrorAlert } from '@/client/components/FormErrorAlert';
import { ImagePicker } from '@/client/components/ImagePicker';
import { SelectField, SubmitButton, TextField, useServerErrors } from '@/client/components/form';
import { toaster } from '@/client/shell/toaster';
import { COUNTRIES, CURRENCIES, findCountry } from '@/shared/countries';
import { legalIdLabels } from '@/shared/legal-ids';
import { timeZoneChoices } from '@/shared/time-zones';
import { useUpdateShopMutation, useUploadShopLogoMutation, type Shop } from '../shop.api';

type Fields =
  | 'name'
  | 'currency'
  | 'timeZone'
  | 'country'
  | 'address'
  | 'phone'
  | 'receiptFooter'
  | 'taxId'
  | 'tradeRegister';

/** « Ma boutique » (administrators): name, currency, time zone, country, address, phone and logo. */
export function ShopSettingsCard({ shop }: { shop: Shop }) {
  const [values, setValues] = useState({
    name: shop.name,
    currency: shop.currency,
    timeZone: shop.timeZone,
    country: shop.country,
    address: shop.address,
    phone: shop.phone ? formatPhone(shop.phone) : '',
    receiptFooter: shop.receiptFooter,
    taxId: shop.taxId,
    tradeRegister: shop.tradeRegister,
  });
  const { fieldErrors, setFieldErrors, formError, run } = useServerErrors<Fields>();
  const [save, { isLoading }] = useUpdateShopMutation();
  const [uploadLogo] = useUploadShopLogoMutation();
  const zones = useMemo(
    () => timeZoneChoices(values.country, values.timeZone),
    [values.country, values.timeZone],
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (values.name.trim().length < 2)
      return setFieldErrors({ name: 'Le nom de la boutique doit contenir au moins 2 caractères.' });
    const ok = await run(() => save({ shopId: shop._id, ...values }).unwrap());
    if (ok) toaster.create({ title: 'Boutique enregistrée', type: 'success', duration: 2500 });
  }

  // Choosing a country proposes its currency and time zone; both stay editable.
  function onCountry(code: string) {
    const country = findCountry(code);
    setValues((v) => ({
      ...v,
      country: code,
      ...(country ? { currency: country.currency, timeZone: country.timeZone } : {}),
    }));
  }

  const set = (key: Fields) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  // Named as the country chosen names them (NINEA and RCCM in Senegal…).
  const legal = legalIdLabels(values.country);
  return (
    <Card.Root id="boutique">
      <Card.Header>
        <Card.Title as="h2">Ma boutique</Card.Title>
        <Card.Description>Ces réglages s’appliquent à toute l’équipe.</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <ImagePicker
            name="logo"
            buttonLabel="Changer le logo"
            onUpload={(file) => uploadLogo({ shopId: shop._id, file }).unwrap()}
            preview={
              <Box
                boxSize="20"
                borderWidth="1px"
                rounded="md"
                display="flex"
                alignItems="center"
                justifyContent="center"
                overflow="hidden"
                bg="bg.subtle"
                color="fg.muted"
                fontSize="2xl"
              >
                {shop.logoUrl ? (
                  <Image src={shop.logoUrl} alt={`Logo de ${shop.name}`} objectFit="contain" boxSize="full" />
                ) : (
                  <LuStore />
                )}
              </Box>
            }
          />
          <form onSubmit={onSubmit} noValidate aria-label="Ma boutique">
            <Stack gap="4">
              <FormErrorAlert message={formError} />
              <TextField
                label="Nom de la boutique"
                name="name"
                required
                value={values.name}
                onChange={set('name')}
                error={fieldErrors.name}
              />
              <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="4">
                <SelectField
                  label="Pays"
                  name="country"
                  value={values.country}
                  onChange={onCountry}
                  error={fieldErrors.country}
                  options={COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
                />
                <SelectField
                  label="Devise"
                  name="currency"
                  value={values.currency}
                  onChange={set('currency')}
                  error={fieldErrors.currency}
                  options={Object.values(CURRENCIES).map((c) => ({
                    value: c.code,
                    label: `${c.label} (${c.symbol})`,
                  }))}
                />
                <SelectField
                  label="Fuseau horaire"
                  name="timeZone"
                  value={values.timeZone}
                  onChange={set('timeZone')}
                  error={fieldErrors.timeZone}
                  options={zones}
                />
              </Grid>
              <Grid gridTemplateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
                <TextField
                  label="Adresse"
                  name="address"
                  placeholder="Rue, quartier, ville"
                  value={values.address}
                  onChange={set('address')}
                  error={fieldErrors.address}
                  helper="Imprimée sur les factures et les bons de livraison."
                />
                <TextField
                  label="Téléphone de la boutique"
                  name="phone"
                  type="tel"
                  inputMode="tel"
                  value={values.phone}
                  onChange={set('phone')}
                  error={fieldErrors.phone}
                />
              </Grid>
              <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                <TextField
                  label={legal.taxId}
                  name="taxId"
                  value={values.taxId}
                  onChange={set('taxId')}
                  error={fieldErrors.taxId}
                  helper={`${legal.taxIdHelp} (facultatif).`}
                />
                <TextField
                  label={legal.tradeRegister}
                  name="tradeRegister"
                  value={values.tradeRegister}
                  onChange={set('tradeRegister')}
                  error={fieldErrors.tradeRegister}
                  helper={`${legal.tradeRegisterHelp} (facultatif).`}
                />
              </Grid>
              <Text fontSize="sm" color="fg.muted">
                Les identifiants renseignés s’impriment sur les factures et les tickets de caisse.
              </Text>
              <TextField
                label="Message des tickets de caisse"
                name="receiptFooter"
                value={values.receiptFooter}
                onChange={set('receiptFooter')}
                error={fieldErrors.receiptFooter}
                helper="Imprimé en bas des tickets du point de vente."
              />
              <Text fontSize="sm" color="fg.muted">
                Les dates et les rapports suivent le fuseau horaire ; les prix s’affichent dans la devise.
              </Text>
              <SubmitButton isLoading={isLoading} />
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
