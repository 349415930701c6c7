import { copyText, COPY_FAILED } from '@/client/copy-text';
import { Button, HStack, Link } from '@/client/ui';
import { LuCopy, LuMessageCircle, LuSend } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { toaster } from '@/client/shell/toaster';
import { frenchTypography as fr } from '@/shared/typography';
import { useSendTrackingMutation } from '../delivery.api';
import { whatsappUrl } from '@/shared/whatsapp';

/**
 * The customer's tracking link from the order page: copied, opened in WhatsApp with a message the
 * seller only has to send (free, no SMS spent), or texted again (counted in the plan's SMS).
 */
export function TrackingShare(props: {
  shopId: string;
  orderId: string;
  orderNumber: number;
  clientPhone: string | null;
  url: string;
  canSend: boolean;
}) {
  const [send, sending] = useSendTrackingMutation();
  const message = fr(
    `Bonjour, votre commande #${props.orderNumber} est en route. Suivez-la ici : ${props.url}`,
  );
  const whatsapp = props.clientPhone ? whatsappUrl(props.clientPhone, message) : null;

  async function copy() {
    toaster.create(
      (await copyText(props.url))
        ? { type: 'success', title: 'Lien de suivi copié', duration: 2500 }
        : // Nothing copied: the link itself, shown to be long-pressed.
          { type: 'warning', title: COPY_FAILED, description: props.url, duration: 8000 },
    );
  }
  async function resend() {
    try {
      const { trackingSms } = await send({ shopId: props.shopId, orderId: props.orderId }).unwrap();
      toaster.create(
        trackingSms === 'sent'
          ? { type: 'success', title: 'SMS de suivi renvoyé au client', duration: 3000 }
          : {
              type: 'warning',
              title: fr(
                trackingSms === 'quota'
                  ? 'SMS du forfait épuisés : partagez le suivi par WhatsApp.'
                  : trackingSms === 'no_phone'
                    ? 'Le client n’a pas de téléphone.'
                    : 'Le SMS n’est pas parti : réessayez ou partagez le suivi par WhatsApp.',
              ),
              duration: 5000,
            },
      );
    } catch (caught) {
      toaster.create({
        type: 'error',
        title: caught instanceof ApiError ? caught.message : 'Le SMS n’a pas pu être envoyé.',
      });
    }
  }

  return (
    <HStack gap="2" flexWrap="wrap" aria-label="Suivi du client">
      <Button size="xs" variant="outline" onClick={() => void copy()}>
        <LuCopy /> Copier le lien de suivi
      </Button>
      {whatsapp ? (
        <Button size="xs" variant="outline" asChild>
          <Link href={whatsapp} target="_blank" rel="noreferrer">
            <LuMessageCircle /> Suivi par WhatsApp
          </Link>
        </Button>
      ) : null}
      {props.canSend && props.clientPhone ? (
        <Button size="xs" variant="outline" loading={sending.isLoading} onClick={() => void resend()}>
          <LuSend /> Renvoyer le SMS
        </Button>
      ) : null}
    </HStack>
  );
}
