import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import { reloadToNewestVersion, useUpdateReady } from '@client/lib/app-update';
import { Button } from '@client/ui/button';

/**
 * 'A new version is available': a new build was deployed and its service worker installed
 * while this page ran the old one. Reload hands over to it and loads the page again.
 */
export function UpdatePrompt() {
  const ready = useUpdateReady();
  const [reloading, setReloading] = useState(false);
  if (!ready) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 pixel-frame bg-panel px-4 py-3 [--frame-size:4px] [--frame:var(--color-neon-cyan)] sm:inset-x-auto sm:left-4 sm:mx-0"
    >
      <p className="text-lg text-ink">A new version is available</p>
      <Button
        size="sm"
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
