import { useState } from 'react';
import { Share2 } from 'lucide-react';
import { PRODUCT_NAME, SHARE_MESSAGE_MAX } from '@common/constants';
import type { CharacterView } from '@common/game-api';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Label,
  toast,
} from '@client/ui';
import { shareText, shareUrl } from './character-rules';
import { CharacterSummary } from './character-summary';
import { TextArea } from './text-area';

/** Opens the X post intent in a 600x400 window; this makes no call to the game server. */
function openShareWindow(url: string) {
  const win = window.open(url, '_blank', 'width=600,height=400');
  if (win) win.opener = null;
}

/** 'Share on X': a summary of the fighter, an optional message and the post intent. */
export function ShareDialog({ character }: { character: CharacterView }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const fieldId = `share-message-${character.id}`;

  const share = () => {
    openShareWindow(shareUrl(shareText(character, message)));
    toast({ title: 'Shared to X!', description: `${character.name} is ready to show off`, variant: 'success' });
    setOpen(false);
    setMessage('');
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" data-testid="character-share">
          <Share2 aria-hidden />
          Share on X
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="share-dialog" className="p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle className="text-neon-cyan">Share on X</DialogTitle>
          <DialogDescription>Show your fighter to the world outside {PRODUCT_NAME}.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-5">
          <CharacterSummary character={character} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={fieldId}>Custom message (optional)</Label>
            <TextArea
              id={fieldId}
              data-testid="share-message"
              maxLength={SHARE_MESSAGE_MAX}
              rows={3}
              placeholder="Add your own words..."
              value={message}
              onChange={(e) => setMessage(e.target.value.slice(0, SHARE_MESSAGE_MAX))}
              aria-describedby={`${fieldId}-count`}
            />
            <p id={`${fieldId}-count`} data-testid="share-counter" className="text-right text-base text-ink-dim">
              {message.length}/{SHARE_MESSAGE_MAX} characters
            </p>
          </div>
          <div className="border-l-4 border-neon-cyan bg-void/60 px-3 py-2">
            <p className="font-pixel text-pixel-2xs text-ink-muted uppercase">Post preview</p>
            <p data-testid="share-preview" className="mt-1 text-base leading-tight break-words text-ink">
              {shareText(character, message)}
            </p>
          </div>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button onClick={share} data-testid="share-submit">
            <Share2 aria-hidden />
            Share to X
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
