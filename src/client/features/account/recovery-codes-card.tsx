import { useRef, useState, type FormEvent } from 'react';
import { LifeBuoy } from 'lucide-react';
import { RecoveryCodesList } from '@client/entities/user/recovery-codes';
import { errorMessage } from '@client/lib/api';
import { recoveryApi } from '@client/lib/recovery-endpoints';
import { useAction } from '@client/lib/use-action';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, toast } from '@client/ui';

/** A new set of recovery codes for the password; the old set stops working. */
export function RecoveryCodesCard({ username }: { username: string }) {
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  // 'No new codes' goes once new codes come: it no longer applies, and it covered their warning.
  const failure = useRef<{ dismiss: () => void } | null>(null);
  const fail = (description: string) => {
    failure.current = toast({ title: 'No new codes', description, variant: 'destructive' });
  };
  const regenerate = useAction({
    mutationFn: (body: { password: string }) => recoveryApi.recoveryCodes({ body }),
    onSuccess: (answer) => {
      failure.current?.dismiss();
      failure.current = null;
      setCodes(answer.codes);
      setPassword('');
    },
    onError: (err) => fail(errorMessage(err, 'Failed to make new codes')),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      fail('Please enter your password');
      return;
    }
    regenerate.mutate({ password });
  };
  return (
    <Card className="lg:col-span-2" data-testid="recovery-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LifeBuoy aria-hidden className="size-5" />
          Recovery codes
        </CardTitle>
        <CardDescription>Lost your password? A recovery code lets you set a new one. Making a new set ends the old one.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {codes ? <RecoveryCodesList codes={codes} username={username} /> : null}
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="flex flex-1 flex-col gap-1 min-[15rem]:min-w-56">
            <Label htmlFor="recovery-password">Password</Label>
            <Input id="recovery-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="recovery-password" />
          </div>
          <Button type="submit" variant="secondary" disabled={regenerate.isPending} data-testid="recovery-regenerate">
            Make new codes
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
