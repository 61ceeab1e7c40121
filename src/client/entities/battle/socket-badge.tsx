import { AppWindow, Wifi, WifiOff } from 'lucide-react';
import { SOCKET_REPLACED_TEXT } from '@client/entities/user/socket-replaced';
import type { SocketStatus } from '@client/lib/ws-client';
import { Badge } from '@client/ui';

const SOCKET_LABELS: Record<SocketStatus, string> = {
  online: 'Online',
  connecting: 'Connecting...',
  disconnected: 'Disconnected',
  replaced: SOCKET_REPLACED_TEXT,
};

/** Online / connecting / disconnected / opened in another tab: the game socket of a PvP page. */
export function SocketBadge({ status }: { status: SocketStatus }) {
  const Icon = status === 'disconnected' ? WifiOff : status === 'replaced' ? AppWindow : Wifi;
  return (
    <Badge
      variant={status === 'online' ? 'lime' : status === 'disconnected' ? 'danger' : 'gold'}
      data-testid="pvp-socket-status"
      data-status={status}
      className="gap-1.5"
    >
      <Icon aria-hidden className="size-3.5" />
      {SOCKET_LABELS[status]}
    </Badge>
  );
}
