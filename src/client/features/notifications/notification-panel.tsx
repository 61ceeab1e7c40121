import { Link } from 'wouter';
import type { NotificationView } from '@common/notifications';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@client/ui/dialog';
import { Spinner } from '@client/ui/spinner';
import { ageText } from './notification-rules';
import type { useNotifications } from './use-notifications';

function NotificationRow({ notification, onOpen }: { notification: NotificationView; onOpen: (n: NotificationView) => void }) {
  const unread = notification.readAt === null;
  return (
    <li>
      <Link
        href={notification.link}
        onClick={() => onOpen(notification)}
        data-testid="notification"
        data-kind={notification.kind}
        data-unread={unread ? 'true' : 'false'}
        className={cn(
          'flex gap-2 border-2 px-3 py-2 text-lg no-underline transition-colors hover:border-edge-bright hover:bg-panel-3',
          unread ? 'border-neon-cyan/60 bg-neon-cyan/10 text-ink' : 'border-transparent text-ink-muted',
        )}
      >
        <span aria-hidden className={cn('mt-2 size-2 shrink-0', unread ? 'bg-neon-cyan' : 'bg-transparent')} />
        <span className="min-w-0 flex-1">
          <span className="block break-words">{notification.text}</span>
          <span className="block text-base text-ink-muted">{ageText(notification.createdAt, Date.now())}</span>
        </span>
      </Link>
    </li>
  );
}

interface NotificationPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  notifications: ReturnType<typeof useNotifications>;
  /** Puts the focus back on the bell (the panel has no Radix trigger to return to). */
  returnFocus: () => void;
}

/**
 * The bell's panel: the notifications with 'Mark all read'. Its dialog code loads when the
 * pointer or the focus first reaches the bell (notification-bell.tsx), not with the page.
 */
export function NotificationPanel({ open, onOpenChange, notifications: n, returnFocus }: NotificationPanelProps) {
  const openOne = (notification: NotificationView) => {
    if (notification.readAt === null) n.markRead([notification.id]);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="notification-panel"
        className="max-w-lg"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogTitle className="font-pixel text-pixel-xs text-neon-cyan">Notifications</DialogTitle>
        <DialogDescription className="text-base">What happened while you were elsewhere, for the last 30 days.</DialogDescription>
        <div className="mt-3 flex justify-end">
          <Button size="sm" variant="secondary" data-testid="notifications-read-all" disabled={n.unread === 0} onClick={() => n.markRead('all')}>
            Mark all read
          </Button>
        </div>
        {n.isLoading ? (
          <div className="grid place-items-center py-6">
            <Spinner label="Loading notifications" />
          </div>
        ) : n.isError ? (
          <p className="py-4 text-lg text-danger">Could not load your notifications.</p>
        ) : n.notifications.length === 0 ? (
          <p data-testid="notifications-empty" className="py-4 text-lg text-ink-muted">
            Nothing yet. Sales, friend requests, challenges, invitations and finished quests show here.
          </p>
        ) : (
          <ul className="mt-2 flex max-h-[60vh] flex-col gap-1 overflow-y-auto">
            {n.notifications.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} onOpen={openOne} />
            ))}
          </ul>
        )}
        {n.hasMore ? (
          <div className="mt-2 flex justify-center">
            <Button size="sm" variant="ghost" onClick={n.loadMore} disabled={n.loadingMore}>
              {n.loadingMore ? 'Loading ...' : 'Older'}
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
