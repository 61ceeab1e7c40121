import { useState } from 'react';
import { Link } from 'wouter';
import { Bell } from 'lucide-react';
import type { PublicUser } from '@common/auth';
import type { NotificationView } from '@common/notifications';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@client/ui/dialog';
import { Spinner } from '@client/ui/spinner';
import { ageText, unreadBadge } from './notification-rules';
import { useNotifications } from './use-notifications';

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

/** The bell in the nav: the unread count, and a panel listing the notifications with 'Mark all read'. */
export function NotificationBell({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState(false);
  const n = useNotifications(user);
  const badge = unreadBadge(n.unread);
  const openOne = (notification: NotificationView) => {
    if (notification.readAt === null) n.markRead([notification.id]);
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          data-testid="nav-bell"
          data-live={n.live ? 'true' : 'false'}
          aria-label={badge ? `Notifications, ${n.unread} unread` : 'Notifications'}
          className="relative border-2 border-edge-bright"
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
      </DialogTrigger>
      <DialogContent data-testid="notification-panel" className="max-w-lg">
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
