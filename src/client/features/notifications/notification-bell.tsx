import { lazy, Suspense, useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import type { PublicUser } from '@common/auth';
import { Button } from '@client/ui/button';
import { unreadBadge } from './notification-rules';
import { useNotifications } from './use-notifications';

const loadPanel = () => import('./notification-panel');
const NotificationPanel = lazy(async () => ({ default: (await loadPanel()).NotificationPanel }));

/**
 * The bell in the nav: the unread count, and a panel listing the notifications with 'Mark all
 * read'. The panel (a Radix dialog, with its focus trap and scroll lock) is fetched when the
 * pointer or the focus first reaches the bell and shown on the press; closing it gives the focus
 * back to the bell.
 */
export function NotificationBell({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so that closing can run (and give the focus back).
  const [wanted, setWanted] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const n = useNotifications(user);
  const badge = unreadBadge(n.unread);
  return (
    <>
      <Button
        ref={bell}
        variant="ghost"
        size="icon"
        data-testid="nav-bell"
        data-live={n.live ? 'true' : 'false'}
        aria-label={badge ? `Notifications, ${n.unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="relative border-2 border-edge-bright"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Bell aria-hidden />
        {badge ? (
          <span
            data-testid="nav-bell-count"
            className="absolute -top-2 -right-2 min-w-5 border-2 border-void bg-neon-magenta px-1 font-pixel text-pixel-2xs leading-4 text-void"
          >
            {badge}
          </span>
        ) : null}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <NotificationPanel open={open} onOpenChange={setOpen} notifications={n} returnFocus={() => bell.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
