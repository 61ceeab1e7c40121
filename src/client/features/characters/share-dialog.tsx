import { useState } from 'react';
import { Share2 } from 'lucide-react';
import { PRODUCT_NAME, SHARE_MESSAGE_MAX } from '@common/constants';
import type { CharacterView } from '@common/game-api';
import { CharacterSummary } from '@client/entities/character/character-summary';
import { Button, ConfirmDialog, Label, TextArea, toast } from '@client/ui';
import { shareText, shareUrl } from './sale-and-share';

/** Opens the X post intent in a 600x400 window; this makes no call to the game server. */
function openShareWindow(url: string) {
  const win = window.open(url, '_blank', 'width=600,height=400');
  if (win) win.opener = null;
}

function MessageField({ fieldId, message, onChange }: { fieldId: string; message: string; onChange: (next: string) => void }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={fieldId}>Custom message (optional)</Label>
      <TextArea
        id={fieldId}
        data-testid="share-message"
        maxLength={SHARE_MESSAGE_MAX}
        rows={3}
        placeholder="Add your own words..."
        value={message}
        onChange={(e) => onChange(e.target.value.slice(0, SHARE_MESSAGE_MAX))}
        aria-describedby={`${fieldId}-count`}
      />
      <p id={`${fieldId}-count`} data-testid="share-counter" className="text-right text-base text-ink-dim">
        {message.length}/{SHARE_MESSAGE_MAX} characters
      </p>
    </div>
  );
}

/** 'Share on X': a summary of the fighter, an optional message and the post intent. */
export function ShareDialog({ character }: { character: CharacterView }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');

  const share = () => {
    openShareWindow(shareUrl(shareText(character, message)));
    toast({ title: 'Shared to X!', description: `${character.name} is ready to show off`, variant: 'success' });
    setOpen(false);
    setMessage('');
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" className="whitespace-normal" data-testid="character-share">
          <Share2 aria-hidden />
          Share on X
        </Button>
      }
      title="Share on X"
      titleClassName="text-neon-cyan"
      description={`Show your fighter to the world outside ${PRODUCT_NAME}.`}
      confirmLabel="Share to X"
      confirmIcon={<Share2 aria-hidden />}
      confirmTestId="share-submit"
      onConfirm={share}
      testId="share-dialog"
      className="p-4 sm:p-6"
    >
      <div className="flex flex-col gap-5">
        <CharacterSummary character={character} />
        <MessageField fieldId={`share-message-${character.id}`} message={message} onChange={setMessage} />
        <div className="border-l-4 border-neon-cyan bg-void/60 px-3 py-2">
          <p className="font-pixel text-pixel-2xs text-ink-muted uppercase">Post preview</p>
          <p data-testid="share-preview" className="mt-1 text-base leading-tight break-words text-ink">
            {shareText(character, message)}
          </p>
        </div>
      </div>
    </ConfirmDialog>
  );
}
