import { Badge, Button, Spinner } from '@/client/ui';
import { frenchTypography as fr } from '@/shared/typography';
import { LuCloudOff, LuCircleCheck, LuCircleAlert, LuRefreshCw } from 'react-icons/lu';
import type { SyncState } from '../offline/sync-engine';
import { formatCount } from '@/shared/numbers';

function plural(n: number, one: string, many: string) {
  return `${formatCount(n)} ${n > 1 ? many : one}`;
}

/** Always in view: how many of the till's ops the server has not received yet. */
export function SyncBadge({ state, onOpen }: { state: SyncState; onOpen: () => void }) {
  const { pending, rejected, isOnline, isSyncing } = state;
  const palette = rejected > 0 ? 'red' : pending > 0 ? 'orange' : isOnline ? 'green' : 'gray';
  const label =
    pending > 0
      ? plural(pending, 'non synchronisé', 'non synchronisés')
      : rejected > 0
        ? plural(rejected, 'refusé', 'refusés')
        : isOnline
          ? 'À jour'
          : 'Hors ligne';
  const icon = isSyncing ? (
    <Spinner size="xs" />
  ) : rejected > 0 ? (
    <LuCircleAlert />
  ) : pending > 0 ? (
    <LuRefreshCw />
  ) : isOnline ? (
    <LuCircleCheck />
  ) : (
    <LuCloudOff />
  );
  return (
    <Button
      size="sm"
      variant="subtle"
      colorPalette={palette}
      onClick={onOpen}
      aria-label={fr(`État de la synchronisation : ${label}`)}
      data-testid="sync-badge"
      data-pending={pending}
      px="2"
    >
      {icon}
      <Badge variant="plain" colorPalette={palette} fontSize="sm" px="0">
        {label}
      </Badge>
      {!isOnline && pending > 0 ? <LuCloudOff /> : null}
    </Button>
  );
}
