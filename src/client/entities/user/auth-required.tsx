import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Lock, LogIn } from 'lucide-react';
import { userKeys } from './user-keys';
import { Button } from '@client/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/ui/card';

export interface AuthRequiredProps {
  /** What the player needs to log in for. */
  message?: string;
}

/** Shown by a screen whose data call answered 401: the session is gone, log in again. */
export function AuthRequired({ message = 'Please log in to continue' }: AuthRequiredProps) {
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto max-w-md py-10" data-testid="auth-required">
      <Card accent="magenta" className="text-center">
        <CardHeader className="items-center">
          <Lock aria-hidden className="size-8 text-neon-magenta" />
          <CardTitle>Authentication Required</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-5">
          <p className="text-lg text-ink-muted">{message}</p>
          <Button asChild>
            <Link
              href="/auth"
              onClick={() => {
                // The cached player may be stale: ask the server again, so /auth shows the login form.
                void queryClient.invalidateQueries({ queryKey: userKeys.me });
              }}
            >
              <LogIn aria-hidden />
              Log In
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
