import { Badge } from '@chakra-ui/react';
import {
  FULFILMENT_COLORS,
  FULFILMENT_LABELS,
  PAYMENT_STATUS_COLORS,
  PAYMENT_STATUS_LABELS,
  type FulfilmentStatus,
  type PaymentStatus,
} from '../../order.schemas';

export function FulfilmentBadge({ status }: { status: FulfilmentStatus }) {
  return (
    <Badge colorPalette={FULFILMENT_COLORS[status]} data-testid="fulfilment-status">
      {FULFILMENT_LABELS[status]}
    </Badge>
  );
}

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge colorPalette={PAYMENT_STATUS_COLORS[status]} variant="outline" data-testid="payment-status">
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
