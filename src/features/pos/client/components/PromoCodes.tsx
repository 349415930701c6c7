import { Button, HStack, IconButton, Input, Stack, Text } from '@/client/ui';
import { useState, type FormEvent } from 'react';
import { LuCheck, LuTicket, LuX } from 'react-icons/lu';
import { frenchTypography as fr } from '@/shared/typography';
import { CODE_PATTERN, MAX_CART_CODES, normaliseTypedCode, type CartAction } from '../cart/cart-state';
import type { CartPromotions } from '../cart/cart-math';

/**
 * « Code promo » in the cart (loaded lazily, with the cart's first line): the codes typed as chips,
 * applied (with what they took off) or refused with the engine's French reason, each removable;
 * a field to type one more. The engine runs on every change of the cart, so a code refused for a
 * minimum amount applies by itself once the cart reaches it.
 */
export function PromoCodes(props: {
  codes: string[];
  promotions: CartPromotions | null;
  dispatch: (action: CartAction) => void;
  /** Something was taken off: « Pourquoi ce prix ? » opens the list of adjustments. */
  canExplain: boolean;
  onWhy: () => void;
}) {
  const { codes, promotions, dispatch } = props;
  const [isTyping, setTyping] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const applied = new Set((promotions?.appliedCodes ?? []).map(normaliseTypedCode));
  const refused = new Map(
    (promotions?.refusedCodes ?? []).map((r) => [normaliseTypedCode(r.code), r.reason] as const),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = normaliseTypedCode(text);
    if (!code) return setTyping(false);
    if (!CODE_PATTERN.test(code))
      return setError(fr('Code promo : 3 à 32 lettres sans accents, chiffres, « - » ou « _ ».'));
    if (codes.includes(code)) return setError('Ce code est déjà saisi.');
    if (codes.length >= MAX_CART_CODES) return setError(`Au plus ${MAX_CART_CODES} codes promo par vente.`);
    dispatch({ type: 'codeAdded', code });
    setText('');
    setError(null);
    setTyping(false);
  }

  const reasons = codes.flatMap((code) => {
    const reason = refused.get(code);
    return reason ? [{ code, reason }] : [];
  });
  return (
    <Stack gap="1" px="3" py="1.5" borderTopWidth="1px" data-testid="promo-codes">
      <HStack gap="1.5" flexWrap="wrap">
        {codes.map((code) => {
          const isRefused = refused.has(code);
          const isApplied = applied.has(code);
          return (
            <HStack
              key={code}
              gap="0"
              pl="3"
              rounded="full"
              borderWidth="1px"
              borderColor={isRefused ? 'red.muted' : isApplied ? 'green.muted' : 'border'}
              bg={isRefused ? 'red.subtle' : isApplied ? 'green.subtle' : undefined}
              color={isRefused ? 'red.fg' : isApplied ? 'green.fg' : undefined}
              data-testid="promo-code"
              data-state={isRefused ? 'refused' : isApplied ? 'applied' : 'pending'}
            >
              {isApplied ? <LuCheck aria-hidden /> : null}
              <Text fontWeight="semibold" fontSize="sm" letterSpacing="wide" pl={isApplied ? '1' : '0'}>
                {code}
              </Text>
              <IconButton
                variant="ghost"
                size="xs"
                rounded="full"
                aria-label={`Retirer le code ${code}`}
                onClick={() => dispatch({ type: 'codeRemoved', code })}
              >
                <LuX />
              </IconButton>
            </HStack>
          );
        })}
        {!isTyping && codes.length < MAX_CART_CODES ? (
          <Button variant="ghost" size="sm" onClick={() => setTyping(true)}>
            <LuTicket /> Code promo
          </Button>
        ) : null}
        {props.canExplain ? (
          <Button variant="ghost" size="sm" ml="auto" onClick={props.onWhy} textDecoration="underline">
            Pourquoi ce prix ?
          </Button>
        ) : null}
      </HStack>
      {reasons.map(({ code, reason }) => (
        <Text key={code} fontSize="xs" color="fg.error" data-testid="promo-code-reason">
          {fr(`${code} : ${reason}`)}
        </Text>
      ))}
      {isTyping ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="1">
            <HStack gap="2">
              <Input
                aria-label="Code promo"
                placeholder="Code promo"
                autoFocus
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={text}
                maxLength={40}
                onChange={(e) => setText(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setTyping(false);
                }}
                textTransform="uppercase"
                aria-invalid={!!error || undefined}
              />
              <Button type="submit" colorPalette="brand" flexShrink={0}>
                Appliquer
              </Button>
            </HStack>
            {error ? (
              <Text fontSize="sm" color="fg.error" role="alert">
                {error}
              </Text>
            ) : null}
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
