import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { AuthPage } from '@client/features/auth/auth-page';
import { USER_QUERY_KEY } from '@client/lib/session';
import { LoadingScreen, ShellFrame } from './shell-frame';

/**
 * The markup the build writes into the pages (scripts/prerender-shell.ts), so the first paint
 * does not wait for the scripts: the login screen, as a page opened by nobody signed in renders
 * it first, and the loading screen of a signed-in page. The page's script renders the same
 * markup over it (main.tsx).
 */
export function renderLoginScreen(): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, null);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <Router ssrPath="/auth">
        <ShellFrame user={null} announcement="">
          <AuthPage />
        </ShellFrame>
      </Router>
    </QueryClientProvider>,
  );
}

export function renderLoadingScreen(): string {
  return renderToString(<LoadingScreen />);
}
