import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import { reloadToNewestVersion, useUpdateReady } from '@client/lib/app-update';
import { Button } from '@client/ui/button';

/**
 * 'A new version is available': a new build was deployed and its service worker installed
 * while this page ran the old one. Reload hands over to it and loads the page again. On a phone
 * the sentence wraps beside the button rather than pushing it onto a row of its own.
 */
export function UpdatePrompt() {
  const ready = useUpdateReady();
  const [reloading, setReloading] = useState(false);
  if (!ready) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-40 mx-auto flex max-w-md items-center justify-between gap-3 pixel-frame bg-panel px-3 py-2 [--frame-size:4px] [--frame:var(--color-neon-cyan)] sm:inset-x-auto sm:left-4 sm:mx-0 sm:px-4 sm:py-3"
    >
      <p className="min-w-0 text-lg text-ink">A new version is available</p>
      <Button
        size="sm"
        className="shrink-0"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          void reloadToNewestVersion();
        }}
        data-testid="update-reload"
      >
        <RotateCw aria-hidden />
        Reload
      </Button>
    </div>
  );
}
